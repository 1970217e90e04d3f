"""Cut guides on sheets of parts: crop marks for a guillotine or a ruler, and a print shop's trim and bleed.

Driven by the registry: every game's pieces either get marks in line with
every edge of their rectangular parts, or a one-line refusal when they are
nets (cut along their outlines).
"""

from __future__ import annotations

from pathlib import Path

import numpy
import pytest
from helpers import assert_one_line_error, render_page, run_cli
from registry import FOLDER_GAMES
from svg_helpers import stroked_segments, svg_root

from boardgen.layout.paper import DEFAULT_MARGIN, PAPERS

GAMES_WITH_PIECES = [g.name for g in FOLDER_GAMES.values() if g.pieces is not None]
MARK_WIDTH = 0.15  # mm: the crop marks' line


def _sheets(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.svg"))


@pytest.mark.parametrize("game", GAMES_WITH_PIECES)
def test_crop_marks_line_up_with_every_edge_of_the_parts_and_stay_outside_them(tmp_path, game):
    result = run_cli("pieces", game, "--crop-marks", "--format", "svg", "-o", str(tmp_path / "p.svg"))
    if result.exit_code != 0:
        assert_one_line_error(result, "--crop-marks", "not rectangles")
        return
    paper = PAPERS["a4"]
    marked = 0
    for sheet in _sheets(tmp_path):
        strokes = stroked_segments(svg_root(sheet))
        marks = [s for s in strokes if abs(s.width - MARK_WIDTH) < 1e-6]
        parts = [s for s in strokes if s.closed_path and abs(s.width - 0.3) < 1e-6]
        if not marks:
            continue
        marked += 1
        edges_x = {round(x, 2) for s in parts for x in (s.start[0], s.end[0]) if abs(s.start[0] - s.end[0]) < 1e-6}
        edges_y = {round(y, 2) for s in parts for y in (s.start[1], s.end[1]) if abs(s.start[1] - s.end[1]) < 1e-6}
        vertical = [s for s in marks if abs(s.start[0] - s.end[0]) < 1e-6]
        horizontal = [s for s in marks if abs(s.start[1] - s.end[1]) < 1e-6]
        assert {round(s.start[0], 2) for s in vertical} <= edges_x
        assert {round(s.start[1], 2) for s in horizontal} <= edges_y
        # every vertical cut line has a mark at the top and the bottom of the sheet, every horizontal one at each side
        assert len(vertical) == 2 * len({round(s.start[0], 2) for s in vertical})
        assert len(horizontal) == 2 * len({round(s.start[1], 2) for s in horizontal})
        band = (DEFAULT_MARGIN - 1e-6, DEFAULT_MARGIN + 6 + 1e-6)
        for s in vertical:
            ends = sorted((s.start[1], s.end[1]))
            assert band[0] <= min(ends[0], paper.height - ends[1]) <= band[1]
        for s in horizontal:
            ends = sorted((s.start[0], s.end[0]))
            assert band[0] <= min(ends[0], paper.width - ends[1]) <= band[1]
        # outside every part: no mark crosses a part's outline box
        boxes = []
        for s in parts:
            boxes.append((min(s.start[0], s.end[0]), min(s.start[1], s.end[1]), max(s.start[0], s.end[0]),
                          max(s.start[1], s.end[1])))
        top = min(b[1] for b in boxes)
        bottom = max(b[3] for b in boxes)
        assert all(max(s.start[1], s.end[1]) < top or min(s.start[1], s.end[1]) > bottom for s in vertical)
    assert marked >= 1


def test_crop_marks_print_in_the_margin_band_of_the_pdf(tmp_path):
    game = next(g for g in GAMES_WITH_PIECES if run_cli("pieces", g, "--crop-marks", "-o",
                                                        str(tmp_path / f"{g}.pdf")).exit_code == 0)
    dpi = 150
    pixels = render_page(tmp_path / f"{game}.pdf", 0, dpi)
    band = pixels[round(DEFAULT_MARGIN * dpi / 25.4): round((DEFAULT_MARGIN + 4) * dpi / 25.4), :, :]
    dark_columns = (band.min(axis=2) < 128).any(axis=0)
    assert dark_columns.sum() >= 4  # marks stand in the top band, where nothing else is printed


def test_bleed_grows_the_page_round_the_sheet_and_says_where_to_trim(tmp_path):
    from pypdf import PdfReader

    bleed = 3.0
    assert run_cli("pieces", "isaac", "-o", str(tmp_path / "plain.pdf")).exit_code == 0
    assert run_cli("pieces", "isaac", "--bleed", str(bleed), "-o", str(tmp_path / "bleed.pdf")).exit_code == 0
    plain, grown = PdfReader(str(tmp_path / "plain.pdf")).pages[0], PdfReader(str(tmp_path / "bleed.pdf")).pages[0]
    points = bleed * 72 / 25.4
    assert float(grown.mediabox.width) == pytest.approx(float(plain.mediabox.width) + 2 * points, abs=0.01)
    assert [float(v) for v in grown["/TrimBox"]] == pytest.approx(
        [points, points, points + float(plain.mediabox.width), points + float(plain.mediabox.height)], abs=0.01)
    assert [float(v) for v in grown["/BleedBox"]] == pytest.approx([float(v) for v in grown.mediabox], abs=0.01)
    # The sheet inside the trim is the same picture as without bleed: nothing moved on it.
    dpi = 254  # ten pixels a millimetre: the bleed is a whole number of pixels
    a, b = render_page(tmp_path / "plain.pdf", 0, dpi), render_page(tmp_path / "bleed.pdf", 0, dpi)
    offset = round(bleed * 10)
    inner = b[offset:offset + a.shape[0], offset:offset + a.shape[1]]

    def blocks(pixels):  # each square millimetre's mean: blind to a part of a pixel's rounding of the page size
        rows, columns = pixels.shape[0] // 10 * 10, pixels.shape[1] // 10 * 10
        return pixels[:rows, :columns].mean(axis=2).reshape(rows // 10, 10, columns // 10, 10).mean(axis=(1, 3))

    assert numpy.abs(blocks(inner) - blocks(a)).max() < 80  # measured: 36 in place, over 200 a millimetre off


@pytest.mark.parametrize("args, words", [
    (("pieces", "isaac", "--bleed", "3", "--format", "svg"), ("--bleed", "PDF only")),
    (("pieces", "isaac", "--laser", "--crop-marks"), ("--crop-marks", "laser")),
    (("box", "iacta", "--laser", "--bleed", "2"), ("--bleed", "laser")),
])
def test_cut_guides_out_of_place_are_one_line_errors(tmp_path, args, words):
    assert_one_line_error(run_cli(*args, "-o", str(tmp_path / "x")), *words)
