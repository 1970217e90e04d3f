"""Blocks, protection and where pieces must stop (issue 45, item 2), on hand-made positions whose answers are
worked out by hand below: Backgammon's points of two, Senet by Kendall's rules (the swap, two in a row protected,
three in a row a blockade, square 26, the water, leaving exactly, moving backward, throwing again) and Ludo's
blocks as a rule option.

Backgammon and Senet run on the tests' own copies of their [play] (tests/race_games/) and on the shipped games by
name, once boardgen ships them.  Senet's squares by number, the track running along the top row, back along the
middle and along the bottom:

    squares  1-10: a3 b3 c3 d3 e3 f3 g3 h3 i3 j3
    squares 11-20: j2 i2 h2 g2 f2 e2 d2 c2 b2 a2      (15, f2: where the water sends a piece back)
    squares 21-30: a1 b1 c1 d1 e1 f1 g1 h1 i1 j1      (26, f1: every piece stops here; 27, g1: the water)
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
from boardgen.api import Game, Position
from boardgen.cli.app import main
from boardgen.gamefiles.game import FileGame

OWN_GAMES = Path(__file__).resolve().parent / "race_games"
SENETS = [pytest.param(str(OWN_GAMES / "senet.toml"), id="tests")] + (
    [pytest.param("senet", id="shipped")] if "senet" in GAMES else [])
BACKGAMMONS = [pytest.param(str(OWN_GAMES / "backgammon.toml"), id="tests")] + (
    [pytest.param("backgammon", id="shipped")] if "backgammon" in GAMES else [])
Stack: TypeAlias = int | Sequence[int]  # a field's pieces, bottom first


@pytest.fixture(params=SENETS)
def senet(request: pytest.FixtureRequest) -> Game:
    return boardgen.game(request.param)


@pytest.fixture(params=BACKGAMMONS)
def backgammon(request: pytest.FixtureRequest) -> Game:
    return boardgen.game(request.param)


def position_text(game: Game, pieces: Mapping[str, Stack], throw: str = "", *, to_move: int = 1,
                  waiting: Mapping[int, int] | None = None, finished: Mapping[int, int] | None = None,
                  rules: Mapping[str, str] | None = None) -> str:
    """A position file of `game`: its pieces (a field's stack bottom first), the throw (TOML: "3", "[6, 5]"),
    pieces waiting and finished, and rule options."""
    lines = [game.start().to_toml().splitlines()[0], f"to_move = {to_move}"]  # the game as its positions name it
    if throw:
        lines.append(f"throw = {throw}")
    lines += ["[pieces]", *(f"{field} = {stack if isinstance(stack, int) else list(stack)}"
                            for field, stack in pieces.items())]
    for table, counts in (("waiting", waiting), ("finished", finished)):
        lines += [f"[{table}]", *(f"{player} = {count}" for player, count in (counts or {}).items())]
    lines += ["[rules]", *(f'{name} = "{value}"' for name, value in (rules or {}).items())]
    return "\n".join(lines) + "\n"


def notations(position: Position) -> list[str]:
    return sorted(move.notation for move in position.moves())


def changed(tmp_path: Path, source: Path, old: str, new: str) -> Game:
    """The game file `source` with one line of its [play] changed, as a designer changes a copy."""
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"changed-{source.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return boardgen.game(path)


def every_move_leads_to_a_valid_position(position: Position) -> None:
    """Each listed move's position, read back from its file: PositionFileError names what the rules refuse."""
    for move in position.moves():
        after = position.play(move)
        assert position.game.read_position(after.to_toml()) == after, move.notation


# -- Backgammon ----------------------------------------------------------------------------------------------------

def test_a_backgammon_point_of_two_blocks_and_a_single_checker_is_hit_to_the_bar(backgammon: Game) -> None:
    # Player 1's lone checker on 18 (f2) with 2-1; player 2 has two on 16 (d2) and one on 17 (e2): the 2 is
    # blocked, the 1 hits on 17, and then the 2 goes on from 17 to 15 (c2).
    text = position_text(backgammon, {"f2": 1, "e2": 2, "d2": [2, 2], "a1": [2] * 6, "b1": [2] * 6}, "[2, 1]",
                         finished={1: 14})
    position = backgammon.read_position(text)
    assert notations(position) == ["f2xe2"]
    hit = position.play("f2xe2")
    assert (hit.to_move, hit.throw, notations(hit), dict(hit.hand)) == (1, "2", ["e2-c2"], {1: 0, 2: 1})
    assert "e2 = 1" in hit.to_toml().splitlines()
    done = hit.play("e2-c2")
    assert (done.to_move, done.throw, dict(done.hand)) == (2, None, {1: 0, 2: 1})


def test_a_backgammon_point_of_two_blocks_on_any_point_and_a_lone_runner_may_pass_it(backgammon: Game) -> None:
    # Three of player 2's on 20 (i2), two on 22 (k2): player 1's checker on 24 (m2) cannot land on either with a 4
    # or a 2, and jumps over them with a 6 (to 18) or a 5 (to 19): a block bars landing, not passing.
    pieces: dict[str, Stack] = {"m2": 1, "i2": [2, 2, 2], "k2": [2, 2], "a1": [2] * 10}
    for throw, moves in (("[4]", ["pass"]), ("[2]", ["pass"]), ("[6]", ["m2-f2"]), ("[5]", ["m2-h2"])):
        position = backgammon.read_position(position_text(backgammon, pieces, throw, finished={1: 14}))
        assert notations(position) == moves, throw


# -- Senet ---------------------------------------------------------------------------------------------------------

def square(number: int) -> str:
    """Senet's square 1 to 30 as a field."""
    letters = "abcdefghij"
    if number <= 10:
        return f"{letters[number - 1]}3"
    return f"{letters[20 - number]}2" if number <= 20 else f"{letters[number - 21]}1"


def on_squares(senet: Game, players: Mapping[int, int], throw: int, to_move: int = 1) -> Position:
    """A Senet position: each square's piece by the square's number; each player's pieces not on the board have
    borne off."""
    on_board = {player: sum(1 for p in players.values() if p == player) for player in (1, 2)}
    return senet.read_position(position_text(senet, {square(n): p for n, p in players.items()}, str(throw),
                                             to_move=to_move, finished={p: 5 - n for p, n in on_board.items()}))


def test_senet_squares_are_the_fields_the_issue_names(senet: Game) -> None:
    assert [square(n) for n in (1, 10, 11, 15, 20, 21, 26, 27, 30)] == ["a3", "j3", "j2", "f2", "a2", "a1", "f1",
                                                                          "g1", "j1"]
    assert set(senet.start().board) == {square(n) for n in range(1, 11)}
    assert senet.start().board["a3"][0].player == 1 and senet.start().board["b3"][0].player == 2


def test_senet_sticks_count_marked_faces_with_none_up_counting_5(senet: Game) -> None:
    assert {throw: chance * 16 for throw, chance in senet.throws.items()} == {"1": 4, "2": 6, "3": 4, "4": 1, "5": 1}


def test_senet_a_capture_swaps_the_two_pieces(senet: Game) -> None:
    position = on_squares(senet, {3: 1, 5: 2}, 2)
    assert notations(position) == ["c3xe3"]
    after = position.play("c3xe3")
    assert after.to_move == 2
    assert {field: stack[0].player for field, stack in after.board.items()} == {"c3": 2, "e3": 1}


def test_senet_at_the_start_a_capture_sends_the_piece_where_the_capturer_stood(senet: Game) -> None:
    # Issue 45's engine bug: the captured piece went to its start square, where its own piece already stood.
    start = senet.start().thrown(1)
    assert notations(start) == ["a3xb3", "c3xd3", "e3xf3", "g3xh3", "i3xj3"]
    every_move_leads_to_a_valid_position(start)
    after = start.play("a3xb3")
    assert (after.board["a3"][0].player, after.board["b3"][0].player) == (2, 1)
    assert notations(senet.start().thrown(3)) == ["a3xd3", "c3xf3", "e3xh3", "g3xj3", "i3-i2"]


def test_check_plays_a_senet_capture_into_a_position_it_calls_valid(senet: Game, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # The issue's report: `check` called the position a capture had made invalid.
    text = senet.start().thrown(1).to_toml()
    game_line = text.splitlines()[0]
    if game_line.endswith('.toml"'):  # the tests' own file: positions name it by its path from their folder
        monkeypatch.chdir(OWN_GAMES)
    path = tmp_path / "start.toml"
    path.write_text(text.replace(game_line, f'game = "{OWN_GAMES / "senet.toml"}"')
                    if game_line.endswith('.toml"') else text, encoding="utf-8")
    runner = CliRunner()
    played = runner.invoke(main, ["check", str(path), "--json", "--move", "a3xb3"], catch_exceptions=False)
    assert played.exit_code == 0, played.output
    after = json.loads(played.output)
    assert after["valid"] and after["to_move"] == 1  # a 1 throws again
    assert {"a3 = 2", "b3 = 1"} <= set(after["position"].splitlines())
    again = runner.invoke(main, ["check", "-", "--json"], input=after["position"], catch_exceptions=False)
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["valid"] is True


def test_senet_two_in_a_row_are_protected(senet: Game) -> None:
    # Player 2 on 5 and 6: player 1's piece on 3 may not land on either; with no move forward it moves backward
    # (a 2: to 1), or passes where it cannot (a 3: 3 - 3 is off the track's start).
    assert notations(on_squares(senet, {3: 1, 5: 2, 6: 2}, 2)) == ["c3-a3"]
    assert notations(on_squares(senet, {3: 1, 5: 2, 6: 2}, 3)) == ["pass"]
    # Two in a row may be passed: a 4 goes from 3 over them to 7.
    assert notations(on_squares(senet, {3: 1, 5: 2, 6: 2}, 4)) == ["c3-g3"]
    # Neighbours along the track, the row turning between them: 10 (j3) and 11 (j2).
    assert notations(on_squares(senet, {8: 1, 10: 2, 11: 2}, 2)) == ["h3-f3"]
    # Alone, the piece on 5 is taken.
    assert notations(on_squares(senet, {3: 1, 5: 2, 7: 2}, 2)) == ["c3xe3"]


def test_senet_three_in_a_row_cannot_be_passed(senet: Game) -> None:
    # Player 2 on 5, 6, 7: the piece on 3 may not pass them with a 5; the one on 19 (b2) may go on to 24 (d1).
    assert notations(on_squares(senet, {3: 1, 5: 2, 6: 2, 7: 2, 19: 1}, 5)) == ["b2-d1"]
    # Two in a row, or three held by both players, may be passed.
    assert notations(on_squares(senet, {3: 1, 5: 2, 6: 2, 19: 1}, 5)) == ["b2-d1", "c3-h3"]
    assert notations(on_squares(senet, {3: 1, 5: 2, 6: 1, 7: 2, 19: 1}, 5)) == ["b2-d1", "c3-h3", "f3-j2"]


def test_senet_three_in_a_row_cannot_be_passed_going_backward_either(senet: Game) -> None:
    # Player 1 on 9, 14, 19 and 24 with a 5: each lands on its own piece but the last, which would pass 26.  So
    # backward: only 9 -> 4 lands on a free square, over player 2's 5 and 6 (and 7).
    ahead = {9: 1, 14: 1, 19: 1, 24: 1}
    assert notations(on_squares(senet, {**ahead, 1: 2, 5: 2, 6: 2}, 5)) == ["i3-d3"]
    assert notations(on_squares(senet, {**ahead, 5: 2, 6: 2, 7: 2}, 5)) == ["pass"]


def test_senet_backward_moves_capture_by_swapping_too(senet: Game) -> None:
    # Player 1 on 7 and 9 with a 2: 7 -> 9 is its own, 9 -> 11 is one of player 2's three in a row (10, 11, 12).
    # No move forward, so backward: 9 -> 7 is its own, 7 -> 5 takes player 2's lone piece there, which goes to 7.
    position = on_squares(senet, {5: 2, 7: 1, 9: 1, 10: 2, 11: 2, 12: 2}, 2)
    assert notations(position) == ["g3xe3"]
    after = position.play("g3xe3")
    assert (after.board["e3"][0].player, after.board["g3"][0].player) == (1, 2)


# Square 24 (d1), 25 (e1), 26 (f1), 28 (h1), 29 (i1) and 30 (j1), each throw: the one move of a lone piece of
# player 1 (player 2's lone piece on square 1 is out of its way).  A piece stops on 26 before going on; from 26
# a 1 lands in the water (27, g1) and goes back to 15 (f2); it leaves the board from 26 with a 5, from 28 with a
# 3, from 29 with a 2 and from 30 with a 1, with nothing else; a piece that cannot go forward goes backward.
LONE_PIECE = {
    24: {1: "d1-e1", 2: "d1-f1", 3: "d1-a1", 4: "d1-a2", 5: "d1-b2"},
    25: {1: "e1-f1", 2: "e1-c1", 3: "e1-b1", 4: "e1-a1", 5: "e1-a2"},
    26: {1: "f1-g1-f2", 2: "f1-h1", 3: "f1-i1", 4: "f1-j1", 5: "f1-off"},
    28: {1: "h1-i1", 2: "h1-j1", 3: "h1-off", 4: "h1-d1", 5: "h1-c1"},
    29: {1: "i1-j1", 2: "i1-off", 3: "i1-f1", 4: "i1-e1", 5: "i1-d1"},
    30: {1: "j1-off", 2: "j1-h1", 3: "j1-g1-f2", 4: "j1-f1", 5: "j1-e1"},
}


@pytest.mark.parametrize("on", sorted(LONE_PIECE))
def test_senet_a_piece_stops_on_26_and_leaves_from_26_to_30_with_the_exact_throw(senet: Game, on: int) -> None:
    found = {throw: notations(on_squares(senet, {on: 1, 1: 2}, throw)) for throw in range(1, 6)}
    assert found == {throw: [move] for throw, move in LONE_PIECE[on].items()}


def test_senet_the_water_sends_a_piece_back_to_15_or_the_first_free_square_before_it(senet: Game) -> None:
    assert notations(on_squares(senet, {26: 1, 1: 2}, 1)) == ["f1-g1-f2"]
    assert notations(on_squares(senet, {26: 1, 15: 2}, 1)) == ["f1-g1-g2"]  # 15 taken: 14
    # 15 and 14 taken (14 by player 1 itself): 13; or the piece on 14 takes the one on 15.
    assert notations(on_squares(senet, {26: 1, 15: 2, 14: 1}, 1)) == ["f1-g1-h2", "g2xf2"]
    sent_back = on_squares(senet, {26: 1, 15: 2}, 1).play("f1-g1-g2")
    assert {field: stack[0].player for field, stack in sent_back.board.items()} == {"g2": 1, "f2": 2}


def test_senet_1_4_and_5_throw_again(senet: Game) -> None:
    for throw in range(1, 6):
        after = on_squares(senet, {12: 1, 2: 2}, throw).play(f"i2-{square(12 + throw)}")
        assert (after.to_move, after.throw) == ((1 if throw in (1, 4, 5) else 2), None), throw
    # A 4 that cannot be used throws again too; a 3 passes the turn.
    assert on_squares(senet, {3: 1, 5: 2, 6: 2}, 3).play("pass").to_move == 2
    stuck = on_squares(senet, {1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, 4)
    assert notations(stuck) == ["pass"] and stuck.play("pass").to_move == 1


def test_senet_the_first_to_bear_off_all_five_wins(senet: Game) -> None:
    won = on_squares(senet, {30: 1, 1: 2}, 1).play("j1-off")
    assert won.outcome is not None and won.outcome.winners == (1,) and won.to_move is None
    assert dict(won.finished) == {1: 5, 2: 4}


# -- Ludo's blocks -------------------------------------------------------------------------------------------------

def ludo_at(blocks: str, pieces: Mapping[str, Stack], throw: int, waiting: Mapping[int, int]) -> Position:
    game = boardgen.game("ludo", rules={"blocks": blocks})
    return game.read_position(position_text(game, pieces, str(throw), waiting=waiting, rules={"blocks": blocks}))


@pytest.mark.parametrize(("throw", "off", "on"), [
    (1, ["b9-c9"], ["b9-c9"]),
    (2, ["b9xd9"], ["pass"]),  # landing on the two: both sent back, or barred
    (3, ["b9-e9"], ["pass"]),  # passing them
    (6, ["b9-g11", "in-b9"], ["in-b9"]),
])
def test_ludo_two_of_a_players_pieces_block_landing_and_passing_with_blocks_on(throw: int, off: list[str],
                                                                               on: list[str]) -> None:
    # Player 1's piece on its start b9; two of player 2's on d9, two fields on along player 1's track.
    pieces: dict[str, Stack] = {"b9": 1, "d9": [2, 2]}
    assert notations(ludo_at("off", pieces, throw, {1: 3, 2: 2})) == off
    assert notations(ludo_at("on", pieces, throw, {1: 3, 2: 2})) == on


def test_ludo_blocks_bar_a_starting_field_and_never_their_owner() -> None:
    # Two of player 2's on player 1's starting field: with blocks, player 1's 6 cannot bring a piece on (and the 6
    # throws again); without, the pieces share the safe field.
    assert notations(ludo_at("off", {"b9": [2, 2]}, 6, {1: 4, 2: 2})) == ["in-b9"]
    barred = ludo_at("on", {"b9": [2, 2]}, 6, {1: 4, 2: 2})
    assert notations(barred) == ["pass"] and barred.play("pass").to_move == 1
    # Player 1's own two on d9 block nobody of player 1: the piece behind passes them.
    assert notations(ludo_at("on", {"b9": 1, "d9": [1, 1]}, 3, {1: 1, 2: 4})) == ["b9-e9", "d9-g10"]
    # A single piece is no block.
    assert notations(ludo_at("on", {"b9": 1, "d9": 2}, 3, {1: 3, 2: 3})) == ["b9-e9"]


# -- a capture that swaps, where the captured piece cannot stand ---------------------------------------------------



def test_a_swap_never_leaves_the_captured_piece_beside_the_capturers_own(tmp_path: Path) -> None:
    game = changed(tmp_path, OWN_GAMES / "backgammon.toml", 'capture-to = "waiting"', 'capture-to = "swap"')
    # Two of player 1's on 18 (f2), player 2's lone checker on 17 (e2), a 1 to use.
    position = game.read_position(position_text(game, {"f2": [1, 1], "e2": 2}, "[1]", finished={1: 13, 2: 14}))
    every_move_leads_to_a_valid_position(position)


def test_a_swap_never_puts_the_captured_piece_off_its_track(tmp_path: Path) -> None:
    ur = GAMES["ur"]
    assert isinstance(ur, FileGame)
    game = changed(tmp_path, Path(ur.file.path), 'capture-to = "waiting"', 'capture-to = "swap"')
    # Player 1's piece on its first field d1 with a 4 reaches a2, the shared row's first, where player 2's stands.
    position = game.read_position(position_text(game, {"d1": 1, "a2": 2}, "4", waiting={1: 6, 2: 6}))
    assert "d1xa2" not in notations(position)  # the swap is not offered: d1 is not on player 2's track
    every_move_leads_to_a_valid_position(position)


def test_a_swap_never_puts_the_captured_piece_beside_its_own(tmp_path: Path) -> None:
    game = changed(tmp_path, OWN_GAMES / "senet.toml", 'backward = true', 'backward = true\nsafe = ["c3"]\n'
                   'on-safe = "stack"')
    position = game.read_position(position_text(game, {"c3": [2, 1], "e3": 2}, "2", finished={1: 4, 2: 3}))
    assert "c3xe3" not in notations(position)  # not offered: the captured piece would share c3 with its own
    every_move_leads_to_a_valid_position(position)
