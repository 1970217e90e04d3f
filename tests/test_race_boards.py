"""Boards drawn from their legend's roles, read back from the files boardgen writes: Backgammon's points as long
triangles in two colours from each edge towards the middle, its bar and its two bearing-off trays, true to scale on
paper and engraved on wood; its checkers standing along their points in a diagram; a mancala board's pits as round
cups and its stores as long ones, engraved as circles; a start point's hatch kept inside its ring in black and white;
and Senet's houses with their signs.

The mancala board here is a file of the test's own (Kalah's map, its pits and stores given the roles "pit" and
"store"), so that the drawing is tested whatever the shipped mancala files say."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy
import pytest
from helpers import hex_rgb, px_per_mm, render_page, run_cli, runs
from shapely.geometry import Polygon
from svg_helpers import SVG, layer, subpaths, svg_root

import boardgen
from boardgen.draw.board import BoardLook, draw_board
from boardgen.draw.laser import plan_laser
from boardgen.draw.resolve import HATCH_INSET
from boardgen.gamefiles.game import file_game
from boardgen.gamefiles.reader import read_game_file
from boardgen.layout.paper import get_paper
from boardgen.products.board import board_document
from boardgen.products.document import output_for, render_document
from boardgen.products.looks import game_look

GAMES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "games"
FIELD = 14.5  # Backgammon's own field
LENGTH = 4.5 * FIELD  # a row of points: as long as four and a half fields
REACH = 0.92 * LENGTH  # a point, from the board's edge towards its middle
BASE = FIELD * (1 - 2 * 0.03)  # a point's base: its field less a little bare ground each side
POINTS = "abcdefhijklm"  # the columns with points; g is the bar
DPI = 300.0


def _points_of(element) -> list[tuple[float, float]]:
    numbers = [float(v) for v in element.get("points").replace(",", " ").split()]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def _backgammon_svg(tmp_path: Path, palette: str = "classic"):
    out = tmp_path / f"backgammon-{palette}.svg"
    result = run_cli("board", "backgammon", "--palette", palette, "--format", "svg", "-o", str(out))
    assert result.exit_code == 0, result.output
    return svg_root(out)


def _grid(root) -> tuple[float, float, float, float]:
    """The board's left, top, right and bottom: its fields' squares' bounds."""
    rects = [r for r in layer(root, "fields").iter(f"{SVG}rect") if float(r.get("width")) == FIELD]
    xs = [float(r.get("x")) for r in rects]
    ys = [float(r.get("y")) for r in rects]
    return min(xs), min(ys), max(xs) + FIELD, max(ys) + LENGTH


