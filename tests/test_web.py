"""The web page through Flask's test client: every product downloads with the command line's bytes, every
declared option's bad value gets the command line's message next to its field, and the page keeps to its
limits (the Host check, upload size, time, games, the queue) with two users at once."""

from __future__ import annotations

import html
import io
import json
import re
import threading
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import run_cli
from registry import FOLDER_GAMES

from boardgen.options import Kind, Mode, Option, Product, Refusal, Role
from boardgen.products.declared import PRODUCTS, Listed, product
from boardgen.products.document import RenderedFile
from boardgen.web.app import WebSettings, create_app
from boardgen.web.products import in_time
from boardgen.web.query import offered
from boardgen.web.state import EXTENSION, offered_products
from boardgen.web.words import for_people

PAGES = offered_products()
JOBS = {name for name in PAGES if product(name).mode is Mode.JOB}

HOST = {"Host": "127.0.0.1:8000"}
SAME = {**HOST, "Origin": "http://127.0.0.1:8000"}  # a form of the page itself (guard.py refuses others)


def _said(name: str, option: str, cli_message: str) -> str:
    """The command line's message as the page says it beside the option's field: without the flag."""
    return for_people(cli_message, product(name), beside=option)


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def _download(client, address: str):
    return client.get(address, headers=HOST)


# (product, address after /download/PRODUCT/, the command line's arguments for the same)
DOWNLOADS = [
    ("board", "iacta.pdf?palette=cud&arrows=true&paper=letter",
     ("iacta", "--palette", "cud", "--arrows", "--paper", "letter")),
    ("board", "alea.svg?palette=mono", ("alea", "--palette", "mono", "--format", "svg")),
    ("board", "isaac.png?dpi=40", ("isaac", "--format", "png", "--dpi", "40")),
    ("board", "stacktics.pdf?variant=3x5&paper=a5", ("stacktics", "--variant", "3x5", "--paper", "a5")),
    ("board", "iacta.svg?laser=true&kerf=0.15", ("iacta", "--laser", "--kerf", "0.15")),
    ("board", "alea.dxf?laser=true", ("alea", "--laser", "--format", "dxf")),
    ("pieces", "iacta.pdf?sides=fold", ("iacta", "--sides", "fold")),
    ("pieces", "alea.svg", ("alea", "--format", "svg")),
    ("rules", "isaac.pdf?lang=it&paper=letter", ("isaac", "--lang", "it", "--paper", "letter")),
    ("diagram", "sample:iacta/02-open-play-4-2.svg?moves=true", ("sample:iacta/02-open-play-4-2", "--moves")),
    ("diagram", "sample:alea/01-start.pdf", ("sample:alea/01-start", "--format", "pdf")),
    ("box", "alea.pdf?lang=it&dedication=For%20Anna", ("alea", "--lang", "it", "--dedication", "For Anna")),
    ("lego", "iacta.txt?dice=4", ("iacta", "--dice", "4")),
    ("lego", "iacta.xml?format=bricklink", ("iacta", "--format", "bricklink")),
]


def test_every_page_product_has_a_download_checked_here():
    assert {name for name, _, _ in DOWNLOADS} | JOBS == set(PAGES)
    assert {"board", "giftset", "simulate", "report"} <= set(PAGES) and not {"check", "serve", "list"} & set(PAGES)


@pytest.mark.parametrize(("name", "address", "arguments"), DOWNLOADS, ids=[d[1] for d in DOWNLOADS])
def test_a_download_has_the_command_lines_bytes(client, in_tmp, name, address, arguments):
    response = _download(client, f"/download/{name}/{address}")
    assert response.status_code == 200, response.data[:300]
    result = run_cli(name, *arguments, "-o", str(in_tmp / "out"))
    assert result.exit_code == 0, result.output
    written = [Path(line) for line in result.stdout.split()]
    disposition = response.headers["Content-Disposition"]
    if len(written) == 1:
        assert response.data == written[0].read_bytes()
        # the file's name is the one the command line gives it without -o (the lego table, without -o, is printed)
        named = run_cli(name, *arguments, *(["-o", "-"] if name == "lego" else []))
        default = Path(named.stdout.split()[0]).name if name != "lego" else None
        if default is not None:
            assert disposition == f'attachment; filename="{default}"'
        else:
            assert re.fullmatch(r'attachment; filename="iacta-lego[^"]*\.(txt|xml)"', disposition), disposition
    else:  # several files (laser beds): one ZIP of them, in order
        archive = zipfile.ZipFile(io.BytesIO(response.data))
        assert [archive.read(entry) for entry in archive.namelist()] == [path.read_bytes() for path in written]
        assert disposition == f'attachment; filename="{address.split(".")[0]}-{name}.zip"'


