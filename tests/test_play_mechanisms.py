"""Every mechanism of [play], each on a small hand-made game and position whose answer is known."""

from __future__ import annotations

from fractions import Fraction

import pytest
from play_helpers import after, move_json, moves, position, small_game

from boardgen.engine.contract import OutcomeCode

RACE = '''
pieces = 2
throw = {{ dice = 1, sides = 6 }}
tracks = ["a1-f1"]
{extra}
'''


def race(extra: str = "", players: int = 2):
    return small_game(RACE.format(extra=extra), players)


def at(throw: int | None, pieces: str = "", waiting: str = "1 = 2\n2 = 2", finished: str = "", to_move: int = 1,
       extra: str = "") -> str:
    throw_line = f"throw = {throw}\n" if throw is not None else ""
    return (f'game = "test"\nto_move = {to_move}\n{throw_line}{extra}[pieces]\n{pieces}\n[waiting]\n{waiting}\n'
            f"[finished]\n{finished}\n")


def test_sticks_count_marked_faces_and_a_table_gives_each_count_its_value():
    game = small_game('pieces = 1\nthrow = { sticks = 4, values = { 0 = 5, 1 = 1, 2 = 2, 3 = 3, 4 = 4 } }\n'
                      'tracks = { 1 = ["a1-f1"], 2 = ["a2-f2"] }')
    chances = {c.label: c.weight for c in game.rules.chance(game.rules.start())}
    assert chances == {"1": Fraction(4, 16), "2": Fraction(6, 16), "3": Fraction(4, 16), "4": Fraction(1, 16),
                       "5": Fraction(1, 16)}
    thrown = at(None, waiting="1 = 1\n2 = 1", extra="throw = [0, 0, 0, 0]\n")
    assert position(game, thrown).throw == 5


def test_dice_with_their_own_faces_add_up():
    game = small_game('pieces = 1\nthrow = { dice = 2, sides = 3, faces = [0, 1, 1] }\ntracks = ["a1-f1"]')
    chances = {c.label: c.weight for c in game.rules.chance(game.rules.start())}
    assert chances == {"0": Fraction(1, 9), "1": Fraction(4, 9), "2": Fraction(4, 9)}


def test_entering_by_count_or_onto_the_start_only_with_certain_throws():
    assert moves(race(), at(3)) == ["in-c1"]
    game = race('enter = "start"\nenter-throws = [6]')
    assert moves(game, at(3)) == ["pass"]
    assert moves(game, at(6)) == ["in-a1"]


def test_a_throw_or_a_field_that_gives_another_throw():
    game = race('again = { throws = [6], fields = ["c1"] }')
    assert after(game, at(3), "in-c1").startswith('game = "test"\nto_move = 1\n')
    assert after(game, at(2), "in-b1").startswith('game = "test"\nto_move = 2\n')
    assert after(game, at(6, "a1 = 1", "1 = 1\n2 = 2"), "in-f1").startswith('game = "test"\nto_move = 1\n')
    assert move_json(race('again = { throws = [6] }\nenter-throws = [1]'), at(6, waiting="1 = 2\n2 = 2")) == [
        {"kind": "pass", "from": None, "path": [], "notation": "pass"}]
    passed = after(race('again = { throws = [6] }\nenter-throws = [1]'), at(6), "pass")
    assert passed.startswith('game = "test"\nto_move = 1\n')  # a 6 throws again even when it moved nothing


def test_finishing_with_the_exact_throw_or_any_throw_that_reaches():
    assert moves(race(), at(2, "e1 = 1", "1 = 1\n2 = 2")) == ["e1-off", "in-b1"]
    assert moves(race(), at(3, "e1 = 1", "1 = 1\n2 = 2")) == ["in-c1"]
    assert moves(race('finish = "reach"'), at(3, "e1 = 1", "1 = 1\n2 = 2")) == ["e1-off", "in-c1"]
    assert moves(race('finish = "none"\ngoal = "f1"'), at(2, "e1 = 1", "1 = 1\n2 = 2")) == ["in-b1"]


def test_landing_on_ones_own_piece_is_blocked_or_stacks():
    text = at(1, "a1 = 1\nb1 = 1", "1 = 0\n2 = 2")
    assert moves(race(), text) == ["b1-c1"]
    assert moves(race('own = "stack"'), text) == ["a1-b1", "b1-c1"]
    assert "b1 = [1, 1]" in after(race('own = "stack"'), text, "a1-b1")


def test_landing_on_an_opponent_captures_back_to_waiting_or_to_its_start_or_is_blocked_or_shares():
    text = at(2, "a1 = 1\nc1 = 2", "1 = 1\n2 = 1")
    assert "[waiting]\n1 = 1\n2 = 2" in after(race(), text, "a1xc1")
    to_start = after(race('capture-to = "start"'), text, "a1xc1")
    assert "a1 = 2\nc1 = 1" in to_start  # back on its track's first field
    assert moves(race('opponent = "block"'), text) == ["in-b1"]
    assert "c1 = [2, 1]" in after(race('opponent = "stack"'), text, "a1-c1")


def test_safe_fields_block_or_share():
    text = at(2, "a1 = 1\nc1 = 2", "1 = 1\n2 = 1")
    assert moves(race('safe = ["c1"]'), text) == ["in-b1"]
    assert "c1 = [2, 1]" in after(race('safe = ["c1"]\non-safe = "stack"'), text, "a1-c1")


