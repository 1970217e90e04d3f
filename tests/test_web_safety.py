"""The page left running on a club's network: nothing another site's page does reaches it, no bad input gives a
server error, a file too large or not text is refused in words, and every page speaks plainly (no command-line
flag, file path or command name) and says each mistake beside its field before anything starts."""

from __future__ import annotations

import html
import io
import re
import threading
import urllib.error
import urllib.request

import pytest

from boardgen.options import Mode
from boardgen.products.declared import product
from boardgen.web.app import WebSettings, create_app
from boardgen.web.serve import make_server, settings_for
from boardgen.web.state import EXTENSION, offered_products

HOST = {"Host": "127.0.0.1:8000"}
SAME = {**HOST, "Origin": "http://127.0.0.1:8000"}
OTHER = {**HOST, "Origin": "http://evil.example"}
PAGES = offered_products()
JOBS = [name for name in PAGES if product(name).mode is Mode.JOB]


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


# -- from the page itself, or refused ------------------------------------------------------------------------------

STATE_CHANGING = [("/jobs/simulate", {"subject": "alea", "games": "10"}),
                  ("/game", {"text": '[about]\nname = "x"\n'}), ("/positions", {"sample": "sample:alea/01-start"}),
                  ("/jobs/giftset", {"subject": "iacta", "lang": "xx"})]


@pytest.mark.parametrize(("address", "form"), STATE_CHANGING)
def test_another_sites_page_cannot_start_anything(address, form):
    app = create_app()
    client = app.test_client()
    for headers in (OTHER, {**HOST, "Referer": "http://evil.example/page"}, HOST):
        refused = client.post(address, data=form, headers=headers)
        assert refused.status_code == 403 and "this page only does what its own forms ask" in refused.data.decode()
    assert not app.extensions[EXTENSION].jobs._jobs  # nothing was queued
    for headers in (SAME, {**HOST, "Referer": "http://127.0.0.1:8000/make/report"}):
        assert client.post(address, data=form, headers=headers).status_code in (200, 303, 400)  # taken, read


def test_a_browser_that_sends_neither_origin_nor_referer_sends_the_forms_token():
    client = create_app().test_client()
    page = client.get("/positions", headers=HOST).data.decode()
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    given = client.post("/positions", data={"sample": "sample:alea/01-start", "token": token}, headers=HOST)
    assert given.status_code == 303
    stranger = create_app().test_client()  # another browser: its own session, not this token
    assert stranger.post("/positions", data={"sample": "sample:alea/01-start", "token": token},
                         headers=HOST).status_code == 403


def test_another_sites_page_cannot_make_things_in_the_background_but_a_shared_link_opens(client):
    embedded = {**HOST, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
    refused = client.get("/download/board/alea.png?dpi=1200", headers=embedded)
    assert refused.status_code == 403 and 'href="/download/board/alea.png?dpi=1200"' in refused.data.decode()
    opened = {**HOST, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document",
              "Sec-Fetch-User": "?1"}
    assert client.get("/download/board/alea.svg", headers=opened).status_code == 200


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "localhost", "127.0.0.2", "0.0.0.0", "192.168.1.5"])
def test_the_host_check_is_on_wherever_the_page_answers(host):
    client = create_app(settings_for(host)).test_client()
    assert client.get("/", headers={"Host": "evil.example:8000"}).status_code == 403
    assert client.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 200


# -- bad input: words, never a server error -----------------------------------------------------------------------

BAD = ["nope", "%00", "\x00", "\u202e", "x" * 3000, "../../etc/passwd", "up-0123456789abcdef", "sample:nope/x",
       "a.toml", "-1e999", "15,8"]


def _no_server_error(response) -> str:
    text = response.data.decode("utf-8", "replace")
    assert response.status_code < 500, text[:400]
    # a long value is cut in what is said (a form's own text box, and a link, may hold it whole)
    said = " ".join([*response.get_json()["errors"].values(), *response.get_json()["idle"].values()]) \
        if response.mimetype == "application/json" else "" if response.status_code in (301, 302, 303) \
        else _visible(text)
    assert "Traceback" not in text and "x" * 100 not in said
    return text