def test_a_download_is_the_same_bytes_twice_and_says_what_it_is(client):
    first = _download(client, "/download/board/iacta.pdf?palette=cud")
    second = _download(client, "/download/board/iacta.pdf?palette=cud")
    assert first.data == second.data and first.data.startswith(b"%PDF")
    assert first.mimetype == "application/pdf"
    assert first.headers["Content-Disposition"] == 'attachment; filename="iacta-board-cud.pdf"'


def test_a_gift_set_downloads_as_a_zip_of_the_command_lines_files_and_manifest(client, tmp_path):
    response = _download(client, "/download/giftset/alea.zip?lang=it&palette=cud")
    assert response.status_code == 200, response.data[:300]
    assert run_cli("giftset", "alea", "--lang", "it", "--palette", "cud", "--to", str(tmp_path / "set")).exit_code == 0
    archive = zipfile.ZipFile(io.BytesIO(response.data))
    on_disk = {path.name: path.read_bytes() for path in (tmp_path / "set").iterdir()}
    from_zip = {entry.split("/", 1)[1]: archive.read(entry) for entry in archive.namelist()}
    assert "manifest.json" in from_zip and from_zip == on_disk
    assert all(entry.startswith("alea-giftset/") for entry in archive.namelist())


def _bad_values(option):
    """Values the option's kind cannot take."""
    if option.kind is Kind.NUMBER:
        return ["abc", "-1e9" if option.low is not None else "nan"]
    if option.kind is Kind.INTEGER:
        return ["1.5x"] + (["-99999999"] if option.low is not None else [])
    if option.kind is Kind.CHOICE:
        return ["nonsense"]
    if option.kind is Kind.FLAG:
        return ["maybe"]
    return []


def _bad_cases():
    cases = []
    for name in PAGES:
        declared = product(name)
        for option in offered(declared):
            if option.argument:
                continue
            cases += [(name, option.name, value) for value in _bad_values(option)]
    return cases


SUBJECT = {"diagram": "sample:iacta/01-start", "study": "alea-first-player", "lego": "iacta"}


@pytest.mark.parametrize(("name", "option", "value"), _bad_cases())
def test_every_bad_value_gets_the_command_lines_message_next_to_its_field(client, name, option, value):
    subject = SUBJECT.get(name, "iacta" if name != "simulate" else "alea")
    response = client.get(f"/check/{name}", query_string={"subject": subject, option: value}, headers=HOST)
    errors = response.get_json()["errors"]
    assert option in errors, errors
    declared = product(name)
    flag = declared.option(option)
    arguments = [f"--{option}"] if flag.kind is Kind.FLAG else [f"--{option}", value]
    if flag.kind is Kind.FLAG:  # the command line has no value for a flag: the message is the declaration's
        assert errors[option] == f"{value!r} is not on or off; give true or false"
        return
    result = run_cli(name, subject, *arguments)
    assert result.exit_code == 2 and result.output.startswith("boardgen: error: ")
    assert errors[option] == _said(name, option, result.output.strip().removeprefix("boardgen: error: "))
    assert "--" not in errors[option]


def test_an_option_that_does_not_apply_is_refused_as_on_the_command_line(client):
    errors = client.get("/check/board", query_string={"subject": "iacta", "kerf": "0.3"},
                        headers=HOST).get_json()["errors"]
    message = run_cli("board", "iacta", "--kerf", "0.3").output.strip().removeprefix("boardgen: error: ")
    assert errors == {"kerf": _said("board", "kerf", message)}
    assert errors["kerf"] == "Applies to laser files only: add “Cut on a laser cutter”"


def test_a_form_at_its_defaults_asks_for_nothing_and_the_link_is_short(client):
    query = {"subject": "iacta", "palette": "cud", "kerf": "", "field": "", "coordinates": ["false", "true"],
             "arrows": "false", "margin": "10"}
    answer = client.get("/check/board", query_string=query, headers=HOST).get_json()
    assert answer["errors"] == {}
    assert answer["download"] == "/download/board/iacta.pdf?palette=cud"
    assert answer["preview"] == "/preview/board/iacta.pdf?palette=cud"


