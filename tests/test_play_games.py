"""The four games boardgen ships as game files, on hand-made positions whose answers follow from the rules as
the issue writes them (Finkel's Ur, the 1952 Snakes and Ladders, Fox and Geese on the cross, family Ludo)."""

from __future__ import annotations

import pytest
from play_helpers import SHIPPED_GAMES, after, move_json, moves, position, shipped

from boardgen.engine.contract import OutcomeCode
from boardgen.engine.problems import PositionFileError

UR = shipped("ur")
SNAKES = shipped("snakes-and-ladders")
FOX = shipped("fox-and-geese")
LUDO = shipped("ludo")


def ur(throw: int | None, pieces: str, waiting: tuple[int, int], finished: tuple[int, int] = (0, 0),
       to_move: int = 1, rules: str = "") -> str:
    throw_line = f"throw = {throw}\n" if throw is not None else ""
    return (f'game = "ur"\nto_move = {to_move}\n{throw_line}{rules}[pieces]\n{pieces}\n'
            f"[waiting]\n1 = {waiting[0]}\n2 = {waiting[1]}\n[finished]\n1 = {finished[0]}\n2 = {finished[1]}\n")


# -- Ur -------------------------------------------------------------------------------------------------------
def test_ur_a_throw_of_one_brings_a_piece_onto_d1_and_each_throw_counts_from_before_it():
    for throw, field in ((1, "d1"), (2, "c1"), (3, "b1"), (4, "a1")):
        assert moves(UR, ur(throw, "", (7, 7))) == [f"in-{field}"]


def test_ur_a_throw_of_zero_passes_and_so_does_a_player_with_no_move():
    assert move_json(UR, ur(0, "", (7, 7))) == [{"kind": "pass", "from": None, "path": [], "notation": "pass"}]
    # Own pieces on d1 and c1: a 1 can move neither the waiting piece nor d1 (onto c1); c1 to b1 is the move.
    assert moves(UR, ur(1, "d1 = 1\nc1 = 1", (5, 7))) == ["c1-b1"]


def test_ur_bears_off_only_with_the_exact_fifteenth_step():
    assert moves(UR, ur(1, "g1 = 1", (6, 7))) == ["g1-off", "in-d1"]
    assert moves(UR, ur(2, "g1 = 1", (6, 7))) == ["in-c1"]
    assert moves(UR, ur(2, "h1 = 1", (6, 7))) == ["h1-off", "in-c1"]
    json = move_json(UR, ur(2, "h1 = 1", (6, 7)))[0]
    assert json == {"kind": "track", "from": "h1", "path": ["finished"], "notation": "h1-off"}


def test_ur_a_capture_sends_the_piece_back_to_waiting():
    text = ur(2, "c2 = 1\ne2 = 2", (6, 6))
    assert "c2xe2" in moves(UR, text)
    assert after(UR, text, "c2xe2") == ('game = "ur"\nto_move = 2\n\n[pieces]\ne2 = 1\n\n[waiting]\n1 = 6\n2 = 7\n')


def test_ur_player_2_runs_along_row_3_and_the_players_meet_only_in_the_middle_row():
    assert moves(UR, ur(3, "d3 = 2", (7, 6), to_move=2)) == ["d3-a3", "in-b3"]
    assert moves(UR, ur(1, "a3 = 2\nb3 = 1".replace("b3 = 1", "b1 = 1"), (6, 6))) == ["b1-a1", "in-d1"]


def test_ur_the_central_rosette_protects_unless_the_option_opens_it():
    text = ur(1, "c2 = 1\nd2 = 2", (6, 6))
    assert moves(UR, text) == ["in-d1"]
    opened = ur(1, "c2 = 1\nd2 = 2", (6, 6), rules='[rules]\nrosettes = "open"\n')
    assert moves(UR, opened) == ["c2xd2", "in-d1"]
    # ... and still gives another throw.
    assert 'to_move = 1\n' in after(UR, opened, "c2xd2")


