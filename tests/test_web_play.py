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

from boardgen.engine.contract import play as play_steps
from boardgen.gamefiles import GAMES
from boardgen.gamefiles.position_files import load_position
from boardgen.products.play_session import CHANGED, pack, playable, unpack
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


def _listed(page: str, where: str) -> list[str]:
    """The links of a list of moves in words: `choices` (a chosen piece's) or `unplaced` (moves of no piece on the
    board, every kind of them on one line)."""
    found = re.search(r'<div class="moves" id="choices">(.*?)</div>', page, re.S) if where == "choices" else \
        re.search(r'<div id="unplaced">(.*)', page)
    return [html.unescape(href) for href in re.findall(r'href="([^"]+)"', found[1])] if found else []


def _click_a_move(client, page: str, rng: random.Random) -> tuple[str, str]:
    """Click a piece, then where it goes (or one of its moves in words); or a field that plays at once (a pit
    sown, a piece placed or removed, the next jump of a piece that jumps on); or a move off the board in words."""
    pieces, direct, words = _spots(page, "from"), _spots(page, "play") + _spots(page, "to"), _listed(page, "unplaced")
    if not pieces and not direct or words and rng.random() < 0.2:
        return _open(client, rng.choice(words or _listed(page, "choices")))
    if direct and (not pieces or rng.random() < 0.5):
        address, page = _open(client, rng.choice(direct))
    else:
        address, page = _open(client, rng.choice(pieces))
        targets = _spots(page, "to")
        assert targets or _listed(page, "choices"), "a piece that can move shows where it can go, or its moves in words"
        if targets and (not _listed(page, "choices") or rng.random() < 0.7):
            address, page = _open(client, rng.choice(targets))
        else:
            return _open(client, rng.choice(_listed(page, "choices")))
    if "from=" not in address:
        return address, page  # played
    # one field, several moves (a choice of what to do there)
    return _open(client, rng.choice(_listed(page, "choices")))


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
    """A few moves in each (a whole game of the long ones, IACTA's, takes minutes of page loads), or to its end
    where it is that short: the computer's choices come from the server's key, new for each app."""
    address, page = _open(client, f"/play/{name}?against=random")
    rng = random.Random(5)
    for _ in range(4):
        if 'id="outcome"' in page:
            break
        address, page = _click_a_move(client, page, rng)
    assert len([step for step in _steps(address) if not step.endswith(":")]) >= 2  # mine and the computer's


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


# -- the games of points and lines, placing, sowing and dice used one by one --------------------------------------

# Each played to its end by following the page's links, as a person clicks, by two people at one screen and
# against the computer, with a rule option where the game has one.  A long game starts a few turns before its end
# ("near": a whole race, or a random morris, is hundreds of page loads, each replaying the game so far).
NEW_GAMES = {"tic-tac-toe": "", "connect-four": "", "reversi": "", "nine-mens-morris": "", "english-draughts": "",
             "breakthrough": "", "hare-and-hounds": "", "tablut": "", "fox-and-geese": "rule.lines=diagonal",
             "kalah": "", "oware": "", "senet": "near", "backgammon": "near", "ludo": "near&rule.blocks=on"}
LONG_BY_PEOPLE = ("nine-mens-morris", "tablut")
TO_THE_END = [(name, "&".join(part for part in (query, more) if part)) for more in ("", "against=greedy")
              for name, query in NEW_GAMES.items() if not (more == "" and name in LONG_BY_PEOPLE)] + \
    [(name, "near") for name in LONG_BY_PEOPLE]


def _near_the_end(name: str, options: dict[str, str], seed: int = 3, plies: int = 16) -> str:
    """A random game's position a few plies before its end (where a throw is due, in a game of throws), packed for
    a link's start."""
    rules = GAMES[name].engine.rules
    rng = random.Random(seed)
    positions = [rules.start_with(GAMES[name].default_variant, options)]
    while rules.outcome(positions[-1]) is None:
        position = positions[-1]
        positions.append(rules.sample_throw(position, rng) if rules.throw_due(position) else
                         rules.apply(position, rng.choice(list(rules.legal_moves(position)))))
    throws = rules.throw_due(positions[0])
    return pack(rules.write(next(position for position in positions[-plies:]
                                 if rules.throw_due(position) or not throws)))


