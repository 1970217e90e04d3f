"""The SVG as a laser cutter or Inkscape sees it: millimetres, layers, true sizes."""

from __future__ import annotations

import pytest
from svg_helpers import INKSCAPE, SVG, layer, svg_root
from test_board_pdf import expected_role

from boardgen.draw.palettes import PALETTES


@pytest.mark.parametrize("field", [15.8, 18.0, 30.0])
def test_size_is_in_millimetres_and_viewbox_matches(board_pdfs, field):
    root = svg_root(board_pdfs("--field", str(field), fmt="svg"))
    width, height = root.get("width"), root.get("height")
    assert width.endswith("mm") and height.endswith("mm")
    assert root.get("viewBox").split() == ["0", "0", width[:-2], height[:-2]]
    # The drawing holds ten fields plus labels: wider than the grid, not absurdly so.
    assert 10 * field < float(width[:-2]) < 10 * field + 40


def test_layers_are_named_and_fields_are_true_size(board_pdfs):
    root = svg_root(board_pdfs("--palette", "cud", "--arrows", fmt="svg"))
    labels = [g.get(f"{INKSCAPE}label") for g in root.findall(f"{SVG}g")]
    assert labels == ["fields", "lines", "marks", "text", "calibration"]
    fields = [r for r in layer(root, "fields").iter(f"{SVG}rect") if r.get("width") == "15.8"]
    assert len(fields) == 100
    assert all(r.get("height") == "15.8" for r in fields)
    # Fields in reading order from the top-left: check each one's colour against its zone.
    by_place = sorted(fields, key=lambda r: (float(r.get("y")), float(r.get("x"))))
    styles = PALETTES["cud"].styles
    for index, rect in enumerate(by_place):
        row, column = 9 - index // 10, index % 10
        assert rect.get("fill") == styles[expected_role(column, row)].fill
    texts = [t.text for t in layer(root, "text").iter(f"{SVG}text")]
    assert "a" in texts and "10" in texts and any("Bundgaard" in t for t in texts)


def test_calibration_bar_is_50_mm_in_the_svg(board_pdfs):
    root = svg_root(board_pdfs(fmt="svg"))
    rects = list(layer(root, "calibration").iter(f"{SVG}rect"))
    left = min(float(r.get("x")) for r in rects)
    right = max(float(r.get("x")) + float(r.get("width")) for r in rects)
    assert right - left == pytest.approx(50.0, abs=1e-6)


def test_mono_svg_hatches_are_plain_lines(board_pdfs):
    root = svg_root(board_pdfs("--palette", "mono", fmt="svg"))
    assert root.find(f".//{SVG}pattern") is None  # cutters ignore pattern fills
    lines = list(layer(root, "fields").iter(f"{SVG}line"))
    assert len(lines) > 200
    assert {line.get("stroke") for line in lines} == {"#000000"}
