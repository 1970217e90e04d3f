"""Page layout and hatching as properties: whatever the board and paper, the rules hold."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from registry import find_game

from boardgen.draw.board import BoardLook, draw_board
from boardgen.draw.palettes import Hatch
from boardgen.draw.resolve import HATCH_INSET, hatch_lines
from boardgen.draw.scene import Box, Placed
from boardgen.layout.pages import MIN_OVERLAP, layout_pages, paper_window, plan_tiles
from boardgen.layout.paper import PAPERS

papers = st.sampled_from(sorted(PAPERS))
fields = st.floats(min_value=5, max_value=100)
margins = st.floats(min_value=0, max_value=25)


def _covered(starts_and_lengths, total) -> bool:
    reach = 0.0
    for start, length in sorted(starts_and_lengths):
        if start > reach + 1e-6:
            return False
        reach = max(reach, start + length)
    return reach >= total - 1e-6


@settings(max_examples=60, deadline=None)
@given(paper=papers, field=fields, margin=margins, coordinates=st.booleans())
def test_tiles_cover_the_board_overlap_enough_and_fit_the_page(paper, field, margin, coordinates):
    drawing = draw_board(find_game("iacta").board(find_game("iacta").default_variant), BoardLook(field, coordinates))
    scene = drawing.scene
    plan = plan_tiles(scene, PAPERS[paper], margin)
    window = paper_window(plan.paper, margin)
    xs = {t.column: t.window for t in plan.tiles}
    ys = {t.row: t.window for t in plan.tiles}
    assert len(plan.tiles) == plan.rows * plan.columns
    for tile in plan.tiles:
        assert tile.window.width <= window.width + 1e-6 and tile.window.height <= window.height + 1e-6
    assert _covered([(w.x, w.width) for w in xs.values()], scene.width)
    assert _covered([(w.y, w.height) for w in ys.values()], scene.height)
    for neighbours in (xs, ys):
        for index in range(len(neighbours) - 1):
            a, b = neighbours[index], neighbours[index + 1]
            overlap = (a.right - b.x) if neighbours is xs else (a.bottom - b.y)
            assert overlap >= MIN_OVERLAP - 1e-6


@settings(max_examples=40, deadline=None)
@given(paper=papers, field=fields)
def test_a_page_never_shrinks_the_board(paper, field):
    drawing = draw_board(find_game("iacta").board(find_game("iacta").default_variant), BoardLook(field))
    pages = layout_pages(drawing.scene, drawing.grid_box, PAPERS[paper], 10.0, "note")
    placed = [s for page in pages[1 if len(pages) > 1 else 0 :] for _, shapes in page.layers for s in shapes
              if isinstance(s, Placed) and (s.scene.width, s.scene.height) == (drawing.scene.width,
                                                                                drawing.scene.height)]
    assert placed and all(p.scale == 1.0 for p in placed)
    if len(pages) == 1:
        page = pages[0]
        offset = placed[0].offset
        centre = (offset[0] + drawing.grid_box.centre[0], offset[1] + drawing.grid_box.centre[1])
        assert math.isclose(centre[0], page.width / 2) and math.isclose(centre[1], page.height / 2)


@settings(max_examples=100, deadline=None)
@given(
    x=st.floats(-50, 50), y=st.floats(-50, 50), w=st.floats(0.5, 40), h=st.floats(0.5, 40),
    angle=st.sampled_from([0.0, 30.0, 45.0, 90.0, 135.0]), spacing=st.floats(0.5, 5),
)
def test_hatch_lines_stay_clear_of_their_box_edges_and_are_evenly_spread(x, y, w, h, angle, spacing):
    box = Box(x, y, w, h)
    segments = hatch_lines(box, Hatch((angle,), spacing, 0.3))
    clear = HATCH_INSET + 0.15 - 1e-6  # the inset plus half the line's width: no ink on or near a grid line
    for (x0, y0), (x1, y1) in segments:
        for px, py in ((x0, y0), (x1, y1)):
            assert box.x + clear <= px <= box.right - clear and box.y + clear <= py <= box.bottom - clear
    # Lines across the box at one pitch, the spacing rounded to fit the box: every gap between neighbours is a
    # whole number of pitches (lines too short to draw, across a thin box's corners, leave a gap of two or more).
    nx, ny = -math.sin(math.radians(angle)), -math.cos(math.radians(angle))
    offsets = sorted(nx * (a[0] + b[0]) / 2 + ny * (a[1] + b[1]) / 2 for a, b in segments)
    gaps = [b - a for a, b in itertools.pairwise(offsets)]
    inner = box.grown(-clear - 1e-6)
    corners = [(inner.x, inner.y), (inner.right, inner.y), (inner.x, inner.bottom), (inner.right, inner.bottom)]
    extent = max(nx * cx + ny * cy for cx, cy in corners) - min(nx * cx + ny * cy for cx, cy in corners)
    pitch = extent / max(1, round(extent / spacing))
    assert 0.6 * spacing <= pitch or extent < spacing
    for gap in gaps:
        assert gap / pitch == pytest.approx(round(gap / pitch), abs=1e-3) and round(gap / pitch) >= 1


@pytest.mark.parametrize("angles", [(45.0,), (0.0,), (45.0, 135.0), (0.0, 90.0)])
def test_every_field_of_a_zone_gets_the_same_hatch(angles):
    hatch = Hatch(angles, 1.4, 0.4)
    counts = {len(hatch_lines(Box(x * 15.8 + 7.3, y * 15.8 + 3.1, 15.8, 15.8), hatch)) for x in range(10)
              for y in range(10)}
    assert len(counts) == 1 and counts.pop() > 0


@pytest.mark.parametrize("length, window", [(300.0, 250.0), (500.0, 180.0), (181.0, 180.0), (90.0, 180.0),
                                            (1000.0, 123.4)])
def test_tiles_are_balanced_and_overlap_alike(length, window):
    from boardgen.layout.pages import MIN_OVERLAP, _spans

    spans = _spans(length, window)
    sizes = {round(size, 6) for _, size in spans}
    assert len(sizes) == 1 and max(sizes) <= window + 1e-9  # every tile the same size, none larger than a page
    assert spans[0][0] == 0 and spans[-1][0] + spans[-1][1] == pytest.approx(length)
    for (a, size), (b, _) in itertools.pairwise(spans):
        assert a + size - b == pytest.approx(MIN_OVERLAP)  # every seam the same strip to glue
    fewer = len(spans) - 1
    assert fewer == 0 or fewer * window - (fewer - 1) * MIN_OVERLAP < length  # as few tiles as fit


def test_largest_fitting_finds_the_largest_tenth_and_tries_the_asked_size_first():
    from boardgen.layout.bed import largest_fitting

    asked = []

    def fitting(size: float) -> bool:
        asked.append(size)
        return size <= 16.0

    assert largest_fitting(fitting, 5.0, 16.05) == 16.0 and asked == [16.0]
    assert largest_fitting(lambda size: size <= 12.34, 5.0, 16.05) == 12.3
    assert largest_fitting(lambda size: size <= 4.0, 5.0, 16.05) is None
    assert largest_fitting(lambda size: True, 26.4, 30.0) == 30.0
