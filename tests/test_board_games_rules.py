"""The eight games boardgen ships for the board engine play exactly the rules issue 44 gives them: each rule on a
hand-made position (or a game played from the start) whose moves and outcome were worked out by hand from those
rules, never from the engine.  Fields are column letter and row number, a1 bottom left as player 1 sees it."""

from __future__ import annotations

import re

import pytest
from board_helpers import at, file_of, listed, pieces, played, shipped

from boardgen.api import Game, OutcomeCode, Position


def hands(game: Game, placed: dict[int, int]) -> str:
    """The [hand] of a position where each player has placed `placed[player]` pieces from its start's hand."""
    start = game.start().hand
    return "[hand]\n" + "".join(f"{player} = {start[player] - placed.get(player, 0)}\n" for player in (1, 2))


def ended(position: Position, winners: tuple[int, ...]) -> None:
    outcome = position.outcome
    assert outcome is not None, position.to_toml()
    assert outcome.winners == winners, outcome
    assert position.to_move is None and listed(position) == set()


def going_on(position: Position) -> None:
    assert position.outcome is None, position.outcome


def kind_at(game: str, field: str) -> str:
    """The kind of the piece on `field` at the start of `game`, as position files name it ("2 king")."""
    return shipped(game).start().board[field][0].kind


# -- tic-tac-toe ----------------------------------------------------------------------------------------------------

TTT_FIELDS = {f"{column}{row}" for column in "abc" for row in (1, 2, 3)}


def test_tic_tac_toe_player_1_places_first_anywhere_on_3x3() -> None:
    start = shipped("tic-tac-toe").start()
    assert start.to_move == 1 and dict(start.board) == {} and listed(start) == TTT_FIELDS
    after = start.play("b2")
    assert after.to_move == 2 and listed(after) == TTT_FIELDS - {"b2"}
    assert [piece.player for piece in after.board["b2"]] == [1]


@pytest.mark.parametrize(("moves", "winners"), [
    ("a1 a2 b2 a3 c3", (1,)),  # a diagonal
    ("c1 a1 b2 a2 a3", (1,)),  # the other diagonal
    ("b1 a1 b2 a2 b3", (1,)),  # a column
    ("a1 a2 c3 b2 b1 c2", (2,)),  # a row, by player 2
])
def test_tic_tac_toe_three_in_a_row_column_or_diagonal_wins(moves: str, winners: tuple[int, ...]) -> None:
    *before, last = moves.split()
    position = played(shipped("tic-tac-toe").start(), *before)
    going_on(position)
    won = position.play(last)
    ended(won, winners)
    assert won.outcome is not None and won.outcome.code is OutcomeCode.PATTERN


def test_tic_tac_toe_a_full_board_is_a_draw() -> None:
    *before, last = "a1 b1 c1 b2 a2 a3 c2 c3 b3".split()
    position = played(shipped("tic-tac-toe").start(), *before)
    going_on(position)
    full = position.play(last)
    ended(full, ())
    assert full.outcome is not None and full.outcome.draw


# -- connect-four ---------------------------------------------------------------------------------------------------

def test_connect_four_a_piece_goes_to_the_lowest_empty_field_of_its_column() -> None:
    start = shipped("connect-four").start()
    assert start.to_move == 1 and listed(start) == {f"{column}1" for column in "abcdefg"}
    twice = start.play("d").play("d")
    assert {field: stack[0].player for field, stack in twice.board.items()} == {"d1": 1, "d2": 2}
    assert listed(twice) == {"a1", "b1", "c1", "d3", "e1", "f1", "g1"}
    full = played(start, *["d"] * 6)
    assert listed(full) == {"a1", "b1", "c1", "e1", "f1", "g1"}  # column d is full


@pytest.mark.parametrize("moves", [
    "a1 a2 b1 b2 c1 c2 d1",  # a row
    "a1 b1 a2 b2 a3 b3 a4",  # a column
    "a1 b1 b2 c1 d1 c2 c3 d2 g1 d3 d4",  # up and right
    "d1 c1 c2 b1 g1 b2 b3 a1 g2 a2 f1 a3 a4",  # up and left
])
def test_connect_four_four_in_a_row_in_any_direction_wins(moves: str) -> None:
    *before, last = moves.split()
    position = played(shipped("connect-four").start(), *before)
    going_on(position)
    ended(position.play(last), (1,))


