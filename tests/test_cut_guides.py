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
from hypothesis import given, settings
from hypothesis import strategies as st
from registry import FOLDER_GAMES
from svg_helpers import stroked_segments, svg_root

from boardgen.draw.scene import Box
from boardgen.layout.paper import DEFAULT_MARGIN, PAPERS
from boardgen.layout.sheets import grid_pack

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


# -- a guillotine's cuts, read back from the PDF ------------------------------------------------------------------

PT = 25.4 / 72  # mm a PDF point


def _drawn_paths(pdf: Path) -> list[list[tuple[float, int, tuple[float, float, float, float]]]]:
    """Each page's lines (stroked, not filled: cut outlines and crop marks, not the scale bar) as pdfium reads them
    back from the file: (line width in mm, path segments, box in mm from the sheet's top-left corner round the
    path itself: pdfium's bounds reach a whole line width beyond it)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium_c

    document = pypdfium2.PdfDocument(str(pdf))
    pages = []
    try:
        for page in document:
            height = page.get_size()[1]
            paths = []
            for obj in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,)):
                fill, stroke = ctypes.c_int(), ctypes.c_int()
                pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
                if not stroke.value or fill.value:
                    continue
                width = ctypes.c_float()
                pdfium_c.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))  # in the page's own units: mm
                left, bottom, right, top = obj.get_bounds()
                line = width.value
                box = (left * PT + line, (height - top) * PT + line, right * PT - line, (height - bottom) * PT - line)
                paths.append((round(width.value, 3), pdfium_c.FPDFPath_CountSegments(obj.raw), box))
            pages.append(paths)
    finally:
        document.close()
    return pages


def _cuts_and_pieces(paths):
    """The guillotine's cuts the marks give (x of each cut down the sheet, y of each cut across it, each with a
    mark at both ends) and the pieces' outlines (every cut line drawn: tiles, tokens, counters, nets)."""
    marks = [box for width, _segments, box in paths if width == pytest.approx(MARK_WIDTH)]
    pieces = [box for width, _segments, box in paths if width == pytest.approx(0.3)]
    down: dict[float, int] = {}
    across: dict[float, int] = {}
    for x0, y0, x1, _y1 in marks:
        if abs(x1 - x0) < 0.01:
            down[round(x0, 2)] = down.get(round(x0, 2), 0) + 1
        else:
            across[round(y0, 2)] = across.get(round(y0, 2), 0) + 1
    assert all(count == 2 for count in [*down.values(), *across.values()])  # a mark at each end of every cut
    return sorted(down), sorted(across), pieces


@pytest.mark.parametrize("game", [*GAMES_WITH_PIECES, "isaac-letter"])
def test_every_cut_from_mark_to_mark_goes_right_across_the_sheet_through_no_piece(tmp_path, game):
    """Laid on a guillotine, the blade from a mark to the mark opposite cuts the whole sheet: it may run along a
    piece's edge but never through a piece (ISAAC's 30 tiles lie in rows and columns that share their edges)."""
    name, paper = (game, "a4") if game != "isaac-letter" else ("isaac", "letter")
    result = run_cli("pieces", name, "--crop-marks", "--paper", paper, "-o", str(tmp_path / "p.pdf"))
    if result.exit_code != 0:
        assert_one_line_error(result, "--crop-marks", "not rectangles")
        return
    marked = 0
    for paths in _drawn_paths(tmp_path / "p.pdf"):
        down, across, pieces = _cuts_and_pieces(paths)
        marked += bool(down or across)
        slack = 0.02  # mm: a cut along an edge touches the piece, it does not go through it
        for x in down:
            assert not [box for box in pieces if box[0] + slack < x < box[2] - slack], (game, "down", x)
        for y in across:
            assert not [box for box in pieces if box[1] + slack < y < box[3] - slack], (game, "across", y)
        # and every rectangle to cut (a tile, a token) comes out whole: each of its four edges is one of the cuts
        for x0, y0, x1, y1 in (box for width, segments, box in paths if width == pytest.approx(0.3)
                               and segments == 5):
            assert all(any(abs(edge - cut) < slack for cut in cuts)
                       for edge, cuts in ((x0, down), (x1, down), (y0, across), (y1, across))), (game, x0, y0)
    assert marked >= 1


def test_isaacs_tiles_need_no_more_card_than_two_sheets_when_laid_out_for_a_guillotine(tmp_path):
    """Each sheet's grid stands the long tiles up where that takes fewer sheets: 30 tiles and 2 markers on two
    sheets of A4 rather than five columns of lying tiles on three."""
    assert run_cli("pieces", "isaac", "--crop-marks", "-o", str(tmp_path / "p.pdf")).exit_code == 0
    pages = _drawn_paths(tmp_path / "p.pdf")
    assert len(pages) == 2
    tiles = [box for paths in pages for width, segments, box in paths if width == pytest.approx(0.3)
             and segments == 5]
    assert len(tiles) == 30


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([8.0, 14.8, 30.6, 46.4, 93.8, 120.0]),
                          st.sampled_from([8.0, 14.8, 20.0, 62.2])), min_size=1, max_size=40),
       st.booleans())
def test_a_guillotine_grid_keeps_every_cut_across_the_sheet_clear_of_every_piece(sizes, turnable):
    area = Box(16.0, 30.0, 178.0, 230.0)
    cells = grid_pack(sizes, area, 2.4, turnable)
    assert len(cells) == len(sizes)
    for (width, height), cell in zip(sizes, cells, strict=True):
        assert (cell.box.width, cell.box.height) == pytest.approx((height, width) if cell.turned else (width, height))
        assert area.contains(cell.box)
    for page in {cell.page for cell in cells}:
        boxes = [cell.box for cell in cells if cell.page == page]
        for a in boxes:
            for b in boxes:
                if a is b:
                    continue
                for low, high, other_low, other_high in ((a.x, a.right, b.x, b.right), (a.y, a.bottom, b.y, b.bottom)):
                    # along each axis two pieces share their edges or lie apart: no edge of one inside the other
                    same = low == pytest.approx(other_low) and high == pytest.approx(other_high)
                    apart = high <= other_low + 1e-6 or other_high <= low + 1e-6
                    assert same or apart, (a, b)
                assert (a.right <= b.x + 1e-6 or b.right <= a.x + 1e-6 or a.bottom <= b.y + 1e-6
                        or b.bottom <= a.y + 1e-6), ("overlap", a, b)
