"""The printed board: right colours in every field, right size, right place."""

from __future__ import annotations

import numpy
import pytest
from helpers import (
    dark_mask,
    dominant_colour,
    hex_rgb,
    page_count,
    px_per_mm,
    render_page,
    run_centres_mm,
    run_cli,
    runs,
)
from pypdf import PdfReader
from registry import FOLDER_GAMES

from boardgen.draw.palettes import PALETTES

DPI = 300.0
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0), "a5": (148.0, 210.0)}

# IACTA's zones, restated from the rules rather than taken from the code:
# core = |dx|+|dy| <= 2 from a corner field, pale border = exactly 3.
CORNERS = {"p1.start": (0, 0), "p1.goal": (9, 9), "p2.start": (9, 0), "p2.goal": (0, 9)}


def expected_role(column: int, row: int) -> str:
    for role, (cx, cy) in CORNERS.items():
        distance = abs(column - cx) + abs(row - cy)
        if distance <= 2:
            return role
        if distance == 3:
            return f"{role}.pale"
    return "field"


def field_patch(pixels, column, row, field, paper, inset=0.2):
    """The inner part of a field, assuming the grid is centred on the page."""
    scale = px_per_mm(DPI)
    left = (paper[0] - 10 * field) / 2 + column * field
    top = (paper[1] - 10 * field) / 2 + (9 - row) * field
    x0, x1 = int((left + inset * field) * scale), int((left + (1 - inset) * field) * scale)
    y0, y1 = int((top + inset * field) * scale), int((top + (1 - inset) * field) * scale)
    return pixels[y0:y1, x0:x1]


@pytest.mark.parametrize("palette", ["classic", "cud"])
def test_every_field_has_its_zone_colour(board_pdfs, palette):
    pixels = render_page(board_pdfs("--palette", palette), dpi=DPI)
    styles = PALETTES[palette].styles
    wrong = []
    for column in range(10):
        for row in range(10):
            role = expected_role(column, row)
            seen = dominant_colour(field_patch(pixels, column, row, 15.8, PAPER_MM["a4"]))
            if seen != hex_rgb(styles[role].fill):
                wrong.append(f"{'abcdefghij'[column]}{row + 1}: {role} expected {styles[role].fill}, saw {seen}")
    assert not wrong, "\n".join(wrong)


def test_cud_corners_all_differ_and_classic_start_matches_goal(board_pdfs):
    def corner_colours(palette):
        pixels = render_page(board_pdfs("--palette", palette), dpi=DPI)
        return [dominant_colour(field_patch(pixels, c, r, 15.8, PAPER_MM["a4"])) for c, r in CORNERS.values()]

    cud = corner_colours("cud")
    assert len(set(cud)) == 4
    classic = corner_colours("classic")
    assert classic[0] == classic[1] and classic[2] == classic[3] and classic[0] != classic[2]


def test_goal_fields_carry_a_mark_in_cud_but_not_in_classic(board_pdfs):
    def centre_is_marked(palette, column, row):
        pixels = render_page(board_pdfs("--palette", palette), dpi=DPI)
        patch = field_patch(pixels, column, row, 15.8, PAPER_MM["a4"], inset=0.42)
        return bool(dark_mask(patch, 60).any())

    assert centre_is_marked("cud", 9, 9) and centre_is_marked("cud", 0, 9)  # j10, a10: goals
    assert not centre_is_marked("cud", 0, 0) and not centre_is_marked("cud", 9, 0)  # a1, j1: starts
    assert not centre_is_marked("classic", 9, 9)


def _grid_lines(pixels, along: str, at_mm: float) -> list[float]:
    scale = px_per_mm(DPI)
    index = int(round(at_mm * scale))
    line = pixels[index, :, :] if along == "row" else pixels[:, index, :]
    return run_centres_mm(dark_mask(line), DPI)