# A whole board of 21 pieces each with no four in a row anywhere (checked by hand, row by row, column by column and
# along every diagonal), in an order that alternates the players and fills each column from the bottom.
DRAWN_CONNECT_FOUR = ("a1 a2 c1 a3 c2 a4 a5 b1 a6 b2 b3 c3 b4 b5 d1 b6 f1 c4 c5 c6 g1 d2 d3 d4 d5 e1 e2 e3 e4 d6 "
                      "e5 f2 e6 f3 f4 g2 g3 f5 g4 g5 f6 g6")


def test_connect_four_a_full_board_is_a_draw() -> None:
    *before, last = DRAWN_CONNECT_FOUR.split()
    position = played(shipped("connect-four").start(), *before)
    going_on(position)
    assert listed(position) == {"g6"}
    ended(position.play(last), ())


# -- nine-mens-morris -----------------------------------------------------------------------------------------------

MORRIS_POINTS = {"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4", "c5",
                 "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"}


def morris(text: str, placed: dict[int, int] | None = None) -> Position:
    """A morris position; `placed`: how many each player has placed, where the placing is not over."""
    game = shipped("nine-mens-morris")
    counted = hands(game, placed) if placed is not None else "[hand]\n1 = 0\n2 = 0\n"
    return at(game, text + counted)


def test_morris_player_1_places_first_on_any_of_the_24_points() -> None:
    start = shipped("nine-mens-morris").start()
    assert start.to_move == 1 and listed(start) == MORRIS_POINTS and dict(start.hand) == {1: 9, 2: 9}


def test_morris_men_step_along_the_lines_to_a_neighbouring_empty_point_and_never_diagonally() -> None:
    position = morris("to_move = 1\n[pieces]\nd2 = 1\na1 = 1\nb4 = 1\ng7 = 1\ne5 = 2\nf6 = 2\nc3 = 2\nd7 = 2\n")
    assert listed(position) == {"d2-d1", "d2-d3", "d2-b2", "d2-f2", "a1-d1", "a1-a4", "b4-a4", "b4-c4", "b4-b2",
                                "b4-b6", "g7-g4"}


def test_morris_the_placing_goes_on_until_every_man_is_placed() -> None:
    position = morris("to_move = 2\n[pieces]\n" + "".join(f"{f} = 1\n" for f in ("a1", "g1", "b2", "f2", "c3", "e3",
                                                                                   "b6", "f6", "d7"))
                      + "".join(f"{f} = 2\n" for f in ("d1", "d2", "a4", "g4", "c5", "e5", "a7", "g7")),
                      {1: 9, 2: 8})
    assert {move.kind for move in position.moves()} == {"place"}
    last = position.play("d6")  # (d5 would make player 2 a mill: c5 d5 e5)
    assert last.to_move == 1 and {move.kind for move in last.moves()} == {"step"}


def test_morris_a_mill_made_by_a_placement_removes_a_man_not_in_a_mill_as_a_move_of_the_same_player() -> None:
    position = morris("to_move = 1\n[pieces]\na1 = 1\nd1 = 1\nb6 = 1\nc5 = 1\na7 = 2\nd7 = 2\ng7 = 2\ne4 = 2\n",
                      {1: 4, 2: 4})
    milled = position.play("g1")
    assert milled.to_move == 1 and file_of(milled).get("removing") is True
    assert listed(milled) == {"xe4"}  # a7, d7 and g7 stand in a mill
    removed = milled.play("xe4")
    assert removed.to_move == 2 and "e4" not in removed.board and removed.board["g1"][0].player == 1


def test_morris_any_man_may_be_removed_where_all_stand_in_mills() -> None:
    position = morris("to_move = 1\n[pieces]\na1 = 1\nd1 = 1\nb6 = 1\na7 = 2\nd7 = 2\ng7 = 2\n", {1: 3, 2: 3})
    assert listed(position.play("g1")) == {"xa7", "xd7", "xg7"}


def test_morris_a_mill_made_by_a_move_removes_too() -> None:
    position = morris("to_move = 1\n[pieces]\na1 = 1\nd1 = 1\ng4 = 1\nb6 = 1\nd2 = 2\nf2 = 2\nd7 = 2\ne4 = 2\n")
    milled = position.play("g4-g1")
    assert milled.to_move == 1 and listed(milled) == {"xd2", "xf2", "xd7", "xe4"}
    assert position.play("b6-b4").to_move == 2