def test_ladders_and_snakes_move_a_piece_on_when_it_lands():
    game = race('ladders = { b1 = "e1" }\nsnakes = { d1 = "a1" }\nfinish = "none"\ngoal = "f1"')
    assert move_json(game, at(2)) == [{"kind": "enter", "from": "waiting", "path": ["b1", "e1"],
                                       "notation": "in-b1-e1"}]
    assert move_json(game, at(1, "c1 = 1", "1 = 1\n2 = 2"))[0]["path"] == ["d1", "a1"]


def test_a_snake_back_to_where_the_piece_started_is_not_blocked_by_the_piece_itself():
    game = race('snakes = { c1 = "a1" }')
    assert move_json(game, at(2, "a1 = 1", "1 = 1\n2 = 2")) == [
        {"kind": "track", "from": "a1", "path": ["c1", "a1"], "notation": "a1-c1-a1"},
        {"kind": "enter", "from": "waiting", "path": ["b1"], "notation": "in-b1"}]


def test_grid_steps_and_capturing_jumps_in_the_directions_a_side_may_use():
    game = small_game('pieces = { 1 = 2, 2 = 1 }\nsteps = { 1 = ["right"], 2 = ["left", "up", "down"] }\n'
                      'jumps = { 2 = ["left"] }\nchain = true\ncapture-to = "removed"\nno-move = "lose"\n'
                      'start = { a1 = 1, c1 = 1, d1 = 2 }')
    start = game.rules.start()
    assert [game.rules.notation(start, m) for m in game.rules.legal_moves(start)] == ["a1-b1"]  # c1: d1 taken
    text = 'game = "test"\nto_move = 2\n[pieces]\na1 = 1\nc1 = 1\nd1 = 2\n'
    assert moves(game, text) == ["d1-d2", "d1xb1"]  # b1 is empty: jump c1; a1 beyond b1 is a piece, no chain
    text = 'game = "test"\nto_move = 2\n[pieces]\nb1 = 1\nd1 = 1\ne1 = 2\n'
    assert moves(game, text) == ["e1-e2", "e1xc1", "e1xc1xa1"]


def test_a_player_with_no_move_loses_or_passes():
    stuck = 'game = "test"\nto_move = 1\n[pieces]\nf1 = 1\na2 = 2\n'
    lose = small_game('pieces = 1\nsteps = ["right"]\nno-move = "lose"\nstart = { a1 = 1, a2 = 2 }')
    outcome = lose.rules.outcome(position(lose, stuck))
    assert outcome.winner == "player 2" and outcome.code is OutcomeCode.NO_MOVES
    passing = small_game('pieces = 1\nsteps = ["right"]\ngoal = "f2"\nstart = { a1 = 1, a2 = 2 }')
    assert passing.rules.outcome(position(passing, stuck)) is None
    assert [m.kind for m in passing.rules.legal_moves(position(passing, stuck))] == ["pass"]


def test_a_goal_field_reached_wins_and_fewer_than_n_pieces_loses():
    game = race('goal = "d1"\nfinish = "none"\nown = "stack"')
    where = position(game, at(None, "d1 = 2", "1 = 2\n2 = 1"))
    assert game.rules.outcome(where).winner == "player 2"
    grid = small_game('pieces = 2\nsteps = ["right"]\njumps = { 1 = ["right"] }\ncapture-to = "removed"\n'
                      'fewer-than = { 2 = 2 }\nstart = { a1 = 1, b1 = 1, a2 = 2, b2 = 2 }')
    assert grid.rules.outcome(grid.rules.start()) is None
    taken = 'game = "test"\nto_move = 1\n[pieces]\na1 = 1\nb1 = 1\nc2 = 2\n'
    outcome = grid.rules.outcome(position(grid, taken))
    assert outcome.winner == "player 1" and outcome.code is OutcomeCode.CAPTURE


def test_three_and_four_players_take_turns_round_the_table():
    game = race("players = [2, 3, 4]", players=4)
    assert game.rules.seated(4).players == ("player 1", "player 2", "player 3", "player 4")
    text = at(3, waiting="1 = 2\n2 = 2\n3 = 2", to_move=3)
    assert position(game, text).players == 3
    assert after(game, text, "in-c1").startswith('game = "test"\nto_move = 1\n')


def test_rule_options_change_the_tables_and_positions_name_them():
    game = race('[play.options.capture]\nback = {}\nstart = { capture-to = "start" }\n'
                'none = { opponent = "stack" }')
    assert game.rules.rule_options() == {"capture": ("back", "start", "none")}
    text = at(2, "a1 = 1\nc1 = 2", "1 = 1\n2 = 1", extra='[rules]\ncapture = "none"\n')
    assert moves(game, text) == ["a1-c1", "in-b1"]
    assert position(game, game.rules.write(position(game, text))) == position(game, text)
    start = game.rules.start_with(game.rules.default_variant, {"capture": "start"})
    assert start.tables.capture_to.value == "start"
    with pytest.raises(ValueError):
        game.rules.start_with(game.rules.default_variant, {"capture": "later"})


def test_the_evaluation_counts_finished_progress_and_material_by_the_files_weights():
    text = at(None, "e1 = 1", "1 = 0\n2 = 2", "1 = 1")
    ahead = position(race(), text)
    assert race().rules.estimate(ahead, "player 1") > 0 > race().rules.estimate(ahead, "player 2")
    weightless = race("[play.evaluation]\nfinished = 0\nprogress = 0\nmaterial = 0")
    assert weightless.rules.estimate(position(weightless, text), "player 1") == 0.0
