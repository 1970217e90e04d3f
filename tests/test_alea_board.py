"""Alea's printed board: prison and starting rows where the rules put them, at true scale."""

from __future__ import annotations

import numpy
import pytest
from helpers import dark_mask, hex_rgb, px_per_mm, render_page, run_centres_mm, run_cli

from boardgen.draw.palettes import PALETTES

DPI = 300.0
PRISON = {(3, 3), (4, 3), (3, 4), (4, 4)}


def patch(pixels, column, row, field=15.8, inset=0.1):
    scale = px_per_mm(DPI)
    left, top = (210 - 8 * field) / 2 + column * field, (297 - 8 * field) / 2 + (7 - row) * field
    return pixels[int((top + inset * field) * scale):int((top + (1 - inset) * field) * scale),
                  int((left + inset * field) * scale):int((left + (1 - inset) * field) * scale)]


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    path = tmp_path_factory.mktemp("alea") / "alea.pdf"
    assert run_cli("board", "alea", "--palette", "cud", "-o", str(path)).exit_code == 0
    return render_page(path, dpi=DPI)


def test_prison_is_marked_by_colour_and_pattern(board):
    styles = PALETTES["cud"].styles
    fill, lines = hex_rgb(styles["special"].fill), hex_rgb(styles["special"].hatch.colour)
    for column in range(8):
        for row in range(1, 7):
            colours = {tuple(c) for c in patch(board, column, row).reshape(-1, 3)[::7]}
            in_prison = (column, row) in PRISON
            assert (fill in colours) is in_prison and (lines in colours) is in_prison, (column, row)


def test_starting_rows_are_tinted_and_show_a_three(board):
    styles = PALETTES["cud"].styles
    for row, colour in ((0, "white"), (7, "black")):
        for column in range(8):
            seen = {tuple(c) for c in patch(board, column, row).reshape(-1, 3)}
            assert hex_rgb(styles[f"start.{colour}"].fill) in seen
    # A small 3 in the bottom-right corner of each start field: the face the dice start on.  The middle,
    # where a die stands, stays clear (a faint die there looked like a piece).
    corner = patch(board, 0, 0, inset=0.05)[-int(0.35 * 15.8 * DPI / 25.4):, -int(0.35 * 15.8 * DPI / 25.4):]
    middle = patch(board, 0, 0, inset=0.3)
    assert dark_mask(corner, 90).sum() > 20 and dark_mask(middle, 90).sum() == 0


def test_alea_grid_is_true_to_scale(board):
    scale = px_per_mm(DPI)
    top = (297 - 8 * 15.8) / 2
    # Just inside row 6, clear of the coordinate labels at the rows' middles.
    lines = run_centres_mm(dark_mask(board[int((top + 2.15 * 15.8) * scale), :, :]), DPI)[:9]
    assert numpy.diff(lines) == pytest.approx([15.8] * 8, abs=0.2)
    assert lines[0] == pytest.approx((210 - 8 * 15.8) / 2, abs=0.2)