@pytest.mark.parametrize("bad", BAD, ids=range(len(BAD)))
def test_the_sweeps_bad_values_on_every_route_are_said_in_words(client, bad):
    for name in PAGES:
        option = next(option.name for option in product(name).options if not option.argument)
        for address, query in ((f"/check/{name}", {"subject": bad}), (f"/make/{name}", {"made": "1", "subject": bad}),
                               (f"/make/{name}", {"made": "1", option: bad}), (f"/download/{name}/{bad}.pdf", {}),
                               (f"/preview/{name}/{bad}.pdf", {}), (f"/check/{name}", {bad: "1"})):
            _no_server_error(client.get(address, query_string=query, headers=HOST))
        _no_server_error(client.post(f"/jobs/{name}", data={"subject": bad, "players": bad}, headers=SAME))
    for address in (f"/positions/{bad}", f"/positions/up-0123456789abcdef/play?move={bad}", f"/jobs/{bad}",
                    f"/jobs/{bad}.json", f"/jobs/{bad}/file", f"/play/{bad}", f"/play/iacta?s={bad}", f"/{bad}"):
        _no_server_error(client.get(address, headers=HOST))
    for form in ({"text": bad}, {"sample": bad}):
        _no_server_error(client.post("/positions", data=form, headers=SAME))
        _no_server_error(client.post("/game", data=form, headers=SAME))


def test_a_game_file_given_to_the_positions_page_is_said_in_words(client, tmp_path):
    from helpers import run_cli

    assert run_cli("new", "racers", "-o", str(tmp_path / "racers.toml")).exit_code == 0
    text = (tmp_path / "racers.toml").read_text(encoding="utf-8")
    for form in ({"text": text}, {"upload": (io.BytesIO(text.encode()), "racers.toml")}):
        given = client.post("/positions", data=form, headers=SAME, content_type="multipart/form-data")
        if given.status_code == 303:
            given = client.get(given.headers["Location"], headers=HOST)
        page = _no_server_error(given)
        assert "this is a game file, not a position" in html.unescape(page)


@pytest.mark.parametrize("address", ["/game", "/positions"])
def test_a_binary_upload_is_refused_in_words_and_not_echoed(client, address):
    picture = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
    response = client.post(address, data={"upload": (io.BytesIO(picture), "photo.png")}, headers=SAME,
                           content_type="multipart/form-data")
    page = _no_server_error(response)
    assert response.status_code == 400 and "that file is not text" in page and "IHDR" not in page


class _Served:
    """A real server on a free port, its loop in a thread of its own, stopped from inside that loop."""

    def __init__(self, settings: WebSettings) -> None:
        self.server = make_server(create_app(settings), "127.0.0.1", 0, threads=2)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()

    def close(self) -> None:
        # Closed by the loop's own thread (waitress runs what its trigger is given there): closing the sockets from
        # this thread while the loop waits on them ends it with "Bad file descriptor".
        self.server.trigger.pull_trigger(self.server.close)
        self.thread.join(timeout=60)  # a guard against a hang, not a measure


def _served(settings: WebSettings):
    served = _Served(settings)
    return served, f"http://127.0.0.1:{served.server.effective_port}"


@pytest.mark.parametrize("limit", [1024, 256 * 1024, 4 * 1024 * 1024])
def test_a_5_mb_upload_gets_the_pages_own_message_at_any_limit(limit):
    server, address = _served(WebSettings(upload_bytes=limit))
    try:
        body, boundary = _multipart(b"x" * (5 * 1024 * 1024))
        request = urllib.request.Request(f"{address}/game", data=body, method="POST", headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}", "Origin": address})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=60)
        page = refused.value.read().decode()
        assert refused.value.code == 413 and f"more than the page takes at once ({limit // 1024:,} KB)" in page
        assert "max_body" not in page
    finally:
        server.close()


