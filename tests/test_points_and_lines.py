"""Boards of points joined by lines, and a draughts board's dark squares within a frame, read back from the files
boardgen writes: Nine Men's Morris and Hare and Hounds as rings a piece stands in, joined by lines from ring to ring,
true to scale on paper (neighbouring points one field apart) and engraved on wood; a start point in its zone's
colour; a chequered board whole, a1 dark, in print, mono and on the laser.

The drawing's tests give a file's board its lines by hand (each between two neighbouring points, as
gamefiles.play.drawn_from answers), so that they test the drawing alone; test_a_morris_file_is_drawn_as_its_rules_lines
reads them from a file's [play] lines, as a user writes them."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy
import pytest
from helpers import assert_one_line_error, dark_mask, render_page, run_centres_mm, run_cli
from shapely.geometry import Polygon
from svg_helpers import SVG, floats, laser_layers, layer, subpaths, svg_root

from boardgen.draw.board import BoardLook, draw_board
from boardgen.draw.laser import plan_laser
from boardgen.draw.laser_colours import LASER_COLOURS
from boardgen.gamefiles.game import FileGame, file_game
from boardgen.gamefiles.reader import read_game_file
from boardgen.layout.bed import parse_bed
from boardgen.layout.paper import get_paper
from boardgen.products.board import board_document
from boardgen.products.document import output_for, render_document
from boardgen.products.laser import board_laser_files
from boardgen.products.laser_settings import LaserSettings
from boardgen.products.looks import game_look

LETTERS = "abcdefgh"
DPI = 300.0
GAMES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "games"
MORRIS_MAP = """
o # # o # # o
# o # o # o #
# # o o o # #
o o o # o o o
# # o o o # #
# o # o # o #
s # # o # # o
"""
HARE_MAP = """
# h o o #
h o o o H
# h o o #
"""
DRAUGHTS_MAP = "\n".join(" ".join("D" if (column + row) % 2 == 0 else "." for column in range(8))
                         for row in range(7, -1, -1))


def _file(tmp_path: Path, name: str, board: str, legend: str, extra: str = "") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'[about]\nname = "{name}"\ndesigner = "Traditional"\nplayers = 2\n\n[board]\n{board}\n\n'
                    f"[legend]\n{legend}\n{extra}", encoding="utf-8")
    return path


def _field(name: str) -> tuple[int, int]:
    return LETTERS.index(name[0]), int(name[1:]) - 1


def _runs(*runs: str) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """Each line "a1-d1-g1" as the segments between its neighbouring points: (a1, d1), (d1, g1)."""
    found = []
    for run in runs:
        points = [_field(name) for name in run.split("-")]
        found += list(zip(points, points[1:], strict=False))
    return tuple(found)


MORRIS_LINES = _runs("a1-d1-g1", "b2-d2-f2", "c3-d3-e3", "a4-b4-c4", "e4-f4-g4", "c5-d5-e5", "b6-d6-f6", "a7-d7-g7",
                     "a1-a4-a7", "b2-b4-b6", "c3-c4-c5", "d1-d2-d3", "d5-d6-d7", "e3-e4-e5", "f2-f4-f6", "g1-g4-g7")
HARE_LINES = _runs("a2-b2-c2-d2-e2", "b1-c1-d1", "b3-c3-d3", "b1-b2-b3", "c1-c2-c3", "d1-d2-d3", "a2-b1", "a2-b3",
                   "b1-c2", "b3-c2", "c2-d1", "c2-d3", "d1-e2", "d3-e2")


def _points_game(tmp_path: Path, which: str, field: float) -> FileGame:
    """Nine Men's Morris (a1 player 1's start point) or Hare and Hounds (the hounds' and the hare's start points),
    with the lines the board engine draws from their [play] lines."""
    if which == "morris":
        legend = ('"o" = { zone = "point", role = "plain" }\n"s" = { zone = "start", role = "start", player = 1 }\n'
                  '"#" = { zone = "no point", role = "none" }')
        path, lines = _file(tmp_path, "morris", f'field = {field}\nmap = """{MORRIS_MAP}"""', legend), MORRIS_LINES
    else:
        legend = ('"o" = { zone = "point", role = "plain" }\n"h" = { zone = "hounds", role = "start", player = 1 }\n'
                  '"H" = { zone = "hare", role = "start", player = 2 }\n"#" = { zone = "no point", role = "none" }')
        path, lines = _file(tmp_path, "hare", f'field = {field}\nmap = """{HARE_MAP}"""', legend), HARE_LINES
    return file_game(replace(read_game_file(path), lines=lines, points=True))


def _board(game: FileGame, fmt: str, palette: str, out: Path) -> Path:
    output = output_for(fmt, get_paper("a4"))
    document = board_document(game, game.default_variant, BoardLook(game.default_field), output, out.stem)
    [rendered] = render_document(document, output, game_look(game, palette))
    out.write_bytes(rendered.data)
    return out


def _circles(root) -> list[tuple[float, float, float, str]]:
    """The fields layer's circles: (x, y, radius, fill)."""
    return [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")), c.get("fill"))
            for c in layer(root, "fields").iter(f"{SVG}circle")]