def test_backgammons_points_are_long_triangles_from_each_edge_to_the_middle(tmp_path):
    """24 triangles, a field wide at their base on the board's edge and 0.92 of a row of four and a half fields long,
    the top row's pointing down and the bottom row's up, none in column g (the bar); the rows meet in the middle."""
    root = _backgammon_svg(tmp_path)
    left, top, right, bottom = _grid(root)
    assert (right - left, bottom - top) == pytest.approx((13 * FIELD, 2 * LENGTH), abs=1e-3)
    middle = (top + bottom) / 2
    triangles = [_points_of(p) for p in layer(root, "fields").iter(f"{SVG}polygon") if len(_points_of(p)) == 3]
    assert len(triangles) == 24
    found = set()
    for a, b, tip in triangles:
        column = int((tip[0] - left) // FIELD)
        row = 2 if tip[1] < middle else 1
        edge = top if row == 2 else bottom
        assert a[1] == b[1] == pytest.approx(edge, abs=1e-3)
        assert abs(b[0] - a[0]) == pytest.approx(BASE, abs=1e-3)
        assert tip[0] == pytest.approx(left + (column + 0.5) * FIELD, abs=1e-3)  # its column's middle
        assert tip[1] == pytest.approx(edge + (REACH if row == 2 else -REACH), abs=1e-3)
        found.add(f"{'abcdefghijklm'[column]}{row}")
    assert found == {f"{c}{r}" for c in POINTS for r in (1, 2)}


def test_backgammons_points_alternate_in_two_colours_facing_points_apart(tmp_path):
    """Along each row the points alternate, across the bar as well (f1 and h1 differ), and each point faces one of
    the other colour (a1 and a2, m1 and m2); in every palette."""
    for palette in ("classic", "cud", "mono"):
        root = _backgammon_svg(tmp_path, palette)
        left, top, _, bottom = _grid(root)
        colour = {}
        for polygon in layer(root, "fields").iter(f"{SVG}polygon"):
            points = _points_of(polygon)
            if len(points) == 3:
                tip = points[2]
                name = f"{'abcdefghijklm'[int((tip[0] - left) // FIELD)]}{2 if tip[1] < (top + bottom) / 2 else 1}"
                colour[name] = (polygon.get("fill"), polygon.get("stroke"))
        assert len(set(colour.values())) == 2, palette
        for row in (1, 2):
            along = [colour[f"{c}{row}"] for c in POINTS]
            assert all(one != two for one, two in zip(along, along[1:], strict=False)), (palette, row)
        assert all(colour[f"{c}1"] != colour[f"{c}2"] for c in POINTS), palette


def test_backgammons_bar_is_one_bar_between_the_halves(tmp_path):
    """Column g is the bar: its two fields in the bar's colour from the board's top to its bottom, no line across it
    (nor anywhere inside the board: its only line is the frame round it)."""
    root = _backgammon_svg(tmp_path)
    left, top, right, bottom = _grid(root)
    bar = [r for r in layer(root, "fields").iter(f"{SVG}rect")
           if float(r.get("x")) == pytest.approx(left + 6 * FIELD) and float(r.get("width")) == FIELD]
    assert len(bar) == 2 and len({r.get("fill") for r in bar}) == 1
    assert sum(float(r.get("height")) for r in bar) == pytest.approx(bottom - top)
    assert bar[0].get("fill") not in {r.get("fill") for r in layer(root, "fields").iter(f"{SVG}rect")
                                      if r not in bar}
    lines = list(layer(root, "lines"))
    assert len(lines) == 1 and lines[0].tag == f"{SVG}polygon"
    assert Polygon(_points_of(lines[0])).bounds == pytest.approx((left, top, right, bottom), abs=1e-3)


def test_each_players_tray_stands_beside_its_home_board(tmp_path):
    """Two long trays right of the board, each beside one row (player 1's home board is the bottom right, where its
    checkers leave), inside in the colour of the home board beside it."""
    game = file_game(read_game_file(GAMES / "backgammon.toml"))
    styles = game_look(game, "classic").styles
    root = _backgammon_svg(tmp_path)
    _, top, right, bottom = _grid(root)
    polygons = [p for p in layer(root, "fields").iter(f"{SVG}polygon") if len(_points_of(p)) > 3]
    trays = sorted((Polygon(_points_of(p)).bounds, p.get("fill")) for p in polygons)
    assert len(trays) == 4  # each a ring and its inside
    insides = {}
    for (x0, y0, x1, y1), fill in trays:
        assert x0 > right and x1 - x0 <= 0.8 * FIELD + 1e-3
        row = 2 if y1 < (top + bottom) / 2 else 1
        assert y1 - y0 >= 0.8 * LENGTH  # as long as the row it is beside, nearly
        if fill != styles["cup"].fill:
            insides[row] = fill
    assert insides == {1: styles["zone.1"].fill, 2: styles["zone.2"].fill}


def _colour_runs(line: numpy.ndarray, colour: str, tolerance: int = 24) -> list[tuple[int, int]]:
    mask = (numpy.abs(line.astype(int) - numpy.array(hex_rgb(colour))).max(axis=-1) <= tolerance)
    return runs(mask)


def test_the_printed_points_are_true_to_scale(tmp_path):
    """The PDF as printed (one A4 page, landscape, the board in its middle): 1 mm inside the bottom edge, the six
    green points' bases 13.6 mm wide, their middles two fields apart and three across the bar; up column a's middle,
    the green point a1 reaches 60 mm towards the middle of the board."""
    out = tmp_path / "backgammon.pdf"
    assert run_cli("board", "backgammon", "-o", str(out)).exit_code == 0
    pixels = render_page(out, dpi=DPI)
    assert pixels.shape[1] > pixels.shape[0]  # landscape
    scale = px_per_mm(DPI)
    left, bottom = 297 / 2 - 13 * FIELD / 2, 210 / 2 + LENGTH
    green = game_look(file_game(read_game_file(GAMES / "backgammon.toml")), "classic").styles["point.one"].fill
    across = _colour_runs(pixels[round((bottom - 1.0) * scale), :, :], green)
    widths = [(b - a + 1) / scale for a, b in across]
    middles = [(a + b + 1) / 2 / scale for a, b in across]
    assert widths == pytest.approx([BASE * (1 - 1.0 / REACH)] * 6, abs=0.15)
    assert numpy.diff(middles) == pytest.approx([2 * FIELD, 2 * FIELD, 3 * FIELD, 2 * FIELD, 2 * FIELD], abs=0.15)
    assert middles[0] == pytest.approx(left + FIELD / 2, abs=0.2)
    [(first, last)] = _colour_runs(pixels[:, round((left + FIELD / 2) * scale), :], green)
    frame = 0.3  # the inner half of the frame's line lies over the points' bases
    assert (last + 1) / scale == pytest.approx(bottom - frame, abs=0.1)
    assert (last - first + 1) / scale == pytest.approx(REACH - frame, abs=0.4)  # the tip thins below a pixel


def test_backgammon_is_engraved_on_wood(tmp_path):
    """On the laser every point is engraved, one colour whole and the other as a band inside its outline, the bar
    engraved, each tray's ring engraved round its player's pattern; no two engraved areas overlap."""
    out = tmp_path / "backgammon-laser.svg"
    result = run_cli("board", "backgammon", "--laser", "-o", str(out))
    assert result.exit_code == 0, result.output
    root = svg_root(out)
    engraved = [g for g in root.findall(f"{SVG}g") if g.get("id") == "engrave"]
    areas = [[Polygon(points) for points, _ in subpaths(path.get("d"))] for path in engraved[0].iter(f"{SVG}path")]
    whole = 0.5 * BASE * REACH
    filled = [a for a in areas if len(a) == 1 and a[0].area == pytest.approx(whole, rel=0.02)]
    banded = [a for a in areas if len(a) == 2 and a[0].area == pytest.approx(whole, rel=0.02)
              and a[1].area < 0.9 * whole]
    assert (len(filled), len(banded)) == (12, 12)
    bar = [a[0] for a in areas if len(a) == 1 and a[0].area == pytest.approx(FIELD * LENGTH, rel=0.01)]
    assert len(bar) == 2  # its two fields, one above the other
    x0, y0, x1, y1 = bar[0].union(bar[1]).bounds
    assert (x1 - x0, y1 - y0) == pytest.approx((FIELD, 2 * LENGTH), abs=0.01)
    right = x1 + 6 * FIELD  # the board's right edge
    beside = [a for a in areas if a[0].bounds[0] > right]
    trays = [a for a in beside if len(a) == 2 and a[0].bounds[2] - a[0].bounds[0] == pytest.approx(0.8 * FIELD)]
    assert len(trays) == 2 and all(a[0].bounds[3] - a[0].bounds[1] > 0.8 * LENGTH for a in trays)
    patterns = [a for a in beside if a not in trays and any(tray[1].contains(a[0]) for tray in trays)]
    assert len(patterns) == 2 and all(len(a) == 2 for a in patterns)  # engraved round a window
    assert patterns[0][1].area != pytest.approx(patterns[1][1].area, rel=0.05)  # a window of each player's shape
    shapes = [Polygon(a[0].exterior, [hole.exterior for hole in a[1:]]) for a in areas]
    for n, shape in enumerate(shapes):
        for other in shapes[n + 1:]:
            assert shape.intersection(other).area < 1e-3


def test_checkers_stand_along_their_point_from_its_base(tmp_path):
    """The start in a diagram: player 1's five checkers on a2 one under another from the top edge, its two on m2 and
    player 2's five on a1 one above another from the bottom edge, each within its point's field, a field apart."""
    position = tmp_path / "start.toml"
    position.write_text(boardgen.game("backgammon").start().to_toml(), encoding="utf-8")
    out = tmp_path / "start.svg"
    result = run_cli("diagram", str(position), "--format", "svg", "-o", str(out))
    assert result.exit_code == 0, result.output
    root = svg_root(out)
    left, top, _, bottom = _grid(root)
    circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
               for c in layer(root, "marks").iter(f"{SVG}circle")]
    assert len(circles) == 30

    def column(name: str) -> list[float]:
        x = left + ("abcdefghijklm".index(name) + 0.5) * FIELD
        return sorted(cy for cx, cy, _ in circles if cx == pytest.approx(x, abs=1e-3))

    a = column("a")
    assert len(a) == 10
    upper, lower = a[:5], a[5:]
    assert upper[0] == pytest.approx(top + FIELD / 2, abs=1e-3)
    assert lower[-1] == pytest.approx(bottom - FIELD / 2, abs=1e-3)
    step = min(FIELD, (LENGTH - FIELD) / 4)
    assert numpy.diff(upper) == pytest.approx([step] * 4, abs=1e-3)
    assert numpy.diff(lower) == pytest.approx([step] * 4, abs=1e-3)
    assert upper[-1] + FIELD / 2 <= top + LENGTH + 1e-6 and lower[0] - FIELD / 2 >= bottom - LENGTH - 1e-6
    assert column("m")[:2] == pytest.approx([top + FIELD / 2, top + 1.5 * FIELD], abs=1e-3)
    assert all(r <= FIELD / 2 for _, _, r in circles)