def test_a_preview_is_the_first_page_at_true_proportions_with_its_page_count(client):
    response = client.get("/preview/board/iacta.pdf?paper=a5", headers=HOST)
    assert response.status_code == 200 and response.mimetype == "image/png"
    from PIL import Image

    picture = Image.open(io.BytesIO(response.data))
    assert abs(max(picture.size) / min(picture.size) - 210 / 148) < 0.02  # an A5 page (the overview: landscape)
    assert int(response.headers["X-Boardgen-Pages"]) >= 2  # the board is tiled on A5
    svg = client.get("/preview/board/iacta.svg?laser=true", headers=HOST)
    assert svg.mimetype == "image/svg+xml" and b"<svg" in svg.data
    assert "X-Boardgen-Pages" not in svg.headers  # a drawing has no pages to count


def test_the_pages_offer_exactly_the_declared_options(client):
    for name in PAGES:
        page = client.get(f"/make/{name}", headers=HOST).data.decode()
        shown = set(re.findall(r'<label (?:class="check" )?for="([a-z-]+)">', page)) - {"subject"}
        declared = {option.name for option in offered(product(name)) if not option.argument}
        assert shown == declared, name
        assert "output" not in shown and "workers" not in shown


def test_the_host_check_refuses_other_host_names_unless_a_network_was_asked_for():
    local = create_app().test_client()
    assert local.get("/", headers={"Host": "evil.example"}).status_code == 403
    assert local.get("/", headers={"Host": "localhost:8000"}).status_code == 200
    shared = create_app(WebSettings(trusted_hosts=())).test_client()
    assert shared.get("/", headers={"Host": "club-pc.local:8000"}).status_code == 200


def test_an_address_never_names_a_file_on_the_server(client):
    for subject in ("..%2F..%2Fetc%2Fpasswd.pdf", "output/racers.toml.pdf", "%2Ftmp%2Fx.toml.pdf",
                    "up-0000000000000000.pdf"):
        response = client.get(f"/download/board/{subject}", headers=HOST, follow_redirects=True)
        assert response.status_code in (400, 404), subject
        assert b"Traceback" not in response.data


def test_uploads_beyond_the_limit_are_refused_in_words(tmp_path):
    small = create_app(WebSettings(upload_bytes=1000)).test_client()
    response = small.post("/game", data={"text": "x" * 5000}, headers=SAME)
    assert b"Traceback" not in response.data
    assert response.status_code == 413 and b"more than the page takes at once (0 KB)" in response.data


def test_a_request_that_takes_too_long_is_given_up_with_a_message():
    slow = create_app(WebSettings(request_seconds=0.001)).test_client()
    response = slow.get("/download/rules/iacta.pdf", headers=HOST)
    assert response.status_code == 503 and b"longer than" in response.data


def test_simulations_are_bounded(client):
    errors = client.get("/check/simulate", query_string={"subject": "alea", "games": "900000"},
                        headers=HOST).get_json()["errors"]
    assert "games" in errors and "at most 5,000" in errors["games"]


def _wait(app, job_address, event="ended", seconds=300.0):
    """The job's status once it has begun or ended: waited for on the job's own event, with a bound generous
    enough for a loaded 2-core machine."""
    job = app.extensions[EXTENSION].jobs.get(job_address.rsplit("/", 1)[-1])
    assert getattr(job, event).wait(seconds), f"{job_address} did not get there in {seconds:g} seconds"
    return app.test_client().get(f"{job_address}.json", headers=HOST).get_json()


def test_a_gift_set_job_shows_progress_and_gives_the_downloads_bytes():
    app = create_app()
    client = app.test_client()
    started = client.post("/jobs/giftset", data={"subject": "iacta", "lang": "da", "made": "1"}, headers=SAME)
    assert started.status_code == 303
    job = started.headers["Location"]
    status = _wait(app, job)
    assert status["state"] == "done" and status["done"] == status["total"]
    zipped = client.get(f"{job}/file", headers=HOST)
    direct = client.get("/download/giftset/iacta.zip?lang=da", headers=HOST)
    assert zipped.data == direct.data