def _rings(root) -> dict[tuple[float, float], tuple[float, float, str]]:
    """Each point by its centre: its ring's outer and inner radius, and the colour inside it."""
    circles = _circles(root)
    found = {}
    for x, y, r, fill in circles:
        found.setdefault((round(x, 3), round(y, 3)), []).append((r, fill))
    return {centre: (max(each)[0], min(each)[0], min(each)[1]) for centre, each in found.items()}


def _same(ends: tuple[tuple[float, float], ...], other: tuple[tuple[float, float], ...]) -> bool:
    return all(math.dist(a, b) < 1e-3 for a, b in zip(ends, other, strict=True))


def _polygon_points(element) -> list[tuple[float, float]]:
    numbers = [float(v) for v in element.get("points").replace(",", " ").split()]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


@pytest.mark.parametrize("which, field, lines", [("morris", 18.0, MORRIS_LINES), ("hare", 24.0, HARE_LINES)])
def test_a_points_board_is_rings_joined_by_lines_one_field_apart(tmp_path, which, field, lines):
    """Every point a ring as wide as most of a field, no squares; each line runs from ring to ring along the line
    between two neighbouring points' centres, one field apart along a row or a column (a diagonal's √2), so that a
    piece of the field's size fits each point; the coordinates stand beside the points' columns and rows."""
    game = _points_game(tmp_path, which, field)
    root = svg_root(_board(game, "svg", "classic", tmp_path / f"{which}.svg"))
    assert not list(layer(root, "fields").iter(f"{SVG}rect"))
    rings = _rings(root)
    points = 24 if which == "morris" else 11
    assert len(rings) == points
    assert all(outer == pytest.approx(0.38 * field, abs=0.3) and outer - inner >= 0.8 - 1e-6
               for outer, inner, _ in rings.values())
    columns = sorted({x for x, _ in rings})
    rows = sorted({y for _, y in rings}, reverse=True)  # row 1 at the bottom
    assert numpy.diff(columns) == pytest.approx([field] * (len(columns) - 1), abs=1e-3)
    assert numpy.diff(rows) == pytest.approx([-field] * (len(rows) - 1), abs=1e-3)

    def centre(point: tuple[int, int]) -> tuple[float, float]:
        return columns[point[0]], rows[point[1]]

    # Each line a band: its two ends are the middles of its short sides.
    bands = [_polygon_points(p) for p in layer(root, "lines").iter(f"{SVG}polygon")]
    drawn = [(((a[0] + d[0]) / 2, (a[1] + d[1]) / 2), ((b[0] + c[0]) / 2, (b[1] + c[1]) / 2)) for a, b, c, d in bands]
    assert len(drawn) == len(lines)
    for start, end in lines:
        a, b = centre(start), centre(end)
        assert math.dist(a, b) == pytest.approx(field * math.dist(start, end), abs=1e-3)
        outer = rings[a][0]
        way = ((b[0] - a[0]) / math.dist(a, b), (b[1] - a[1]) / math.dist(a, b))
        ends = ((a[0] + way[0] * outer, a[1] + way[1] * outer), (b[0] - way[0] * outer, b[1] - way[1] * outer))
        assert any(_same(ends, band) or _same(ends, band[::-1]) for band in drawn), (start, end)
    texts = [(t.text, float(t.get("x"))) for t in layer(root, "text").iter(f"{SVG}text")]
    for column, x in zip(LETTERS, columns, strict=False):  # above and below the board
        assert sum(text == column and abs(at - x) < 1e-3 for text, at in texts) == 2, column