KALAH = """
[about]
name = "Cups"
designer = "Traditional"
players = 2

[board]
field = 24
map = \"\"\"
B 2 2 2 2 2 2 #
# 1 1 1 1 1 1 A
\"\"\"

[legend]
"1" = { zone = "pits 1", role = "pit", player = 1 }
"2" = { zone = "pits 2", role = "pit", player = 2 }
"A" = { zone = "store 1", role = "store", player = 1 }
"B" = { zone = "store 2", role = "store", player = 2 }
"#" = { zone = "no field", role = "none" }
"""


def _cups(tmp_path: Path) -> Path:
    path = tmp_path / "cups.toml"
    path.write_text(KALAH, encoding="utf-8")
    return path


def test_pits_are_round_cups_and_stores_long_ones(tmp_path):
    """Twelve pits, each a ring 0.42 of a field across its middle with its zone's colour inside; each store a cup
    with round ends over its own field and the field left out beside it (h1 and h2, a2 and a1); no line between the
    fields, a frame round the board."""
    out = tmp_path / "cups.svg"
    result = run_cli("board", str(_cups(tmp_path)), "--format", "svg", "-o", str(out))
    assert result.exit_code == 0, result.output
    root = svg_root(out)
    styles = game_look(file_game(read_game_file(_cups(tmp_path))), "classic").styles
    rects = [r for r in layer(root, "fields").iter(f"{SVG}rect") if float(r.get("width")) == 24.0]
    left = min(float(r.get("x")) for r in rects)
    top = min(float(r.get("y")) for r in rects)
    circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")), c.get("fill"))
               for c in layer(root, "fields").iter(f"{SVG}circle")]
    outer = [c for c in circles if c[2] == pytest.approx(0.42 * 24.0)]
    assert len(outer) == 12 and {c[3] for c in outer} == {styles["cup"].fill}
    for x, y, _, _ in outer:
        column, row = (x - left) / 24.0 - 0.5, 1 - ((y - top) / 24.0 - 0.5)
        assert column == pytest.approx(round(column)) and 1 <= round(column) <= 6
        inside = [c for c in circles if (c[0], c[1]) == (x, y) and c[2] < 0.42 * 24.0]
        assert [c[3] for c in inside] == [styles[f"zone.{round(row) + 1}"].fill]
    stores = sorted(Polygon(_points_of(p)).bounds for p in layer(root, "fields").iter(f"{SVG}polygon")
                    if p.get("fill") == styles["cup"].fill)
    assert len(stores) == 2
    for (x0, y0, x1, y1), column in zip(stores, (0, 7), strict=True):  # a1-a2 and h1-h2
        assert (x0 + x1) / 2 == pytest.approx(left + (column + 0.5) * 24.0, abs=1e-3)
        assert (x1 - x0, y1 - y0) == pytest.approx((0.84 * 24.0, 2 * 24.0 - 0.16 * 24.0), abs=1e-3)
        assert (y0 + y1) / 2 == pytest.approx(top + 24.0, abs=1e-3)
    lines = list(layer(root, "lines"))
    assert len(lines) == 1 and lines[0].tag == f"{SVG}polygon"