@pytest.mark.parametrize(
    "paper, field, options",
    [
        ("a4", 15.8, ()),
        ("letter", 15.8, ("--palette", "cud")),
        ("a4", 18.0, ("--palette", "mono", "--no-coordinates")),
        ("a4", 18.0, ("--palette", "cud", "--arrows")),
        ("letter", 18.0, ()),
        ("a3", 25.0, ()),
        ("a5", 11.0, ("--palette", "cud")),
    ],
)
def test_grid_is_centred_and_true_to_scale(board_pdfs, paper, field, options):
    pdf = board_pdfs("--paper", paper, "--field", str(field), *options)
    pixels = render_page(pdf, dpi=DPI)
    width, height = PAPER_MM[paper]
    assert pixels.shape[1] == pytest.approx(width * px_per_mm(DPI), abs=1)
    top = (height - 10 * field) / 2
    left = (width - 10 * field) / 2
    # Row 5 and column e hold only plain fields; scan just inside their edge,
    # clear of the coordinate labels, which sit at the middle of a row.  The
    # credits under the grid come after the grid lines, so take the first 11.
    # Arrows cross the middle, so then scan row 1 and column a instead (no dark colours there).
    row_from_top, column = (9, 0) if "--arrows" in options else (5, 4)
    vertical_lines = _grid_lines(pixels, "row", top + row_from_top * field + 0.15 * field)
    horizontal_lines = _grid_lines(pixels, "column", left + column * field + 0.15 * field)
    for lines, start in ((vertical_lines, left), (horizontal_lines, top)):
        assert len(lines) >= 11, lines
        lines = lines[:11]
        assert lines[0] == pytest.approx(start, abs=0.2)
        assert lines[-1] - lines[0] == pytest.approx(10 * field, abs=0.2)
        assert numpy.diff(lines) == pytest.approx([field] * 10, abs=0.2)


def test_arrows_do_not_move_the_grid_and_leave_homelands_alone(board_pdfs):
    plain = render_page(board_pdfs("--palette", "cud"), dpi=DPI)
    arrows = render_page(board_pdfs("--palette", "cud", "--arrows"), dpi=DPI)
    a4 = PAPER_MM["a4"]
    styles = PALETTES["cud"].styles
    for column in range(10):
        for row in range(10):
            role = expected_role(column, row)
            if role != "field":
                seen = dominant_colour(field_patch(arrows, column, row, 15.8, a4))
                assert seen == hex_rgb(styles[role].fill), (column, row)
    # The arrows are there: each tail field (c3 for red, h3 for yellow) changed.
    for column, row in ((2, 2), (7, 2), (2, 7), (7, 7)):
        before, after = field_patch(plain, column, row, 15.8, a4), field_patch(arrows, column, row, 15.8, a4)
        assert not numpy.array_equal(before, after)
    # Readable in greyscale: the outline is dark enough to stand out from white paper.
    for role in ("arrow.p1", "arrow.p2"):
        r, g, b = hex_rgb(styles[role].stroke)
        assert 0.299 * r + 0.587 * g + 0.114 * b < 110


def test_mono_is_pure_grey_and_zones_differ_by_pattern(board_pdfs):
    pixels = render_page(board_pdfs("--palette", "mono", "--arrows"), dpi=DPI)
    spread = pixels.max(axis=-1).astype(int) - pixels.min(axis=-1).astype(int)
    assert spread.max() <= 2, "mono output must contain no colour"
    ink_by_role: dict[str, list[float]] = {}
    for column in range(10):
        for row in range(10):
            role = expected_role(column, row)
            if role == "field":
                continue
            patch = field_patch(pixels, column, row, 15.8, PAPER_MM["a4"], inset=0.06)
            ink = patch.max(axis=-1) < 128
            # Leave out the middle, where goal marks sit: compare patterns only.
            h, w = ink.shape
            keep = numpy.ones_like(ink)
            keep[int(h * 0.25) : int(h * 0.75), int(w * 0.25) : int(w * 0.75)] = False
            ink_by_role.setdefault(role, []).append(float(ink[keep].mean()))
    means = {role: numpy.mean(values) for role, values in ink_by_role.items()}
    for role, values in ink_by_role.items():
        assert max(values) - min(values) < 0.08, f"{role} fields should share one pattern"
    for player in ("p1", "p2"):
        for end in ("start", "goal"):
            assert means[f"{player}.{end}"] > means[f"{player}.{end}.pale"] + 0.05
    # Start and goal never look alike: the goal's pattern crosses the start's lines.
    for player in ("p1", "p2"):
        assert abs(means[f"{player}.start"] - means[f"{player}.goal"]) > 0.03, means
    plain = field_patch(pixels, 4, 0, 15.8, PAPER_MM["a4"])  # e1: plain, no arrow
    assert (plain.max(axis=-1) < 128).mean() < 0.01