def test_ur_a_rosette_gives_another_throw_and_no_piece_lands_on_its_own():
    assert after(UR, ur(4, "", (7, 7)), "in-a1").startswith('game = "ur"\nto_move = 1\n')
    assert after(UR, ur(3, "", (7, 7)), "in-b1").startswith('game = "ur"\nto_move = 2\n')
    assert moves(UR, ur(1, "d1 = 1", (6, 7))) == ["d1-c1"]


def test_ur_first_to_bear_off_all_seven_wins():
    where = position(UR, ur(None, "", (0, 7), finished=(7, 0), to_move=2))
    outcome = UR.rules.outcome(where)
    assert outcome is not None and outcome.winner == "player 1" and outcome.code is OutcomeCode.GOAL
    assert UR.rules.legal_moves(where) == [] and not UR.rules.chance(where)


def test_ur_throws_are_four_binary_dice():
    start = UR.rules.start()
    assert [(c.label, str(c.weight)) for c in UR.rules.chance(start)] == [
        ("0", "1/16"), ("1", "1/4"), ("2", "3/8"), ("3", "1/4"), ("4", "1/16")]
    assert position(UR, ur(None, "", (7, 7)).replace("[pieces]", "throw = [1, 0, 1, 1]\n[pieces]")).throw == 3


def test_ur_position_problems_have_codes():
    assert [p.code for p in UR.rules.problems(position(UR, ur(1, "d1 = 1", (7, 7))))] == ["piece-count"]
    assert [p.code for p in UR.rules.problems(position(UR, ur(1, "d3 = 1", (6, 7))))] == ["off-track"]
    assert [p.code for p in UR.rules.problems(position(UR, ur(1, "d1 = [1, 1]", (5, 7))))] == ["stacked"]
    for bad, code in (("e1 = 1", "not-a-field"), ("k1 = 1", "off-board"), ("d1 = 5", "bad-player")):
        with pytest.raises(PositionFileError) as error:
            position(UR, ur(1, bad, (6, 7)))
        assert [p.code for p in error.value.problems] == [code]
    with pytest.raises(PositionFileError) as error:
        position(UR, ur(5, "", (7, 7)))
    assert [p.code for p in error.value.problems] == ["bad-throw"]


# -- Snakes and Ladders --------------------------------------------------------------------------------------
def snakes(throw: int, pieces: str, waiting: str = "", to_move: int = 1) -> str:
    return (f'game = "snakes-and-ladders"\nto_move = {to_move}\nthrow = {throw}\n[pieces]\n{pieces}\n'
            f"[waiting]\n{waiting}\n")


def test_snakes_a_ladder_path_names_its_foot_then_its_top():
    assert move_json(SNAKES, snakes(1, "", "1 = 1\n2 = 1")) == [
        {"kind": "enter", "from": "waiting", "path": ["a1", "c4"], "notation": "in-a1-c4"}]
    # 62 (b7) is a snake's head: from 60 (a6) a 2 slides to 19 (b2).
    assert move_json(SNAKES, snakes(2, "a6 = 1", "2 = 1"))[0]["path"] == ["b7", "b2"]


def test_snakes_overshooting_100_passes_and_counters_share():
    assert moves(SNAKES, snakes(3, "b10 = 1\nd10 = 2")) == ["pass"]  # 99 + 3
    assert moves(SNAKES, snakes(1, "b10 = 1\nd10 = 2")) == ["b10-a10"]
    assert moves(SNAKES, snakes(1, "b1 = 1\nc1 = 2")) == ["b1-c1"]  # 2 -> 3, where player 2 stands


def test_snakes_the_ladder_to_100_wins_and_four_can_play():
    text = snakes(6, "g8 = 1", "2 = 1\n3 = 1\n4 = 1")  # 74 + 6 = 80, the ladder to 100
    where = SNAKES.rules.apply(position(SNAKES, text), SNAKES.rules.legal_moves(position(SNAKES, text))[0])
    assert where.players == 4
    assert SNAKES.rules.outcome(where).winner == "player 1"
    assert SNAKES.rules.outcome(where).code is OutcomeCode.GOAL


