"""Playing a game on the page, through the HTTP client as a browser without JavaScript would: links over the
board's fields, the server's dice, the computer's moves, Undo, the position saved and the game reopened by its
link; against the computer a signed link, refused in words once edited, and opened again by a server with the
same key; 2 to 4 at the table; and what a player sees, read from the page's pictures: the board without a scale
bar, the last move framed, the pieces waiting drawn, the finished game's few words.  Every game with a rules
engine is offered, whatever kind it is."""

from __future__ import annotations

import base64
import html
import random
import re
import xml.etree.ElementTree as ET
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from helpers import run_cli
from play_helpers import random_game

from boardgen.gamefiles import GAMES
from boardgen.products.play_session import CHANGED, pack, playable
from boardgen.web.app import create_app

HOST = {"Host": "127.0.0.1:8000"}
ENGINES = [game.name for game in GAMES.values() if game.engine is not None]
SVG = "{http://www.w3.org/2000/svg}"
KEY = bytes(range(32))


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def _open(client, address: str):
    """The page at `address`, after the server's throws and moves (one redirect that holds them)."""
    response = client.get(address, headers=HOST)
    if response.status_code == 303:
        address = response.headers["Location"]
        response = client.get(address, headers=HOST)
    assert response.status_code == 200, response.data[:400]
    return address, response.data.decode()


def _spots(page: str, kind: str) -> list[str]:
    return [html.unescape(href) for found_kind, href in
            re.findall(r'<a class="spot (\w+)" href="([^"]+)"', page) if found_kind == kind]


def _steps(address: str) -> list[str]:
    return parse_qs(urlsplit(address).query).get("s", [])


def _click_a_move(client, page: str, rng: random.Random) -> tuple[str, str]:
    """Click a piece, then where it goes (or one of its moves in words), or a move off the board."""
    pieces = _spots(page, "from")
    unplaced = re.search(r'<div id="unplaced">(.*)', page)  # every kind of move off the board, on one line
    if not pieces or (unplaced and rng.random() < 0.2):
        return _open(client, html.unescape(rng.choice(re.findall(r'href="([^"]+)"', unplaced[1]))))
    address, page = _open(client, rng.choice(pieces))
    targets = _spots(page, "to")
    listed = re.search(r'<div class="moves" id="choices">(.*?)</div>', page, re.S)
    assert targets or listed, "a piece that can move shows where it can go, or its moves in words"
    if targets and (not listed or rng.random() < 0.7):
        address, page = _open(client, rng.choice(targets))
        listed = re.search(r'<div class="moves" id="choices">(.*?)</div>', page, re.S)
        if listed is None:
            return address, page
    # one field, several moves (a choice of what to do there), or a move that leaves the board
    return _open(client, html.unescape(rng.choice(re.findall(r'href="([^"]+)"', listed[1]))))


def _play_by_clicking(client, address: str, rng: random.Random, most: int = 400) -> tuple[str, str]:
    """Moves clicked until the game ends."""
    address, page = _open(client, address)
    for _ in range(most):
        if 'id="outcome"' in page:
            return address, page
        address, page = _click_a_move(client, page, rng)
    raise AssertionError(f"no end after {most} moves")


def test_every_game_with_a_rules_engine_is_offered(client):
    page = client.get("/play", headers=HOST).data.decode()
    assert {game.name for game in playable()} == set(ENGINES)
    for name in ENGINES:
        assert f'href="/play/{name}"' in page