def test_pits_are_engraved_as_circles(tmp_path):
    """On wood each pit is an engraved ring, a circle 0.42 of a field round its middle, with its player's pattern
    engraved inside, clear of the ring."""
    out = tmp_path / "cups-laser.svg"
    assert run_cli("board", str(_cups(tmp_path)), "--laser", "-o", str(out)).exit_code == 0
    root = svg_root(out)
    engraved = [g for g in root.findall(f"{SVG}g") if g.get("id") == "engrave"][0]
    areas = [[Polygon(points) for points, _ in subpaths(path.get("d"))] for path in engraved.iter(f"{SVG}path")]
    rings = [a for a in areas if len(a) == 2 and _radius(a[0]) == pytest.approx(0.42 * 24.0, abs=0.1)]
    assert len(rings) == 12
    holes = [a[1] for a in rings]
    inside = [a for a in areas if a not in rings and any(hole.contains(a[0]) for hole in holes)]
    assert len(inside) == 12  # each pit's pattern
    shapes = [Polygon(a[0].exterior, [hole.exterior for hole in a[1:]]) for a in areas]
    for n, shape in enumerate(shapes):
        for other in shapes[n + 1:]:
            assert shape.intersection(other).area < 1e-3


def _radius(circle: Polygon) -> float:
    return math.sqrt(circle.area / math.pi)