def test_the_printed_points_are_one_field_apart_on_paper(tmp_path):
    """The PDF as printed, the board in the middle of the page: across row 4 of Nine Men's Morris a quarter field
    below the points' middles (clear of the line through them), and down column d a quarter field right of them,
    each ring's two walls and nothing else; the rings' middles 18 mm apart, 36 mm across the middle (d4 is no
    point), the board's middle on the page's."""
    game = _points_game(tmp_path, "morris", 18.0)
    pixels = render_page(_board(game, "pdf", "classic", tmp_path / "morris.pdf"), dpi=DPI)
    middle = (210.0 / 2, 297.0 / 2)  # d4, the middle of the board
    across = run_centres_mm(dark_mask(pixels[round((middle[1] + 4.5) * DPI / 25.4), :, :]), DPI)
    down = run_centres_mm(dark_mask(pixels[:, round((middle[0] + 4.5) * DPI / 25.4), :]), DPI)
    for walls, centre in ((across, middle[0]), (down, middle[1])):
        assert len(walls) == 12, walls
        middles = [(walls[i] + walls[i + 1]) / 2 for i in range(0, 12, 2)]
        assert numpy.diff(middles) == pytest.approx([18.0, 18.0, 36.0, 18.0, 18.0], abs=0.2)
        assert (middles[0] + middles[-1]) / 2 == pytest.approx(centre, abs=0.2)
        # each ring as large as drawn (0.36 of a field to its wall's middle): a chord 4.5 mm from its middle
        chord = 2 * math.sqrt((0.36 * 18.0) ** 2 - 4.5 ** 2)
        assert [walls[i + 1] - walls[i] for i in range(0, 12, 2)] == pytest.approx([chord] * 6, abs=0.2)


def test_a_start_point_is_in_its_zones_colour(tmp_path):
    """Hare and Hounds in classic: the hounds' three start points in player 1's colour, the hare's in player 2's,
    the other seven white inside their rings; the rings in ink."""
    game = _points_game(tmp_path, "hare", 24.0)
    root = svg_root(_board(game, "svg", "classic", tmp_path / "hare.svg"))
    styles = game_look(game, "classic").styles
    columns = sorted({round(x, 3) for x, _, _, _ in _circles(root)})
    rows = sorted({round(y, 3) for _, y, _, _ in _circles(root)}, reverse=True)
    inside = {f"{LETTERS[columns.index(x)]}{rows.index(y) + 1}": fill for (x, y), (_, _, fill) in _rings(root).items()}
    hounds, hare = styles["zone.h"].fill, styles["zone.H"].fill
    assert inside == {"a2": hounds, "b1": hounds, "b3": hounds, "e2": hare,
                      **{name: "#ffffff" for name in ("b2", "c1", "c2", "c3", "d1", "d2", "d3")}}
    assert len({hounds, hare, "#ffffff"}) == 3
    assert {c[3] for c in _circles(root) if c[2] > 0.37 * 24.0} == {styles["ink"].fill}


def test_a_points_board_is_engraved_on_wood(tmp_path):
    """The laser engraves each point as a ring and each line as a narrow band from ring to ring, nothing scored
    and nothing burnt twice: 24 rings (an outline with a hole), 32 bands, and a1's start zone engraved inside its
    ring, clear of it."""
    game = _points_game(tmp_path, "morris", 18.0)
    settings = LaserSettings(parse_bed("small"), colours=LASER_COLOURS["rgb"], look=game_look(game, "mono"))
    [wood] = board_laser_files(game, game.default_variant, BoardLook(18.0), settings, "morris")
    out = tmp_path / "morris-laser.svg"
    out.write_bytes(wood.data)
    layers = laser_layers(out)
    assert "score" not in layers
    areas = [[Polygon(points) for points, _ in subpaths(path.get("d"))] for path in layers["engrave"]]
    rings = [area for area in areas if len(area) == 2 and _radius(area[0]) == pytest.approx(0.3825 * 18.0, abs=0.1)]
    assert len(rings) == 24
    assert all(_radius(area[0]) - _radius(area[1]) == pytest.approx(0.81, abs=0.05) for area in rings)
    bands = [area[0] for area in areas if len(area) == 1 and len(area[0].exterior.coords) == 5
             and _width(area[0]) == pytest.approx(0.7 * 0.81, abs=0.01)]
    assert len(bands) == 32
    holes = [area[1] for area in rings]
    inside = [area for area in areas if area not in rings and any(hole.contains(area[0]) for hole in holes)]
    assert len(inside) == 1  # one point's zone, engraved inside its ring
    a1 = min((ring[0].centroid for ring in rings), key=lambda c: (-c.y, c.x))  # bottom left: y grows downwards
    assert inside[0][0].centroid.distance(a1) < 0.01
    engraved = [Polygon(area[0].exterior, [hole.exterior for hole in area[1:]]) for area in areas]
    for n, shape in enumerate(engraved):
        for other in engraved[n + 1:]:
            assert shape.intersection(other).area < 1e-3