def test_snakes_turns_go_round_every_seat():
    rules = SNAKES.rules.seated(3)
    where = rules.start()
    seen = []
    for value in (5, 2, 3, 5):
        seen.append(where.to_move)
        thrown = rules.parse_chance(where, str(value))
        where = rules.apply(thrown, rules.legal_moves(thrown)[0])
    assert seen == ["player 1", "player 2", "player 3", "player 1"]


# -- Fox and Geese -------------------------------------------------------------------------------------------
FILLERS = "c1 = 1\nd1 = 1\ne1 = 1\nc2 = 1\ne2 = 1\n"  # five geese at the back, so six or more are left


def fox(pieces: str, to_move: int = 2) -> str:
    return f'game = "fox-and-geese"\nto_move = {to_move}\n[pieces]\n{FILLERS}{pieces}\n'


def test_geese_step_up_or_sideways_never_down():
    found = moves(FOX, fox("d4 = 1\nd7 = 2", to_move=1))
    assert [m for m in found if m.startswith("d4")] == ["d4-c4", "d4-d5", "d4-e4"]
    assert [m for m in found if m.startswith("d1")] == ["d1-d2"]  # c1 and e1 beside it, no field below
    found = moves(FOX, fox("c7 = 1\na5 = 2", to_move=1))
    assert [m for m in found if m.startswith("c7")] == ["c7-d7"]  # nothing above, no field to the left


def test_the_fox_steps_anywhere_along_the_lines_and_jumps_in_chains_stop_by_stop():
    text = fox("d4 = 1\nc3 = 1\nd5 = 2")
    assert moves(FOX, text) == ["d5-c5", "d5-d6", "d5-e5", "d5xd3", "d5xd3xb3"]
    json = {m["notation"]: m for m in move_json(FOX, text)}
    assert json["d5xd3xb3"] == {"kind": "jump", "from": "d5", "path": ["d3", "b3"], "notation": "d5xd3xb3"}
    assert after(FOX, text, "d5xd3xb3") == ('game = "fox-and-geese"\nto_move = 1\n\n[pieces]\nc1 = 1\nd1 = 1\n'
                                            'e1 = 1\nc2 = 1\ne2 = 1\nb3 = 2\n')
    stopped = after(FOX, text, "d5xd3")  # a chain stopped after its first jump: c3 stays, d4 is taken
    assert "c3 = 1" in stopped and "d4" not in stopped


def test_within_a_chain_the_fox_neither_lands_on_nor_jumps_again_a_goose_it_took():
    # The fox on d6 jumps d5 to d4, then on over c4, e4 or d3; never back over d5.
    assert moves(FOX, fox("d5 = 1\nc4 = 1\ne4 = 1\nd3 = 1\nd6 = 2")) == [
        "d6-c6", "d6-d7", "d6-e6", "d6xd4", "d6xd4xb4", "d6xd4xd2", "d6xd4xf4"]
    # Four geese round c4: the fox on b3 goes round either way and lands on b3 again, its own field, now empty.
    found = moves(FOX, fox("c3 = 1\nd4 = 1\nc5 = 1\nb4 = 1\nb3 = 2"))
    assert "b3xd3xd5xb5xb3" in found and "b3xb5xd5xd3xb3" in found
    assert max(m.count("x") for m in found) == 4