def test_a_hatched_round_zone_keeps_its_hatch_inside_it_in_black_and_white(tmp_path):
    """In mono a player's pits are hatched, as a square zone is: every hatch line of a pit inside its ring, clear of
    it by the hatch's inset, and each pit has its lines (a round zone printed plain white was the old fault)."""
    game = file_game(read_game_file(_cups(tmp_path)))
    out = tmp_path / "cups-mono.svg"
    assert run_cli("board", str(_cups(tmp_path)), "--palette", "mono", "--format", "svg", "-o",
                   str(out)).exit_code == 0
    root = svg_root(out)
    circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
               for c in layer(root, "fields").iter(f"{SVG}circle")]
    inner = [c for c in circles if c[2] < 0.42 * 24.0]
    assert len(inner) == 12
    hatch = game_look(game, "mono").styles["zone.1"].hatch
    assert hatch is not None
    lines = [(float(line.get("x1")), float(line.get("y1")), float(line.get("x2")), float(line.get("y2")))
             for line in layer(root, "fields").iter(f"{SVG}line")]
    count = dict.fromkeys(range(len(inner)), 0)
    for x1, y1, x2, y2 in lines:
        within = [n for n, (cx, cy, r) in enumerate(inner) if math.dist(((x1 + x2) / 2, (y1 + y2) / 2), (cx, cy)) < r]
        if not within:
            continue
        cx, cy, r = inner[within[0]]
        limit = r - HATCH_INSET - hatch.width / 2 + 2e-3  # the file keeps three decimals
        assert math.dist((x1, y1), (cx, cy)) <= limit and math.dist((x2, y2), (cx, cy)) <= limit
        count[within[0]] += 1
    assert all(n >= 3 for n in count.values()), count