def test_a_start_points_hatch_is_scored_inside_its_ring(tmp_path):
    """With zones scored as hatching (--laser-zones hatch), each start point's hatch lies inside its ring and clear
    of it: the hounds' three and the hare's, and no other point's."""
    game = _points_game(tmp_path, "hare", 24.0)
    drawing = draw_board(game.board(game.default_variant), BoardLook(24.0))
    plan = plan_laser(drawing.scene, 0.1, "hatch", game_look(game, "mono"))
    box = drawing.grid_box
    centres = {name: (box.x + (_field(name)[0] + 0.5) * 24.0, box.bottom - (_field(name)[1] + 0.5) * 24.0)
               for name in ("a2", "b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3", "e2")}
    inner = 0.36 * 24.0 - max(0.045 * 24.0, 0.8) / 2
    hatched = set()
    for score in plan.scores:
        [name] = [name for name, centre in centres.items() if math.dist(score.points[0], centre) < inner]
        assert all(math.dist(point, centres[name]) < inner - 0.5 for point in score.points)
        hatched.add(name)
    assert hatched == {"a2", "b1", "b3", "e2"}


def _radius(circle: Polygon) -> float:
    return math.sqrt(circle.area / math.pi)


def _width(band: Polygon) -> float:
    """A thin rectangle's width: its area over its length."""
    corners = list(band.exterior.coords)[:4]
    length = max(math.dist(corners[0], corners[1]), math.dist(corners[1], corners[2]))
    return band.area / length


def _draughts(tmp_path: Path, extra_board: str = "chequered = true", extra: str = "") -> Path:
    legend = '"D" = { zone = "dark square", role = "plain" }\n"." = { zone = "light square", role = "none" }'
    return _file(tmp_path, "draughts", f'field = 20\n{extra_board}\nmap = """\n{DRAUGHTS_MAP}\n"""', legend, extra)


@pytest.mark.parametrize("palette", ["classic", "cud", "mono"])
def test_a_chequered_draughts_board_is_whole_with_a1_dark(tmp_path, palette):
    """English draughts plays on the dark squares only (the light ones are no fields): chequered = true draws the
    whole 8 by 8 board within its frame, a1 and every other square dark, the light squares white."""
    path = _draughts(tmp_path)
    out = tmp_path / f"draughts-{palette}.svg"
    result = run_cli("board", str(path), "--palette", palette, "--format", "svg", "-o", str(out))
    assert result.exit_code == 0, result.output
    root = svg_root(out)
    squares = [r for r in layer(root, "fields").iter(f"{SVG}rect") if r.get("width") == "20"]
    assert len(squares) == 64
    left, top = min(float(r.get("x")) for r in squares), min(float(r.get("y")) for r in squares)
    colours = {}
    for rect in squares:
        column, row = round((float(rect.get("x")) - left) / 20), 7 - round((float(rect.get("y")) - top) / 20)
        colours[(column, row)] = rect.get("fill")
    dark, light = colours[(0, 0)], colours[(1, 0)]
    assert light == "#ffffff" and dark != light
    assert all(colour == (dark if (column + row) % 2 == 0 else light) for (column, row), colour in colours.items())
    border = [p for p in layer(root, "lines").iter(f"{SVG}polygon")]
    assert len(border) == 1 and Polygon(_polygon_points(border[0])).bounds == pytest.approx(
        (left, top, left + 160, top + 160), abs=1e-3)


def test_a_chequered_board_takes_the_files_own_dark_squares_colour(tmp_path):
    path = _draughts(tmp_path, extra='\n[colours.classic]\n"dark squares" = "#2e5e3e"\n')
    out = tmp_path / "green.svg"
    assert run_cli("board", str(path), "--format", "svg", "-o", str(out)).exit_code == 0
    fills = {r.get("fill") for r in layer(svg_root(out), "fields").iter(f"{SVG}rect") if r.get("width") == "20"}
    assert fills == {"#2e5e3e", "#ffffff"}