def test_a_whole_game_of_stacktics_is_played_to_its_end_by_clicking_and_agrees_with_check(client, tmp_path):
    address, page = _play_by_clicking(client, "/play/stacktics", random.Random(7))
    outcome = re.search(r'<p id="outcome" class="outcome"><b>(.*?)</b>', page).group(1)
    # the position saved from the page is the command line's, after the same moves
    steps = _steps(address)
    saved = client.get(f"/play/stacktics/position.toml?{urlsplit(address).query}", headers=HOST)
    assert saved.headers["Content-Disposition"] == 'attachment; filename="stacktics-position.toml"'
    (tmp_path / "saved.toml").write_bytes(saved.data)
    checked = run_cli("check", str(tmp_path / "saved.toml"))
    assert checked.exit_code == 0 and html.unescape(outcome).split(":")[0].lower() in checked.stdout.lower()
    start = GAMES["stacktics"].engine.rules.write(GAMES["stacktics"].engine.rules.start())
    (tmp_path / "start.toml").write_text(start, encoding="utf-8")
    moved = run_cli("check", str(tmp_path / "start.toml"), *[arg for step in steps for arg in ("--move", step)])
    assert moved.exit_code == 0 and moved.stdout.strip() == saved.data.decode().strip()


def test_a_whole_game_of_ur_a_game_file_is_played_to_its_end_against_the_computer(client):
    if "ur" not in ENGINES:
        pytest.skip("Ur, a shipped game file with a rules engine, is not here")
    address, page = _play_by_clicking(client, "/play/ur?against=greedy", random.Random(3), most=500)
    assert 'id="outcome"' in page


@pytest.mark.parametrize("name", ENGINES)
def test_every_game_with_an_engine_opens_and_plays_by_clicking(client, name):
    """A few moves in each: a whole game of the long ones (IACTA's) takes minutes of page loads."""
    with pytest.raises(AssertionError, match="no end after 4 moves"):
        _play_by_clicking(client, f"/play/{name}?against=random", random.Random(5), most=4)


def test_the_server_throws_the_dice_and_a_reload_keeps_them(client):
    first = client.get("/play/iacta", headers=HOST)
    assert first.status_code == 303
    address = first.headers["Location"]
    (throw,) = _steps(address)
    assert re.fullmatch(r"\d+:", throw)
    again = client.get(address, headers=HOST)
    assert again.status_code == 200 and f"with the throw {' and '.join(throw[:-1])}." in again.data.decode()


def test_the_computer_answers_each_move_and_undo_takes_back_mine_with_its_answer(client):
    address, page = _open(client, "/play/stacktics?against=greedy")
    address, page = _click_a_move(client, page, random.Random(1))
    assert len(_steps(address)) == 2  # my move and the computer's answer
    undo = html.unescape(re.search(r'id="undo" href="([^"]+)"', page).group(1))
    assert _steps(undo) == []
    for player in ("random", "mcts"):  # the computer moves first: its move is in the address at once
        address, page = _open(client, f"/play/stacktics?against={player}&side=red")
        assert "<b>Blue to move.</b>" in page and len(_steps(address)) == 1
        assert re.search(r'<p id="told" class="told">Red \(the computer\) played [^<]+\.</p>', page)


def test_undo_with_dice_keeps_the_throw(client):
    address, page = _open(client, "/play/alea")
    before = _steps(address)
    move = html.unescape(re.search(r'<details id="all-moves">.*?href="([^"]+)"', page, re.S).group(1))
    address, page = _open(client, move)
    undo = html.unescape(re.search(r'id="undo" href="([^"]+)"', page).group(1))
    assert _steps(undo) == before  # the same throw again: no throwing until it suits


def test_a_shared_link_reopens_the_game_where_it_stood(client):
    address, page = _open(client, "/play/stacktics")
    address, page = _click_a_move(client, page, random.Random(2))
    shared = html.unescape(re.search(r'<span class="link" id="share">(.*?)</span>', page).group(1))
    other = create_app().test_client()  # another visitor, another server even
    _, reopened = _open(other, shared.removeprefix("http://localhost"))
    board = re.compile(r'<img src="data:image/svg\+xml;base64,[^"]+"')
    assert board.search(reopened).group(0) == board.search(page).group(0)


