"""A club's server stays the club's: each visitor's uploads are their own (no flood makes the page forget another's
work), a move on a position saves nothing, another site's page can make the server neither write nor compute, a
name that is not the club's is refused (DNS rebinding) while its names are taken in any case, an address the
server cannot answer on is said in one line, and the key that signs a game's link outlives a restart."""

from __future__ import annotations

import errno
import html
import json
import re
import shutil
import socket
import stat

import pytest
from helpers import assert_one_line_error, run_cli

from boardgen.errors import BoardgenError
from boardgen.web import serve as serve_module
from boardgen.web.app import create_app
from boardgen.web.serve import settings_for
from boardgen.web.signing_key import KEY_FILE, play_key, state_folder
from boardgen.web.state import EXTENSION
from boardgen.web.uploads import Uploads

HOST = {"Host": "127.0.0.1:8000"}
SAME = {**HOST, "Origin": "http://127.0.0.1:8000"}
SAMPLE = {"sample": "sample:iacta/02-open-play-4-2"}


class Clock:
    """Monotonic seconds the test moves on by hand: no test waits for time to pass."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _app(tmp_path, kept: int = 500, per_visitor: int = 50, clock: Clock | None = None):
    """The page with its uploads in `tmp_path`/uploads, at the bounds given."""
    app = create_app(folder=tmp_path / "uploads")
    app.extensions[EXTENSION].uploads = Uploads(tmp_path / "uploads", kept=kept, per_visitor=per_visitor,
                                                idle_seconds=3600.0, clock=clock or Clock())
    return app


def _upload(client) -> str:
    """A position given to the page by this client (its own visitor): its token."""
    given = client.post("/positions", data=SAMPLE, headers=SAME)
    assert given.status_code == 303, given.data.decode()[:300]
    return given.headers["Location"].rsplit("/", 1)[-1]


def _opens(client, token: str) -> bool:
    answer = client.get(f"/positions/{token}", headers=HOST)
    assert answer.status_code in (200, 404), answer.status_code
    return answer.status_code == 200


def _held(tmp_path) -> int:
    return sum(1 for _ in (tmp_path / "uploads").glob("up-*"))


# -- uploads, per visitor -----------------------------------------------------------------------------------------

def test_one_visitor_can_neither_see_nor_evict_anothers_uploads(tmp_path):
    app = _app(tmp_path, per_visitor=3)
    anna, flooder = app.test_client(), app.test_client()  # two browsers: two cookie jars
    hers = _upload(anna)
    refused = flooder.get(f"/positions/{hers}", headers=HOST)
    assert refused.status_code == 404 and "not here" in refused.data.decode()
    preview = f"/preview/diagram/{hers}.svg?moves=true"
    assert anna.get(preview, headers=HOST).status_code == 200  # drawn for her, and kept for her next request
    for address in (preview, f"/download/diagram/{hers}.svg", f"/make/diagram?subject={hers}",
                    f"/check/diagram?subject={hers}"):
        refused = flooder.get(address, headers=HOST)
        assert refused.status_code == 404 and "not here" in refused.data.decode(), address
    floods = [_upload(flooder) for _ in range(10)]
    assert _opens(anna, hers)  # untouched by ten uploads of another's
    assert [_opens(flooder, token) for token in floods] == [False] * 7 + [True] * 3  # over its quota: its own oldest
    assert _held(tmp_path) == 4


def test_a_full_page_makes_room_only_from_visitors_away_for_an_hour(tmp_path):
    clock = Clock()
    app = _app(tmp_path, kept=3, per_visitor=2, clock=clock)
    anna, ben, newcomer = app.test_client(), app.test_client(), app.test_client()
    annas = [_upload(anna), _upload(anna)]
    bens = _upload(ben)
    refused = newcomer.post("/positions", data=SAMPLE, headers=SAME)
    assert refused.status_code == 503 and "try again in an hour" in html.unescape(refused.data.decode())
    clock.now = 1800.0
    assert _opens(ben, bens)  # Ben is here: his upload is in use
    clock.now = 3599.0
    assert newcomer.post("/positions", data=SAMPLE, headers=SAME).status_code == 503  # Anna away for 59:59
    clock.now = 3600.0
    mine = _upload(newcomer)  # Anna has been away an hour: her oldest makes room; Ben's stays
    assert _opens(newcomer, mine) and _opens(ben, bens)
    assert [_opens(anna, token) for token in annas] == [False, True]


def test_visitors_without_cookies_fill_the_page_but_forget_nobodys_work(tmp_path):
    app = _app(tmp_path, kept=5)
    anna = app.test_client()
    hers = _upload(anna)
    crowd = app.test_client(use_cookies=False)  # every request a new visitor
    answers = [crowd.post("/positions", data=SAMPLE, headers=SAME).status_code for _ in range(8)]
    assert answers == [303] * 4 + [503] * 4
    assert _opens(anna, hers)


def test_an_upload_folder_removed_under_the_running_page_is_made_again(tmp_path):
    app = _app(tmp_path)
    client = app.test_client()
    before = _upload(client)
    shutil.rmtree(tmp_path / "uploads")  # a cleaner of /tmp, on a computer left on all week
    gone = client.get(f"/positions/{before}", headers=HOST)
    assert gone.status_code == 404 and "give it again" in gone.data.decode()
    after = _upload(client)
    assert _opens(client, after)
    game = client.post("/game", data={"text": '[about]\nname = "Mine"\n'}, headers=SAME)
    assert game.status_code < 500


# -- moves save nothing -------------------------------------------------------------------------------------------

def test_moves_on_a_position_save_no_upload_and_travel_in_the_address(tmp_path):
    app = _app(tmp_path)
    client = app.test_client()
    token = _upload(client)
    moves = [move["notation"] for move in json.loads(
        run_cli("check", "sample:iacta/02-open-play-4-2", "--json").stdout)["moves"]]
    page = client.get(f"/positions/{token}", headers=HOST).data.decode()
    first = html.unescape(re.search(r'<div class="moves" id="moves"><a href="([^"]+)"', page).group(1))
    played = client.get(first, headers=HOST)
    assert played.status_code == 303 and "?move=" in played.headers["Location"]
    after = client.get(played.headers["Location"], headers=HOST).data.decode()
    expected = run_cli("check", "sample:iacta/02-open-play-4-2", "--move", moves[0]).stdout
    assert html.unescape(re.search(r"<pre>(.*?)</pre>", after, re.S).group(1)).strip() == expected.strip()
    picture = html.unescape(re.search(r'id="diagram" src="([^"]+)"', after).group(1))
    drawn = client.get(picture, headers=HOST)
    assert drawn.mimetype == "image/svg+xml" and drawn.data.startswith(b"<?xml")
    back = html.unescape(re.search(r'id="back" href="([^"]+)"', after).group(1))
    assert back == f"/positions/{token}"
    assert _held(tmp_path) == 1  # a click is an address, not a file
    kept = client.post(f"/positions/{token}/keep", data={"move": moves[0], "make": "diagram"}, headers=SAME)
    assert kept.status_code == 303 and kept.headers["Location"].startswith("/make/diagram?subject=up-")
    assert _held(tmp_path) == 2  # kept only when the person asks for a product of it, from the page itself
    assert client.post(f"/positions/{token}/keep", data={"move": moves[0]},
                       headers={**HOST, "Origin": "http://evil.example"}).status_code == 403
    wrong = client.get(f"/positions/{token}?move=z9-z10", headers=HOST)
    assert wrong.status_code == 400 and "Traceback" not in wrong.data.decode()


# -- other sites: nothing written or computed ---------------------------------------------------------------------

BACKGROUND = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
FRAMED = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"}
SCRIPTED = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
SIBLING = {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"}
OLD_BROWSER = {"Referer": "http://evil.example/page"}  # no Sec-Fetch-* at all
PERSON = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document",
          "Sec-Fetch-User": "?1"}
OWN = [{"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"}, {"Sec-Fetch-Site": "none"},
       {"Referer": "http://127.0.0.1:8000/play"}, {}]
COMPUTING = ["/play/ur?against=mcts", "/play/iacta", "/download/board/alea.png?dpi=300",
             "/preview/board/iacta.pdf", "/check/board?subject=iacta"]


@pytest.mark.parametrize("address", COMPUTING)
def test_another_sites_page_cannot_make_the_server_compute(address):
    client = create_app().test_client()
    for headers in (BACKGROUND, FRAMED, SCRIPTED, SIBLING, OLD_BROWSER):
        refused = client.get(address, headers={**HOST, **headers})
        said = html.unescape(refused.data.decode())
        assert refused.status_code == 403 and "Another web site's page asked for this" in said, headers
        assert f'href="{address}"' in said  # a person whose browser does not say opens it with one click
    for headers in (PERSON, *OWN):
        assert client.get(address, headers={**HOST, **headers}).status_code in (200, 303), headers


def test_another_sites_page_cannot_make_a_position_page_compute(tmp_path):
    app = _app(tmp_path)
    client = app.test_client()
    token = _upload(client)
    for address in (f"/positions/{token}", f"/positions/{token}/board.svg", f"/positions/{token}/play?move=x"):
        assert client.get(address, headers={**HOST, **BACKGROUND}).status_code == 403
        assert client.get(address, headers={**HOST, **PERSON}).status_code in (200, 303, 400)
    assert client.get("/", headers={**HOST, **FRAMED}).status_code == 200  # a page that computes nothing


# -- host names ---------------------------------------------------------------------------------------------------

def test_a_rebinding_name_cannot_start_a_job_on_a_network():
    app = create_app(settings_for("0.0.0.0"))
    client = app.test_client()
    rebinding = {"Host": "evil.example:8732", "Origin": "http://evil.example:8732"}
    refused = client.post("/jobs/simulate", data={"subject": "alea", "games": "10", "made": "1"}, headers=rebinding)
    assert refused.status_code == 403 and "evil.example" in refused.data.decode()
    assert not app.extensions[EXTENSION].jobs._jobs
    name = socket.gethostname()
    for host in (f"{name}:8732", f"{name.split('.')[0].upper()}.local:8732", "192.168.1.5:8732", "[fe80::1]:8732",
                 "localhost:8732"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    started = client.post("/jobs/simulate", data={"subject": "alea", "games": "10", "made": "1"},
                          headers={"Host": "192.168.1.5:8732", "Origin": "http://192.168.1.5:8732"})
    assert started.status_code == 303


def test_allow_host_gives_the_clubs_names_in_place_of_the_machines():
    client = create_app(settings_for("0.0.0.0", ("club.lan", "boards.example.org"))).test_client()
    for host in ("club.lan:8000", "CLUB.LAN.:8000", "Boards.Example.org", "10.0.0.7:8000", "localhost:8000"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    for host in ("evil.example:8000", "club.lan.evil.example", f"{socket.gethostname()}x"):
        assert client.get("/", headers={"Host": host}).status_code == 403, host


@pytest.mark.parametrize("host", ["LOCALHOST:8000", "LocalHost", "localhost.:8000", "[::1]:8000"])
def test_host_names_are_compared_without_case(host):
    assert create_app().test_client().get("/", headers={"Host": host}).status_code == 200


# -- serve: addresses in one line; the key kept ----------------------------------------------------------------

@pytest.mark.parametrize(("arguments", "words"), [
    (("--host", "256.1.1.1"), ("--host", "256.1.1.1", "is not an address")),
    (("--host", "1.2.3"), ("--host", "not an address")),
    (("--host", "a..b"), ("--host", "not a host name")),
    (("--allow-host", "club lan"), ("--allow-host", "not a host name")),
    (("--allow-host", "club.lan:8000"), ("--allow-host", "without its port")),
])
def test_serve_refuses_a_host_it_cannot_take_in_one_line(arguments, words):
    assert_one_line_error(run_cli("serve", *arguments, "--no-browser"), *words)


def test_serve_says_in_one_line_an_address_that_is_another_computers(tmp_path):
    # 192.0.2.1 (TEST-NET-1) is never this computer's: binding fails at once, and no server starts
    result = run_cli("serve", "--host", "192.0.2.1", "--no-browser", "--state-dir", str(tmp_path / "state"))
    assert_one_line_error(result, "--host", "192.0.2.1", "not an address of this computer")


def test_serve_signs_with_the_key_it_keeps(tmp_path, monkeypatch):
    made = []

    def no_server(app, host, port, threads=8):
        made.append(app)
        raise OSError(errno.EADDRINUSE, "Address already in use")

    monkeypatch.setattr(serve_module, "make_server", no_server)
    for _ in range(2):
        result = run_cli("serve", "--no-browser", "--port", "8000", "--state-dir", str(tmp_path / "state"))
        assert_one_line_error(result, "port 8000", "Address already in use")
    kept = play_key(tmp_path / "state")
    assert [app.config["BOARDGEN_PLAY_KEY"] for app in made] == [kept, kept]


def test_the_key_is_made_once_only_its_owner_may_read_it_and_kept(tmp_path):
    folder = tmp_path / "state" / "boardgen"
    key = play_key(folder)
    assert len(key) == 32 and play_key(folder) == key
    assert stat.S_IMODE((folder / KEY_FILE).stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert [path.name for path in folder.iterdir()] == [KEY_FILE]  # nothing left beside it
    assert create_app(play_key=key).config["BOARDGEN_PLAY_KEY"] == key
    assert create_app().config["BOARDGEN_PLAY_KEY"] != create_app().config["BOARDGEN_PLAY_KEY"]
    (folder / KEY_FILE).write_text("not a key\n")
    with pytest.raises(BoardgenError, match="remove it, and a new one is made"):
        play_key(folder)


def test_the_settings_folder_follows_xdg(tmp_path):
    assert state_folder(tmp_path) == tmp_path
    assert state_folder(None, {"XDG_STATE_HOME": str(tmp_path)}) == tmp_path / "boardgen"
    relative = state_folder(None, {"XDG_STATE_HOME": "relative/state"})  # ignored, as the XDG spec says
    assert relative.parts[-3:] == (".local", "state", "boardgen") and relative.is_absolute()