def test_calibration_bar_measures_50_mm(board_pdfs):
    pixels = render_page(board_pdfs("--palette", "cud"), dpi=DPI)
    scale = px_per_mm(DPI)
    dark = dark_mask(pixels)
    # The bar's black steps are 10 mm long: the lowest row whose longest dark run is one step.
    def is_step(y: int) -> bool:
        return 9.5 * scale <= _longest_run(dark[y]) <= 10.6 * scale

    bar_row = next(y for y in range(pixels.shape[0] - 1, 0, -1) if is_step(y))
    bar_top = bar_row
    while _longest_run(dark[bar_top - 1]) >= 9.5 * scale:
        bar_top -= 1
    # The bar's left end: its leftmost 10 mm black step.
    segment_start = min(a for a, b in runs(dark[bar_row]) if 9.5 * scale <= b - a + 1 <= 10.6 * scale)
    ticks = [x for x in run_centres_mm(dark[bar_top - int(0.6 * scale)], DPI) if x >= segment_start / scale - 1]
    assert len(ticks) == 2
    assert ticks[1] - ticks[0] == pytest.approx(50.0, abs=0.2)


def _longest_run(line) -> int:
    from helpers import runs

    return max((b - a + 1 for a, b in runs(line)), default=0)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "a5"])
def test_page_is_the_chosen_paper_and_asks_not_to_scale(board_pdfs, paper):
    pdf = board_pdfs("--paper", paper, "--field", "12")
    reader = PdfReader(str(pdf))
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(PAPER_MM[paper][0] * 72 / 25.4, abs=0.05)
    assert float(box.height) == pytest.approx(PAPER_MM[paper][1] * 72 / 25.4, abs=0.05)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_pdf_text_has_coordinates_credits_and_scale_note(board_pdfs):
    text = PdfReader(str(board_pdfs("--palette", "cud"))).pages[0].extract_text()
    for word in ("Thorleif Bundgaard", "2001", "copied freely", "50 mm", "15.8 mm", "10"):
        assert word in text
    for letter in "abcdefghij":
        assert letter in text.split()
    bare = PdfReader(str(board_pdfs("--no-coordinates"))).pages[0].extract_text()
    assert "j" not in bare.split() and "Thorleif Bundgaard" in bare


def test_tiling_a_30_mm_board_on_a4(board_pdfs):
    pdf = board_pdfs("--field", "30", "--paper", "a4")
    reader = PdfReader(str(pdf))
    pages = len(reader.pages)
    assert pages == page_count(pdf) and pages >= 5  # overview + at least 2x2 tiles
    for page in reader.pages:
        sides = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert sides == pytest.approx(sorted((210 * 72 / 25.4, 297 * 72 / 25.4)), abs=0.05)
    overview = reader.pages[0].extract_text()
    assert "not to scale" in overview
    labels = [reader.pages[i].extract_text() for i in range(1, pages)]
    assert any("row 1, column 1" in t for t in labels) and any("row 2, column 2" in t for t in labels)
    assert all("50 mm" in t for t in labels)
    # On a tile the fields keep their full 30 mm: measure the grid lines on the first tile.
    pixels = render_page(pdf, page_index=1, dpi=DPI)
    scale = px_per_mm(DPI)
    column_line = dark_mask(pixels[:, int(pixels.shape[1] * 0.8), :])
    gaps = numpy.diff(run_centres_mm(column_line, DPI))
    # Fields are 30 mm; a gap of more than two fields is the paper below a tile (tiles are balanced, so a tile
    # need not fill its page).
    full_fields = [gap for gap in gaps if 20 < gap < 60]
    assert len(full_fields) >= 3
    assert full_fields == pytest.approx([30.0] * len(full_fields), abs=0.2)
    assert pixels.shape[0] == pytest.approx(297 * scale, abs=1)