def test_jobs_wait_their_turn_and_can_be_cancelled():
    app = create_app(WebSettings(running_jobs=1))
    client = app.test_client()
    slow = {"subject": "alea", "games": "5000", "players": "random,random", "made": "1"}
    first = client.post("/jobs/simulate", data=slow, headers=SAME).headers["Location"]
    second = client.post("/jobs/simulate", data=slow, headers=SAME).headers["Location"]
    _wait(app, first, "began")
    waiting = client.get(f"{second}.json", headers=HOST).get_json()
    assert waiting["state"] == "waiting" and waiting["place"] == 0
    assert "Waiting its turn: 1 job running now." in client.get(second, headers=HOST).data.decode()
    for job in (second, first):
        assert client.post(f"{job}/cancel", headers=SAME).status_code == 303
    assert _wait(app, first)["state"] == "cancelled"
    assert client.get(f"{second}.json", headers=HOST).get_json()["state"] == "cancelled"
    assert "Cancelled" in client.get(first, headers=HOST).data.decode()


def test_a_simulation_job_reports_as_the_command_line_does():
    app = create_app()
    client = app.test_client()
    job = client.post("/jobs/simulate", data={"subject": "alea", "games": "20", "seed": "3", "players": "random,greedy",
                                              "made": "1"}, headers=SAME).headers["Location"]
    assert _wait(app, job)["state"] == "done"
    page = client.get(job, headers=HOST).data.decode()
    report = re.search(r'<pre id="report">(.*?)</pre>', page, re.S).group(1)
    cli = run_cli("simulate", "alea", "--games", "20", "--seed", "3", "--players", "random,greedy",
                  "--workers", "1").stdout
    speed = re.compile(r".*(games a second|seconds|/s).*\n?")  # the time taken differs run to run
    assert speed.sub("", html.unescape(report)) == speed.sub("", cli)
    assert client.get(f"{job}/chart", headers=HOST).mimetype == "image/svg+xml"


