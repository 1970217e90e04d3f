"""One test per Alea rule, through the check report as a user would run it."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_strategies import STRATEGIES
from hypothesis import given, settings

from boardgen.products.check_report import check_text

SAMPLES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "positions" / "alea"
COLUMNS = "abcdefgh"


def alea(pieces: dict[str, str], to_move: str = "white") -> str:
    """A position file; unplaced dice fill rows 1 (white) and 8 (black) so both have eight."""
    pieces = dict(pieces)
    for letter, row in (("w", 1), ("b", 8)):
        count = sum(token.count(letter) for token in pieces.values())
        for column in COLUMNS:
            if count >= 8:
                break
            if f"{column}{row}" not in pieces:
                pieces[f"{column}{row}"] = f"{letter}3"
                count += 1
    rows = ["  ".join(pieces.get(f"{c}{r}", ".").ljust(6) for c in COLUMNS).rstrip() for r in range(8, 0, -1)]
    return f'game = "alea"\nto_move = "{to_move}"\nboard = """\n' + "\n".join(rows) + '\n"""\n'


def moves(text: str) -> list[dict]:
    report = check_text(text)
    assert report.valid, report.errors
    return list(report.moves)


def from_field(text: str, field: str) -> dict[str, dict]:
    return {m["notation"]: m for m in moves(text) if m["from"] == field}


def test_a_lone_die_walks_one_to_its_face_along_eight_lines_and_may_turn():
    found = from_field(alea({"d3": "w2"}), "d3")
    plain = {n for n, m in found.items() if m["kind"] == "move" and "=" not in n}
    # 2 steps in 8 directions from d3 (d4/e4 prison fields are ordinary to walk on), nothing in the way.
    assert plain == {f"d3-{t}" for t in ("d4", "d5", "d2", "c3", "b3", "e3", "f3", "c4", "b5", "e4", "f5",
                                          "c2", "b1", "e2", "f1")} - {"d3-b1", "d3-f1"}
    assert found["d3-d4=1"]["result"] == "w1"  # one less after any walk
    assert found["d3-d5=3"]["result"] == "w3"  # one more only after the full walk
    assert "d3-d4=3" not in found


def test_a_six_cannot_turn_up_and_a_one_cannot_turn_down():
    assert not any(n.endswith("=7") for n in from_field(alea({"d3": "w6"}), "d3"))
    assert not any(n.endswith("=0") for n in from_field(alea({"d3": "w1"}), "d3"))


def test_no_die_jumps_over_another():
    found = from_field(alea({"d3": "w3", "d4": "b1"}), "d3")
    assert not any(m["to"] in ("d5", "d6") for m in found.values())


@pytest.mark.parametrize("mover, target, result", [("w3", "b5", "b2w6"), ("w1", "b1", "b1w1"), ("w2", "b6", "b2w6"),
                                                   ("w4", "b5", "b3w6")])
def test_a_double_on_an_opponent_keeps_the_sum_and_raises_the_upper_die(mover, target, result):
    found = from_field(alea({"d3": mover, "d4": target}), "d3")  # d4, next door: in reach of any face
    assert found["d3^d4"]["kind"] == "double" and found["d3^d4"]["result"] == result


def test_a_double_on_your_own_die_changes_nothing_and_needs_a_face_at_least_your_own():
    assert from_field(alea({"c3": "w2", "c5": "w4"}), "c3")["c3^c5"]["result"] == "w4w2"
    assert "c3^c5" not in from_field(alea({"c3": "w2", "c5": "w1"}), "c3")


def test_a_double_moves_whole_up_to_its_upper_face_and_never_lands_on_dice():
    found = from_field(alea({"c3": "b1w2", "c5": "b4"}), "c3")
    whole = {m["to"] for m in found.values() if m["dice"] == 2}
    assert "c4" in whole and "c5" not in whole and "a5" in whole and "e5" in whole and "f6" not in whole
    assert all(m["result"] == "b1w2" for m in found.values() if m["dice"] == 2)


def test_the_controller_is_the_owner_of_the_upper_die():
    text = alea({"c3": "b1w2"}, to_move="black")
    assert from_field(text, "c3") == {}


def test_a_tower_forms_on_a_double_whose_upper_face_is_at_least_the_movers_and_never_moves():
    found = from_field(alea({"f2": "w2", "f4": "b2w5"}), "f2")
    assert found["f2^f4"]["kind"] == "tower" and found["f2^f4"]["result"] == "b2w5w2"
    assert "f2^f4" not in from_field(alea({"f2": "w6", "f4": "b2w5"}), "f2")
    tower = from_field(alea({"e3": "b2w4w3"}), "e3")
    assert tower and all(m["kind"] == "descend" for m in tower.values())


def test_leaving_a_double_the_upper_die_may_turn_leaving_a_tower_nothing_turns():
    double = from_field(alea({"c3": "b1w3"}), "c3")
    assert double["c3-c4=2"]["kind"] == "descend" and double["c3-c6=4"]["result"] == "w4"
    tower = from_field(alea({"e3": "b2w4w3"}), "e3")
    assert tower["e3-e5"]["dice"] == 1 and tower["e3:e5"]["dice"] == 2 and tower["e3:e5"]["result"] == "w4w3"
    assert not any("=" in n for n in tower)


def test_a_lone_die_in_prison_cannot_move_but_a_double_can_leave():
    assert from_field(alea({"d4": "w3"}), "d4") == {}
    assert "d2^d4" in from_field(alea({"d4": "w3", "d2": "w3"}), "d2")
    leaving = from_field(alea({"d4": "w3w3"}), "d4")
    assert any(m["dice"] == 2 and m["to"] == "d7" for m in leaving.values())


@pytest.mark.parametrize("pieces, to_move, winner", [
    ({"b3": "w6", "c3": "w6", "d3": "w6b4"}, "black", "white"),  # any level counts
    ({"b3": "w6", "c4": "w6", "d5": "w6"}, "black", "white"),  # a diagonal line
    ({"f5": "w6w6w6"}, "black", "white"),
    ({"f5": "b6w6w6"}, "black", None),  # a tower must be three of your own sixes
    ({"b3": "w6", "c3": "w6", "e3": "w6"}, "black", None),  # not consecutive
])
def test_winning_patterns(pieces, to_move, winner):
    report = check_text(alea(pieces, to_move))
    assert report.valid and report.winner == winner
    assert (report.moves == ()) is (winner is not None)


def test_when_both_have_a_pattern_the_player_who_moved_last_wins():
    both = {"b3": "w6", "c3": "w6", "d3": "w6", "b6": "b6", "c6": "b6", "d6": "b6"}
    assert check_text(alea(both, "black")).winner == "white"
    assert check_text(alea(both, "white")).winner == "black"


def test_a_player_who_cannot_move_loses():
    report = check_text((SAMPLES / "13-no-moves-loses.toml").read_text())
    assert report.valid and report.winner == "black" and report.moves == ()


@pytest.mark.parametrize("pieces, codes", [
    ({"a1": "w3", "b1": "w3"}, None),
    ({"c3": "w7"}, ["face-out-of-range"]),
    ({"c3": "b1b2w3w4"}, ["stack-too-high"]),
])
def test_validation(pieces, codes):
    report = check_text(alea(pieces))
    assert ([e.code for e in report.errors] or None) == codes


def test_dice_count_is_eight_each():
    text = alea({}).replace("w3", ".", 1)
    report = check_text(text)
    assert [e.code for e in report.errors] == ["dice-count"]




@settings(max_examples=300, deadline=None)
@given(STRATEGIES["alea"])
def test_the_quick_cannot_move_check_agrees_with_the_full_move_list(text):
    # outcome() asks can_move, which stops at the first move found; it must say what generate() would.
    from boardgen.gamefiles.position_files import load_position
    from boardgen.games.alea.rules import can_move, generate

    position = load_position(text).position
    assert can_move(position) == bool(generate(position))