def test_a_board_on_two_pages_is_split_evenly(tmp_path):
    """Ten rows on two pages: five and five, not eight and two."""
    from registry import FOLDER_GAMES

    from boardgen.draw.board import BoardLook, draw_board
    from boardgen.layout.pages import plan_tiles
    from boardgen.layout.paper import PAPERS

    info = FOLDER_GAMES["iacta"]
    drawing = draw_board(info.board(info.default_variant), BoardLook(field_size=30.0))
    plan = plan_tiles(drawing.scene, PAPERS["a4"], 10.0)
    heights = {round(tile.window.height, 6) for tile in plan.tiles}
    widths = {round(tile.window.width, 6) for tile in plan.tiles}
    assert plan.rows == 2 and len(heights) == 1 and len(widths) == 1


@pytest.mark.parametrize("game", list(FOLDER_GAMES))
@pytest.mark.parametrize("paper, field", [("a5", None), ("a4", "30")])
def test_no_letter_is_cut_by_a_tiles_edge_and_one_line_says_what_fits_one_page(tmp_path, game, paper, field):
    """Read from the PDF: every character on a tile page lies wholly inside the tile's window or wholly outside
    it (then it is another tile's, or the footer's), never across its edge; and the command says in one line how
    many pages the board takes and which --field would fit one, and that --field does."""
    import re

    import pypdfium2

    from boardgen.layout.pages import paper_window
    from boardgen.layout.paper import DEFAULT_MARGIN, PAPERS

    args = ["board", game, "--paper", paper, "-o", str(tmp_path / "b.pdf")] + (["--field", field] if field else [])
    result = run_cli(*args)
    assert result.exit_code == 0, result.output
    pages = page_count(tmp_path / "b.pdf")
    if pages == 1:
        assert "note:" not in result.output
        return
    (note,) = [line for line in result.output.splitlines() if line.startswith("boardgen: note:")]
    assert f"takes {pages} pages" in note
    found = re.search(r"--field (\d+(?:\.\d)?) fits one page", note)
    if found is None:  # the game's pieces need larger fields than fit: the note says so, and no smaller is offered
        smallest = FOLDER_GAMES[game].smallest_field
        assert f"no field its pieces stand in ({smallest:g} mm or more) fits one page" in note
        tighter = run_cli("board", game, "--paper", paper, "--field", f"{smallest:g}", "-o", str(tmp_path / "t.pdf"))
        assert tighter.exit_code == 0 and page_count(tmp_path / "t.pdf") > 1
    else:
        largest = found.group(1)
        one = run_cli("board", game, "--paper", paper, "--field", largest, "-o", str(tmp_path / "one.pdf"))
        assert one.exit_code == 0 and page_count(tmp_path / "one.pdf") == 1 and "note:" not in one.output
    document = pypdfium2.PdfDocument(str(tmp_path / "b.pdf"))
    try:
        for index in range(1, pages):  # the tiles (page 1 is the overview)
            page = document[index]
            width, height = page.get_size()
            sheet = PAPERS[paper] if width < height else PAPERS[paper].landscape()
            window = paper_window(sheet, DEFAULT_MARGIN)
            x0, x1 = window.x * 72 / 25.4, window.right * 72 / 25.4
            y0, y1 = height - window.bottom * 72 / 25.4, height - window.y * 72 / 25.4  # PDF y grows upwards
            text = page.get_textpage()
            for n in range(text.count_chars()):
                left, bottom, right, top = text.get_charbox(n)
                if right - left < 0.01:
                    continue  # a space
                inside = x0 - 0.5 <= left and right <= x1 + 0.5 and y0 - 0.5 <= bottom and top <= y1 + 0.5
                outside = right <= x0 + 0.5 or left >= x1 - 0.5 or top <= y0 + 0.5 or bottom >= y1 - 0.5
                assert inside or outside, (index + 1, text.get_text_range(n, 1))
    finally:
        document.close()