HARE = """
[about]
name = "Hare"
designer = "Traditional"
players = 2

[board]
field = 24
map = \"\"\"
# h o o #
h o o o H
# h o o #
\"\"\"

[legend]
"o" = { zone = "point", role = "plain" }
"h" = { zone = "hounds", role = "start", player = 1 }
"H" = { zone = "hare", role = "start", player = 2 }
"#" = { zone = "no point", role = "none" }
"""


def test_a_start_point_is_hatched_inside_its_ring_in_black_and_white(tmp_path):
    """A board of points printed in mono: the hounds' three start points and the hare's hatched inside their rings
    (each line clear of the ring), the other points plain."""
    path = tmp_path / "hare.toml"
    path.write_text(HARE, encoding="utf-8")
    game = file_game(replace(read_game_file(path), lines=(((0, 1), (1, 1)),), points=True))
    output = output_for("svg", get_paper("a4"))
    document = board_document(game, game.default_variant, BoardLook(24.0), output, "hare")
    [rendered] = render_document(document, output, game_look(game, "mono"))
    out = tmp_path / "hare.svg"
    out.write_bytes(rendered.data)
    root = svg_root(out)
    circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
               for c in layer(root, "fields").iter(f"{SVG}circle")]
    inner = [c for c in circles if c[2] < 0.36 * 24.0]
    assert len(inner) == 11
    hatched: dict[int, int] = {}
    for line in layer(root, "fields").iter(f"{SVG}line"):
        x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
        [n] = [n for n, (cx, cy, r) in enumerate(inner) if math.dist(((x1 + x2) / 2, (y1 + y2) / 2), (cx, cy)) < r]
        cx, cy, r = inner[n]
        assert max(math.dist((x1, y1), (cx, cy)), math.dist((x2, y2), (cx, cy))) <= r - HATCH_INSET + 2e-3
        hatched[n] = hatched.get(n, 0) + 1
    left, top = min(cx for cx, _, _ in inner), min(cy for _, cy, _ in inner)
    names = [f"{'abcde'[round((cx - left) / 24)]}{3 - round((cy - top) / 24)}" for cx, cy, _ in inner]
    assert {names[n] for n in hatched} == {"a2", "b1", "b3", "e2"}
    assert all(count >= 3 for count in hatched.values())


def test_a_store_is_hatched_inside_its_cup_on_wood(tmp_path):
    """With zones scored as hatching (--laser-zones hatch), each long store's hatch lies inside its cup's ring."""
    game = file_game(read_game_file(_cups(tmp_path)))
    drawing = draw_board(game.board(game.default_variant), BoardLook(24.0))
    plan = plan_laser(drawing.scene, 0.1, "hatch", game_look(game, "mono"))
    cups = [(Polygon(area[0]), Polygon(area[1])) for area in plan.engraves
            if len(area) == 2 and Polygon(area[0]).bounds[3] - Polygon(area[0]).bounds[1] > 1.5 * 24.0]
    assert len(cups) == 2
    for _, hole in cups:
        lines = [score for score in plan.scores if hole.contains(Polygon([*score.points, score.points[0]]).buffer(0.01)
                                                                  .centroid)]
        assert len(lines) >= 10
        assert all(hole.buffer(-0.5).buffer(0.01).contains(Polygon([*line.points, line.points[0]]).buffer(0.001))
                   for line in lines)