def test_a_chequered_board_engraves_its_dark_squares_whole(tmp_path):
    """On wood the 32 dark squares are engraved whole, the light ones left bare."""
    out = tmp_path / "draughts-laser.svg"
    assert run_cli("board", str(_draughts(tmp_path)), "--laser", "-o", str(out)).exit_code == 0
    whole = [Polygon(subpaths(path.get("d"))[0][0]) for path in laser_layers(out)["engrave"]]
    squares = [shape for shape in whole if shape.area == pytest.approx(20.0 * 20.0, rel=0.05)]
    assert len(squares) == 32
    xs = sorted({round(shape.bounds[0], 1) for shape in squares})
    ys = sorted({round(shape.bounds[1], 1) for shape in squares}, reverse=True)
    at = {(xs.index(round(s.bounds[0], 1)), ys.index(round(s.bounds[1], 1))) for s in squares}
    assert at == {(column, row) for column in range(8) for row in range(8) if (column + row) % 2 == 0}


def test_without_chequered_a_draughts_map_keeps_its_plain_fields(tmp_path):
    """chequered is the file's choice: without it the same map is a whole board of plain fields, as before."""
    out = tmp_path / "plain.svg"
    path = _draughts(tmp_path, extra_board="")
    assert run_cli("board", str(path), "--format", "svg", "-o", str(out)).exit_code == 0
    fills = {r.get("fill") for r in layer(svg_root(out), "fields").iter(f"{SVG}rect") if r.get("width") == "20"}
    assert fills == {"#ffffff"}


@pytest.mark.parametrize("board, words", [
    ('chequered = "yes"', ("chequered is true", "or false")),
    ("chequered = true\nflipped = 1", ("unknown key 'flipped'",)),
])
def test_a_bad_chequered_is_one_clear_line(tmp_path, board, words):
    path = _draughts(tmp_path, extra_board=board)
    assert_one_line_error(run_cli("board", str(path), "-o", str(tmp_path / "b.pdf")), *words)


def test_a_chequered_board_leaves_out_only_light_squares(tmp_path):
    """A map drawn the other way round (a1 left out) is named, at chequered's line."""
    legend = '"D" = { zone = "dark square", role = "plain" }\n"." = { zone = "light square", role = "none" }'
    flipped = "\n".join(" ".join("D" if (column + row) % 2 == 1 else "." for column in range(8))
                        for row in range(7, -1, -1))
    path = _file(tmp_path, "flipped", f'field = 20\nchequered = true\nmap = """\n{flipped}\n"""', legend)
    assert_one_line_error(run_cli("board", str(path), "-o", str(tmp_path / "b.pdf")),
                          "line 8, column 1", "leaves out a1, a dark square")


OLD_PLAY = """
[play]
players = 2
pieces = 1
steps = { 1 = ["up-left", "up-right"], 2 = ["down-left", "down-right"] }
start = { a1 = 1, h8 = 2 }
no-move = "lose"
"""


def test_a_game_whose_rules_draw_no_lines_keeps_its_squares(tmp_path):
    """A file whose [play] is of today's keys draws no lines: its board is of squares, chequered as it asks."""
    game = file_game(read_game_file(_draughts(tmp_path, extra=OLD_PLAY)))
    spec = game.board(game.default_variant)
    assert game.engine is not None
    assert (spec.lines, spec.points, spec.chequered) == ((), False, True)


MORRIS_PLAY = """
[play]
players = 2
pieces = 9
lines = ["a1-g1", "b2-f2", "c3-e3", "a4-c4", "e4-g4", "c5-e5", "b6-f6", "a7-g7",
         "a1-a7", "b2-b6", "c3-c5", "d1-d3", "d5-d7", "e3-e5", "f2-f6", "g1-g7"]
place = "anywhere"
steps = ["orthogonal"]
mill = 3
fly = 3
fewer-than = 3
no-move = "lose"
"""


def test_a_morris_file_is_drawn_as_its_rules_lines(tmp_path):
    """Nine Men's Morris written as a game file, its [play] lines a list of drawn lines: `boardgen board` draws
    each of its 24 points a ring and each line between neighbouring points a band from ring to ring, the 32 the
    rules move along, and no square."""
    legend = '"o" = { zone = "point", role = "plain" }\n"s" = { zone = "point", role = "plain" }\n' \
             '"#" = { zone = "no point", role = "none" }'
    path = _file(tmp_path, "morris", f'field = 18\nmap = """{MORRIS_MAP}"""', legend, MORRIS_PLAY)
    game = read_game_file(path)
    assert game.points and set(game.lines) == set(MORRIS_LINES) and len(game.lines) == len(MORRIS_LINES)
    out = tmp_path / "morris.svg"
    result = run_cli("board", str(path), "--format", "svg", "-o", str(out))
    assert result.exit_code == 0, result.output
    root = svg_root(out)
    assert not list(layer(root, "fields").iter(f"{SVG}rect"))
    assert len(_rings(root)) == 24 and len(list(layer(root, "lines").iter(f"{SVG}polygon"))) == 32


