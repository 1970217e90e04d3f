"""Every mechanism of the board engine, each on a small hand-made position whose answer was worked out by hand:
the lines pieces move along, kinds and their directions, steps, slides, jumps, takes, flying, placing (anywhere,
in a column, outflanking), custodial and compulsory capture, chains, rows and mills, promotion, and every end.

Positions are position files, moves whole sets of notations: a test fails on a move too many as on one missing.
The games are the tests' own (tests/board_games/), or a few lines of [play] written for the test (`inline`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from board_helpers import at, file_of, inline, listed, own, pieces, played

from boardgen.api import IllegalMoveError, MoveError, OutcomeCode, PositionFileError

THREE = "\n".join([". . ."] * 3)


# -- lines --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lines", "origin", "expected"), [
    ("orthogonal", "c3", {"b3", "d3", "c2", "c4"}),
    ("all", "c3", {"b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"}),
    ("alquerque", "c3", {"b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"}),  # 2 + 2 even: diagonals through it
    ("alquerque", "b3", {"a3", "c3", "b2", "b4"}),  # 1 + 2 odd: rows and columns only
    ("alquerque", "b2", {"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"}),
])
def test_a_step_goes_to_each_neighbour_along_the_grids_lines(tmp_path: Path, lines: str, origin: str,
                                                           expected: set[str]) -> None:
    game = inline(tmp_path, f'pieces = 1\nlines = "{lines}"\nstart = {{ a5 = 1, e5 = 2 }}', 'steps = ["any"]')
    position = at(game, f"to_move = 1\n[pieces]\n{origin} = 1\ne5 = 2\n")
    assert listed(position) == {f"{origin}-{to}" for to in expected}


def test_drawn_lines_join_only_the_points_on_them_and_skip_the_fields_the_map_leaves_out(tmp_path: Path) -> None:
    game = inline(tmp_path, 'pieces = 1\nlines = ["a1-c1", "a1-a3", "a1-c3", "c1-c3"]\nstart = { a1 = 1, c3 = 2 }',
                  'steps = ["any"]', "o o o\no # o\no o o")
    position = at(game, "to_move = 1\n[pieces]\na1 = 1\nc3 = 2\n")
    # b2 is no field: the diagonal a1-c3 joins a1 to c3 directly, and a1-c1 runs through b1.
    assert listed(position) == {"a1-b1", "a1-a2"}
    assert listed(at(game, "to_move = 1\n[pieces]\nb1 = 1\nc3 = 2\n")) == {"b1-a1", "b1-c1"}  # no column b drawn
    assert listed(at(game, "to_move = 2\n[pieces]\nb1 = 1\nc3 = 2\n")) == {"c3-c2", "c3-a1"}


# -- kinds and their directions -------------------------------------------------------------------------------

@pytest.mark.parametrize(("steps", "player", "expected"), [
    ('["forward"]', 1, {"c4"}),
    ('["forward"]', 2, {"c2"}),  # player 2 sits opposite: its forward is down the board
    ('["forward-left", "forward-right"]', 1, {"b4", "d4"}),
    ('["forward-left"]', 2, {"d2"}),  # player 2's left is player 1's right
    ('["back"]', 1, {"c2"}),
    ('["back-left", "back-right"]', 2, {"b4", "d4"}),
    ('["sideways"]', 2, {"b3", "d3"}),
    ('["up", "left"]', 2, {"c4", "b3"}),  # absolute directions are as player 1 sees the board, for both
    ('{ 1 = ["up"], 2 = ["down-left"] }', 2, {"b2"}),
    ('["diagonal"]', 1, {"b2", "b4", "d2", "d4"}),
])
def test_directions_are_relative_to_the_mover_or_as_player_1_sees_the_board(tmp_path: Path, steps: str, player: int,
                                                                            expected: set[str]) -> None:
    game = inline(tmp_path, 'pieces = 1\nlines = "all"\nstart = { a1 = 1, e5 = 2 }\nhand = 0', f"steps = {steps}")
    other = 3 - player
    position = at(game, f"to_move = {player}\n[pieces]\nc3 = {player}\n{'a5' if other == 2 else 'e1'} = {other}\n")
    assert listed(position) == {f"c3-{to}" for to in expected}


def test_each_kind_moves_its_own_way_and_the_board_names_it() -> None:
    position = at(own("little-draughts"), """
        to_move = 1
        [pieces]
        a1 = 1
        d4 = "1 king"
        f6 = 2
        """)
    assert listed(position) == {"a1-b2", "d4-c3", "d4-e3", "d4-c5", "d4-e5"}
    assert {field: [(piece.player, piece.kind) for piece in stack] for field, stack in position.board.items()} == {
        "a1": [(1, "man")], "d4": [(1, "king")], "f6": [(2, "man")]}


# -- steps, slides, jumps, takes ----------------------------------------------------------------------------------

SLIDER = 'pieces = 3\nslides = ["orthogonal"]\nstart = { a1 = 1, e5 = 2 }\nhand = 0'
C5_SLIDES = ("c5-c4", "c5-b5", "c5-a5", "c5-d5", "c5-e5")  # the other piece's, in the positions below


def test_a_slide_goes_any_distance_through_empty_fields_and_stops_before_any_piece(tmp_path: Path) -> None:
    game = inline(tmp_path, SLIDER)
    position = at(game, "to_move = 1\n[pieces]\nc3 = 1\nc5 = 1\ne3 = 2\n")
    # Never onto e3 (a slide takes nothing) nor past c5's piece.
    assert listed(position) == {"c3-c4", "c3-c2", "c3-c1", "c3-b3", "c3-a3", "c3-d3", *C5_SLIDES}


def test_a_barred_field_is_passed_over_but_never_stopped_on(tmp_path: Path) -> None:
    game = inline(tmp_path, SLIDER + '\nbarred = ["c2", "a3"]')
    position = at(game, "to_move = 1\n[pieces]\nc3 = 1\nc5 = 1\ne3 = 2\n")
    assert listed(position) == {"c3-c4", "c3-c1", "c3-b3", "c3-d3", *C5_SLIDES}


def test_a_jump_goes_over_a_neighbouring_opponent_to_the_empty_field_beyond_and_captures_it(tmp_path: Path) -> None:
    game = inline(tmp_path, 'pieces = 5\nstart = { a1 = 1, e5 = 2 }\nhand = 0', 'jumps = ["orthogonal"]')
    position = at(game, """
        to_move = 1
        [pieces]
        c3 = 1
        d3 = 1
        c4 = 2
        c2 = 2
        b3 = 2
        a3 = 2
        """)
    # Over c4 and c2 to the empty fields beyond; not over its own d3, nor over b3 onto a3's piece.
    assert listed(position) == {"c3xc5", "c3xc1"}
    jump = next(move for move in position.moves() if move.notation == "c3xc5")
    assert (jump.kind, jump.origin, jump.path) == ("jump", "c3", ("c5",))
    assert pieces(position.play(jump)) == {"c5": "1", "d3": "1", "c2": "2", "b3": "2", "a3": "2"}


def test_a_take_moves_onto_a_neighbouring_opponent_in_its_directions_only(tmp_path: Path) -> None:
    game = inline(tmp_path, 'pieces = 4\nlines = "all"\ntakes = ["up", "up-right"]\nstart = { a1 = 1, e5 = 2 }\n'
                  'hand = 0')
    position = at(game, "to_move = 1\n[pieces]\nb2 = 1\na3 = 2\nb3 = 2\nc3 = 2\nc2 = 2\n")
    assert listed(position) == {"b2xb3", "b2xc3"}
    assert pieces(position.play("b2xc3")) == {"c3": "1", "a3": "2", "b3": "2", "c2": "2"}


# -- flying -----------------------------------------------------------------------------------------------------

MORRIS_POINTS = ("a1", "c1", "e1", "b2", "c2", "d2", "a3", "b3", "d3", "e3", "b4", "c4", "d4", "a5", "c5", "e5")


def test_a_player_with_exactly_fly_pieces_and_none_in_hand_flies_to_any_empty_point() -> None:
    three = at(own("little-morris"), "to_move = 1\n[pieces]\na1 = 1\nc1 = 1\nb4 = 1\nd3 = 2\nd4 = 2\nc5 = 2\n")
    empty = set(MORRIS_POINTS) - {"a1", "c1", "b4", "d3", "d4", "c5"}
    assert listed(three) == {f"{origin}-{to}" for origin in ("a1", "c1", "b4") for to in empty}
    assert {move.kind for move in three.moves()} == {"fly"}
    # The opponent has three as well: it flies too.
    assert len(listed(played(three, "b4-a5"))) == 3 * 10


def test_more_pieces_than_fly_or_pieces_still_in_hand_mean_no_flying() -> None:
    four = at(own("little-morris"), "to_move = 1\n[pieces]\na1 = 1\nc1 = 1\nb4 = 1\ne5 = 1\nd3 = 2\nd4 = 2\nc5 = 2\n")
    assert listed(four) == {"a1-a3", "c1-e1", "c1-c2", "b4-b3", "b4-c4", "e5-e3"}
    in_hand = at(own("little-morris"), "to_move = 1\n[pieces]\na1 = 1\nc1 = 1\nb4 = 1\nd3 = 2\nd4 = 2\nc5 = 2\n"
                 "[hand]\n1 = 1\n2 = 1\n")
    assert {move.kind for move in in_hand.moves()} == {"place"}


# -- placing --------------------------------------------------------------------------------------------------------

def test_placing_anywhere_lists_every_empty_field_and_takes_from_the_hand() -> None:
    position = at(own("noughts"), "to_move = 2\n[pieces]\nb2 = 1\n[hand]\n1 = 4\n2 = 5\n")
    assert listed(position) == {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}
    move = position.moves()[0]
    assert (move.kind, move.origin, move.path) == ("place", None, ("a1",))
    assert dict(position.hand) == {1: 4, 2: 5}
    after = position.play("a1")
    assert file_of(after)["hand"] == {"1": 4, "2": 4} and dict(after.hand) == {1: 4, 2: 4}


def test_placing_in_a_column_takes_its_lowest_empty_field_and_a_full_column_none() -> None:
    position = at(own("drop-three"), """
        to_move = 1
        [pieces]
        a1 = 1
        a2 = 2
        a3 = 1
        a4 = 2
        b1 = 2
        b2 = 1
        [hand]
        1 = 5
        2 = 5
        """)
    assert listed(position) == {"b3", "c1", "d1"}
    assert pieces(position.play("c")) == pieces(position.play("c1"))  # a column's letter names its placement
    assert pieces(position.play("b"))["b3"] == "1"
    with pytest.raises(IllegalMoveError):
        position.play("a")


REVERSI_START = "to_move = 1\n[pieces]\nb2 = 1\nc3 = 1\nb3 = 2\nc2 = 2\n[hand]\n1 = 6\n2 = 6\n"


def test_a_disc_is_placed_only_where_it_outflanks_and_the_outflanked_discs_turn() -> None:
    start = at(own("little-reversi"), REVERSI_START)
    assert listed(start) == {"a3", "b4", "c1", "d2"}
    assert pieces(start.play("a3")) == {"a3": "1", "b3": "1", "c3": "1", "b2": "1", "c2": "2"}
    assert pieces(start.play("d2")) == {"d2": "1", "c2": "1", "b2": "1", "b3": "2", "c3": "1"}


def test_one_disc_outflanks_in_all_eight_directions_at_once(tmp_path: Path) -> None:
    game = inline(tmp_path, 'pieces = 16\nlines = "all"\nplace = "flank"\nstart = { a1 = 1, b2 = 2 }\nhand = 15')
    ring = ("b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4")
    outside = ("a1", "a3", "a5", "c1", "c5", "e1", "e3", "e5")
    text = "to_move = 1\n[pieces]\n" + "".join(f"{f} = 2\n" for f in ring) + "".join(f"{f} = 1\n" for f in outside)
    position = at(game, text + "[hand]\n1 = 5\n2 = 5\n")
    assert listed(position) == {"c3"}  # every other empty field sees an empty field beyond the ring
    assert pieces(position.play("c3")) == {field: "1" for field in (*ring, *outside, "c3")}


def test_a_player_passes_only_when_it_has_no_placement_and_the_game_ends_when_neither_has() -> None:
    game = own("little-reversi")
    # White (2) has no disc that could outflank black's: it passes; black still can.
    position = at(game, "to_move = 2\n[pieces]\na1 = 1\nb1 = 2\n[hand]\n1 = 3\n2 = 3\n")
    assert listed(position) == {"pass"}
    after = position.play("pass")
    assert after.to_move == 1 and listed(after) == {"c1"}
    ended = after.play("c1")
    assert ended.outcome is not None and ended.outcome.winners == (1,) and ended.outcome.code is OutcomeCode.SCORE
    assert listed(ended) == set()


def test_most_discs_win_and_equal_numbers_draw_when_no_one_can_place() -> None:
    game = own("little-reversi")
    more = at(game, "to_move = 1\n[pieces]\na1 = 2\nb1 = 2\nd4 = 1\n[hand]\n1 = 3\n2 = 3\n")
    assert more.outcome is not None and more.outcome.winners == (2,) and more.to_move is None
    equal = at(game, "to_move = 1\n[pieces]\na1 = 2\nd4 = 1\n[hand]\n1 = 3\n2 = 3\n")
    assert equal.outcome is not None and equal.outcome.draw


def test_a_player_whose_hand_is_empty_borrows_from_the_opponents_where_borrow_is_true() -> None:
    position = at(own("little-reversi"), REVERSI_START.replace("1 = 6\n", "").replace("2 = 6", "2 = 3"))
    assert listed(position) == {"a3", "b4", "c1", "d2"}
    after = position.play("b4")
    assert file_of(after)["hand"] == {"2": 2} and pieces(after)["b4"] == "1"


# -- custodial capture ----------------------------------------------------------------------------------------

CUSTODIAL = 'pieces = 5\nslides = ["orthogonal"]\ncustodial = true\nstart = { a1 = 1, e5 = 2 }\nhand = 0'
HOSTILE = CUSTODIAL + '\nhostile = ["c3"]'


def test_pieces_shut_in_between_the_moved_piece_and_another_of_the_movers_are_captured(tmp_path: Path) -> None:
    game = inline(tmp_path, CUSTODIAL)
    position = at(game, "to_move = 1\n[pieces]\ne2 = 1\na2 = 1\nc4 = 1\nb2 = 2\nc3 = 2\nc1 = 2\ne5 = 2\n")
    after = position.play("e2-c2")
    # b2 (against a2) and c3 (against c4) at once; c1 has the board's edge beyond it, which shuts nothing in.
    assert pieces(after) == {"a2": "1", "c2": "1", "c4": "1", "c1": "2", "e5": "2"}
    assert after.to_move == 2


def test_a_piece_that_moves_in_between_two_opponents_is_not_captured(tmp_path: Path) -> None:
    game = inline(tmp_path, CUSTODIAL)
    position = at(game, "to_move = 1\n[pieces]\nb5 = 1\na4 = 2\nc4 = 2\n")
    assert pieces(position.play("b5-b4")) == {"b4": "1", "a4": "2", "c4": "2"}


def test_an_empty_hostile_field_shuts_a_piece_in_as_the_movers_own_would(tmp_path: Path) -> None:
    game = inline(tmp_path, HOSTILE)
    position = at(game, "to_move = 1\n[pieces]\na5 = 1\nc4 = 2\ne1 = 2\n")
    assert pieces(position.play("a5-c5")) == {"c5": "1", "e1": "2"}
    # The hostile field held by the opponent's own piece shuts nothing in.
    held = at(game, "to_move = 1\n[pieces]\na5 = 1\nc4 = 2\nc3 = 2\n")
    assert pieces(held.play("a5-c5")) == {"c5": "1", "c4": "2", "c3": "2"}
    # And it serves the other player as well.
    theirs = at(game, "to_move = 2\n[pieces]\nc2 = 1\na5 = 1\na1 = 2\n")
    assert pieces(theirs.play("a1-c1")) == {"a5": "1", "c1": "2"}


def test_a_surrounded_kind_is_captured_only_with_all_four_sides_hostile(tmp_path: Path) -> None:
    game = own("little-tafl")
    two = at(game, 'to_move = 1\n[pieces]\nb3 = 1\nc4 = 1\ng3 = 1\na2 = 1\nc3 = "2 king"\ng7 = 2\n')
    three = two.play("g3-d3")  # the king between d3 and b3 is not taken as a soldier would be, nor on three sides
    assert three.outcome is None and pieces(three)["c3"] == "2 king"
    four = three.play("g7-g6").play("a2-c2")
    assert "c3" not in four.board
    assert four.outcome is not None and four.outcome.winners == (1,) and four.outcome.code is OutcomeCode.CAPTURE
    # Next to the empty throne (d4), three attackers take it.
    by_throne = at(game, 'to_move = 1\n[pieces]\nc5 = 1\nb4 = 1\na3 = 1\nc4 = "2 king"\ng7 = 2\n')
    taken = by_throne.play("a3-c3")
    assert "c4" not in taken.board
    assert taken.outcome is not None and taken.outcome.winners == (1,) and taken.outcome.code is OutcomeCode.CAPTURE


# -- compulsory capture and chains ------------------------------------------------------------------------------

def test_a_player_who_can_capture_must() -> None:
    position = at(own("little-draughts"), "to_move = 1\n[pieces]\na1 = 1\ne1 = 1\nb2 = 2\nf6 = 2\n")
    assert listed(position) == {"a1xc3"}
    assert listed(at(own("little-draughts"), "to_move = 1\n[pieces]\na1 = 1\ne1 = 1\nf6 = 2\n")) == {
        "a1-b2", "e1-d2", "e1-f2"}


def test_a_piece_that_has_jumped_must_jump_on_alone_and_the_same_player_moves() -> None:
    position = at(own("little-draughts"), """
        to_move = 1
        [pieces]
        a1 = 1
        c1 = 1
        b2 = 2
        d4 = 2
        d2 = 2
        f6 = 2
        """)
    assert listed(position) == {"a1xc3", "c1xe3", "c1xa3"}
    going = position.play("a1xc3")
    assert going.to_move == 1 and file_of(going)["jumping"] == "c3"
    assert listed(going) == {"c3xe5"}  # c1's jump over d2 waits: only the jumping piece moves
    done = going.play("c3xe5")
    assert done.to_move == 2 and "jumping" not in file_of(done)
    assert pieces(done) == {"c1": "1", "e5": "1", "d2": "2", "f6": "2"}


def test_a_chain_that_may_go_on_ends_with_stop(tmp_path: Path) -> None:
    game = inline(tmp_path, 'pieces = 3\nchain = true\nstart = { a1 = 1, e5 = 2 }\nhand = 0', 'jumps = ["orthogonal"]')
    position = at(game, "to_move = 1\n[pieces]\na1 = 1\na2 = 2\nb3 = 2\n")
    going = position.play("a1xa3")
    assert going.to_move == 1 and listed(going) == {"a3xc3", "stop"}
    stopped = going.play("stop")
    assert stopped.to_move == 2 and pieces(stopped) == {"a3": "1", "b3": "2"}
    assert "jumping" not in file_of(stopped)


def test_a_man_crowned_by_a_jump_ends_its_move_there() -> None:
    position = at(own("little-draughts"), "to_move = 1\n[pieces]\nb4 = 1\nc5 = 2\ne5 = 2\na1 = 2\n")
    crowned = position.play("b4xd6")
    # As a king on d6 it could jump e5 at once; the move ends with the crowning instead.
    assert crowned.to_move == 2 and pieces(crowned) == {"d6": "1 king", "e5": "2", "a1": "2"}
    assert "jumping" not in file_of(crowned)


def test_a_man_is_crowned_on_its_own_far_row() -> None:
    game = own("little-draughts")
    assert pieces(at(game, "to_move = 1\n[pieces]\nc5 = 1\nf2 = 2\n").play("c5-d6"))["d6"] == "1 king"
    assert pieces(at(game, "to_move = 2\n[pieces]\nc5 = 1\nf2 = 2\n").play("f2-e1"))["e1"] == "2 king"
    assert pieces(at(game, "to_move = 2\n[pieces]\nc5 = 1\nd4 = 2\n").play("d4-e3"))["e3"] == "2"


def test_a_kind_is_promoted_where_its_promote_on_says_and_only_there(tmp_path: Path) -> None:
    game = inline(tmp_path, 'pieces = 2\nlines = "all"\nstart = { a1 = 1, e5 = 2 }\nhand = 0\nkinds = { '
                  'man = { steps = ["forward"], promote = "king", promote-on = ["c4"] }, '
                  'king = { steps = ["diagonal"], mark = "K" } }')
    position = at(game, "to_move = 1\n[pieces]\nc3 = 1\nb4 = 1\na5 = 2\n")
    assert pieces(position.play("c3-c4"))["c4"] == "1 king"
    assert pieces(position.play("b4-b5"))["b5"] == "1"  # the far row is no promotion where promote-on names c4
    assert listed(at(game, 'to_move = 1\n[pieces]\nc4 = "1 king"\na5 = 2\n')) == {"c4-b3", "c4-d3", "c4-b5",
                                                                                   "c4-d5"}


def test_a_goal_or_a_least_number_of_pieces_given_for_one_player_is_that_players_only(tmp_path: Path) -> None:
    game = inline(tmp_path, 'pieces = 2\nstart = { a1 = 1, e5 = 2 }\nhand = 0\ngoal = { 1 = "far row" }\n'
                  'fewer-than = { 2 = 2 }', 'steps = ["forward"]')
    assert at(game, "to_move = 2\n[pieces]\na1 = 1\nb1 = 1\nc2 = 2\nd5 = 2\n").play("c2-c1").outcome is None
    won = at(game, "to_move = 1\n[pieces]\na4 = 1\nb1 = 1\nc2 = 2\nd5 = 2\n").play("a4-a5")
    assert won.outcome is not None and won.outcome.winners == (1,)
    assert at(game, "to_move = 1\n[pieces]\na1 = 1\nc2 = 2\nd5 = 2\n").outcome is None  # player 1 may have one
    few = at(game, "to_move = 1\n[pieces]\na1 = 1\nb1 = 1\nc2 = 2\n")
    assert few.outcome is not None and few.outcome.winners == (1,)


# -- rows and mills ------------------------------------------------------------------------------------------------

NOUGHTS_FIELDS = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")


@pytest.mark.parametrize("row", ["a1 b2 c3", "c1 b2 a3", "a2 b2 c2", "b1 b2 b3", "a3 b3 c3"])
def test_n_in_a_row_wins_along_rows_columns_and_diagonals(row: str) -> None:
    theirs = [field for field in NOUGHTS_FIELDS if field not in row.split()][:2]
    text = "to_move = 2\n[pieces]\n" + "".join(f"{field} = 1\n" for field in row.split()) + \
        "".join(f"{field} = 2\n" for field in theirs) + "[hand]\n1 = 2\n2 = 3\n"
    ended = at(own("noughts"), text)
    assert ended.outcome is not None and ended.outcome.winners == (1,) and ended.outcome.code is OutcomeCode.PATTERN
    assert listed(ended) == set()


def test_two_in_a_row_goes_on_and_a_full_board_draws() -> None:
    game = own("noughts")
    assert at(game, "to_move = 2\n[pieces]\na1 = 1\nb2 = 1\nc1 = 2\n[hand]\n1 = 3\n2 = 4\n").outcome is None
    full = at(game, "to_move = 2\n[pieces]\na1 = 1\nb1 = 2\nc1 = 1\na2 = 1\nb2 = 2\nc2 = 2\na3 = 2\nb3 = 1\nc3 = 1\n"
              "[hand]\n2 = 1\n")
    assert full.outcome is not None and full.outcome.draw and listed(full) == set()


def test_a_mill_made_by_a_placement_removes_an_opponent_piece_not_in_a_mill_as_a_move_of_its_own() -> None:
    position = at(own("little-morris"), """
        to_move = 1
        [pieces]
        a1 = 1
        c1 = 1
        b2 = 2
        c2 = 2
        d2 = 2
        a5 = 2
        [hand]
        1 = 2
        2 = 1
        """)
    milled = position.play("e1")
    assert milled.to_move == 1 and file_of(milled)["removing"] is True
    assert listed(milled) == {"xa5"}  # b2, c2 and d2 stand in a mill
    removal = milled.moves()[0]
    assert (removal.kind, removal.origin, removal.path) == ("remove", None, ("a5",))
    after = milled.play("xa5")
    assert after.to_move == 2 and "removing" not in file_of(after) and "a5" not in after.board


def test_where_every_opponent_piece_stands_in_a_mill_any_may_be_removed() -> None:
    position = at(own("little-morris"), "to_move = 1\nremoving = true\n[pieces]\na1 = 1\nc1 = 1\ne1 = 1\n"
                  "b2 = 2\nc2 = 2\nd2 = 2\n[hand]\n1 = 1\n2 = 2\n")
    assert listed(position) == {"xb2", "xc2", "xd2"}


def test_a_mill_made_by_a_move_removes_too_and_a_move_making_none_does_not() -> None:
    position = at(own("little-morris"), "to_move = 1\n[pieces]\na1 = 1\nc1 = 1\ne3 = 1\nb4 = 1\n"
                  "d3 = 2\nd4 = 2\nc5 = 2\na5 = 2\n")
    milled = position.play("e3-e1")
    assert milled.to_move == 1 and listed(milled) == {"xd3", "xd4", "xc5", "xa5"}
    plain = position.play("b4-b3")
    assert plain.to_move == 2 and "removing" not in file_of(plain)


def test_a_removal_that_leaves_fewer_than_the_least_loses() -> None:
    position = at(own("little-morris"), "to_move = 1\nremoving = true\n[pieces]\na1 = 1\nc1 = 1\ne1 = 1\n"
                  "d3 = 2\nd4 = 2\nc5 = 2\n")
    after = position.play("xc5")
    assert after.outcome is not None and after.outcome.winners == (1,) and after.to_move is None


# -- ends -------------------------------------------------------------------------------------------------------

def test_a_piece_reaching_the_goal_wins() -> None:
    game = own("little-breakthrough")
    position = at(game, "to_move = 1\n[pieces]\nb3 = 1\nd2 = 2\n")
    assert listed(position) == {"b3-a4", "b3-b4", "b3-c4"}
    won = position.play("b3-b4")
    assert won.outcome is not None and won.outcome.winners == (1,) and won.outcome.code is OutcomeCode.GOAL
    theirs = at(game, "to_move = 2\n[pieces]\nb3 = 1\nc2 = 2\n").play("c2-c1")
    assert theirs.outcome is not None and theirs.outcome.winners == (2,)


@pytest.mark.parametrize(("no_move", "winners", "draw"), [("lose", (2,), False), ("draw", (), True)])
def test_a_player_who_cannot_move_loses_or_draws_as_the_rules_say(tmp_path: Path, no_move: str,
                                                                  winners: tuple[int, ...], draw: bool) -> None:
    game = inline(tmp_path, f'pieces = 1\nno-move = "{no_move}"\nstart = {{ a1 = 1, c3 = 2 }}', 'steps = ["forward"]',
                  THREE)
    stuck = at(game, "to_move = 1\n[pieces]\na3 = 1\nc3 = 2\n")
    assert stuck.outcome is not None and stuck.outcome.winners == winners and stuck.outcome.draw is draw
    assert listed(stuck) == set() and stuck.to_move is None


def test_a_player_who_cannot_move_passes_by_default_and_no_one_moving_draws(tmp_path: Path) -> None:
    game = inline(tmp_path, 'pieces = 1\nstart = { a1 = 1, c3 = 2 }', 'steps = ["forward"]', THREE)
    position = at(game, "to_move = 1\n[pieces]\na3 = 1\nc3 = 2\n")
    assert listed(position) == {"pass"}
    assert position.play("pass").to_move == 2
    neither = at(game, "to_move = 1\n[pieces]\na3 = 1\nc1 = 2\n")
    assert neither.outcome is not None and neither.outcome.draw


def test_moves_in_a_row_without_a_capture_draw_and_a_capture_starts_the_count_again() -> None:
    game = own("little-draughts")
    position = at(game, "to_move = 1\nquiet = 19\n[pieces]\na1 = 1\nf6 = 2\n")
    drawn = position.play("a1-b2")
    assert drawn.outcome is not None and drawn.outcome.draw and drawn.outcome.code is OutcomeCode.DRAW
    counted = at(game, "to_move = 1\nquiet = 5\n[pieces]\na1 = 1\nf6 = 2\n").play("a1-b2")
    assert file_of(counted)["quiet"] == 6 and counted.outcome is None
    captured = at(game, "to_move = 1\nquiet = 19\n[pieces]\na1 = 1\nb2 = 2\nf6 = 2\n").play("a1xc3")
    assert captured.outcome is None and "quiet" not in file_of(captured)


def test_too_many_moves_in_a_row_without_a_move_forward_lose() -> None:
    game = own("little-hunt")
    position = at(game, "to_move = 1\n[pieces]\na1 = 1\na3 = 1\nd2 = 2\n[stalled]\n1 = 3\n")
    assert listed(position) == {"a1-b1", "a1-a2", "a1-b2", "a3-b3", "a3-a2"}
    lost = position.play("a1-a2")  # up: a hound could step back down, so not forward
    assert lost.outcome is not None and lost.outcome.winners == (2,) and lost.outcome.code is OutcomeCode.STALLED
    forward = position.play("a1-b1")
    assert forward.outcome is None and "stalled" not in file_of(forward)
    assert file_of(at(game, "to_move = 1\n[pieces]\na1 = 1\na3 = 1\nd2 = 2\n").play("a3-a2"))["stalled"] == {"1": 1}


def test_a_player_wins_once_no_opponent_piece_is_further_its_way() -> None:
    game = own("little-hunt")
    position = at(game, "to_move = 2\n[pieces]\na1 = 1\nc3 = 1\nb2 = 2\n")
    assert listed(position) == {"b2-a2", "b2-c2", "b2-b1", "b2-b3"}  # a1 and c3, along the diagonal, are taken
    past = position.play("b2-a2")  # a1's hound is in the hare's column, not left of it
    assert past.outcome is not None and past.outcome.winners == (2,) and past.outcome.code is OutcomeCode.GOAL
    assert position.play("b2-b1").outcome is None  # a1's hound is left of b1


def test_the_hunters_win_when_the_hunted_cannot_move() -> None:
    game = own("little-hunt")
    # d3 has two lines, to c3 and d2 (the diagonals run through b3 and c3's other corners).
    assert listed(at(game, "to_move = 2\n[pieces]\nb3 = 1\nd2 = 1\nd3 = 2\n")) == {"d3-c3"}
    cornered = at(game, "to_move = 2\n[pieces]\nc3 = 1\nd2 = 1\nd3 = 2\n")
    assert cornered.outcome is not None and cornered.outcome.winners == (1,) and listed(cornered) == set()


# -- position files -----------------------------------------------------------------------------------------------

def test_a_position_file_says_the_kinds_the_hands_the_counters_and_what_is_under_way() -> None:
    game = own("little-draughts")
    text = 'to_move = 1\nquiet = 3\njumping = "c3"\n\n[pieces]\nc3 = 1\nd4 = 2\n' \
           'f6 = "2 king"\n'
    position = game.read_position(text)
    written = file_of(position)
    written.pop("game")
    assert written == {"to_move": 1, "quiet": 3, "jumping": "c3", "pieces": {"c3": 1, "d4": 2, "f6": "2 king"}}
    assert game.read_position(position.to_toml()) == position
    assert listed(position) == {"c3xe5"}


@pytest.mark.parametrize(("game", "text", "words"), [
    ("little-draughts", 'to_move = 1\n[pieces]\nc3 = "1 queen"\n', "queen"),
    ("little-draughts", "to_move = 1\n[pieces]\nb3 = 1\n", "b3"),  # a light square: no field
    ("little-draughts", "to_move = 3\n[pieces]\nc3 = 1\n", "to_move"),
    ("little-draughts", 'to_move = 1\njumping = 4\n[pieces]\nc3 = 1\n', "jumping"),
    ("little-morris", "to_move = 1\nremoving = 1\n[pieces]\na1 = 1\n", "removing"),
])
def test_a_position_file_that_says_something_impossible_is_refused_in_words(game: str, text: str,
                                                                             words: str) -> None:
    with pytest.raises(PositionFileError, match=words):
        at(own(game), text)


def test_a_columns_letter_names_no_placement_where_pieces_are_placed_anywhere() -> None:
    with pytest.raises(MoveError):
        own("noughts").start().play("b")  # b1, b2 and b3 are all empty: "b" says none of them
    with pytest.raises(MoveError):
        at(own("little-reversi"), REVERSI_START).play("a")


def test_a_position_file_naming_a_piece_to_jump_on_that_cannot_jump_is_refused() -> None:
    with pytest.raises(PositionFileError, match="jumping"):
        at(own("little-draughts"), 'to_move = 1\njumping = "c3"\n[pieces]\nc3 = 1\nf6 = 2\n')