def test_a_checked_position_is_played_on_from(client):
    given = client.post("/positions", data={"sample": "sample:stacktics/01-start"},
                        headers={**HOST, "Origin": "http://127.0.0.1:8000"})
    page = client.get(given.headers["Location"], headers=HOST).data.decode()
    play_on = html.unescape(re.search(r'id="play-on" href="([^"]+)"', page).group(1))
    _, page = _open(client, play_on)
    assert _spots(page, "from")


@pytest.mark.parametrize("address", ["/play/nope", "/play/%E2%80%AE", "/play/stacktics?s=zz9-zz10",
                                     "/play/stacktics?against=deep-blue", "/play/stacktics?variant=99x99",
                                     "/play/stacktics?start=AAAA", "/play/up-0123456789abcdef",
                                     "/play/stacktics?side=green", "/play/stacktics?s=" + "x" * 3000])
def test_a_bad_address_is_said_in_words(client, address):
    response = client.get(address, headers=HOST)
    assert response.status_code in (400, 404), response.status_code
    text = response.data.decode()
    assert "Traceback" not in text and 'class="error"' in text and "x" * 100 not in text


# -- against the computer: a signed link ----------------------------------------------------------------------------

def _pictures(page: str, pattern: str) -> list[ET.Element]:
    """The SVG pictures of the <img> tags the pattern finds (its one group: the base64 of the data address)."""
    return [ET.fromstring(base64.b64decode(data)) for data in re.findall(pattern, page)]


def _board(page: str) -> ET.Element:
    (board,) = _pictures(page, r'<div class="board" id="board">\s*<img src="data:image/svg\+xml;base64,([^"]+)"')
    return board


def _a_game_against_the_computer(client) -> str:
    address, page = _open(client, "/play/ur?against=greedy")
    rng = random.Random(2)
    for _ in range(3):
        address, page = _click_a_move(client, page, rng)
    return address


def _edit(address: str, key: str, change) -> str:
    query = parse_qs(urlsplit(address).query)
    query[key] = change(query.get(key, []))
    return f"/play/ur?{urlencode([(name, value) for name, values in query.items() for value in values])}"


@pytest.mark.parametrize(("edit", "key", "change"), [
    ("a throw", "s", lambda steps: [("4:" if step != "4:" else "3:") if n == 0 else step
                                    for n, step in enumerate(steps)]),
    ("a step", "s", lambda steps: [*steps[:-2], "pass" if steps[-2] != "pass" else "in-d1", steps[-1]]),
    ("a side", "side", lambda _: ["player 1"]),
    ("the start", "start", lambda _: [pack(GAMES["ur"].engine.rules.write(GAMES["ur"].engine.rules.start()))]),
])
def test_an_edited_link_against_the_computer_is_refused_in_words(client, edit, key, change):
    address = _a_game_against_the_computer(client)
    assert client.get(address, headers=HOST).status_code == 200
    refused = client.get(_edit(address, key, change), headers=HOST)
    assert refused.status_code == 400, edit
    assert CHANGED.split(":")[0] in html.unescape(refused.data.decode())


def test_the_same_link_opens_after_a_restart_with_the_same_key():
    first = create_app(play_key=KEY).test_client()
    address = _a_game_against_the_computer(first)
    board = _board(first.get(address, headers=HOST).data.decode())
    again = create_app(play_key=KEY).test_client()  # the server started again, with the key it keeps
    reopened = again.get(address, headers=HOST)
    assert reopened.status_code == 200
    assert ET.tostring(_board(reopened.data.decode())) == ET.tostring(board)
    other = create_app(play_key=bytes(32)).test_client()  # another server's key
    assert other.get(address, headers=HOST).status_code == 400


