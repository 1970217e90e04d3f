"""One test per Isaac rule, through the engine's public API and the JSON report."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_api import apply, legal_moves, parse, validate, winner
from helpers import run_cli
from registry import FOLDER_GAMES

from boardgen.engine.problems import IllegalMoveError
from boardgen.products.check_report import check_text

SAMPLES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "positions" / "isaac"


def isaac(tiles, phase="scoring", to_move="dark", removed=None, score=None, passed=()):
    removed = removed or {"dark": [], "light": []}
    score = score or {"dark": 0, "light": 0}
    return (f'game = "isaac"\nphase = "{phase}"\nto_move = "{to_move}"\n'
            "tiles = [" + ", ".join(f'"{t}"' for t in tiles) + "]\n"
            f"removed = {{ dark = {removed['dark']}, light = {removed['light']} }}\n"
            f"score = {{ dark = {score['dark']}, light = {score['light']} }}\n"
            "passed = [" + ", ".join(f'"{p}"' for p in passed) + "]\n")


def report(text):
    result = check_text(text)
    assert result.valid, result.errors
    return result


def removals(text) -> dict[str, dict]:
    """Each tile that can be taken off: its points and every advance allowed (one move each)."""
    found: dict[str, dict] = {}
    for move in report(text).moves:
        if move["kind"] == "remove":
            entry = found.setdefault(move["tile"], {"points": move["points"], "advance": []})
            assert entry["points"] == move["points"]
            entry["advance"].append(move["advance"])
            assert move["notation"] == f"-{move['tile']} +{move['advance']}"
    return {tile: {**entry, "advance": sorted(entry["advance"])} for tile, entry in found.items()}


def test_placement_puts_unplaced_tiles_on_empty_fields_inside_the_board():
    moves = report(isaac(["l7 a1 h"], phase="placement")).moves
    tiles = {m["tile"] for m in moves}
    assert "d7 a2 h" in tiles and "d7 d4 v" in tiles and "d3 h1 h" in tiles
    assert "d7 a1 v" not in tiles  # a1 is taken
    assert "d7 e1 h" not in tiles and "d4 a8 v" not in tiles  # off the board
    assert all(m["kind"] == "place" for m in moves)


def test_a_player_places_only_tiles_still_in_hand():
    placed = ["d7 a1 h", "d6 a2 h", "d6 a3 h"]
    lengths = {int(m["tile"][1]) for m in report(isaac(placed, phase="placement")).moves}
    assert lengths == {3, 4, 5}


def test_who_cannot_place_passes_and_scoring_starts_with_the_first_to_pass():
    position = parse((SAMPLES / "11-light-must-pass.toml").read_text())
    (only,) = legal_moves(position)
    assert only.kind == "pass"
    after = apply(position, only)
    assert after.passed == ("light",) and after.to_move == "dark" and after.phase == "placement"
    while after.phase == "placement":
        moves = legal_moves(after)
        after = apply(after, moves[0])
    assert after.phase == "scoring" and after.to_move == "light" and after.passed == ()


def test_scoring_the_worked_example_3_x_4_x_1():
    assert removals((SAMPLES / "03-worked-example.toml").read_text())["d5 a2 h"]["points"] == 12


@pytest.mark.parametrize("scores, points", [({"dark": 0, "light": 10}, 12), ({"dark": 95, "light": 10}, 24),
                                            ({"dark": 95, "light": 2}, 48)])
def test_markers_on_the_line_double_the_points(scores, points):
    tiles = ["d5 a10 h", "l3 f8 v", "d3 g8 v", "l4 h7 v", "d3 i8 v"]
    assert removals(isaac(tiles, score=scores))["d5 a10 h"]["points"] == points


def test_vertical_tiles_count_their_column():
    # d3 a2 v: five tiles cross column a; Dark's marker on a1 doubles it.
    assert removals((SAMPLES / "08-advance-blocked.toml").read_text())["d3 a2 v"]["points"] == 10


def test_a_tile_under_a_marker_cannot_be_taken_off():
    found = removals((SAMPLES / "06-marker-blocks-a-tile.toml").read_text())
    assert "d3 a1 h" not in found and "d4 a3 h" in found


def test_tiles_come_off_in_order_of_length():
    found = removals((SAMPLES / "07-longer-tiles-only.toml").read_text())
    assert set(found) == {"d5 a4 h"}


def test_the_marker_never_lands_on_the_other_marker():
    move = removals((SAMPLES / "08-advance-blocked.toml").read_text())["d3 a2 v"]
    assert move["advance"] == [0, 1, 2, 3, 5, 6, 7, 8, 9, 10]


def test_reaching_100_wins_at_once():
    position = parse((SAMPLES / "05-both-markers-quadruple.toml").read_text())
    move = max((m for m in legal_moves(position) if m.tile and m.tile.text == "d5 a10 h"), key=lambda m: m.advance)
    after = apply(position, move)
    assert after.score["dark"] == 100 and winner(after) == "dark" and legal_moves(after) == []
    rules = FOLDER_GAMES["isaac"].engine.rules
    smaller = apply(position, rules.parse_move(position, "-d5 a10 h +3"))
    assert smaller.score["dark"] == 98 and winner(smaller) is None
    with pytest.raises(IllegalMoveError):
        rules.parse_move(position, "-d5 a10 h +49")


def test_a_player_without_removals_passes_and_is_out():
    text = isaac(["d3 a1 h", "l3 a3 h"], score={"dark": 2, "light": 0})  # Dark's marker (c1) is on its only tile
    moves = report(text).moves
    assert [m["kind"] for m in moves] == ["pass"]
    after = apply(parse(text), legal_moves(parse(text))[0])
    assert after.passed == ("dark",) and after.to_move == "light"
    again = apply(after, legal_moves(after)[0])  # light removes; dark is out, so light goes on
    assert again.to_move == "light"


@pytest.mark.parametrize("score, hand_tiles, expected", [
    ({"dark": 31, "light": 30}, [], "dark"),
    ({"dark": 30, "light": 30}, ["d7 a1 h"], "light"),  # Light holds more length in hand
    ({"dark": 30, "light": 30}, [], None),  # all equal: a draw (issue 25; it was once a win for Dark)
])
def test_when_both_have_passed_score_then_hand_then_a_draw(score, hand_tiles, expected):
    result = report(isaac(hand_tiles, score=score, passed=("light", "dark")))
    assert result.winner == expected and result.moves == ()


@pytest.mark.parametrize("text, codes", [
    (isaac(["d3 a1 h", "l3 b1 v"]), ["tiles-overlap"]),
    (isaac(["d6 a1 h"] * 1 + ["d6 a2 h", "d6 a3 h"]), ["tile-count"]),
    (isaac(["d3 i1 h"]), ["tile-off-board"]),
    (isaac([], removed={"dark": [5, 4], "light": []}), ["removed-order"]),
    (isaac([], score={"dark": 120, "light": 0}), ["bad-score"]),
    (isaac(["d3 a1 h"], phase="placement", score={"dark": 3, "light": 0}), ["scoring-in-placement"]),
    (isaac(["d3 b1 v"], score={"dark": 6, "light": 93}), ["markers-share-field"]),  # both on g1
])
def test_validation(text, codes):
    result = check_text(text)
    assert not result.valid and [e.code for e in result.errors] == codes


def test_validate_after_every_move_of_a_sample_game():
    position = parse((SAMPLES / "02-placement.toml").read_text())
    for _ in range(40):
        moves = legal_moves(position)
        if not moves:
            break
        position = apply(position, moves[len(moves) // 2])
        assert validate(position) == []


def test_a_complete_tie_is_a_draw_not_a_win_for_dark():
    # Equal scores and equal tiles never placed: the source's tie-break leaves it level, and nobody wins.
    tied = report(isaac(["d3 a1 h", "l3 a3 h"], score={"dark": 40, "light": 40}, passed=("light", "dark")))
    assert tied.outcome is not None and tied.outcome.winner is None and tied.outcome.code.value == "draw"
    shown = run_cli("check", "-", input=isaac([], score={"dark": 5, "light": 5}, passed=("dark", "light")))
    assert "a draw (equal scores and equal tile length never placed)" in shown.output
    # Equal scores and unequal tiles never placed is still won by the tie-break.
    broken = report(isaac(["d3 a1 h", "d4 a3 h", "l3 a5 h"], score={"dark": 40, "light": 40},
                          passed=("light", "dark")))
    assert broken.outcome is not None and broken.outcome.winner == "light"
    assert broken.outcome.code.value == "tie-break"


def test_simulated_isaac_games_count_draws_apart_from_wins():
    import json

    from boardgen.simulate.match import MatchSpec, play_game

    spec = MatchSpec("isaac", "10x10", (), ("random", "random"), seed=3, max_plies=2000)
    results = [play_game(spec, n) for n in range(30)]
    assert all(r.finished for r in results)
    data = json.loads(run_cli("simulate", "isaac", "--players", "random,random", "--games", "30", "--seed", "3",
                              "--workers", "1", "--format", "json").output)
    draws = sum(r.winner is None for r in results)
    assert data["draws"] == draws and data["wins_a"] + data["wins_b"] + data["draws"] == 30
