"""Alea's printable dice: sixteen 16 mm cubes that fold into proper right-handed dice."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from helpers import run_cli
from svg_helpers import SVG

from boardgen.draw.palettes import PALETTES


def faces_on(path: Path) -> list[dict]:
    """Die faces on a page: box, colour and number of pips inside."""
    root = ET.parse(path).getroot()
    fills = {PALETTES["classic"].styles[f"die.{c}"].fill: c for c in ("white", "black")}
    rects = [r for r in root.iter(f"{SVG}rect") if r.get("fill") in fills and r.get("width") == "16"]
    pips = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(f"{SVG}circle")]
    faces = []
    for r in rects:
        x, y = float(r.get("x")), float(r.get("y"))
        count = sum(1 for px, py in pips if x < px < x + 16 and y < py < y + 16)
        faces.append({"x": x, "y": y, "colour": fills[r.get("fill")], "pips": count})
    return faces


def nets(faces: list[dict]) -> list[dict[tuple[int, int], dict]]:
    """Group faces into crosses: the face with one pip is the top of each net."""
    found = []
    for top in (f for f in faces if f["pips"] == 1):
        cells = {}
        for f in faces:
            column, row = round((f["x"] - top["x"]) / 16) + 1, round((f["y"] - top["y"]) / 16)
            if 0 <= column <= 2 and 0 <= row <= 3 and abs(f["x"] - top["x"] - (column - 1) * 16) < 1e-6:
                cells[(column, row)] = f
        found.append(cells)
    return found


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dice")
    result = run_cli("pieces", "alea", "--format", "svg", "-o", str(folder / "dice.svg"))
    assert result.exit_code == 0, result.output
    return [Path(p) for p in result.stdout.split()]


def test_sixteen_dice_eight_of_each_colour(pages):
    all_nets = [net for page in pages for net in nets(faces_on(page))]
    assert len(all_nets) == 16
    assert Counter(net[(1, 0)]["colour"] for net in all_nets) == {"white": 8, "black": 8}
    assert all(len({f["colour"] for f in net.values()}) == 1 for net in all_nets)


def test_each_net_folds_into_a_right_handed_die_with_opposites_summing_to_7(pages):
    for page in pages:
        for net in nets(faces_on(page)):
            assert set(net) == {(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3)}
            top, front, bottom, back = (net[(1, r)]["pips"] for r in range(4))
            left, right = net[(0, 1)]["pips"], net[(2, 1)]["pips"]
            # Folded: row 0 is the top, row 1 the front, row 2 the bottom, row 3 the back.
            assert top + bottom == 7 and front + back == 7 and left + right == 7
            assert sorted([top, front, bottom, back, left, right]) == [1, 2, 3, 4, 5, 6]
            # Right-handed: with 1 on top and 2 in front, 3 is on the right.
            assert (top, front, right) == (1, 2, 3)


def test_nets_have_seven_glue_tabs_and_print_on_two_a4_pages(pages):
    assert len(pages) == 2
    root = ET.parse(pages[0]).getroot()
    polygons = [p for p in root.iter(f"{SVG}polygon") if p.get("fill") == "none"]
    folds = [line for line in root.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    nets_here = len(nets(faces_on(pages[0])))
    # One cut outline round each net, glue tabs included; 5 folds between faces and 7 to the tabs.
    assert len(polygons) == nets_here and len(folds) == nets_here * 12
    # Each outline encloses six 16 mm faces and seven tabs (trapezoids 4.8 mm deep, 16 and 6.4 mm wide).
    for polygon in polygons:
        numbers = [float(v) for v in polygon.get("points").replace(",", " ").split()]
        ring = list(zip(numbers[::2], numbers[1::2], strict=True))
        area = abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:] + ring[:1], strict=True))) / 2
        assert area == pytest.approx(6 * 16**2 + 7 * (16 + 6.4) / 2 * 4.8, abs=0.01)


def test_pieces_pdf_default_name(in_tmp):
    result = run_cli("pieces", "alea")
    assert result.exit_code == 0 and result.output.strip() == "output/alea-pieces-classic.pdf"
    assert run_cli("pieces", "chess").exit_code == 2
