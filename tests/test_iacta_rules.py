"""One test per IACTA rule, through the public engine API and the JSON report."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_api import apply, format_position, legal_moves, notation, parse, validate, winner
from iacta_files import RED_START, YELLOW_START, position_text, without

from boardgen.products.check_report import check_text

SAMPLES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "positions" / "iacta"


def notations(text: str) -> set[str]:
    report = check_text(text)
    assert report.valid, report.errors
    return {m["notation"] for m in report.moves}


def targets(text: str, origin: str) -> dict[str, set[int]]:
    """Where the die on `origin` can go, and with which faces."""
    found: dict[str, set[int]] = {}
    for move in check_text(text).moves:
        if move.get("from") == origin:
            found.setdefault(move["to"], set()).add(move["face"])
    return found


def lone_red(field: str, face: int = 4, throw=(4, 2), **rules) -> str:
    """One red die in open play, everything else at home."""
    return position_text({**without(RED_START, "a3"), field: f"r{face}", **YELLOW_START}, throw=throw, **rules)


def fields_at(field: str, distance: int) -> set[str]:
    c, r = "abcdefghij".index(field[0]), int(field[1:]) - 1
    return {f"{'abcdefghij'[x]}{y + 1}" for x in range(10) for y in range(10) if abs(x - c) + abs(y - r) == distance}


def test_one_die_gives_distance_the_other_the_face():
    reach = targets(lone_red("e5"), "e5")
    assert {f for f, faces in reach.items() if 2 in faces} == fields_at("e5", 4)
    assert {f for f, faces in reach.items() if 4 in faces} == fields_at("e5", 2)


def test_paths_stay_on_the_board_and_may_pass_over_dice():
    # From e10 on the top edge, only fields on the board count: 3 at distance 1, 7 at distance 3.
    reach = targets(lone_red("e10", throw=(1, 3)), "e10")
    assert reach == {**{f: {3} for f in fields_at("e10", 1)}, **{f: {1} for f in fields_at("e10", 3)}}
    assert len(fields_at("e10", 1)) == 3 and len(fields_at("e10", 3)) == 7
    # Fields passed over may be occupied: a die boxed in by others still reaches beyond them.
    boxed = position_text({**without(RED_START, "a3"), "e5": "r4", "e6": "y2", "e4": "y3", "d5": "y5", "f5": "y6",
                           "j1": "y1", "i1": "y4"}, throw=(2, 1))
    assert "e7" in targets(boxed, "e5") and "c5" in targets(boxed, "e5")


def test_never_lands_on_its_own_die():
    text = lone_red("e5")
    assert not any(m.get("to") in RED_START for m in check_text(text).moves if m.get("from") == "e5")


@pytest.mark.parametrize("their_face, allowed", [(1, False), (2, True), (3, True), (4, True), (5, False)])
def test_strike_needs_a_sum_of_6_7_or_8(their_face, allowed):
    # Red's die on e5 moves 3 and shows 4 onto yellow's die on e8: 4 + their face.
    text = position_text({**without(RED_START, "a3"), "e5": "r2", **without(YELLOW_START, "j3"),
                          "e8": f"y{their_face}"}, throw=(3, 4))
    assert ("e5xe8=4>j3" in notations(text)) is allowed
    assert not any(m.get("to") == "e8" and m["kind"] == "move" for m in check_text(text).moves)


@pytest.mark.parametrize("field", ["i2", "j3", "h1", "a9", "b9", "c10"])
def test_dice_in_their_own_homeland_are_safe(field):
    # A yellow 3 on a homeland field, and a red 3 placed 3 fields away in open play:
    # moving 3 and showing 4 makes 7, a strike anywhere else.
    yellow = {**without(YELLOW_START, field, "j3"), field: "y3"}
    if len(yellow) < 6:
        yellow["g4"] = "y1"
    occupied = set(RED_START) | set(yellow)
    origin = sorted(f for f in fields_at(field, 3) if f not in occupied and f not in {"a4", "b3", "d1", "c2"})[0]
    text = position_text({**without(RED_START, "a3"), origin: "r3", **yellow}, throw=(3, 4))
    assert not any(m["kind"] == "strike" and m["to"] == field for m in check_text(text).moves)
    # The same die one step out of the homeland, in open play, can be struck.
    assert any(m["kind"] == "strike" for m in check_text(position_text(
        {**without(RED_START, "a3"), "e5": "r3", **without(YELLOW_START, "j3"), "e8": "y3"}, throw=(3, 4))).moves)


def test_pale_border_is_safe_only_with_a_large_homeland():
    pieces = {**without(RED_START, "a3"), "d6": "r2", **without(YELLOW_START, "j3"), "b8": "y4"}
    small = position_text(pieces, throw=(4, 3))
    assert any(n.startswith("d6xb8=3>") for n in notations(small))
    large = position_text(pieces, throw=(4, 3), homeland={"red": "small", "yellow": "large"})
    assert not any(n.startswith("d6xb8") for n in notations(large))


def test_striker_chooses_any_free_start_field_one_move_each():
    pieces = {**without(RED_START, "a3"), "e5": "r2", "j1": "y1", "i1": "y2", "h1": "y3", "e8": "y4",
              "a10": "y5", "b10": "y6"}
    strikes = {n for n in notations(position_text(pieces, throw=(3, 4))) if n.startswith("e5xe8")}
    assert strikes == {f"e5xe8=4>{home}" for home in ("j2", "i2", "j3")}


def test_no_free_start_field_means_no_strike_unless_the_striker_frees_one():
    text = open(SAMPLES / "12-no-free-home.toml").read()
    strikes = {n for n in notations(text) if "x" in n}
    assert strikes == {"j3xh5=3>j3"}


def test_doubles_off_throw_and_keep():
    off = targets(lone_red("e5", face=6, throw=(3, 3)), "e5")
    assert off == {f: {3} for f in fields_at("e5", 3)}
    thrown = targets(lone_red("e5", face=6, throw=(3, 3), doubles="throw"), "e5")
    own = set(without(RED_START, "a3"))
    assert set(thrown) == set().union(*(fields_at("e5", d) for d in range(1, 7))) - own
    assert all(faces == {3} for faces in thrown.values())
    kept = targets(lone_red("e5", face=6, throw=(3, 3), doubles="keep"), "e5")
    assert set(kept) == set(thrown)
    assert all(faces == ({3, 6} if f in fields_at("e5", 3) else {6}) for f, faces in kept.items())


def test_doubles_rule_changes_nothing_for_a_plain_throw():
    assert notations(lone_red("e5", throw=(4, 2), doubles="keep")) == notations(lone_red("e5", throw=(4, 2)))


def test_rocade_needs_the_rule_and_a_two_and_swaps_only_loose_distinct_dice():
    pieces = {"a1": "r1", "b1": "r2", "c1": "r4", "a2": "r5", "e5": "r3", "g6": "r3",
              "j1": "y1", "i1": "y2", "h1": "y3", "j2": "y4", "i2": "y6", "d4": "y5"}
    with_rule = notations(position_text(pieces, throw=(2, 5), rocade=True))
    assert {n for n in with_rule if "<>" in n} == {"d4<>e5", "d4<>g6"}
    assert not any("<>" in n for n in notations(position_text(pieces, throw=(2, 5))))
    assert not any("<>" in n for n in notations(position_text(pieces, throw=(3, 5), rocade=True)))
    report = check_text(position_text(pieces, throw=(5, 2), rocade=True))
    assert {tuple(m["squares"]) for m in report.moves if m["kind"] == "rocade"} == {("d4", "e5"), ("d4", "g6")}


def test_pass_is_always_listed_and_moves_need_a_throw():
    assert "pass" in notations(lone_red("e5"))
    no_throw = check_text(position_text({**RED_START, **YELLOW_START}))
    assert no_throw.valid and no_throw.moves == ()


def test_a_player_with_all_dice_in_the_goal_has_won_and_nothing_moves():
    red_home = {"j10": "r1", "i10": "r2", "h10": "r3", "j9": "r4", "i9": "r5", "j8": "r6"}
    report = check_text(position_text({**red_home, **YELLOW_START}, to_move="yellow", throw=(4, 2)))
    assert report.valid and report.winner == "red" and report.moves == ()
    # Returning from the goal into play is allowed while nobody has won yet.
    almost = {**without(red_home, "j8"), "e5": "r6"}
    assert any(n.startswith("j10-") for n in notations(position_text({**almost, **YELLOW_START}, throw=(4, 2))))


def test_both_players_won_is_invalid():
    red_home = {"j10": "r1", "i10": "r2", "h10": "r3", "j9": "r4", "i9": "r5", "j8": "r6"}
    yellow_home = {"a10": "y1", "b10": "y2", "c10": "y3", "a9": "y4", "b9": "y5", "a8": "y6"}
    report = check_text(position_text({**red_home, **yellow_home}))
    assert not report.valid and [e.code for e in report.errors] == ["both-won"]


def test_large_homeland_wins_with_dice_on_the_border():
    red_goal = {"j10": "r1", "i10": "r2", "h10": "r3", "j9": "r4", "i9": "r5", "g10": "r6"}  # g10: border
    assert check_text(position_text({**red_goal, **YELLOW_START}, to_move="yellow")).winner is None
    large = check_text(position_text({**red_goal, **YELLOW_START}, to_move="yellow", homeland="large"))
    assert large.winner == "red"


@pytest.mark.parametrize(
    "rules, pieces, codes",
    [
        ({}, without(RED_START, "a1"), ["dice-count"]),
        ({"dice": {"red": 8, "yellow": 6}}, {**RED_START, "c2": "r1", "d1": "r2"}, ["homeland-too-small"]),
        ({"dice": 11}, RED_START, ["bad-rule"]),
        ({"homeland": "huge"}, RED_START, ["bad-rule"]),
        ({"doubles": "sometimes"}, RED_START, ["bad-rule"]),
        ({"rocade": "yes"}, RED_START, ["bad-rule"]),
        ({"dice": {"red": 6, "blue": 6}}, RED_START, ["unknown-player", "bad-rule"]),
        ({"speed": 3}, RED_START, ["unknown-key"]),
    ],
)
def test_rule_settings_are_checked(rules, pieces, codes):
    report = check_text(position_text({**pieces, **YELLOW_START}, **rules))
    assert not report.valid
    assert sorted(e.code for e in report.errors) == sorted(codes)


def test_large_homeland_holds_ten_dice():
    pieces = {**RED_START, "d1": "r1", "c2": "r2", "b3": "r3", "a4": "r4"}
    report = check_text(position_text({**pieces, **YELLOW_START}, dice={"red": 10, "yellow": 6},
                                      homeland={"red": "large", "yellow": "small"}))
    assert report.valid, report.errors


def test_apply_moves_strikes_and_hands_over_the_turn():
    position = parse(open(SAMPLES / "03-strike-allowed.toml").read())
    strike = next(m for m in legal_moves(position) if notation(position, m) == "e5xe8=4>j3")
    after = apply(position, strike)
    assert after.to_move == "yellow" and after.throw is None and validate(after) == []
    text = format_position(after)
    assert "r4" in text.splitlines()[text.splitlines().index('board = """') + 3]  # e8 now red 4
    report = check_text(text)
    assert report.valid and winner(after) is None
    # The struck yellow 4 went home to j3: row 3 ends with y4.
    rows = text.split('board = """\n')[1].split('\n"""')[0].splitlines()
    assert rows[7].split()[-1] == "y4" and rows[2].split()[4] == "r4"