def test_morris_a_player_with_exactly_three_men_flies_to_any_empty_point() -> None:
    text = "to_move = 1\n[pieces]\na1 = 1\nd1 = 1\nb6 = 1\na7 = 2\nd5 = 2\ne3 = 2\nf4 = 2\n"
    three = morris(text)
    empty = MORRIS_POINTS - {"a1", "d1", "b6", "a7", "d5", "e3", "f4"}
    assert listed(three) == {f"{origin}-{to}" for origin in ("a1", "d1", "b6") for to in empty}
    four = morris(text.replace("b6 = 1\n", "b6 = 1\ng7 = 1\n"))
    assert listed(four) == {"a1-a4", "d1-g1", "d1-d2", "b6-b4", "b6-d6", "g7-g4", "g7-d7"}
    flown = three.play("b6-g1")  # a mill, made by flying
    assert flown.to_move == 1 and listed(flown) == {"xa7", "xd5", "xe3", "xf4"}


def test_morris_a_player_left_with_two_men_loses() -> None:
    position = morris("to_move = 1\nremoving = true\n[pieces]\na1 = 1\nd1 = 1\ng1 = 1\nb6 = 1\na7 = 2\nd5 = 2\n"
                      "e3 = 2\n")
    ended(position.play("xe3"), (1,))


def test_morris_a_player_with_no_legal_move_loses() -> None:
    blocked = morris("to_move = 1\n[pieces]\na1 = 1\nd1 = 1\ng1 = 1\na4 = 1\nd2 = 2\ng4 = 2\na7 = 2\nb4 = 2\n")
    ended(blocked, (2,))


# -- english-draughts -------------------------------------------------------------------------------------------

DRAUGHTS_START = {"a1": 1, "c1": 1, "e1": 1, "g1": 1, "b2": 1, "d2": 1, "f2": 1, "h2": 1, "a3": 1, "c3": 1, "e3": 1,
                  "g3": 1, "b6": 2, "d6": 2, "f6": 2, "h6": 2, "a7": 2, "c7": 2, "e7": 2, "g7": 2, "b8": 2, "d8": 2,
                  "f8": 2, "h8": 2}


def draughts(text: str) -> Position:
    return at(shipped("english-draughts"), text)


