"""Laser files, read back by the programs laser users open them with: vpype, ezdxf, Inkscape.

Every product with a laser form is taken from the registry: each game's
board, its pieces (where it has any to cut) and a diagram of its first
sample, as SVG and as DXF.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
from registry import FOLDER_GAMES

from boardgen.draw.geometry import circle_ring, offset_ring, signed_area
from boardgen.draw.glyphs import text_rings
from boardgen.draw.laser import LEFT_OUT_ROLES, plan_laser
from boardgen.draw.laser_colours import LASER_COLOURS
from boardgen.draw.scene import Box, Circle, Polygon, Rect, SceneBuilder, Text
from boardgen.layout.bed import BED_PRESETS, parse_bed
from boardgen.products.templates import sample_names
from tests.helpers import assert_one_line_error, run_cli
from tests.svg_helpers import laser_layers as _groups
from tests.svg_helpers import size_mm
from tests.svg_helpers import subpaths as _subpaths

SVG = "{http://www.w3.org/2000/svg}"
RGB = LASER_COLOURS["rgb"]


def _products() -> list[tuple[str, tuple[str, ...]]]:
    """(id, command) for every laser product of every game."""
    found = []
    for game in FOLDER_GAMES.values():
        found.append((f"{game.name}-board", ("board", game.name, "--arrows") if game.board(
            game.default_variant).arrows else ("board", game.name)))
        if game.pieces is not None:
            found.append((f"{game.name}-pieces", ("pieces", game.name, "--reference")))
        found.append((f"{game.name}-box", ("box", game.name, "--bed", "glowforge")))
        sample = next(name for name in sample_names(game.name) if "invalid" not in name)
        found.append((f"{game.name}-diagram", ("diagram", f"sample:{sample}", "--moves")))
    return found


PRODUCTS = _products()


@cache
def _made(product: str, fmt: str, tmp: Path) -> tuple[Path, ...]:
    command = dict(PRODUCTS)[product]
    folder = tmp / f"{product}-{fmt}"
    folder.mkdir(parents=True, exist_ok=True)
    result = run_cli(*command, "--laser", "--format", fmt, "-o", str(folder / f"out.{fmt}"))
    assert result.exit_code == 0, result.output
    files = tuple(sorted(folder.iterdir()))
    assert files and all(f.suffix == f".{fmt}" for f in files)
    return files


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("laser")
    return lambda product, fmt: _made(product, fmt, tmp)


# -- reading our SVG back ----------------------------------------------------------------------------------------

def _segments(paths: list[tuple[list[tuple[float, float]], bool]]):
    for points, closed in paths:
        ring = points + ([points[0]] if closed else [])
        yield from zip(ring, ring[1:], strict=False)


def _duplicated(segments) -> list:
    """Segments that lie on one line with another and share more than a point (bucketed by line, not n^2)."""
    lines = defaultdict(list)
    for a, b in segments:
        length = math.dist(a, b)
        if length < 0.02:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        if ux < -1e-9 or (abs(ux) <= 1e-9 and uy < 0):
            ux, uy = -ux, -uy
        offset = a[0] * uy - a[1] * ux
        key = (round(math.atan2(uy, ux), 3), round(offset, 2))
        along = sorted((a[0] * ux + a[1] * uy, b[0] * ux + b[1] * uy))
        lines[key].append((along, (a, b)))
    found = []
    for spans in lines.values():
        spans.sort()
        reach = -math.inf
        for (low, high), segment in spans:
            if low < reach - 0.01:
                found.append(segment)
            reach = max(reach, high)
    return found


# -- what every laser SVG must be -----------------------------------------------------------------------------------

@pytest.mark.parametrize("product", [p for p, _ in PRODUCTS])
def test_vpype_reads_cut_score_and_engrave_and_nothing_is_dropped(made, product):
    import vpype

    for path in made(product, "svg"):
        text = path.read_text()
        assert "<text" not in text and "stroke-dasharray" not in text and "<pattern" not in text
        root = ET.parse(path).getroot()
        width_mm, height_mm = (float(root.get(side).removesuffix("mm")) for side in ("width", "height"))
        document = vpype.read_svg_by_attributes(str(path), ["stroke"], 0.05, crop=False)
        page_width, page_height = (side / 96 * 25.4 for side in document.page_size)
        assert page_width == pytest.approx(width_mm, abs=0.05) and page_height == pytest.approx(height_mm, abs=0.05)
        by_colour = {layer.metadata["vp_color"].as_hex()[:7].upper(): len(layer) for layer in document.layers.values()}
        groups = _groups(path)
        expected = {RGB.cut: "cut", RGB.score: "score", RGB.engrave: "engrave"}
        assert set(by_colour) <= set(expected) and set(groups) <= {"cut", "score", "engrave"}
        for colour, count in by_colour.items():
            in_file = sum(len(_subpaths(p.get("d"))) for p in groups[expected[colour]])
            assert count == in_file, f"{path.name}: vpype read {count} {expected[colour]} lines of {in_file}"
        assert "cut" in groups or "backs" in path.name, f"{path.name} cuts nothing"


@pytest.mark.parametrize("product", [p for p, _ in PRODUCTS])
def test_cuts_are_closed_hairlines_every_line_burns_once_and_all_fits_the_bed(made, product):
    command = dict(PRODUCTS)[product]
    bed = parse_bed(command[command.index("--bed") + 1] if "--bed" in command else "small")
    for path in made(product, "svg"):
        groups = _groups(path)
        cuts = [sub for p in groups.get("cut", []) for sub in _subpaths(p.get("d"))]
        assert all(closed for _, closed in cuts), f"{path.name}: an open cut"
        every = cuts + [sub for name in ("score",) for p in groups.get(name, []) for sub in _subpaths(p.get("d"))]
        assert not _duplicated(list(_segments(every))), f"{path.name}: a line is burnt twice"
        points = [pt for pts, _ in every for pt in pts]
        points += [pt for p in groups.get("engrave", []) for pts, _ in _subpaths(p.get("d")) for pt in pts]
        assert points
        assert min(x for x, _ in points) >= 0 and max(x for x, _ in points) <= bed.width
        assert min(y for _, y in points) >= 0 and max(y for _, y in points) <= bed.height
        text = path.read_text()
        assert 'stroke-width="0.025"' in text or "cut" not in groups


@pytest.mark.parametrize("product", [p for p, _ in PRODUCTS])
def test_nothing_is_scored_over_engraving_and_engraved_areas_never_overlap(made, product):
    """Read back from the files: no scored line runs over an engraved area (it would burn twice and blur a pip or
    a label), and no two engraved areas share any ground (checked on a 0.2 mm grid where their bounds meet)."""
    from boardgen.draw.laser import LaserPlan, ScorePath
    from boardgen.draw.laser_areas import EngravedAreas

    for path in made(product, "svg"):
        groups = _groups(path)
        areas = [[tuple(points) for points, _ in _subpaths(p.get("d"))] for p in groups.get("engrave", [])]
        scores = tuple(ScorePath(tuple(points), closed) for p in groups.get("score", [])
                       for points, closed in _subpaths(p.get("d")))
        assert _score_length_over(LaserPlan(0, 0, "", (), scores, tuple(areas))) < 0.05, path.name
        indexed = [(EngravedAreas([area]), _bounds([pt for ring in area for pt in ring])) for area in areas]
        for i, (one, (ax0, ay0, ax1, ay1)) in enumerate(indexed):
            for other, (bx0, by0, bx1, by1) in indexed[i + 1:]:
                x0, y0, x1, y1 = max(ax0, bx0), max(ay0, by0), min(ax1, bx1), min(ay1, by1)
                if x0 >= x1 or y0 >= y1:
                    continue
                shared = [(x0 + 0.1 + 0.2 * i, y0 + 0.1 + 0.2 * j) for i in range(int((x1 - x0) / 0.2))
                          for j in range(int((y1 - y0) / 0.2))]
                assert not any(one.covers(p) and other.covers(p) for p in shared), f"{path.name}: areas overlap"


def _bounds(points):
    return (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points),
            max(y for _, y in points))


@pytest.mark.parametrize("product", [p for p, _ in PRODUCTS])
def test_ezdxf_reads_every_dxf_in_millimetres_at_the_svgs_size(made, product):
    import ezdxf
    from ezdxf import bbox

    svgs, dxfs = made(product, "svg"), made(product, "dxf")
    assert [p.stem for p in svgs] == [p.stem for p in dxfs]
    for svg_path, dxf_path in zip(svgs, dxfs, strict=True):
        document = ezdxf.readfile(dxf_path)
        auditor = document.audit()
        assert not auditor.has_errors, [str(e) for e in auditor.errors]
        assert document.header["$INSUNITS"] == 4
        space = document.modelspace()
        layers = {entity.dxf.layer for entity in space}
        assert layers <= {"CUT", "SCORE", "ENGRAVE"}
        assert not [e for e in space if e.dxftype() in ("TEXT", "MTEXT")]
        extents = bbox.extents(space)
        groups = _groups(svg_path)
        bed_width, bed_height = size_mm(ET.parse(svg_path).getroot())
        # In positive coordinates from the bed's lower-left corner, the bed's extents declared
        assert tuple(document.header["$EXTMIN"])[:2] == (0, 0)
        assert tuple(document.header["$EXTMAX"])[:2] == pytest.approx((bed_width, bed_height))
        points = [pt for ps in groups.values() for p in ps for pts, _ in _subpaths(p.get("d")) for pt in pts]
        xs, ys = [x for x, _ in points], [bed_height - y for _, y in points]
        assert min(xs) >= 0 and min(ys) >= 0
        assert extents.extmin.x == pytest.approx(min(xs), abs=0.05)
        assert extents.extmax.x == pytest.approx(max(xs), abs=0.05)
        assert extents.extmin.y == pytest.approx(min(ys), abs=0.05)
        assert extents.extmax.y == pytest.approx(max(ys), abs=0.05)
        cuts = [e for e in space if e.dxf.layer == "CUT"]
        assert all(e.dxftype() == "LWPOLYLINE" and e.closed for e in cuts)
        assert len(cuts) == sum(len(_subpaths(p.get("d"))) for p in groups.get("cut", []))
        _assert_holes_turn_against_their_outlines(space)


def _assert_holes_turn_against_their_outlines(space) -> None:
    """Every hatch's holes (inside an odd number of its other paths) turn the other way from its outlines, so a
    program filling by the non-zero rule (Inkscape's DXF import) keeps the pips and counters open."""
    from boardgen.draw.laser_areas import nesting_depths

    for hatch in (e for e in space if e.dxftype() == "HATCH"):
        rings = [tuple((v[0], v[1]) for v in path.vertices) for path in hatch.paths]
        for ring, depth in zip(rings, nesting_depths(rings), strict=True):
            assert (signed_area(ring) > 0) == (depth % 2 == 1), "a hole turns the same way as its outline"


@pytest.mark.parametrize("product", ["iacta-board", "alea-diagram"])
def test_dxf_r12_holds_only_lines_and_polylines_engraving_as_closed_outlines(tmp_path, product):
    import ezdxf

    command = dict(PRODUCTS)[product]
    out = tmp_path / "r12.dxf"
    result = run_cli(*command, "--laser", "--format", "dxf", "--dxf-version", "r12", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.count("\n") <= 2  # no warning from the DXF library reaches the user
    document = ezdxf.readfile(out)
    assert document.dxfversion == "AC1009"
    types = {(e.dxftype(), e.dxf.layer) for e in document.modelspace()}
    assert {t for t, _ in types} <= {"LINE", "POLYLINE"}
    assert ("POLYLINE", "ENGRAVE") in types and ("POLYLINE", "CUT") in types
    assert all(e.is_closed for e in document.modelspace() if e.dxf.layer in ("CUT", "ENGRAVE"))
    again = tmp_path / "again.dxf"
    assert run_cli(*command, "--laser", "--format", "dxf", "--dxf-version", "r12", "-o", str(again)).exit_code == 0
    assert again.read_bytes() == out.read_bytes()


def test_dxf_version_is_refused_for_svg(tmp_path):
    result = run_cli("board", "iacta", "--laser", "--dxf-version", "r12", "-o", str(tmp_path / "b.svg"))
    assert_one_line_error(result, "--dxf-version")


INKSCAPE_DXF_IMPORT = Path("/usr/share/inkscape/extensions/dxf_input.py")


def _inkscape_python() -> str | None:
    """The Python Inkscape runs its extensions with (the system's), if it has what the DXF importer needs."""
    for python in ("/usr/bin/python3", shutil.which("python3")):
        if python and subprocess.run([python, "-c", "import lxml, numpy"], capture_output=True).returncode == 0:
            return python
    return None


@pytest.mark.skipif(shutil.which("inkscape") is None or not INKSCAPE_DXF_IMPORT.exists(),
                    reason="Inkscape is not installed (apt-get install inkscape)")
def test_inkscape_imports_the_dxf_at_true_size(made, tmp_path):
    # Inkscape's own DXF importer, run as Inkscape runs it (its command line import needs a display).
    python = _inkscape_python()
    if python is None:
        pytest.skip("Inkscape's extensions need lxml and numpy (apt-get install python3-lxml python3-numpy)")
    (dxf,) = made("isaac-board", "dxf")
    (svg,) = made("isaac-board", "svg")
    out = tmp_path / "imported.svg"
    imported = subprocess.run([python, str(INKSCAPE_DXF_IMPORT), "--scalemethod=file", str(dxf)], check=True,
                              capture_output=True, timeout=180, cwd=INKSCAPE_DXF_IMPORT.parent)
    out.write_bytes(imported.stdout)
    assert b"scale = 1.000000" in imported.stdout  # it read the units ($INSUNITS = mm) and did not rescale
    query = subprocess.run(["inkscape", str(out), "--query-all"], check=True, capture_output=True, text=True,
                           timeout=180).stdout.splitlines()
    # The first line is the whole drawing: id, x, y, width, height in px (96 per inch).
    width_px, height_px = (float(v) for v in query[0].split(",")[3:5])
    groups = _groups(svg)
    points = [pt for ps in groups.values() for p in ps for pts, _ in _subpaths(p.get("d")) for pt in pts]
    assert width_px / 96 * 25.4 == pytest.approx(max(x for x, _ in points) - min(x for x, _ in points), abs=0.3)
    assert height_px / 96 * 25.4 == pytest.approx(max(y for _, y in points) - min(y for _, y in points), abs=0.3)


# -- geometry -------------------------------------------------------------------------------------------------------

def _cut_sizes(path: Path) -> list[tuple[float, float]]:
    sizes = []
    for p in _groups(path)["cut"]:
        for points, _ in _subpaths(p.get("d")):
            xs, ys = [x for x, _ in points], [y for _, y in points]
            sizes.append((round(max(xs) - min(xs), 3), round(max(ys) - min(ys), 3)))
    return sizes


@pytest.mark.parametrize("kerf, expected", [(0.2, 16.0), (0.0, 15.8), (0.1, 15.9)])
def test_kerf_grows_a_token_by_half_the_kerf_each_side(tmp_path, kerf, expected):
    # 16.8 mm fields give 15.8 mm tokens (a millimetre of clearance).
    assert run_cli("pieces", "iacta", "--laser", "--field", "16.8", "--kerf", str(kerf), "-o",
                   str(tmp_path / "t.svg")).exit_code == 0
    sizes = _cut_sizes(tmp_path / "t-tokens.svg")
    assert len(sizes) == 36 and set(sizes) == {(expected, expected)}


def test_a_hole_shrinks_and_is_cut_before_its_outline():
    builder = SceneBuilder(100, 100, "plate with a hole")
    builder.add("lines", Polygon(((10, 10), (60, 10), (60, 40), (10, 40)), "cut"))
    builder.add("lines", Circle((35, 25), 5.0, "cut"))
    plan = plan_laser(builder.build(), 0.2)
    hole, outline = plan.cuts
    assert hole.hole and not outline.hole
    xs = [x for x, _ in hole.ring]
    assert max(xs) - min(xs) == pytest.approx(9.8, abs=0.02)  # 10 mm hole, 0.1 mm in on each side
    xs = [x for x, _ in outline.ring]
    assert max(xs) - min(xs) == pytest.approx(50.2, abs=1e-9)


def test_offset_keeps_every_edge_parallel_at_the_distance():
    cross = ((0, 10), (10, 10), (10, 0), (20, 0), (20, 10), (30, 10), (30, 20), (20, 20), (20, 30), (10, 30),
             (10, 20), (0, 20))
    for ring in (cross, tuple(reversed(cross))):
        grown = offset_ring(ring, 0.5)
        # Area 500, perimeter 120; each of 8 outer corners adds a 0.5 mm square, each of 4 inner ones takes one.
        assert abs(signed_area(grown)) == pytest.approx(500 + 0.5 * 120 + (8 - 4) * 0.25, abs=1e-9)
        assert abs(signed_area(offset_ring(ring, -0.5))) == pytest.approx(500 - 0.5 * 120 + (8 - 4) * 0.25,
                                                                          abs=1e-9)


def test_a_light_shape_on_an_engraved_area_is_a_hole_in_it():
    builder = SceneBuilder(50, 50)
    builder.add("fields", Rect(Box(10, 10, 20, 20), "die.black"))  # mono: a black die
    builder.add("marks", Circle((20, 20), 2.0, "pip.black"))  # a white pip on it
    builder.add("fields", Rect(Box(35, 35, 10, 10), "die.white"))  # a white die: scored outline
    plan = plan_laser(builder.build(), 0.1)
    (area,) = plan.engraves
    assert len(area) == 2 and sorted(area[1]) == sorted(circle_ring((20, 20), 2.0))
    # the hole turns against its outline, so a program filling by the non-zero rule leaves the pip bare
    assert signed_area(area[0]) > 0 > signed_area(area[1])
    assert len(plan.scores) == 1 and plan.scores[0].closed


def _score_length_over(plan) -> float:
    """Millimetres of scored line whose middle lies on engraving: what the laser would burn twice."""
    from boardgen.draw.laser_areas import EngravedAreas

    areas = EngravedAreas(plan.engraves)
    total = 0.0
    for path in plan.scores:
        points = list(path.points) + ([path.points[0]] if path.closed else [])
        for a, b in zip(points, points[1:], strict=False):
            steps = max(1, int(math.dist(a, b) / 0.1))
            for k in range(steps):
                t = (k + 0.5) / steps
                point = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                if areas.covers(point) and all(areas.covers((point[0] + dx, point[1] + dy))
                                               for dx, dy in ((0.05, 0), (-0.05, 0), (0, 0.05), (0, -0.05))):
                    total += math.dist(a, b) / steps
    return total


def test_hatching_stops_at_every_engraved_piece_and_label():
    builder = SceneBuilder(60, 30)
    builder.add("fields", Rect(Box(0, 0, 30, 30), "p1.start"))  # hatched on a mono print
    builder.add("marks", Rect(Box(8, 8, 14, 14), "die.black"))
    builder.add("text", Text((45, 20), "3", 12, "ink"))
    builder.add("fields", Rect(Box(32, 0, 28, 30), "p2.goal"))
    plan = plan_laser(builder.build(), 0.1, zones="hatch")
    assert sum(math.dist(*s.points[:2]) for s in plan.scores if not s.closed) > 100  # the hatching is there
    assert _score_length_over(plan) == 0


def test_zones_are_engraved_by_default_strong_filled_light_framed_and_can_be_left_plain():
    builder = SceneBuilder(40, 20)
    builder.add("fields", Rect(Box(0, 0, 20, 20), "p1.start"))  # a single hatch: a light zone
    builder.add("fields", Rect(Box(20, 0, 20, 20), "p1.goal"))  # a cross-hatch: a strong zone
    engraved = plan_laser(builder.build(), 0.1)
    assert not engraved.scores
    light, strong = engraved.engraves
    assert len(light) == 2 and len(strong) == 1  # a frame (outline and hole) and a filled field
    assert not plan_laser(builder.build(), 0.1, zones="none").engraves


def test_engraved_areas_never_overlap():
    from boardgen.draw.laser_areas import EngravedAreas

    builder = SceneBuilder(40, 40)
    builder.add("fields", Rect(Box(0, 0, 40, 40), "p1.goal"))  # an engraved zone
    builder.add("marks", Rect(Box(10, 10, 20, 20), "die.black"))  # a black die on it
    builder.add("text", Text((20, 24), "3", 10, "ink"))  # a dark label on the die
    plan = plan_laser(builder.build(), 0.1)
    assert len(plan.engraves) == 2
    zone, die = (EngravedAreas([area]) for area in plan.engraves)
    for x in range(1, 40):
        for y in range(1, 40):
            assert not (zone.covers((x + 0.3, y + 0.3)) and die.covers((x + 0.3, y + 0.3)))
    assert not die.covers((20, 20))  # the label is bare wood in the die
    assert not zone.covers((9.8, 20)) and not die.covers((9.8, 20))  # the gap round the die


def test_page_furniture_never_reaches_the_laser():
    builder = SceneBuilder(100, 100)
    for role in sorted(LEFT_OUT_ROLES):
        builder.add("lines", Rect(Box(1, 1, 50, 5), role))
    plan = plan_laser(builder.build(), 0.1)
    assert not plan.cuts and not plan.scores and not plan.engraves


# -- text -----------------------------------------------------------------------------------------------------------

def test_text_becomes_glyph_outlines_as_wide_as_the_text_measures():
    from boardgen.draw.fonts import text_width

    text = Text((100.0, 50.0), "IACTA 80", 10.0, "ink", anchor="middle")
    rings = text_rings(text)
    assert len(rings) == 5 + 1 + 2 * 3  # I A C T A, the counter of A twice, 8 has three rings, 0 two
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    width = text_width("IACTA 80", 10.0)
    assert min(xs) > 100 - width / 2 - 0.01 and max(xs) < 100 + width / 2 + 0.01
    assert max(xs) - min(xs) > 0.9 * width
    assert max(ys) == pytest.approx(50.0, abs=0.2) and min(ys) == pytest.approx(50 - 7.3, abs=0.3)  # cap height


def test_turned_text_turns_about_its_anchor():
    upright = text_rings(Text((20.0, 20.0), "7", 5.0, "ink"))
    turned = text_rings(Text((20.0, 20.0), "7", 5.0, "ink", rotation=180.0))
    for (ux, uy), (tx, ty) in zip(upright[0], turned[0], strict=True):
        assert tx == pytest.approx(40 - ux) and ty == pytest.approx(40 - uy)


def test_every_board_label_is_engraved(tmp_path):
    from boardgen.draw.board import BoardLook, draw_board

    game = FOLDER_GAMES["iacta"]
    scene = draw_board(game.board(game.default_variant), BoardLook(15.8)).scene
    texts = [s for s in scene.shapes("text")]
    assert run_cli("board", "iacta", "--laser", "-o", str(tmp_path / "b.svg")).exit_code == 0
    engraved = _groups(tmp_path / "b.svg")["engrave"]
    assert len(engraved) >= len(texts)  # each text one engraved path (and the goal dots)


# -- beds and refusals ------------------------------------------------------------------------------------------

def test_pieces_fill_as_many_beds_as_they_need(tmp_path):
    result = run_cli("pieces", "alea", "--laser", "--bed", "100x100", "-o", str(tmp_path / "d.svg"))
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.iterdir())
    assert len(files) > 2 and all(re.fullmatch(r"d-dice-\d+\.svg", f.name) for f in files)
    total = 0
    for f in files:
        root = ET.parse(f).getroot()
        assert root.get("width") == "100mm" and root.get("height") == "100mm"
        total += len([sub for p in _groups(f)["cut"] for sub in _subpaths(p.get("d"))])
    assert total == 16  # every die once, its net one closed outline


def test_bed_presets_and_sizes():
    assert parse_bed("k40") == BED_PRESETS["k40"] and parse_bed(" 400 x 300 ").width == 400
    for bad in ("huge", "0x10", "10x", "9999x100", "nanxnan"):
        with pytest.raises(ValueError):
            parse_bed(bad)


@pytest.mark.parametrize("game", list(FOLDER_GAMES))
def test_a_board_larger_than_the_bed_names_the_field_that_fits(tmp_path, game):
    result = run_cli("board", game, "--laser", "--field", "40", "-o", str(tmp_path / "b.svg"))
    assert_one_line_error(result, "larger than", "bed", "--field")
    assert not list(tmp_path.iterdir())
    largest = float(re.search(r"--field (\d+(?:\.\d)?)", result.output).group(1))
    fitted = run_cli("board", game, "--laser", "--field", str(largest), "-o", str(tmp_path / "b.svg"))
    assert fitted.exit_code == 0, fitted.output
    too_big = run_cli("board", game, "--laser", "--field", f"{largest + 0.1:.1f}", "-o", str(tmp_path / "c.svg"))
    assert too_big.exit_code == 2


@pytest.mark.parametrize("args, words", [
    (("board", "iacta", "--format", "dxf"), ("add --laser",)),
    (("board", "iacta", "--laser", "--format", "pdf"), ("SVG or DXF",)),
    (("board", "iacta", "--kerf", "0.2"), ("--kerf", "--laser")),
    (("pieces", "iacta", "--bed", "k40"), ("--bed", "--laser")),
    (("board", "iacta", "--laser", "--palette", "cud"), ("--palette", "pattern")),
    (("board", "iacta", "--laser", "--paper", "a5"), ("--paper", "--bed")),
    (("pieces", "iacta", "--laser", "--sides", "fold"), ("--sides",)),
    (("pieces", "iacta", "--laser", "--bed", "moon"), ("--bed", "not a bed size")),
    (("pieces", "iacta", "--laser", "--kerf", "nan"), ("--kerf",)),
    (("pieces", "iacta", "--laser", "--kerf", "5"), ("--kerf",)),
])
def test_laser_options_out_of_place_are_one_line_errors(tmp_path, args, words):
    assert_one_line_error(run_cli(*args, "-o", str(tmp_path / "x.svg")), *words)
    assert not list(tmp_path.iterdir())


def test_a_game_without_pieces_to_cut_says_so(tmp_path):
    # Every built-in game's pieces can be cut (layout.piece_parts cuts every kind); a game file may give none.
    run_cli("new", "bare", "-o", str(tmp_path / "bare.toml"))
    text = (tmp_path / "bare.toml").read_text(encoding="utf-8")
    (tmp_path / "bare.toml").write_text(re.sub(r"\n\[\[pieces\]\]\n(?:[a-z].*\n)*", "\n", text), encoding="utf-8")
    result = run_cli("pieces", str(tmp_path / "bare.toml"), "--laser", "-o", str(tmp_path / "x.svg"))
    assert_one_line_error(result, "gives no pieces", "[[pieces]]")
    assert not (tmp_path / "x.svg").exists()


@pytest.mark.parametrize("fmt", ["svg", "dxf"])
def test_the_same_laser_command_gives_the_same_bytes(tmp_path, fmt):
    # Separate processes with different string hashing: ezdxf orders some records by a set.
    outputs = []
    for seed in ("1", "7"):
        target = tmp_path / seed / f"b.{fmt}"
        target.parent.mkdir()
        subprocess.run([sys.executable, "-m", "boardgen", "pieces", "iacta", "--laser", "--reference", "--format",
                        fmt, "-o", str(target)], check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": seed})
        outputs.append([(p.name, p.read_bytes()) for p in sorted(target.parent.iterdir())])
    assert len(outputs[0]) == 3 and outputs[0] == outputs[1]


def test_the_reference_square_is_20_mm_plus_kerf_with_its_label(tmp_path):
    assert run_cli("board", "alea", "--laser", "--reference", "--kerf", "0.3", "-o",
                   str(tmp_path / "r.svg")).exit_code == 0
    (path,) = tmp_path.iterdir()
    assert (20.3, 20.3) in _cut_sizes(path)


@pytest.mark.parametrize("thickness", [3.0, 4.0])
def test_the_reference_comb_has_slots_from_the_thickness_less_to_more_two_tenths(tmp_path, thickness):
    """Measured in the cut file: slots (notches in the comb's outline) 0.05 mm apart from thickness - 0.2 to + 0.2,
    as they come out once the kerf is burnt away, each labelled."""
    kerf = 0.2
    assert run_cli("box", "alea", "--laser", "--reference", "--kerf", str(kerf), "--thickness", str(thickness), "-o",
                   str(tmp_path / "b.svg")).exit_code == 0
    combs = []
    for path in sorted(tmp_path.iterdir()):
        for p in _groups(path).get("cut", []):
            for points, _ in _subpaths(p.get("d")):
                if len(points) > 30:  # the comb: nine notches of four corners each
                    combs.append(points)
    (comb,) = [c for c in combs if len(c) == 4 * 9 + 4]
    # The slots open on the edge that holds most corners (the comb may lie turned on the bed): along it, the
    # comb's two ends, then each slot's two sides.
    edges = [[round(x, 4) for x, y in comb if abs(y - level) < 1e-3] for level in
             (min(y for _, y in comb), max(y for _, y in comb))]
    edges += [[round(y, 4) for x, y in comb if abs(x - level) < 1e-3] for level in
              (min(x for x, _ in comb), max(x for x, _ in comb))]
    along = sorted(set(max(edges, key=len)))
    sides = along[1:-1]
    widths = [sides[k + 1] - sides[k] + kerf for k in range(0, len(sides), 2)]  # the beam widens the drawn slot
    assert widths == pytest.approx([thickness + step for step in (-0.2, -0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.2)],
                                   abs=1e-3)


def test_boxes_colours_convention(tmp_path):
    assert run_cli("pieces", "isaac", "--laser", "--laser-colours", "boxes", "-o",
                   str(tmp_path / "t.svg")).exit_code == 0
    text = (tmp_path / "t.svg").read_text()
    boxes = LASER_COLOURS["boxes"]
    assert f'stroke="{boxes.cut}"' in text and f'fill="{boxes.engrave}"' in text and "#FF0000" not in text


# -- fields the pieces stand in -----------------------------------------------------------------------------------

_NEEDY = sorted(name for name, game in FOLDER_GAMES.items() if game.smallest_field > 5.0)


@pytest.mark.parametrize("args", [("board", "--laser"), ("board",), ("giftset", "--for", "laser"), ("giftset",),
                                  ("box", "--laser")], ids=" ".join)
@pytest.mark.parametrize("game", _NEEDY)
def test_a_field_too_small_for_the_games_pieces_is_one_line_naming_the_smallest(tmp_path, game, args):
    # On wood and on paper: a board whose fields its pieces do not stand on cannot be played (Stacktics' large
    # pyramid is 25.4 mm across); diagrams, which only show a position, are not asked.
    smallest = FOLDER_GAMES[game].smallest_field
    target = ("--to", str(tmp_path / "set")) if args[0] == "giftset" else ("-o", str(tmp_path / "x.svg"))
    result = run_cli(args[0], game, *args[1:], "--field", f"{smallest - 0.1:g}", *target)
    assert_one_line_error(result, "--field", f"at least {smallest:g} mm")
    assert not list(tmp_path.iterdir())
    if args == ("board", "--laser"):
        assert run_cli("board", game, "--laser", "--field", f"{smallest:g}", *target).exit_code == 0


def test_the_stacktics_finding_is_refused(tmp_path):
    assert "stacktics" in _NEEDY  # the game whose pyramids started it: the sweep above reaches it
    result = run_cli("board", "stacktics", "--laser", "--field", "20", "-o", str(tmp_path / "b.svg"))
    assert_one_line_error(result, "--field 20", "26.4")


@pytest.mark.parametrize("lang, words", [("da", ("plade 1 af", "krydsfiner", "skær")),
                                         ("it", ("piano 1 di", "compensato", "taglio"))])
def test_laser_files_speak_the_language_asked_for_and_keep_english_layer_ids(in_tmp, lang, words):
    """A Danish or Italian laser file's title and layer names are in its language; the layers' ids, which laser
    programs may map by, stay cut, score and engrave."""
    import xml.etree.ElementTree as ElementTree

    assert run_cli("pieces", "iacta", "--laser", "--lang", lang, "-o", "p.svg").exit_code == 0
    tokens = ElementTree.parse(in_tmp / "p-tokens.svg").getroot()
    title = tokens.find("{http://www.w3.org/2000/svg}title").text
    labels = {group.get("id"): group.get("{http://www.inkscape.org/namespaces/inkscape}label")
              for group in tokens.iter("{http://www.w3.org/2000/svg}g") if group.get("id") in ("cut", "engrave")}
    assert words[0] in title and words[1] in title and "bed" not in title, title
    assert set(labels) == {"cut", "engrave"} and labels["cut"] == words[2], labels