def _multipart(data: bytes) -> tuple[bytes, str]:
    boundary = "boardgen-test-boundary"
    head = (f'--{boundary}\r\nContent-Disposition: form-data; name="upload"; filename="big.toml"\r\n'
            "Content-Type: text/plain\r\n\r\n").encode()
    return head + data + f"\r\n--{boundary}--\r\n".encode(), boundary


def test_no_server_path_is_ever_shown(client):
    broken = '[about]\nname = "Mine"\nyeer = 3\n'
    page = client.post("/game", data={"upload": (io.BytesIO(broken.encode()), "mine.toml")}, headers=SAME,
                       content_type="multipart/form-data").data.decode()
    folder = str(client.application.extensions[EXTENSION].uploads.folder)
    assert "yeer" in page and folder not in page and "boardgen-web-" not in page and "up-" not in page


# -- plain words ------------------------------------------------------------------------------------------------

COMMAND_WORDS = re.compile(r"(?<![\w-])--[a-z]|boardgen (?:check|list|new|board|pieces|serve|giftset|simulate|report)"
                           r"|docs/|\.py\b|output/|FILE\.toml|-o\b")


def _visible(page: str) -> str:
    """What the page itself says: not its code, nor the file someone gave it (in its text box, or shown whole)."""
    body = re.sub(r"<(script|style|textarea|pre)\b.*?</\1>|<ol class=\"lines\">.*?</ol>", "", page, flags=re.S)
    body = re.sub(r'\s(?:href|src|action|name|id|for|list|value|data-[a-z-]+|aria-[a-z]+)="[^"]*"', "", body)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def test_no_page_shows_a_flag_a_file_path_or_a_command(client):
    addresses = ["/", "/play", "/play/stacktics", "/positions", "/game", *[f"/make/{name}" for name in PAGES],
                 *[f"/make/{name}?made=1&subject=iacta&laser=maybe&kerf=0.3&lang=xx&field=3" for name in PAGES]]
    for address in addresses:
        text = _visible(client.get(address, headers=HOST).data.decode())
        assert not COMMAND_WORDS.search(text), (address, COMMAND_WORDS.search(text).group(0),
                                                text[max(0, COMMAND_WORDS.search(text).start() - 80):][:160])
    idle = client.get("/check/board", query_string={"subject": "iacta"}, headers=HOST).get_json()["idle"]
    assert not any(COMMAND_WORDS.search(reason) for reason in idle.values()), idle


def test_each_field_has_its_label_and_sentence_and_each_page_its_title(client):
    page = client.get("/make/board", headers=HOST).data.decode()
    assert "<title>A board to print</title>" in page
    assert '<label for="field">Field size (mm)</label>' in page
    assert '<label class="check" for="laser">Cut on a laser cutter</label>' in page
    for name in PAGES:
        for option in product(name).options:
            assert option.label and option.sentence, (name, option.name)


def test_a_decimal_comma_is_taken_and_the_link_has_a_point(client):
    answer = client.get("/check/board", query_string={"subject": "iacta", "field": "15,8"}, headers=HOST).get_json()
    assert answer["errors"] == {} and answer["download"] == "/download/board/iacta.pdf?field=15.8"
    thousand = client.get("/check/board", query_string={"subject": "iacta", "field": "1,000"},
                          headers=HOST).get_json()
    assert "field" in thousand["errors"]


def test_make_it_gives_the_file(client):
    made = client.get("/make/board", query_string={"made": "1", "subject": "alea", "palette": "cud"}, headers=HOST)
    assert made.status_code == 303 and made.headers["Location"] == "/download/board/alea.pdf?palette=cud"
    wrong = client.get("/make/board", query_string={"made": "1", "subject": "alea", "field": "3"}, headers=HOST)
    assert wrong.status_code == 200 and 'id="error-field"' in wrong.data.decode()