@pytest.mark.parametrize(("name", "query"), TO_THE_END)
def test_each_new_game_is_played_to_its_end_by_clicking_and_the_page_says_who_won(client, name, query):
    options = dict(pair.removeprefix("rule.").split("=") for pair in query.split("&") if pair.startswith("rule."))
    if "near" in query.split("&"):  # the start keeps its rules
        query = "&".join([f"start={_near_the_end(name, options)}",
                          *(pair for pair in query.split("&") if pair.startswith("against"))])
    address, page = _play_by_clicking(client, f"/play/{name}?{query}", random.Random(4), most=300)
    said = html.unescape(re.search(r'<p id="outcome" class="outcome"><b>(.*?)</b>', page).group(1))
    # what the rules make of the same steps from the same start
    rules, asked = GAMES[name].engine.rules, parse_qs(urlsplit(address).query)
    if "start" in asked:
        begin = load_position(unpack(asked["start"][0])).position
    else:
        begin = rules.start_with(GAMES[name].default_variant, options)
    outcome = rules.outcome(play_steps(rules, begin, _steps(address)))
    assert outcome is not None
    if outcome.winner is None:
        assert said.startswith("A draw: ")
    else:
        side = dict(zip(rules.players, GAMES[name].side_names or rules.players, strict=False))[outcome.winner]
        assert said.lower().startswith(side.lower()) and " has won: " in said, said


def _saved(client, address: str) -> str:
    """The position as the page saves it, a position file."""
    name = urlsplit(address).path.split("/")[2]
    return client.get(f"/play/{name}/position.toml?{urlsplit(address).query}", headers=HOST).data.decode()


