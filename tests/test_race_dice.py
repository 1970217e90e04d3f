"""Dice used one by one (issue 45, item 1) and Backgammon's bar and bearing off (items 2 and 5), on hand-made
positions whose answers are worked out by hand below, through the Python API and `boardgen check`.

Each test runs on the tests' own copy of Backgammon's [play] (tests/race_games/backgammon.toml) and on the
shipped game by name, once boardgen ships it.  The board: 13 columns by 2 rows, the bar in column g.  Player 1's
point n (player 2's point 25 - n), player 1 moving from 24 towards 1:

    point  1  2  3  4  5  6 |  7  8  9 10 11 12 | 13 14 15 16 17 18 | 19 20 21 22 23 24
    field m1 l1 k1 j1 i1 h1 | f1 e1 d1 c1 b1 a1 | a2 b2 c2 d2 e2 f2 | h2 i2 j2 k2 l2 m2

Player 1 enters from the bar with a die d onto its point 25 - d (h2 to m2), and its home is its points 1 to 6
(h1 to m1); player 2 enters onto player 1's point d (m1 to h1), and its home is h2 to m2.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypeAlias

import pytest
from click.testing import CliRunner
from registry import GAMES

import boardgen
from boardgen.api import Game, GameFileError, Position, PositionFileError
from boardgen.cli.app import main

OWN = Path(__file__).resolve().parent / "race_games" / "backgammon.toml"
# The tests' own file, and the shipped game by its name once it is shipped.
BACKGAMMONS = [pytest.param(str(OWN), id="tests")] + (
    [pytest.param("backgammon", id="shipped")] if "backgammon" in GAMES else [])
Stack: TypeAlias = int | Sequence[int]  # a field's pieces, bottom first


@pytest.fixture(params=BACKGAMMONS)
def backgammon(request: pytest.FixtureRequest) -> Game:
    return boardgen.game(request.param)


def at(game: Game, pieces: Mapping[str, Stack], throw: Sequence[int] = (), *, to_move: int = 1,
       waiting: Mapping[int, int] | None = None, finished: Mapping[int, int] | None = None) -> Position:
    """The position of `game` with these pieces (a field's stack bottom first), dice still to use, pieces waiting
    (on the bar) and finished (borne off), as a position file says it."""
    lines = [game.start().to_toml().splitlines()[0], f"to_move = {to_move}"]  # the game as its positions name it
    if throw:
        lines.append(f"throw = {list(throw)}")
    lines += ["[pieces]", *(f"{field} = {stack if isinstance(stack, int) else list(stack)}"
                            for field, stack in pieces.items())]
    for table, counts in (("waiting", waiting), ("finished", finished)):
        lines += [f"[{table}]", *(f"{player} = {count}" for player, count in (counts or {}).items())]
    return game.read_position("\n".join(lines))


def notations(position: Position) -> list[str]:
    return sorted(move.notation for move in position.moves())


def start_with_one_on_the_bar(game: Game, on_the_bar: int) -> str:
    """The start's file, with `on_the_bar` of player 1's two checkers on its point 24 (m2) hit to the bar."""
    left = {1: "m2 = 1", 2: ""}[on_the_bar]
    return game.start().to_toml().replace("m2 = [1, 1]", left) + f"\n[waiting]\n1 = {on_the_bar}\n"


def thrown(text: str, throw: str) -> str:
    """A position file's text with `throw = ...` (TOML) after its to_move line, before any table."""
    lines = text.splitlines()
    at_move = next(i for i, line in enumerate(lines) if line.startswith("to_move"))
    return "\n".join([*lines[:at_move + 1], f"throw = {throw}", *lines[at_move + 1:]]) + "\n"


def changed(tmp_path: Path, old: str, new: str) -> Game:
    """The tests' Backgammon with one line of its [play] changed, as a designer changes a copy."""
    text = OWN.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "changed-backgammon.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return boardgen.game(path)


# -- the throw ---------------------------------------------------------------------------------------------------

def test_a_throw_is_two_dice_written_larger_first_with_a_double_played_four_times(backgammon: Game) -> None:
    assert len(backgammon.throws) == 21 and sum(backgammon.throws.values()) == 1
    assert backgammon.throws["65"] == 2 * backgammon.throws["6666"]  # a double: named by the four dice it gives
    start = backgammon.start()
    assert start.thrown("35").throw == start.thrown(53).throw == "53"
    # 5s: 13 -> 8 and 8 -> 3 (24 -> 19 and 6 -> 1 are held by player 2); 3s: 24 -> 21, 13 -> 10, 8 -> 5, 6 -> 3.
    assert notations(start.thrown("53")) == ["a2-c1", "a2-e1", "e1-i1", "e1-k1", "h1-k1", "m2-j2"]


def test_a_double_is_played_four_times_by_the_same_player(backgammon: Game) -> None:
    position = backgammon.read_position(thrown(backgammon.start().to_toml(), "[4, 4, 4, 4]"))
    assert position == backgammon.start().thrown("44")
    assert notations(position) == ["a2-d1", "e1-j1", "h1-l1", "m2-i2"]
    throws = []
    for move in ("m2-i2", "m2-i2", "i2-d2", "i2-d2"):
        assert position.to_move == 1
        throws.append(position.throw)
        position = position.play(move)
    assert throws == ["4444", "444", "44", "4"]
    assert position.to_move == 2 and position.throw is None and notations(position) == []
    assert "d2 = [1, 1]" in position.to_toml().splitlines()


def test_a_double_just_thrown_has_all_four_dice_still_to_use(backgammon: Game) -> None:
    thrown = backgammon.start().thrown("44")
    assert thrown.throw == backgammon.read_position(thrown.to_toml()).throw == "4444"


def test_a_double_is_played_as_often_as_it_can_be_then_the_rest_passes(backgammon: Game) -> None:
    # A lone checker on 24 with 6-6: 24 -> 18 -> 12, and point 6 is held by two of player 2's: the third and
    # fourth sixes cannot be played.
    position = at(backgammon, {"m2": 1, "h1": [2, 2], "a2": [2] * 13}, [6, 6, 6, 6], finished={1: 14})
    assert notations(position) == ["m2-f2"]
    position = position.play("m2-f2")
    assert (position.to_move, position.throw, notations(position)) == (1, "666", ["f2-a1"])
    position = position.play("f2-a1")
    assert (position.to_move, position.throw, notations(position)) == (1, "66", ["pass"])
    position = position.play("pass")
    assert (position.to_move, position.throw) == (2, None)


# -- as many dice as can be used, else the larger ----------------------------------------------------------------

# Player 1: one checker on 8 (e1) and one on 6 (h1), 13 borne off; player 2 holds point 1 (m1).  With 6-5:
# 5 first, 8 -> 3 brings the last checker home and the 6 then bears off from 6; 6 first, 8 -> 2 brings it home
# too, but then no 5 can be used (no checker on 5, one above it on 6, and 6 -> 1 is blocked).
BOTH_DICE: dict[str, Stack] = {"e1": 1, "h1": 1, "m1": [2, 2], "h2": [2] * 5, "i2": [2] * 4, "j2": [2] * 4}


def test_both_dice_must_be_used_where_they_can_be(backgammon: Game) -> None:
    position = at(backgammon, BOTH_DICE, [6, 5], finished={1: 13})
    assert notations(position) == ["e1-k1"]
    position = position.play("e1-k1")
    assert (position.to_move, position.throw, notations(position)) == (1, "6", ["h1-off"])
    position = position.play("h1-off")
    assert (position.to_move, position.throw, dict(position.finished)) == (2, None, {1: 14, 2: 0})


def test_without_use_all_the_move_that_uses_one_die_only_is_listed_too(tmp_path: Path) -> None:
    game = changed(tmp_path, "use-all = true\nuse-larger = true", "use-all = false\nuse-larger = false")
    assert notations(at(game, BOTH_DICE, [6, 5], finished={1: 13})) == ["e1-k1", "e1-l1"]


def test_use_larger_alone_leaves_the_choice_where_both_dice_can_be_used(tmp_path: Path) -> None:
    game = changed(tmp_path, "use-all = true", "use-all = false")
    assert notations(at(game, BOTH_DICE, [6, 5], finished={1: 13})) == ["e1-k1", "e1-l1"]


# A lone checker on 24 (m2), 14 borne off; player 2 holds point 15 (c2): with 6-3, 24 -> 18 and 24 -> 21 are
# open, but 15 is blocked, so only one die can be used.
ONE_DIE: dict[str, Stack] = {"m2": 1, "c2": [2, 2], "a1": [2] * 5, "b1": [2] * 4, "c1": [2] * 4}


def test_where_only_one_die_can_be_used_it_is_the_larger(backgammon: Game) -> None:
    position = at(backgammon, ONE_DIE, [6, 3], finished={1: 14})
    assert notations(position) == ["m2-f2"]
    position = position.play("m2-f2")
    assert (position.to_move, position.throw, notations(position)) == (1, "3", ["pass"])
    assert position.play("pass").to_move == 2


def test_where_the_larger_die_cannot_be_used_at_all_the_smaller_is(backgammon: Game) -> None:
    # As above, with point 18 (f2) held too: the 6 cannot move at all.
    position = at(backgammon, {**ONE_DIE, "f2": [2, 2], "c1": [2, 2]}, [6, 3], finished={1: 14})
    assert notations(position) == ["m2-j2"]


def test_without_use_larger_either_die_may_be_used(tmp_path: Path) -> None:
    game = changed(tmp_path, "use-larger = true", "use-larger = false")
    assert notations(at(game, ONE_DIE, [6, 3], finished={1: 14})) == ["m2-f2", "m2-j2"]


# -- the bar -----------------------------------------------------------------------------------------------------

def test_a_checker_on_the_bar_enters_first_onto_point_25_less_the_die(backgammon: Game) -> None:
    # Player 2 holds point 19 (h2) with five checkers: a 6 cannot enter, a 3 enters on 22 (k2), a 5 on 20 (i2).
    text = start_with_one_on_the_bar(backgammon, 1)
    assert notations(backgammon.read_position(text).thrown("63")) == ["in-k2"]
    assert notations(backgammon.read_position(text).thrown("53")) == ["in-i2", "in-k2"]
    entered = backgammon.read_position(text).thrown("63").play("in-k2")
    # Then the 6, by any checker: 22 -> 16, 24 -> 18, 13 -> 7, 8 -> 2 (6 -> off: not all are home).
    assert (entered.throw, notations(entered)) == ("6", ["a2-f1", "e1-l1", "k2-d2", "m2-f2"])


def test_a_throw_that_cannot_enter_passes_the_whole_turn(backgammon: Game) -> None:
    position = backgammon.read_position(start_with_one_on_the_bar(backgammon, 1)).thrown("66")
    assert notations(position) == ["pass"]  # though the checkers on the board could move
    assert (position.play("pass").to_move, position.play("pass").throw) == (2, None)


def test_two_checkers_on_the_bar_both_enter_before_any_other_moves(backgammon: Game) -> None:
    text = start_with_one_on_the_bar(backgammon, 2)
    position = backgammon.read_position(text).thrown("63").play("in-k2")
    assert (position.throw, notations(position)) == ("6", ["pass"])
    position = backgammon.read_position(text).thrown("53")
    assert notations(position) == ["in-i2", "in-k2"]
    assert notations(position.play("in-k2")) == ["in-i2"]


def test_entering_onto_a_single_opponent_hits_it(backgammon: Game) -> None:
    position = at(backgammon, {"k2": 2, "a2": [2] * 14, "e1": [1] * 14}, [3, 1], waiting={1: 1})
    assert notations(position) == ["in-m2", "inxk2"]
    hit = position.play("inxk2")
    assert (hit.throw, dict(hit.hand), notations(hit)) == ("1", {1: 0, 2: 1}, ["e1-f1", "k2-j2"])


def test_player_2_enters_onto_its_own_points_from_player_1s_side(backgammon: Game) -> None:
    # Player 2's point 19 is player 1's 6 (h1), held by two of player 1's: a 6 cannot enter, and a 1 enters on
    # player 2's 24, player 1's 1 (m1).  Then the 6: from its 24 to its 18 (f1), or from its 8 (e2) to its 2 (l2).
    position = at(backgammon, {"h1": [1, 1], "e2": [2] * 14, "a1": [1] * 13}, [6, 1], to_move=2, waiting={2: 1})
    assert notations(position) == ["in-m1"]
    assert notations(position.play("in-m1")) == ["e2-l2", "m1-f1"]


# -- bearing off -------------------------------------------------------------------------------------------------

def test_bearing_off_only_once_all_fifteen_are_home(backgammon: Game) -> None:
    rest: dict[str, Stack] = {"a2": [2] * 15}
    # One checker on 7 (f1), outside home: a 5 moves it to 2; the 14 on 5 (i1) may not bear off.
    assert notations(at(backgammon, {"f1": 1, "i1": [1] * 14, **rest}, [5])) == ["f1-l1"]
    # That checker on 6 (h1) instead: all are home, and the 5 bears off from 5 or moves 6 -> 1.
    assert notations(at(backgammon, {"h1": 1, "i1": [1] * 14, **rest}, [5])) == ["h1-m1", "i1-off"]
    # On the bar, a checker is not home either.
    assert notations(at(backgammon, {"h1": [1] * 14, **rest}, [6], waiting={1: 1})) == ["in-h2"]


def test_a_higher_die_bears_off_only_from_the_highest_occupied_point(backgammon: Game) -> None:
    rest: dict[str, Stack] = {"a2": [2] * 15}
    assert notations(at(backgammon, {"i1": 1, "k1": [1] * 14, **rest}, [6])) == ["i1-off"]
    # The exact die still bears off from a lower point, or moves a checker on inside home.
    assert notations(at(backgammon, {"i1": 1, "k1": [1] * 14, **rest}, [3])) == ["i1-l1", "k1-off"]
    # Player 2: its points 4 and 2 are player 1's 21 (j2) and 23 (l2).
    ahead: dict[str, Stack] = {"j2": 2, "l2": [2] * 14, "a1": [1] * 15}
    assert notations(at(backgammon, ahead, [6], to_move=2)) == ["j2-off"]
    assert notations(at(backgammon, ahead, [2], to_move=2)) == ["j2-l2", "l2-off"]


def test_two_dice_that_bear_off_the_same_checker_are_told_apart(backgammon: Game) -> None:
    # The highest checker on 5 (i1) goes off with the 5 exactly or with the 6; the other die then bears off from 2.
    position = at(backgammon, {"i1": 1, "l1": [1] * 14, "a2": [2] * 15}, [6, 5])
    assert notations(position) == ["i1-off/5", "i1-off/6"]
    assert [(move.origin, move.path) for move in position.moves()] == [("i1", ()), ("i1", ())]  # off the board
    assert notations(position.play("i1-off/6")) == notations(position.play("i1-off/5")) == ["l1-off"]
    assert position.play("i1-off/6").throw == "5" and position.play("i1-off/5").throw == "6"


def test_the_first_to_bear_off_all_fifteen_wins(backgammon: Game) -> None:
    position = at(backgammon, {"l1": 1, "a2": [2] * 15}, [2], finished={1: 14}).play("l1-off")
    assert position.outcome is not None
    assert (position.outcome.winners, position.outcome.reason) == ((1,), "all pieces finished")
    assert (position.to_move, position.throw, notations(position)) == (None, None, [])
    assert dict(position.finished) == {1: 15, 2: 0}


# -- position files and the command line --------------------------------------------------------------------------

def test_a_position_file_holds_the_dice_still_to_use(backgammon: Game) -> None:
    start = backgammon.start().to_toml()
    position = backgammon.read_position(thrown(start, "[4, 4, 4]"))
    assert position.throw == "444" and "throw = [4, 4, 4]" in position.to_toml()
    assert backgammon.read_position(thrown(start, "[3, 5]")).throw == "53"
    assert backgammon.read_position(position.to_toml()) == position
    for wrong in ("[5, 3, 3]", "[7]", "[4, 4, 4, 4, 4]", "8"):
        with pytest.raises(PositionFileError, match="throw"):
            backgammon.read_position(thrown(start, wrong))


def test_check_lists_the_moves_of_the_dice_and_plays_them_one_by_one(backgammon: Game, tmp_path: Path) -> None:
    text = at(backgammon, BOTH_DICE, [6, 5], finished={1: 13}).to_toml()
    game_line = text.splitlines()[0]
    if game_line.endswith('.toml"'):  # the tests' file, which a position file names by its path
        text = text.replace(game_line, f"game = {json.dumps(str(OWN))}")
    path = tmp_path / "both-dice.toml"
    path.write_text(text, encoding="utf-8")
    runner = CliRunner()
    listed = runner.invoke(main, ["check", str(path), "--json"], catch_exceptions=False)
    assert listed.exit_code == 0, listed.output
    report = json.loads(listed.output)
    assert report["valid"] and report["to_move"] == 1
    assert report["moves"] == [{"kind": "track", "from": "e1", "path": ["k1"], "notation": "e1-k1"}]
    played = runner.invoke(main, ["check", str(path), "--json", "--move", "e1-k1"], catch_exceptions=False)
    assert played.exit_code == 0, played.output
    after = json.loads(played.output)
    assert [move["notation"] for move in after["moves"]] == ["h1-off"]
    assert after["moves"][0]["path"] == ["finished"]
    assert after["to_move"] == 1 and "throw = [6]" in after["position"]
    refused = runner.invoke(main, ["check", str(path), "--move", "e1-l1"], catch_exceptions=False)
    assert refused.exit_code == 1
    assert "'e1-l1' is not a legal move for player 1" in refused.output


def test_two_dice_that_enter_a_checker_onto_the_same_field_are_told_apart(tmp_path: Path) -> None:
    game = changed(tmp_path, "enter-first = true", 'enter-first = true\nenter = "start"')
    position = at(game, {"h1": [1] * 14, "a2": [2] * 15}, [4, 3], waiting={1: 1})
    found = [move.notation for move in position.moves()]
    assert len(found) == len(set(found)) == 2, found


def test_backward_with_dice_used_one_by_one_is_played_or_refused(tmp_path: Path) -> None:
    try:
        game = changed(tmp_path, 'no-move = "pass"', 'no-move = "pass"\nbackward = true')
    except GameFileError as error:
        assert "backward" in str(error)
        return
    # A lone checker on 12 (a1) with 6-3: 6 and 9 are held by player 2, so nothing moves forward; backward, 12 -> 18
    # and 12 -> 15 are free.
    position = at(game, {"a1": 1, "h1": [2, 2], "d1": [2, 2], "m1": [2] * 11}, [6, 3], finished={1: 14})
    assert notations(position) != ["pass"]
