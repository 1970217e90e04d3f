"""IACTA's engine against a plain reference on many random positions.

The properties every engine shares (round trips, applied moves, fuzzing) are
in test_engine_properties.py, run for each game.
"""

from __future__ import annotations

from game_strategies import iacta_cases
from hypothesis import HealthCheck, assume, given, settings
from iacta_files import position_text
from iacta_reference import has_won, reference_moves

from boardgen.products.check_report import check_text


def _board(pieces):
    return {f: (p[0], int(p[1:])) for f, p in pieces.items()}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(iacta_cases())
def test_engine_agrees_with_the_plain_reference(case):
    pieces, to_move, throw, rules = case
    sizes = {p[0]: s for p, s in rules["homeland"].items()}
    board = _board(pieces)
    assume(not (has_won(board, "r", sizes) and has_won(board, "y", sizes)))
    report = check_text(position_text(pieces, to_move, throw, **rules))
    assert report.valid, report.errors
    expected = reference_moves(board, to_move, throw, sizes, rules["rocade"], rules["doubles"])
    assert {m["notation"] for m in report.moves} == expected
    assert len(report.moves) == len(expected)  # no move listed twice