def _said(page: str, where: str) -> str:
    """What the page says in an element (its words, tags left out)."""
    found = re.search(rf'id="{where}"[^>]*>(.*?)</(?:p|span|div)>', page, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else ""


def _turn(page: str) -> str:
    """Whose turn it is, as the page says it over the board."""
    return html.unescape(re.search(r'id="turn">.*?<b>(.*?)</b>', page, re.S).group(1))


def _spot(page: str, field: str) -> tuple[str, str, str]:
    """The link over a field: what a click does, its words and where it leads."""
    kind, href, label = re.search(rf'<a class="spot (\w+)" href="([^"]+)"[^>]*data-field="{field}" '
                                  rf'aria-label="([^"]+)"', page).groups()
    return kind, label, html.unescape(href)


def test_a_click_on_an_empty_field_places_a_piece_there(client):
    address, page = _open(client, "/play/tic-tac-toe")
    assert _said(page, "how") == "Tap a marked field to place a piece there."
    assert sorted(re.findall(r'class="spot to"[^>]*data-field="(\w+)"', page)) == \
        ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    kind, label, href = _spot(page, "b2")
    assert (kind, label) == ("to", "place a piece on b2")
    assert ">to place <img" in page  # the pieces in hand, as a person calls them
    address, page = _open(client, href)
    assert "b2 = 1" in _saved(client, address) and _said(page, "told") == "X (red) placed a piece on b2."
    assert 'data-field="b2"' not in page  # taken: no link over it
    # Connect Four: a piece goes to the lowest empty field of its column, the only one with a link
    address, page = _open(client, "/play/connect-four?s=d1")
    assert sorted(re.findall(r'class="spot to"[^>]*data-field="(\w+)"', page)) == \
        ["a1", "b1", "c1", "d2", "e1", "f1", "g1"]


def _forced(name: str, kind: str, seed: int = 1) -> str:
    """A position of a random game of `name` whose only legal moves are of `kind`, packed for a link's start."""
    engine = GAMES[name].engine
    rules, shows = engine.rules, engine.presentation
    rng = random.Random(seed)
    for _ in range(50):
        for position in random_game(rules, rng, 400):
            moves = [] if rules.outcome(position) else list(rules.legal_moves(position))
            if moves and {shows.move_json(position, move)["kind"] for move in moves} == {kind}:
                return pack(rules.write(position))
    raise AssertionError(f"no {name} position with only {kind} moves")


def test_a_player_of_reversi_who_cannot_place_passes_and_the_other_is_told(client):
    address, page = _open(client, f"/play/reversi?start={_forced('reversi', 'pass')}")
    mover = _turn(page).split(" to move")[0]
    assert _said(page, "how") == "No move is possible: pass your turn below."
    assert re.search(r"<p>Pass your turn:</p><div class=\"moves\" data-kind=\"pass\"><a [^>]*>pass</a>", page)
    address, page = _open(client, _listed(page, "unplaced")[0])
    assert _said(page, "told") == f"{mover} passed."


def test_after_a_mill_the_player_removes_an_opponents_piece_by_clicking_it(client):
    address, page = _open(client, "/play/nine-mens-morris?s=a1&s=b2&s=d1&s=b4&s=g1")  # a1 d1 g1: white's mill
    assert _turn(page) == "White to move."
    assert _said(page, "how") == "Tap one of black's pieces to remove it."
    assert _said(page, "told") == "White placed a piece on g1 and removes one of black's pieces."
    assert [(kind, field) for kind, field in re.findall(r'class="spot (\w+)"[^>]*data-field="(\w+)"', page)] == \
        [("to", "b2"), ("to", "b4")]  # black's pieces, and nothing else
    kind, label, href = _spot(page, "b4")
    assert label == "remove the piece on b4"
    address, page = _open(client, href)
    assert "b4" not in _saved(client, address).split("[pieces]")[1].split("[")[0]
    assert _turn(page) == "Black to move."
    assert _said(page, "told") == "White placed a piece on g1, then removed the piece on b4."


DRAUGHTS = '''
game = "english-draughts"
to_move = 1

[pieces]
a1 = 1
c3 = 1
d4 = 2
f6 = 2
h8 = 2
'''


def test_a_capture_is_compulsory_and_a_piece_that_has_jumped_jumps_on(client):
    address, page = _open(client, f"/play/english-draughts?start={pack(DRAUGHTS)}")
    assert re.findall(r'class="spot from"[^>]*data-field="(\w+)"', page) == ["c3"]  # a1 could step, but must not
    assert _said(page, "how") == "You must capture: tap a piece, then where it goes."
    address, page = _open(client, _spot(page, "c3")[2])
    address, page = _open(client, _spot(page, "e5")[2])
    # the same player jumps on with the same piece: chosen already, its next jump the only link
    assert _turn(page) == "Black to move."
    assert _said(page, "how") == "The piece on e5 jumps again: tap where it goes."
    assert _said(page, "told") == "Black played c3xe5, capturing the piece on d4, and jumps again."
    assert re.findall(r'class="spot (\w+)"[^>]*data-field="(\w+)"', page) == [("chosen", "e5"), ("to", "g7")]
    address, page = _open(client, _spot(page, "g7")[2])
    assert _said(page, "told") == "Black played c3xe5, capturing the piece on d4, then e5xg7, capturing the piece " \
        "on f6."
    assert _turn(page) == "White to move."


BEARING_OFF = '''
game = "backgammon"
to_move = 1
throw = [5, 4]

[pieces]
j1 = [1, 1]
a2 = [2, 2]

[finished]
1 = 13
2 = 13
'''


def _dice(page: str) -> list[int]:
    """The dice the throw's picture shows, by their pips."""
    (throw,) = _pictures(page, r'<img class="throw" id="throw" src="data:image/svg\+xml;base64,([^"]+)"')
    dice = [polygon for polygon in throw.iter(f"{SVG}polygon")]
    pips = [(float(circle.get("cx")), float(circle.get("cy"))) for circle in throw.iter(f"{SVG}circle")]
    xs = [sorted(float(point.split(",")[0]) for point in die.get("points").split()) for die in dice]
    return [sum(1 for x, _ in pips if left[0] < x < left[-1]) for left in xs]


def test_backgammon_dice_are_used_one_by_one_and_the_picture_shows_those_still_to_use(client):
    address, page = _open(client, "/play/backgammon?s=6666:")
    assert _dice(page) == [6, 6, 6, 6]  # a double: played four times
    assert _turn(page) == "Bottom (red) to move, with the throw 6, 6, 6 and 6."
    address, page = _open(client, "/play/backgammon?s=6666:&s=e1-l1")
    assert _dice(page) == [6, 6, 6]
    assert _turn(page) == "Bottom (red) to move, with 6, 6 and 6 still to use."
    address, page = _open(client, "/play/backgammon?s=43:")
    assert _dice(page) == [4, 3]
    address, page = _open(client, _spot(page, "e1")[2])  # the piece on e1: a field for each die
    assert {_spot(page, field)[1] for field in ("i1", "j1")} == {"e1 to i1", "e1 to j1"}
    address, page = _open(client, _spot(page, "i1")[2])  # by the 3
    assert _dice(page) == [4] and _turn(page) == "Bottom (red) to move, with the 4 still to use."
    assert _said(page, "told") == "Bottom (red) threw 4 and 3 and played e1-i1 and moves again."
    # two dice that take the same checker off, told apart by the die
    address, page = _open(client, f"/play/backgammon?start={pack(BEARING_OFF)}&from=j1")
    assert re.findall(r'data-move="([^"]+)">([^<]+)</a>', page.split('id="choices"')[1].split("</div>")[0]) == \
        [("j1-off/5", "off the board with the 5"), ("j1-off/4", "off the board with the 4")]
    choice = html.unescape(re.search(r'href="([^"]+)" data-move="j1-off/5"', page).group(1))
    address, page = _open(client, choice)
    assert _dice(page) == [4] and _said(page, "told") == "Bottom (red) moved the piece on j1 off the board and " \
        "moves again."


def _counts(page: str) -> list[str]:
    """The numbers written on the board's fields (every pit's seeds; the rows' and columns' names left out)."""
    board = _board(page)
    marks = board.find(f"{SVG}g[@id='layer-marks']")
    return sorted(text.text for text in marks.iter(f"{SVG}text"))


def test_a_pit_is_sown_by_one_click_and_its_count_shown_on_every_pit(client):
    address, page = _open(client, "/play/kalah")
    assert _said(page, "how") == "Tap one of your pits to sow its seeds."
    assert _counts(page) == ["4"] * 12  # the stores empty
    kind, label, href = _spot(page, "d1")
    assert (kind, label) == ("play", "sow the seeds of d1")  # one click sows: no piece to choose first
    address, page = _open(client, href)  # e1 f1 g1 and the store h1: another turn
    assert _counts(page) == ["1", *["4"] * 8, "5", "5", "5"]
    assert _said(page, "told") == "Bottom row (red) sowed the seeds of d1 and moves again."
    # Oware keeps no stores on the board: what each side has captured is said beside it
    address, page = _open(client, "/play/oware?against=greedy")
    rng = random.Random(2)
    while re.findall(r'data-where="captured">captured (\d+)<', page) == ["0", "0"]:
        address, page = _click_a_move(client, page, rng)
    saved = _saved(client, address).split("[captured]")[1]
    assert [int(count) for count in re.findall(r'data-where="captured">captured (\d+)<', page)] == \
        [int(count) for count in re.findall(r"^\d = (\d+)$", saved, re.M)]


def test_the_page_offers_each_games_rule_options_and_plays_by_the_one_chosen(client):
    _, page = _open(client, "/play/ludo")
    assert re.search(r'<select name="rule.blocks" id="rule.blocks"><option value="off" selected>off \(the usual '
                     r'rule\)</option><option value="on" >on</option></select>', page)
    _, page = _open(client, "/play/fox-and-geese")
    assert 'name="rule.lines"' in page and '<option value="diagonal" >diagonal</option>' in page
    address, page = _open(client, "/play/fox-and-geese?rule.lines=diagonal&against=greedy")
    assert 'lines = "diagonal"' in _saved(client, address)
    assert _said(page, "played-rules") == "Played with the rule options: lines diagonal."
    assert '<option value="diagonal" selected>' in page  # kept for the next game
    _, page = _click_a_move(client, page, random.Random(1))
    assert "rule.lines=diagonal" in re.search(r'id="share">([^<]+)<', page).group(1)
    _, page = _open(client, "/play/fox-and-geese?rule.lines=orthogonal")  # the usual rule: said by nothing
    assert "rule." not in re.search(r'id="share">([^<]+)<', page).group(1) and 'id="played-rules"' not in page
    rules = GAMES["fox-and-geese"].engine.rules
    for query, said in (("rule.lines=wavy", "Fox and Geese&#39;s rule option lines is orthogonal or diagonal, not "
                                            "&#39;wavy&#39;"),
                        ("rule.colour=red", "Fox and Geese has no rule option &#39;colour&#39;; its rule options: "
                                            "lines"),
                        (f"rule.lines=diagonal&start={pack(rules.write(rules.start()))}",
                         "a start position keeps the rules it was played by")):
        refused = client.get(f"/play/fox-and-geese?{query}", headers=HOST)
        assert refused.status_code == 400 and said in refused.data.decode(), query
