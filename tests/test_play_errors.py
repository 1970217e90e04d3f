"""Mistakes in [play] are told at their line, one plain line each, with "did you mean" for a misspelt word."""

from __future__ import annotations

import re

import pytest
from play_helpers import BOARD, SHIPPED_GAMES, engine_from_text

from boardgen.gamefiles import SHIPPED

HOLED = BOARD.replace(". . . . . .\n. . . . . .", ". . # . . .\n. . . . . .").replace(
    "[legend]\n", "[legend]\n\"#\" = {{ zone = \"hole\", role = \"none\" }}\n")


def problems(play: str, board: str = BOARD, players: int = 2) -> list[tuple[str, str, str]]:
    text = board.format(players=players) + "\n[play]\n" + play
    engine, found = engine_from_text(text, "test")
    assert engine is None and found
    lines = text.splitlines()
    result = []
    for problem in found:
        line = re.fullmatch(r"line (\d+), column (\d+)", problem.where)
        assert line, problem  # every problem in [play] is placed
        assert "\n" not in problem.message
        result.append((problem.code, problem.message, lines[int(line.group(1)) - 1]))
    return result


def test_a_track_through_a_field_that_is_not_on_the_board():
    [(code, message, line)] = problems('pieces = 1\nthrow = { dice = 1 }\ntracks = ["a2-f2", "f1-a1"]', HOLED)
    assert code == "not-a-field" and "c2" in message and line.startswith("tracks")
    [(code, message, line)] = problems('pieces = 1\nthrow = { dice = 1 }\ntracks = { 1 = ["a1-g1"], 2 = ["a2"] }')
    assert code == "off-board" and "g1" in message and "off the board (a1-f2)" in message


def test_a_jump_off_the_board():
    [(code, message, line)] = problems('pieces = 1\nthrow = { dice = 1 }\ntracks = ["a1-f1"]\n\n'
                                       '[play.ladders]\nb1 = "b9"')
    assert code == "off-board" and "b9" in message and line == 'b1 = "b9"'


def test_a_throw_table_that_does_not_cover_every_result():
    [(code, message, line)] = problems('pieces = 1\ntracks = ["a1-f1"]\n'
                                       'throw = { sticks = 4, values = { 0 = 5, 1 = 1, 2 = 2, 4 = 4 } }')
    assert code == "throw-table" and "leaves out 3" in message and line.startswith("throw")
    [(code, message, _)] = problems('pieces = 1\ntracks = ["a1-f1"]\nthrow = { dice = 1, sides = 4, faces = [1, 2] }')
    assert code == "throw-table" and "4 sides" in message


@pytest.mark.parametrize(("play", "wrong", "meant"), [
    ('pieces = 1\nthrow = { dice = 1 }\ntrakcs = ["a1-f1"]', "trakcs", "tracks"),
    ('pieces = 1\nthrow = { dice = 1 }\ntracks = ["a1-f1"]\nenter = "cout"', "cout", "count"),
    ('pieces = 1\nthrow = { dice = 1 }\ntracks = ["a1-f1"]\nopponent = "captre"', "captre", "capture"),
    ('pieces = 1\nsteps = ["upp"]', "upp", "up"),
    ('pieces = 1\nthrow = { dice = 1, sidse = 6 }\ntracks = ["a1-f1"]', "sidse", "sides"),
])
def test_an_unknown_mechanism_says_what_it_might_have_meant(play, wrong, meant):
    found = problems(play)
    assert any(wrong in message and f"did you mean '{meant}'" in message and wrong in line
               for _, message, line in found), found


def test_a_player_losing_decides_only_a_game_of_two():
    found = problems('players = [2, 3]\npieces = 1\nsteps = ["up"]\nno-move = "lose"\nfewer-than = 1\n'
                     'start = { a1 = 1, b1 = 2, c1 = 3 }', players=3)
    assert [(code, line) for code, _, line in found] == [("two-players-only", 'fewer-than = 1'),
                                                          ("two-players-only", 'no-move = "lose"')]


def test_other_mistakes_are_placed_too():
    found = problems('pieces = 1\nthrow = { dice = 1 }\ntracks = ["a1-f1"]\nagain = { throws = [7] }\n'
                     'players = [2, 5]')
    assert {code for code, _, _ in found} == {"not-a-throw", "bad-number"}
    found = problems('pieces = 1\nthrow = { dice = 1 }\ntracks = ["a1-f1"]\n\n[play.options.x]\nonly = {}')
    assert [code for code, _, _ in found] == ["bad-option"]
    found = problems('pieces = 1\nthrow = { dice = 1 }\ntracks = ["a1-f1"]\n\n[play.options.x]\na = {}\n'
                     'b = { own = "stak" }')
    assert [(code, line) for code, _, line in found] == [("unknown-word", 'b = { own = "stak" }')]


@pytest.mark.parametrize("name", SHIPPED_GAMES)
def test_the_shipped_game_files_compile(name):
    engine, found = engine_from_text((SHIPPED / f"{name}.toml").read_text(encoding="utf-8"), name)
    assert engine is not None and not found