def test_two_users_at_once_each_get_their_own(client):
    results: dict[str, bytes] = {}

    def fetch(name: str) -> None:
        results[name] = client.get(f"/download/board/{name}.pdf", headers=HOST).data

    threads = [threading.Thread(target=fetch, args=(name,)) for name in ("iacta", "alea", "isaac", "stacktics")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for name, data in results.items():
        assert data == client.get(f"/download/board/{name}.pdf", headers=HOST).data
    assert len(set(results.values())) == 4
    # one user's upload is found only by its token, which another cannot guess
    mine = client.post("/positions", data={"sample": "sample:alea/01-start"}, headers=SAME).headers["Location"]
    assert re.fullmatch(r"/positions/up-[0-9a-f]{16}", mine)
    assert client.get("/positions/up-0123456789abcdef", headers=HOST).status_code == 404


def test_a_position_is_checked_its_moves_listed_and_a_move_played(client):
    given = client.post("/positions", data={"sample": "sample:iacta/02-open-play-4-2"}, headers=SAME)
    page = client.get(given.headers["Location"], headers=HOST).data.decode()
    report = run_cli("check", "sample:iacta/02-open-play-4-2", "--json").stdout
    moves = [move["notation"] for move in json.loads(report)["moves"]]
    assert f"{len(moves)} legal moves" in page
    first = re.search(r'href="(/positions/[^"]+/play\?move=[^"]+)"', page).group(1).replace("&amp;", "&")
    played = client.get(first, headers=HOST)
    after = client.get(played.headers["Location"], headers=HOST).data.decode()
    cli_after = run_cli("check", "sample:iacta/02-open-play-4-2", "--move", moves[0]).stdout
    assert html.unescape(re.search(r"<pre>(.*?)</pre>", after, re.S).group(1)).strip() == cli_after.strip()
    broken = client.post("/positions", data={"text": 'game = "iacta"\nto_move = "blue"\n'}, headers=SAME)
    page = client.get(broken.headers["Location"], headers=HOST).data.decode()
    assert "Not a valid position" in page and 'class="error"' in page


def test_a_game_file_on_the_page_shows_its_problems_at_their_lines_then_makes_every_product(client, tmp_path):
    broken = '[about]\nname = "Mine"\nyeer = 3\n'
    page = client.post("/game", data={"text": broken}, headers=SAME).data.decode()
    assert "line 3, column 1: unknown key &#39;yeer&#39; in [about] (did you mean &#39;year&#39;?)" in page
    assert run_cli("new", "racers", "-o", str(tmp_path / "racers.toml")).exit_code == 0
    text = (tmp_path / "racers.toml").read_text(encoding="utf-8")
    ready = client.post("/game", data={"text": text}, headers=SAME).data.decode()
    token = re.search(r"/make/board\?subject=(up-[0-9a-f]{16})", ready).group(1)
    board = client.get(f"/download/board/{token}.pdf?palette=cud", headers=HOST)
    cli = run_cli("board", str(tmp_path / "racers.toml"), "--palette", "cud", "-o", str(tmp_path / "b.pdf"))
    assert cli.exit_code == 0 and board.data == (tmp_path / "b.pdf").read_bytes()
    assert client.get(f"/download/rules/{token}.pdf", headers=HOST).data.startswith(b"%PDF")
    diagram = client.get(f"/download/diagram/{token}%23a-throw-of-three.svg", headers=HOST)
    assert diagram.status_code == 200 and b"<svg" in diagram.data
    refused = client.get(f"/download/pieces/{token}.pdf?laser=true&kerf=9", headers=HOST)
    assert refused.status_code == 400 and "“Width of the laser's cut (mm)”" in refused.data.decode()


def test_the_pages_bounds_are_the_declared_ones(client):
    for name, query in (("simulate", {"subject": "alea"}), ("report", {"subject": "alea"}),
                        ("study", {"subject": "alea-first-player"})):
        bound = product(name).option("games").web_max
        assert bound is not None
        within = client.get(f"/check/{name}", query_string={**query, "games": f"{bound:g}"}, headers=HOST)
        beyond = client.get(f"/check/{name}", query_string={**query, "games": f"{bound + 1:g}"}, headers=HOST)
        assert within.get_json()["errors"] == {}, name
        assert beyond.get_json()["errors"] == {"games": f"The page takes at most {bound:,g}; the command "
                                                        "line takes more"}, name


# A product declared here, outside boardgen: the page and the command line offer it from its declaration alone.
TOY_RELEASED = threading.Event()


def _toy_files(values):
    if values["slow"]:
        TOY_RELEASED.wait(300)
    return [RenderedFile(f"toy-{values['size']:g}.txt", b"toy\n")]


def _toy_check(values):
    return Refusal("size", "--size: 13 is bad luck for a toy") if values["size"] == 13 else None


TOY = Product("toy", "A toy product, declared in a test.", (
    Option("size", Kind.NUMBER, "How big.", default=2.0, low=1, high=20),
    Option("slow", Kind.FLAG, "Take as long as the test says.", default=False),
    Option("output", Kind.PATH, "File to write.", short="-o", role=Role.OUTPUT),
), make=_toy_files, checks=(_toy_check,), extension="txt")


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(PRODUCTS, "toy", Listed("A toy.", __name__, "TOY"))
    TOY_RELEASED.clear()
    yield
    TOY_RELEASED.set()


def test_a_product_declared_outside_boardgen_is_on_the_page_and_the_command_line(toy, in_tmp):
    client = create_app().test_client()
    assert '<a href="/make/toy">' in client.get("/", headers=HOST).data.decode()
    page = client.get("/make/toy", headers=HOST).data.decode()
    assert 'name="size"' in page and 'name="slow"' in page and 'name="output"' not in page
    answer = client.get("/check/toy", query_string={"size": "3"}, headers=HOST).get_json()
    assert answer["errors"] == {} and answer["download"] == "/download/toy/toy.txt?size=3"
    download = client.get(answer["download"], headers=HOST)
    assert download.data == b"toy\n" and download.headers["Content-Disposition"] == 'attachment; filename="toy-3.txt"'
    refused = client.get("/check/toy", query_string={"size": "13"}, headers=HOST).get_json()["errors"]
    assert refused == {"size": "13 is bad luck for a toy"}
    result = run_cli("toy", "--size", "3")
    assert result.exit_code == 0 and Path(result.stdout.strip()).read_bytes() == b"toy\n"


def test_a_request_that_runs_out_of_time_keeps_its_slot_until_its_work_has_ended(toy):
    """The page makes one thing at a time here: a request given up while its work goes on keeps its slot until
    that work ends, so the slots bound what the page makes at once, work nobody waits for included."""
    app = create_app(WebSettings(request_seconds=0, making=1))
    client, state = app.test_client(), app.extensions[EXTENSION]
    slow = client.get("/download/toy/toy.txt?slow=true", headers=HOST)  # its work waits for TOY_RELEASED
    assert slow.status_code == 503 and b"longer than 0 seconds" in slow.data
    waiting = client.get("/download/toy/toy.txt?size=3", headers=HOST)
    assert waiting.status_code == 503  # no slot: the slow work still holds it
    TOY_RELEASED.set()
    assert state.makers.acquire(timeout=60)  # given back as the slow work ends
    state.makers.release()
    state.settings = replace(state.settings, request_seconds=60.0)
    quick = client.get("/download/toy/toy.txt?size=3", headers=HOST)
    assert quick.status_code == 200 and quick.data == b"toy\n"


def test_work_given_up_on_holds_its_slot_and_gives_it_back_when_it_ends():
    state = create_app(WebSettings(request_seconds=0, making=1)).extensions[EXTENSION]
    started, release, ran = threading.Event(), threading.Event(), []

    def slow() -> str:
        started.set()
        release.wait(300)
        return "late"

    with pytest.raises(TimeoutError):
        in_time(state, slow)
    assert started.wait(60)  # it runs on, in its own thread
    with pytest.raises(TimeoutError):
        in_time(state, lambda: ran.append("quick"))  # no slot for it while the slow work runs
    assert ran == [] and not state.makers.acquire(blocking=False)
    release.set()
    assert state.makers.acquire(timeout=60)  # the slow work has ended: its slot is back
    state.makers.release()
    state.settings = replace(state.settings, request_seconds=60.0)
    assert in_time(state, lambda: "quick") == "quick"


def test_work_that_fails_gives_its_slot_back_and_the_request_hears_why():
    state = create_app(WebSettings(request_seconds=60.0, making=1)).extensions[EXTENSION]

    def broken() -> str:
        raise ValueError("no such board")

    with pytest.raises(ValueError, match="no such board"):
        in_time(state, broken)
    assert state.makers.acquire(timeout=60)
    state.makers.release()


@pytest.mark.parametrize(("name", "query", "field"), [
    ("board", {"dpi": "abc"}, "dpi"),  # not a number
    ("board", {"palette": "nonsense"}, "palette"),  # not one of the choices
    ("board", {"kerf": "0.3"}, "kerf"),  # does not apply without --laser
    ("board", {"variant": "9x9"}, "variant"),  # a board the game has not: a check of several options
    ("board", {"format": "dxf"}, "format"),  # a laser format without --laser
    ("lego", {"dice": "2", "dice-red": "3"}, "dice"),
    ("giftset", {"lang": "tlh"}, "lang"),
    ("report", {"compare": "nonsense=1"}, "compare"),
    ("study", {"quick": "true", "games": "10"}, "games"),
    ("simulate", {"games": "900000"}, "games"),  # beyond the page's bound
    ("simulate", {"until-ci": "0.05"}, "games"),  # no bound at all
    ("report", {"fair-within": "0.05"}, "games"),
    ("report", {"skill-games": "9000"}, "skill-games"),
])
def test_each_kind_of_refusal_lands_beside_its_field(client, name, query, field):
    subject = SUBJECT.get(name, "iacta" if name not in ("simulate", "report") else "alea")
    errors = client.get(f"/check/{name}", query_string={"subject": subject, **query}, headers=HOST).get_json()["errors"]
    assert list(errors) == [field] and errors[field], errors  # by the option the error names, whatever its words


def test_serve_refuses_a_bad_host_and_port_in_one_line():
    from helpers import assert_one_line_error

    assert_one_line_error(run_cli("serve", "--host", "a b", "--no-browser"), "--host")
    assert_one_line_error(run_cli("serve", "--port", "70000", "--no-browser"), "--port")


def test_every_choice_a_page_offers_makes_its_product(client):
    """The game, sample and study lists on the pages are what the products take."""
    for name in ("diagram", "study", "board"):
        page = client.get(f"/make/{name}", headers=HOST).data.decode()
        select = re.search(r'<select name="subject" id="subject"[^>]*>(.*?)</select>', page, re.S).group(1)
        values = re.findall(r'<option value="([^"]+)"', select)
        assert values
        for value in values:
            errors = client.get(f"/check/{name}", query_string={"subject": value}, headers=HOST).get_json()["errors"]
            assert errors == {}, (name, value, errors)


@pytest.mark.parametrize(("name", "option", "value"), [("board", "variant", "9x9"), ("rules", "lang", "xx"),
                                                       ("giftset", "lang", "tlh"), ("board", "bed", "huge")])
def test_a_bad_text_value_gets_the_command_lines_message_too(client, name, option, value):
    query = {"subject": "iacta", option: value, **({"laser": "true"} if option == "bed" else {})}
    errors = client.get(f"/check/{name}", query_string=query, headers=HOST).get_json()["errors"]
    arguments = ["--laser"] if option == "bed" else []
    result = run_cli(name, "iacta", f"--{option}", value, *arguments)
    assert result.exit_code == 2
    assert errors[option] == _said(name, option, result.output.strip().removeprefix("boardgen: error: "))


def test_text_options_offer_their_known_values(client):
    page = client.get("/make/giftset", headers=HOST).data.decode()
    languages = re.search(r'<datalist id="lang-list">(.*?)</datalist>', page, re.S).group(1)
    assert '<option value="da">' in languages and '<option value="it">' in languages
    assert '<option value="3x5">' in re.search(r'<datalist id="variant-list">(.*?)</datalist>', page, re.S).group(1)


def test_the_known_values_are_the_chosen_games(client):
    """Each game's own boards and languages: the page for a game lists them, and the live form's answer (wrong
    options or not) gives them as the game changes."""
    page = client.get("/make/rules?subject=alea", headers=HOST).data.decode()
    languages = re.search(r'<datalist id="lang-list">(.*?)</datalist>', page, re.S).group(1)
    assert re.findall(r'value="(\w+)"', languages) == ["en", "it"]
    for subject, lang in (("stacktics", "xx"), ("iacta", "en")):
        answer = client.get("/check/giftset", query_string={"subject": subject, "lang": lang},
                            headers=HOST).get_json()
        info = FOLDER_GAMES[subject]
        assert answer["suggestions"] == {"variant": [v.name for v in info.variants], "lang": list(info.languages)}
    pieces = client.get("/check/pieces", query_string={"subject": "stacktics"}, headers=HOST).get_json()
    assert pieces["suggestions"]["lang"] == ["en", "da", "it"]  # the pieces' sheets are boardgen's own texts


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
def test_serve_answers_says_where_warns_on_a_network_and_stops_on_ctrl_c(host):
    import os
    import signal
    import subprocess
    import sys
    import urllib.request

    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "boardgen", "serve", "--no-browser", "--host", host, "--port",
                                str(port)], stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        lines = []
        while not any("the page is at" in line for line in lines):
            line = process.stderr.readline()
            assert line, "".join(lines)
            lines.append(line)
        assert f"http://127.0.0.1:{port}/" in lines[-1]
        warned = any("anyone on that network can use it" in line for line in lines)
        assert warned == (host == "0.0.0.0")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/download/board/alea.svg", timeout=30) as answer:
            assert answer.read().startswith(b"<?xml")
    finally:
        os.killpg(process.pid, signal.SIGINT)
        _, rest = process.communicate(timeout=20)
    assert process.returncode == 130 and "boardgen: stopped" in rest and "Traceback" not in rest


def test_a_text_product_previews_as_its_text(client):
    answer = client.get("/check/lego", query_string={"subject": "iacta", "dice": "4"}, headers=HOST).get_json()
    shown = client.get(answer["preview"], headers=HOST)
    assert shown.mimetype == "text/plain"
    assert shown.data == client.get(answer["download"], headers=HOST).data


def test_the_form_greys_out_what_means_nothing_with_the_other_choices(client):
    paper = client.get("/check/board", query_string={"subject": "iacta"}, headers=HOST).get_json()["idle"]
    assert paper["kerf"] == "applies to laser files only: add “Cut on a laser cutter”" and "paper" not in paper
    laser = client.get("/check/board", query_string={"subject": "iacta", "laser": "true"}, headers=HOST).get_json()
    assert "kerf" not in laser["idle"] and "paper" in laser["idle"]


def test_a_page_says_what_it_makes_in_its_own_words(client):
    page = client.get("/make/pieces", headers=HOST).data.decode()
    assert "<h1>Pieces to print or cut</h1>" in page and f"<p>{product('pieces').sentence}</p>" in html.unescape(page)