# -- 2 to 4 at the table ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_ludo_is_played_by_as_many_as_the_page_is_asked_for(client, players):
    address, page = _open(client, f"/play/ludo?players={players}&against=greedy")
    seats = re.findall(r'<li class="(?:moving)?" data-player="([^"]+)">', page)
    assert seats == [f"player {n}" for n in range(1, players + 1)]
    assert parse_qs(urlsplit(address).query)["side"] == seats[1:]  # the computer plays every seat but mine
    assert f'<option value="{players}" selected>' in page  # the form keeps the number for a new game
    for side, colour in zip(GAMES["ludo"].side_names[:players], ["red", "yellow", "blue", "green"], strict=False):
        assert f"{side.capitalize()} ({colour}" in page  # each seat by the file's [about] sides and its colour
    rng = random.Random(players)
    for _ in range(4):
        address, page = _click_a_move(client, page, rng)
    assert len(_steps(address)) > 8  # the others' throws and moves came with mine


def test_a_number_of_players_the_game_does_not_allow_is_said_in_words(client):
    refused = client.get("/play/ludo?players=7", headers=HOST)
    assert refused.status_code == 400 and "Ludo is played by 2, 3 or 4 players, not &#39;7&#39;" in \
        refused.data.decode()


# -- what the page shows ----------------------------------------------------------------------------------------

def test_the_board_has_no_scale_bar_and_the_last_move_is_framed(client):
    _, page = _open(client, "/play/stacktics?s=b1/1-c2")
    board = _board(page)
    assert board.find(f"{SVG}g[@id='layer-calibration']") is None
    assert not any("1:1" in (text.text or "") or "scale" in (text.text or "") for text in board.iter(f"{SVG}text"))
    frames = [rect for rect in board.iter(f"{SVG}rect") if rect.get("stroke") == "#ff7a00"]
    assert sorted(rect.get("stroke-dasharray") is not None for rect in frames) == [False, True]  # to, from


def test_the_pieces_waiting_are_drawn_in_each_players_colour(client):
    _, page = _open(client, "/play/ur?s=2:&s=in-c1&s=3:")
    drawn = {}
    for player, item in re.findall(r'<li class="(?:moving)?" data-player="([^"]+)">(.*?)</li>', page, re.S):
        (waiting,) = _pictures(item, r'data-where="waiting" src="data:image/svg\+xml;base64,([^"]+)"')
        drawn[player] = [circle.get("fill") for circle in waiting.iter(f"{SVG}circle")]
    assert drawn == {"player 1": ["#d7263d"] * 6, "player 2": ["#f2c14e"] * 7}
    shown = re.sub(r"<[^>]+>", " ", page.split('id="in-words"')[0])  # what the page says, the pictures apart
    assert "waiting: player" not in shown and "of 2 to move" not in shown


def test_the_throw_is_drawn_and_entering_the_board_is_headed_by_what_it_does(client):
    _, page = _open(client, "/play/ur?s=2:")
    (throw,) = _pictures(page, r'<img class="throw" id="throw" src="data:image/svg\+xml;base64,([^"]+)"')
    assert len(list(throw.iter(f"{SVG}circle"))) == 2  # two sticks show a dot
    assert "<p>Enter a piece:</p>" in page and "Moves off the board" not in page


def test_a_finished_game_says_only_who_won_and_why(client):
    rules, rng = GAMES["snakes-and-ladders"].engine.rules, random.Random(4)
    positions = list(random_game(rules, rng))  # to start a few throws before its end: clicking to it is quick
    start = next(pack(rules.write(position)) for position in positions[-16:] if rules.throw_due(position))
    address, page = _play_by_clicking(client, f"/play/snakes-and-ladders?against=random&start={start}", rng)
    outcome = re.search(r'<p id="outcome" class="outcome"><b>(.*?)</b></p>', page).group(1)
    assert re.fullmatch(r"Player 1 \(red\) has won: reached a10\.|Player 2 \(yellow, the computer\) has won: "
                        r"reached a10\.", outcome)
    main = page.split("<main>")[1].split('<div class="result">')[0]
    assert "to move" not in main and 'id="turn"' not in main and 'id="told"' not in main
    assert 'id="summary"' not in main and "of 2" not in main
