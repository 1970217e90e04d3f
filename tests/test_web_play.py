"""Playing a game on the page, through the HTTP client as a browser without JavaScript would: links over the
board's fields, the server's dice, the computer's moves, Undo, the position saved and the game reopened by its
link.  Every game with a rules engine is offered, whatever kind it is."""

from __future__ import annotations

import html
import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from helpers import run_cli

from boardgen.gamefiles import GAMES
from boardgen.products.play_session import playable
from boardgen.web.app import create_app

HOST = {"Host": "127.0.0.1:8000"}
ENGINES = [game.name for game in GAMES.values() if game.engine is not None]


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
    unplaced = re.search(r'<div class="moves" id="unplaced">(.*?)</div>', page, re.S)
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
    outcome = re.search(r'<p id="outcome"><b>(.*?)</b>', page).group(1)
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
    assert again.status_code == 200 and f"with the throw {throw[:-1]}" in again.data.decode()


def test_the_computer_answers_each_move_and_undo_takes_back_mine_with_its_answer(client):
    address, page = _open(client, "/play/stacktics?against=greedy")
    address, page = _click_a_move(client, page, random.Random(1))
    assert len(_steps(address)) == 2  # my move and the computer's answer
    undo = html.unescape(re.search(r'id="undo" href="([^"]+)"', page).group(1))
    assert _steps(undo) == []
    for player in ("random", "mcts"):  # the computer moves first: its move is in the address at once
        address, page = _open(client, f"/play/stacktics?against={player}&side=red")
        assert "(the computer)" not in page and len(_steps(address)) == 1


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