def test_draughts_starts_on_the_dark_squares_of_rows_1_to_3_and_6_to_8_player_1_first() -> None:
    start = shipped("english-draughts").start()
    assert {field: stack[0].player for field, stack in start.board.items()} == DRAUGHTS_START
    assert start.to_move == 1
    assert listed(start) == {"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}


def test_draughts_a_man_steps_diagonally_forward_and_a_king_all_four_ways() -> None:
    men = draughts("to_move = 2\n[pieces]\nd4 = 1\ne7 = 2\n")
    assert listed(men) == {"e7-d6", "e7-f6"}  # player 2's forward is down the board
    king = draughts('to_move = 1\n[pieces]\nd4 = "1 king"\nh8 = 2\n')
    assert listed(king) == {"d4-c3", "d4-e3", "d4-c5", "d4-e5"}


def test_draughts_capturing_is_compulsory_and_a_man_never_captures_backward() -> None:
    both = draughts("to_move = 1\n[pieces]\nd4 = 1\na1 = 1\nc3 = 2\ne5 = 2\nh8 = 2\n")
    assert listed(both) == {"d4xf6"}  # not the man behind it on c3, and no step while a capture is there
    backward_only = draughts("to_move = 1\n[pieces]\nd4 = 1\nc3 = 2\nh8 = 2\n")
    assert listed(backward_only) == {"d4-c5", "d4-e5"}
    king = draughts('to_move = 1\n[pieces]\nd4 = "1 king"\nc3 = 2\nh8 = 2\n')
    assert listed(king) == {"d4xb2"}


def test_draughts_a_piece_that_has_jumped_jumps_again_while_it_can_by_any_way_and_the_turn_stays() -> None:
    position = draughts("to_move = 1\n[pieces]\na1 = 1\nb2 = 2\nd4 = 2\nb4 = 2\nd2 = 2\nh8 = 2\n")
    assert listed(position) == {"a1xc3"}
    going = position.play("a1xc3")
    assert going.to_move == 1 and file_of(going)["jumping"] == "c3"
    assert listed(going) == {"c3xe5", "c3xa5"}  # either way on; never back over d2
    done = going.play("c3xe5")
    assert done.to_move == 2 and "jumping" not in file_of(done)
    assert pieces(done) == {"e5": "1", "b4": "2", "d2": "2", "h8": "2"}


def test_draughts_the_chain_goes_on_with_the_same_piece_only() -> None:
    position = draughts("to_move = 1\n[pieces]\na1 = 1\ng1 = 1\nb2 = 2\nd4 = 2\nf2 = 2\nh8 = 2\n")
    assert listed(position) == {"a1xc3", "g1xe3"}
    going = position.play("a1xc3")
    assert listed(going) == {"c3xe5"}  # g1's jump waits


def test_draughts_a_man_reaching_the_far_row_is_crowned_and_its_move_ends_there() -> None:
    jumped = draughts("to_move = 1\n[pieces]\nb6 = 1\nc7 = 2\ne7 = 2\na1 = 2\n").play("b6xd8")
    # A king on d8 could jump e7 at once: the crowning ends the move instead.
    assert jumped.to_move == 2 and pieces(jumped) == {"d8": "1 king", "e7": "2", "a1": "2"}
    stepped = draughts("to_move = 1\n[pieces]\nc7 = 1\nh2 = 2\n").play("c7-b8")
    assert pieces(stepped)["b8"] == "1 king"
    theirs = draughts("to_move = 2\n[pieces]\nc7 = 1\nb2 = 2\n").play("b2-a1")
    assert pieces(theirs)["a1"] == "2 king"
    assert [piece.kind for piece in theirs.board["a1"]] == ["king"]


def test_draughts_a_player_with_no_legal_move_loses() -> None:
    ended(draughts("to_move = 1\n[pieces]\na1 = 1\nb2 = 2\nc3 = 2\n"), (2,))
    ended(draughts("to_move = 2\n[pieces]\na1 = 1\n"), (1,))  # no piece left: no move


def test_draughts_forty_moves_in_a_row_without_a_capture_draw() -> None:
    drawn = draughts("to_move = 1\nquiet = 39\n[pieces]\na1 = 1\nh8 = 2\n").play("a1-b2")
    ended(drawn, ())
    assert drawn.outcome is not None and drawn.outcome.code is OutcomeCode.DRAW
    counting = draughts("to_move = 1\nquiet = 38\n[pieces]\na1 = 1\nh8 = 2\n").play("a1-b2")
    going_on(counting)
    assert file_of(counting)["quiet"] == 39
    capture = draughts("to_move = 1\nquiet = 39\n[pieces]\na1 = 1\nb2 = 2\nh8 = 2\n").play("a1xc3")
    going_on(capture)
    assert "quiet" not in file_of(capture)


# -- breakthrough -----------------------------------------------------------------------------------------------

def test_breakthrough_starts_with_two_home_rows_each_and_player_1_moves_first() -> None:
    start = shipped("breakthrough").start()
    assert {field: stack[0].player for field, stack in start.board.items()} == {
        f"{column}{row}": 1 if row < 3 else 2 for column in "abcdefgh" for row in (1, 2, 7, 8)}
    assert start.to_move == 1
    columns = "abcdefgh"
    expected = {f"{c}2-{columns[i + d]}3" for i, c in enumerate(columns) for d in (-1, 0, 1) if 0 <= i + d < 8}
    assert listed(start) == expected and len(expected) == 22


def test_breakthrough_a_piece_captures_diagonally_forward_and_never_straight() -> None:
    game = shipped("breakthrough")
    position = at(game, "to_move = 1\n[pieces]\nd4 = 1\nd5 = 2\ne5 = 2\nh8 = 2\n")
    assert listed(position) == {"d4-c5", "d4xe5"}  # d5 blocks it straight ahead
    assert pieces(position.play("d4xe5")) == {"e5": "1", "d5": "2", "h8": "2"}
    theirs = at(game, "to_move = 2\n[pieces]\na1 = 1\nd4 = 1\ne4 = 1\nd5 = 2\n")
    assert listed(theirs) == {"d5-c4", "d5xe4"}


def test_breakthrough_the_first_to_reach_the_opponents_home_row_wins() -> None:
    game = shipped("breakthrough")
    won = at(game, "to_move = 1\n[pieces]\nc7 = 1\nh7 = 2\n").play("c7-c8")
    ended(won, (1,))
    ended(at(game, "to_move = 1\n[pieces]\nc7 = 1\nd8 = 2\nh7 = 2\n").play("c7xd8"), (1,))
    ended(at(game, "to_move = 2\n[pieces]\na4 = 1\nf2 = 2\n").play("f2-g1"), (2,))


# -- reversi --------------------------------------------------------------------------------------------------------

def reversi(text: str) -> Position:
    return at(shipped("reversi"), text + "[hand]\n1 = 10\n2 = 10\n")


def test_reversi_starts_with_white_on_d5_and_e4_and_black_placing_first() -> None:
    start = shipped("reversi").start()
    assert {field: stack[0].player for field, stack in start.board.items()} == {"d4": 1, "e5": 1, "d5": 2, "e4": 2}
    assert start.to_move == 1 and listed(start) == {"c5", "d6", "e3", "f4"}
    after = start.play("c5")
    assert {field: stack[0].player for field, stack in after.board.items()} == {
        "c5": 1, "d5": 1, "d4": 1, "e5": 1, "e4": 2}
    assert after.to_move == 2 and listed(after) == {"c4", "c6", "e6"}


def test_reversi_a_disc_outflanks_in_all_eight_directions_at_once() -> None:
    ring = ("d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6")
    beyond = ("c3", "c5", "c7", "e3", "e7", "g3", "g5", "g7")
    position = reversi("to_move = 1\n[pieces]\n" + "".join(f"{f} = 2\n" for f in ring)
                       + "".join(f"{f} = 1\n" for f in beyond))
    assert listed(position) == {"e5"}  # every other empty square sees an empty square beyond the ring
    assert pieces(position.play("e5")) == {field: "1" for field in (*ring, *beyond, "e5")}


def test_reversi_only_the_outflanked_discs_turn() -> None:
    position = reversi("to_move = 1\n[pieces]\na1 = 1\nb1 = 2\nc1 = 2\ne1 = 2\nf1 = 1\nb2 = 2\n")
    # d1 turns c1 and b1 (against a1) and e1 (against f1); b2 is on no line from d1 to a black disc.
    assert "d1" in listed(position)
    assert pieces(position.play("d1")) == {"a1": "1", "b1": "1", "c1": "1", "d1": "1", "e1": "1", "f1": "1",
                                           "b2": "2"}


def test_reversi_a_player_passes_only_when_it_cannot_place() -> None:
    position = reversi("to_move = 2\n[pieces]\na1 = 1\nb1 = 2\n")
    assert listed(position) == {"pass"}
    passed = position.play("pass")
    assert passed.to_move == 1 and listed(passed) == {"c1"}
    assert "pass" not in listed(shipped("reversi").start())
    # Out of discs of its own, a player who could outflank still places (with one of the opponent's): no pass.
    out_of_discs = at(shipped("reversi"), "to_move = 1\n[pieces]\na1 = 1\nb1 = 2\n[hand]\n2 = 5\n")
    assert listed(out_of_discs) == {"c1"}


def test_reversi_the_game_ends_when_neither_can_place_and_the_most_discs_win() -> None:
    ended(reversi("to_move = 1\n[pieces]\na1 = 2\nb1 = 2\nh8 = 1\n"), (2,))
    equal = reversi("to_move = 1\n[pieces]\na1 = 2\nh8 = 1\n")
    ended(equal, ())
    assert equal.outcome is not None and equal.outcome.draw
    last = reversi("to_move = 1\n[pieces]\na1 = 1\nb1 = 2\n").play("c1")
    ended(last, (1,))


# -- tablut -------------------------------------------------------------------------------------------------------

ATTACKERS = ("d1", "e1", "f1", "e2", "d9", "e9", "f9", "e8", "a4", "a5", "a6", "b5", "i4", "i5", "i6", "h5")
DEFENDERS = ("e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5")


def tablut(text: str) -> Position:
    return at(shipped("tablut"), text)


def king_kind() -> str:
    return kind_at("tablut", "e5")


def test_tablut_starts_with_the_king_on_the_throne_its_defenders_and_the_attackers_moving_first() -> None:
    start = shipped("tablut").start()
    assert {field: stack[0].player for field, stack in start.board.items()} == {
        **{field: 1 for field in ATTACKERS}, **{field: 2 for field in DEFENDERS}, "e5": 2}
    assert king_kind() not in {stack[0].kind for field, stack in start.board.items() if field != "e5"}
    assert start.to_move == 1
    assert {move for move in listed(start) if move.startswith(("d1", "e2"))} == {
        "d1-d2", "d1-d3", "d1-d4", "d1-c1", "d1-b1", "d1-a1",
        "e2-d2", "e2-c2", "e2-b2", "e2-a2", "e2-f2", "e2-g2", "e2-h2", "e2-i2"}


def test_tablut_pieces_move_like_rooks_and_only_the_king_stops_on_the_throne() -> None:
    king = king_kind()
    attacker = tablut(f'to_move = 1\n[pieces]\ne1 = 1\nc3 = "2 {king}"\ng7 = 2\n')
    assert {move for move in listed(attacker) if move.startswith("e1")} == {
        "e1-e2", "e1-e3", "e1-e4", "e1-e6", "e1-e7", "e1-e8", "e1-e9",
        "e1-a1", "e1-b1", "e1-c1", "e1-d1", "e1-f1", "e1-g1", "e1-h1", "e1-i1"}
    defender = tablut(f'to_move = 2\n[pieces]\na1 = 1\ne4 = 2\nc3 = "2 {king}"\n')
    assert "e4-e5" not in listed(defender) and "e4-e6" in listed(defender)
    home = tablut(f'to_move = 2\n[pieces]\na1 = 1\ne3 = "2 {king}"\n')
    assert {"e3-e4", "e3-e5"} <= listed(home)


def test_tablut_a_piece_between_the_moved_piece_and_an_opponent_is_captured() -> None:
    king = king_kind()
    position = tablut(f'to_move = 1\n[pieces]\na5 = 1\nd7 = 1\nd6 = 2\nc3 = "2 {king}"\n')
    assert pieces(position.play("a5-d5")) == {"d5": "1", "d7": "1", "c3": f"2 {king}"}
    # A piece that moves in between two opponents is safe.
    safe = tablut(f'to_move = 2\n[pieces]\nc6 = 1\nc8 = 1\ng7 = 2\nh3 = "2 {king}"\n')
    assert pieces(safe.play("g7-c7")) == {"c6": "1", "c8": "1", "c7": "2", "h3": f"2 {king}"}


def test_tablut_the_empty_throne_captures_as_an_opponent_would_for_either_side() -> None:
    king = king_kind()
    attackers = tablut(f'to_move = 1\n[pieces]\na7 = 1\ne6 = 2\nc3 = "2 {king}"\n')
    assert pieces(attackers.play("a7-e7")) == {"e7": "1", "c3": f"2 {king}"}
    defenders = tablut(f'to_move = 2\n[pieces]\nd5 = 1\nb2 = 1\nc8 = 2\nh3 = "2 {king}"\n')
    assert pieces(defenders.play("c8-c5")) == {"c5": "2", "b2": "1", "h3": f"2 {king}"}
    # With the king on it, the throne is no attacker's ally.
    held = tablut(f'to_move = 1\n[pieces]\na7 = 1\ne6 = 2\ne5 = "2 {king}"\n')
    assert pieces(held.play("a7-e7")) == {"e7": "1", "e6": "2", "e5": f"2 {king}"}


def test_tablut_the_king_is_captured_on_four_sides_or_on_three_and_the_throne() -> None:
    king = king_kind()
    two = tablut(f'to_move = 1\n[pieces]\nb3 = 1\ni3 = 1\nc3 = "2 {king}"\ng7 = 2\n').play("i3-d3")
    going_on(two)  # between two attackers the king stands
    three = tablut(f'to_move = 1\n[pieces]\nb3 = 1\nc4 = 1\ni3 = 1\na2 = 1\nc3 = "2 {king}"\ng7 = 2\n')
    three = three.play("i3-d3")
    going_on(three)
    four = three.play("g7-g6").play("a2-c2")
    assert "c3" not in four.board
    ended(four, (1,))
    by_throne = tablut(f'to_move = 1\n[pieces]\nd4 = 1\nf4 = 1\na3 = 1\ne4 = "2 {king}"\ng7 = 2\n')
    ended(by_throne.play("a3-e3"), (1,))
    on_throne = tablut(f'to_move = 1\n[pieces]\nd5 = 1\nf5 = 1\ne6 = 1\na4 = 1\ne5 = "2 {king}"\ng7 = 2\n')
    ended(on_throne.play("a4-e4"), (1,))


def test_tablut_the_defenders_win_when_the_king_reaches_any_edge_square() -> None:
    king = king_kind()
    position = tablut(f'to_move = 2\n[pieces]\ni9 = 1\nc3 = "2 {king}"\n')
    for edge in ("c1", "a3"):
        ended(position.play(f"c3-{edge}"), (2,))
    going_on(position.play("c3-c2"))


def test_tablut_a_player_with_no_legal_move_loses() -> None:
    king = king_kind()
    ended(tablut(f'to_move = 1\n[pieces]\na1 = 1\na2 = 2\nb1 = 2\ne5 = "2 {king}"\n'), (2,))


# -- hare-and-hounds --------------------------------------------------------------------------------------------

def hunt(text: str) -> Position:
    """A hare and hounds position, whose player 2's piece is written `2`: the hare, of its own kind."""
    hare = kind_at("hare-and-hounds", "e2")
    return at(shipped("hare-and-hounds"), re.sub(r"^([a-e][1-3]) = 2$", rf'\1 = "2 {hare}"', text, flags=re.MULTILINE))


def test_hare_and_hounds_starts_with_the_hounds_on_a2_b1_b3_moving_first_and_never_left() -> None:
    start = shipped("hare-and-hounds").start()
    assert {field: stack[0].player for field, stack in start.board.items()} == {"a2": 1, "b1": 1, "b3": 1, "e2": 2}
    assert start.to_move == 1
    assert listed(start) == {"a2-b2", "b1-c1", "b1-b2", "b1-c2", "b3-c3", "b3-b2", "b3-c2"}
    assert listed(start.play("b1-c1")) == {"e2-d2", "e2-d1", "e2-d3"}


def test_hare_and_hounds_a_hound_steps_right_up_or_down_along_a_line_never_back() -> None:
    position = hunt("to_move = 1\n[pieces]\nc1 = 1\nc2 = 1\nc3 = 1\ne2 = 2\n")
    assert listed(position) == {"c1-d1", "c3-d3", "c2-d2", "c2-d1", "c2-d3"}
    middle = hunt("to_move = 1\n[pieces]\nb2 = 1\nc1 = 1\nd3 = 1\ne2 = 2\n")
    assert listed(middle) == {"b2-c2", "b2-b1", "b2-b3", "c1-d1", "c1-c2", "d3-d2"}  # no diagonal through b2


def test_hare_and_hounds_the_hare_steps_along_any_line() -> None:
    position = hunt("to_move = 2\n[pieces]\na2 = 1\nb1 = 1\nb3 = 1\nc2 = 2\n")
    assert listed(position) == {"c2-b2", "c2-d2", "c2-c1", "c2-c3", "c2-d1", "c2-d3"}


def test_hare_and_hounds_the_hare_wins_when_no_hound_is_left_of_it() -> None:
    position = hunt("to_move = 2\n[pieces]\nb2 = 1\nc1 = 1\nc3 = 1\nc2 = 2\n")
    ended(position.play("c2-b1"), (2,))  # b2's hound is in the hare's column, not left of it
    going_on(position.play("c2-d2"))


def test_hare_and_hounds_ten_hound_moves_in_a_row_not_forward_lose() -> None:
    text = "to_move = 1\n[pieces]\nb2 = 1\nc1 = 1\nd3 = 1\ne2 = 2\n[stalled]\n1 = 9\n"
    lost = hunt(text).play("b2-b1")
    ended(lost, (2,))
    assert lost.outcome is not None and lost.outcome.code is OutcomeCode.STALLED
    forward = hunt(text).play("b2-c2")
    going_on(forward)
    assert "stalled" not in file_of(forward)
    counting = hunt(text.replace("1 = 9", "1 = 8")).play("b2-b3")
    going_on(counting)
    assert file_of(counting)["stalled"] == {"1": 9}


def test_hare_and_hounds_the_hounds_win_when_the_hare_cannot_move() -> None:
    trapped = hunt("to_move = 1\n[pieces]\nd1 = 1\nc2 = 1\nd3 = 1\ne2 = 2\n").play("c2-d2")
    ended(trapped, (1,))