def test_the_fox_wins_when_fewer_than_six_geese_remain_and_a_trapped_fox_loses():
    five = 'game = "fox-and-geese"\nto_move = 1\n[pieces]\na3 = 1\nb3 = 1\nc3 = 1\ne3 = 1\ng3 = 1\nd5 = 2\n'
    outcome = FOX.rules.outcome(position(FOX, five))
    assert outcome.winner == "player 2" and outcome.code is OutcomeCode.CAPTURE
    trapped = fox("c7 = 2\nd7 = 1\nc6 = 1\nc5 = 1\ne7 = 1")
    outcome = FOX.rules.outcome(position(FOX, trapped))
    assert outcome.winner == "player 1" and outcome.code is OutcomeCode.NO_MOVES
    assert FOX.rules.legal_moves(position(FOX, trapped)) == []


def test_geese_may_be_fewer_than_thirteen_but_the_fox_is_always_there():
    assert FOX.rules.problems(position(FOX, fox("d5 = 2"))) == []
    assert [p.code for p in FOX.rules.problems(position(FOX, fox("d4 = 1", to_move=1)))] == ["piece-count"]
    assert [p.code for p in FOX.rules.problems(position(FOX, fox("d5 = 2\nd6 = 2")))] == ["piece-count"]
    assert [p.code for p in FOX.rules.problems(position(FOX, fox("d5 = [1, 2]")))] == ["stacked"]


def test_fox_and_geese_has_no_throws():
    where = FOX.rules.start()
    assert not FOX.rules.chance(where) and where.to_move == "player 1"
    with pytest.raises(PositionFileError):
        position(FOX, fox("d5 = 2").replace("to_move = 2", "to_move = 2\nthrow = 3"))


# -- Ludo ----------------------------------------------------------------------------------------------------
def ludo(throw: int, pieces: str, waiting: str, to_move: int = 1, players: str = "") -> str:
    return (f'game = "ludo"\nto_move = {to_move}\nthrow = {throw}\n{players}[pieces]\n{pieces}\n'
            f"[waiting]\n{waiting}\n")


def test_ludo_enters_only_with_a_six_which_throws_again():
    assert moves(LUDO, ludo(5, "", "1 = 4\n2 = 4")) == ["pass"]
    assert moves(LUDO, ludo(6, "", "1 = 4\n2 = 4")) == ["in-b9"]
    assert after(LUDO, ludo(6, "", "1 = 4\n2 = 4"), "in-b9").startswith('game = "ludo"\nto_move = 1\n')


def test_ludo_captures_by_landing_except_on_a_starting_field():
    text = ludo(2, "b9 = 1\nd9 = 2", "1 = 3\n2 = 3")
    assert moves(LUDO, text) == ["b9xd9"]
    assert "[waiting]\n1 = 3\n2 = 4" in after(LUDO, text, "b9xd9")
    # Player 2's start, i14, is safe: player 1 lands beside the piece there.
    text = ludo(1, "i15 = 1\ni14 = 2", "1 = 3\n2 = 3")
    assert moves(LUDO, text) == ["i15-i14"]
    assert "i14 = [2, 1]" in after(LUDO, text, "i15-i14")


def test_ludo_goes_home_with_the_exact_throw_through_its_own_column():
    assert moves(LUDO, ludo(2, "e8 = 1", "1 = 3\n2 = 4")) == ["e8-off"]
    assert moves(LUDO, ludo(3, "e8 = 1", "1 = 3\n2 = 4")) == ["pass"]
    assert moves(LUDO, ludo(3, "a7 = 1", "1 = 3\n2 = 4")) == ["a7-c8"]


def test_ludo_takes_two_to_four_players():
    assert LUDO.rules.start().players == 2
    assert LUDO.rules.seated(4).start().waiting == (4, 4, 4, 4)
    assert position(LUDO, ludo(6, "", "1 = 4\n2 = 4\n3 = 4")).players == 3
    with pytest.raises(ValueError):
        FOX.rules.seated(3)


@pytest.mark.parametrize("name", SHIPPED_GAMES)
def test_every_shipped_game_writes_its_start_and_reads_it_back(name):
    game = shipped(name)
    start = game.rules.start()
    assert not game.rules.problems(start)
    assert position(game, game.rules.write(start)) == start