@pytest.mark.parametrize("name", ["simulate", "report"])
def test_a_mistake_in_a_long_product_is_said_beside_its_field_before_any_job_starts(name):
    app = create_app()
    client = app.test_client()
    for field, value in (("players", "two kids"), ("rule", "nonsense=1"), ("players", "greedy")):
        refused = client.post(f"/jobs/{name}", data={"subject": "alea", field: value, "made": "1"}, headers=SAME)
        page = refused.data.decode()
        assert refused.status_code == 400
        error = re.search(rf'<div class="error" id="error-{field}"[^>]*>(.*?)</div>', page, re.S).group(1)
        assert error.strip() and "--" not in error, error
    assert not app.extensions[EXTENSION].jobs._jobs


def test_an_own_games_files_are_named_after_the_game(client, tmp_path):
    from helpers import run_cli

    assert run_cli("new", "racers", "-o", str(tmp_path / "racers.toml")).exit_code == 0
    text = (tmp_path / "racers.toml").read_bytes()
    ready = client.post("/game", data={"upload": (io.BytesIO(text), "racers.toml")}, headers=SAME,
                        content_type="multipart/form-data").data.decode()
    token = re.search(r"/make/board\?subject=(up-[0-9a-f]{16})", ready).group(1)
    zipped = client.get(f"/download/pieces/{token}.zip", headers=HOST)
    assert zipped.headers["Content-Disposition"] == 'attachment; filename="racers-pieces.zip"'
    form = client.get(f"/make/board?subject={token}", headers=HOST).data.decode()
    assert f'<option value="{token}" selected>racers</option>' in form


def test_a_long_value_is_cut_with_its_length(client):
    errors = client.get("/check/board", query_string={"subject": "iacta", "palette": "q" * 3000},
                        headers=HOST).get_json()["errors"]
    assert errors["palette"].startswith("'qqqq") and "(3,000 characters)" in errors["palette"]
    assert len(errors["palette"]) < 200


def test_a_report_job_names_its_versions_and_gives_the_difference():
    app = create_app()
    client = app.test_client()
    started = client.post("/jobs/report", data={"subject": "stacktics", "games": "20", "skill-games": "0",
                                                "compare": "variant=4x4", "made": "1"}, headers=SAME)
    assert started.status_code == 303
    job = app.extensions[EXTENSION].jobs.get(started.headers["Location"].rsplit("/", 1)[-1])
    assert job.ended.wait(300) and job.state == "done", job.error
    page = html.unescape(client.get(started.headers["Location"], headers=HOST).data.decode())
    report = re.search(r'<pre id="report">(.*?)</pre>', page, re.S).group(1)
    assert report.startswith("5x5: ") and "\n4x4: " in report and "The difference in the first player's" in report


def test_a_crowd_asking_for_pictures_at_once_gets_every_answer_whole():
    """Twenty-four requests at once, PNGs and previews among them (which once crashed the server): each answer is
    whole, and the server answers the next one.  bench/bench_web.py measures a crowd of 40 with its memory."""
    server, address = _served(WebSettings())
    asked = [f"/download/board/{game}.png?dpi=40&palette={palette}" for game in ("iacta", "alea", "isaac", "stacktics")
             for palette in ("classic", "cud", "mono")]
    asked += [f"/preview/board/{game}.pdf?paper={paper}" for game in ("iacta", "alea", "isaac", "stacktics")
              for paper in ("a4", "letter", "a5")]
    answers: dict[str, bytes] = {}

    def fetch(path: str) -> None:
        with urllib.request.urlopen(address + path, timeout=120) as answer:
            answers[path] = answer.read()

    try:
        threads = [threading.Thread(target=fetch, args=(path,)) for path in asked]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert set(answers) == set(asked)
        for data in answers.values():
            assert data.startswith(b"\x89PNG\r\n\x1a\n") and data[-12:-4] == b"\x00\x00\x00\x00IEND"
        with urllib.request.urlopen(address + "/", timeout=30) as answer:
            assert answer.status == 200
    finally:
        server.close()