def test_senets_houses_carry_their_signs(tmp_path):
    """15 the ankh, 26 its sign, 27 the water's waves, 28 to 30 three, two and one dots, each large in the middle of
    its square; every square numbered along the track, 1 at a3 and 30 at j1."""
    out = tmp_path / "senet.svg"
    result = run_cli("board", "senet", "--format", "svg", "-o", str(out))
    assert result.exit_code == 0, result.output
    root = svg_root(out)
    rects = [r for r in layer(root, "fields").iter(f"{SVG}rect") if r.get("width") == "24"]
    left = min(float(r.get("x")) for r in rects)
    top = min(float(r.get("y")) for r in rects)

    def square(x: float, y: float) -> str:
        return f"{'abcdefghij'[int((x - left) // 24)]}{3 - int((y - top) // 24)}"

    texts = [(t.text, float(t.get("x")), float(t.get("y")), float(t.get("font-size")))
             for t in layer(root, "marks").iter(f"{SVG}text")]
    signs = {square(x, y): text for text, x, y, size in texts if size == pytest.approx(0.5 * 24)}
    assert signs == {"f2": "☥", "f1": "♁", "g1": "≈", "h1": "⁝", "i1": "∶", "j1": "•"}
    numbers = {text: square(x - 1, y - 1) for text, x, y, size in texts if size < 0.5 * 24}
    assert numbers["1"] == "a3" and numbers["10"] == "j3" and numbers["11"] == "j2" and numbers["15"] == "f2"
    assert numbers["26"] == "f1" and numbers["30"] == "j1" and len(numbers) == 30


@pytest.mark.parametrize("game, words", [
    ("senet", ("squares 1 to 10", "swaps", "protect", "blockade", "26", "27", "exactly 3, 2 and 1", "backward",
               "Readings")),
    ("backgammon", ("four times", "larger", "bar", "bear off", "no doubling cube", "gammon")),
])
def test_the_rule_sheets_say_the_rules_the_engine_plays(tmp_path, game, words):
    """Each reading of Senet the sources dispute is on its sheet; Backgammon's says it is one game without the cube."""
    text = dict(read_game_file(GAMES / f"{game}.toml").rules)["en"]
    for word in words:
        assert word in text, word


def test_a_files_own_point_colours(tmp_path):
    """[colours] gives the points their looks ("points", "other points"), and names them when a key is unknown."""
    source = (GAMES / "backgammon.toml").read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(source.replace("[[pieces]]", '[colours.classic]\n"points" = "#123456"\n"other points" = '
                                                 '"#abcdef"\n\n[[pieces]]', 1), encoding="utf-8")
    out = tmp_path / "mine.svg"
    assert run_cli("board", str(path), "--format", "svg", "-o", str(out)).exit_code == 0
    fills = {p.get("fill") for p in layer(svg_root(out), "fields").iter(f"{SVG}polygon") if len(_points_of(p)) == 3}
    assert fills == {"#123456", "#abcdef"}
    path.write_text(source.replace("[[pieces]]", '[colours.classic]\n"pointz" = "#123456"\n\n[[pieces]]', 1),
                    encoding="utf-8")
    result = run_cli("board", str(path), "-o", str(tmp_path / "b.pdf"))
    assert result.exit_code == 2 and "did you mean 'points'?" in result.output


def test_senets_landing_diagram_marks_where_the_engine_lets_the_piece_go():
    """The rule sheet's diagram of a cone on square 1 marks b3, e3 and f3: exactly where the rules let it go with a
    1 to 5 (a 2 or a 3 would land on the protected pair)."""
    game = boardgen.game("senet")
    [landing] = [p for p in read_game_file(GAMES / "senet.toml").positions if p.name == "landing"]
    pieces = "\n".join(f"{'abcdefghij'[item.field[0]]}{item.field[1] + 1} = {item.colour[1:]}"
                       for item in landing.shown.items)
    reached = set()
    for throw in range(1, 6):
        position = game.read_position(f'game = "senet"\nto_move = 1\nthrow = {throw}\n\n[pieces]\n{pieces}\n\n'
                                      "[finished]\n1 = 4\n2 = 2\n")
        reached |= {field for move in position.moves() for field in move.path}
    assert reached == {f"{'abcdefghij'[c]}{r + 1}" for c, r in landing.shown.reached}