def test_a_board_of_points_is_not_chequered(tmp_path):
    """chequered = true on a board the rules draw as points (an X of five points, every field left out a light
    square) is refused, at its line, in words."""
    legend = '"o" = { zone = "point", role = "plain" }\n"." = { zone = "none", role = "none" }'
    play = '\n[play]\nplayers = 2\npieces = 3\nlines = ["a1-c3", "c1-a3"]\nplace = "anywhere"\nline-of = 3\n'
    path = _file(tmp_path, "cross", 'field = 20\nchequered = true\nmap = """\no . o\n. o .\no . o\n"""', legend,
                 play)
    assert_one_line_error(run_cli("board", str(path), "-o", str(tmp_path / "b.pdf")),
                          "line 8, column 1: chequered = true draws a board of squares", "remove chequered")


def test_the_diagonals_a_rule_option_plays_along_are_dashed_across_the_squares(tmp_path):
    """Fox and Geese plays along rows and columns; its rule option lines = diagonal along the diagonals through
    every other point (d4 among them), which the one board draws dashed from the middle of one square to the next's,
    a whole dash at each end: c3 to d4 and d4 to e5, never b3 to c4."""
    game = file_game(read_game_file(GAMES / "fox-and-geese.toml"))
    assert (_field("c3"), _field("d4")) in game.file.option_lines
    out = tmp_path / "fox.svg"
    assert run_cli("board", "fox-and-geese", "--format", "svg", "-o", str(out)).exit_code == 0
    root = svg_root(out)
    rects = [r for r in layer(root, "fields").iter(f"{SVG}rect") if r.get("width") == "22"]
    left = min(float(r.get("x")) for r in rects)
    bottom = max(float(r.get("y")) for r in rects) + 22.0

    def centre(point: tuple[int, int]) -> tuple[float, float]:
        return left + (point[0] + 0.5) * 22.0, bottom - (point[1] + 0.5) * 22.0

    dashes = [(floats(line, "x1", "y1"), floats(line, "x2", "y2")) for line in layer(root, "lines").iter(f"{SVG}line")]
    for start, end in game.file.option_lines:
        a, b = centre(start), centre(end)
        on = sorted(((_along(a, b, p), _along(a, b, q)) for p, q in dashes if _on_segment(a, b, p, q)))
        assert len(on) >= 3, (start, end)
        assert on[0][0] == pytest.approx(0.0, abs=1e-3) and on[-1][1] == pytest.approx(math.dist(a, b), abs=1e-3)
        assert all(later[0] > earlier[1] + 0.5 for earlier, later in zip(on, on[1:], strict=False))  # gaps
    assert not any(_on_segment(centre(_field("b3")), centre(_field("c4")), p, q) for p, q in dashes)


def _along(a: tuple[float, float], b: tuple[float, float], p: tuple[float, float]) -> float:
    return ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / math.dist(a, b)


def _on_segment(a: tuple[float, float], b: tuple[float, float], p: tuple[float, float],
                q: tuple[float, float]) -> bool:
    """Whether p-q lies on the segment a-b."""
    length = math.dist(a, b)
    return all(abs((r[0] - a[0]) * (b[1] - a[1]) - (r[1] - a[1]) * (b[0] - a[0])) / length < 1e-3
               and -1e-3 <= _along(a, b, r) <= length + 1e-3 for r in (p, q))


def test_on_a_board_of_points_an_options_lines_are_narrower(tmp_path):
    """A line only a rule option moves along is a band from ring to ring as the others, narrower."""
    game = _points_game(tmp_path, "morris", 18.0)
    extra = ((_field("a1"), _field("b2")),)
    game = file_game(replace(game.file, option_lines=extra))
    root = svg_root(_board(game, "svg", "classic", tmp_path / "morris.svg"))
    widths = sorted(_width(Polygon(_polygon_points(p))) for p in layer(root, "lines").iter(f"{SVG}polygon"))
    ring = max(0.045 * 18.0, 0.8)
    assert widths == pytest.approx([0.4 * ring] + [0.7 * ring] * 32, abs=0.005)
