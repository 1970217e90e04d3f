"""A game file's board drawn from its rules, and what issue 40's designer found missing, read back from the files
boardgen writes: Snakes and Ladders numbers its own track and draws its ladders and snakes; every player's track
has its arrows, side by side where tracks share fields and never over a mark or a number; a kind of piece for one
player only; marks of any character the fonts have; coordinates left off; years BC or none; four players told
apart in mono and on the laser; blocked zones engraved; look-alike notes for boardgen's own colours."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import assert_one_line_error, run_cli
from shapely.geometry import Point, Polygon, box
from shapely.ops import unary_union
from svg_helpers import SVG, field_grid, laser_layers, layer, subpaths, svg_root

from boardgen.draw.fonts import text_width

GAMES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "games"


@pytest.fixture
def starter(tmp_path) -> Path:
    result = run_cli("new", "racers", "-o", str(tmp_path / "racers.toml"))
    assert result.exit_code == 0, result.output
    return tmp_path / "racers.toml"


def _svg(tmp_path: Path, *args: str) -> ET.Element:
    out = tmp_path / f"drawn-{len(list(tmp_path.glob('drawn-*.svg')))}.svg"
    result = run_cli(*args, "--format", "svg", "-o", str(out))
    assert result.exit_code == 0, result.output
    return svg_root(out)


def _points(element: ET.Element) -> list[tuple[float, float]]:
    numbers = [float(v) for v in re.split(r"[ ,]+", element.get("points", "").strip()) if v]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def _arrows(root: ET.Element) -> list[tuple[str, Polygon]]:
    """The arrows on a board: the marks layer's seven-cornered polygons, with their fill."""
    return [(p.get("fill"), Polygon(_points(p))) for p in layer(root, "marks").iter(f"{SVG}polygon")
            if len(_points(p)) == 7]


def _text_box(text: ET.Element) -> Polygon:
    """The box a text covers on the page, from its anchor, size and the font's widths."""
    x, y, size = float(text.get("x")), float(text.get("y")), float(text.get("font-size"))
    width = text_width(text.text or "", size, bold=text.get("font-weight") == "bold")
    left = {"end": x - width, "middle": x - width / 2}.get(text.get("text-anchor", "start"), x)
    return box(left, y - 0.76 * size, left + width, y + 0.24 * size)


def _field_of(x: float, y: float, xs: list[float], ys: list[float], size: float) -> tuple[int, int]:
    column = next(i for i, left in enumerate(xs) if left <= x < left + size)
    row = len(ys) - 1 - next(i for i, top in enumerate(ys) if top <= y < top + size)
    return column, row


def test_snakes_and_ladders_is_a_short_file_whose_track_numbers_itself(tmp_path):
    """No hand-placed number is left in the file; the board numbers squares 1 to 100 along the track of [play],
    winding up from a1 (1) to j1 (10), j2 (11) back to a2 (20), ... a10 (100), each number in its own square."""
    text = (GAMES / "snakes-and-ladders.toml").read_text(encoding="utf-8")
    assert "[[marks]]" not in text and "marks = [" not in text and len(text.splitlines()) < 120
    root = _svg(tmp_path, "board", "snakes-and-ladders")
    xs, ys = field_grid(root, 18.0)
    numbers = {int(t.text): (float(t.get("x")) - 0.5, float(t.get("y")) - 0.5)
               for t in layer(root, "marks").iter(f"{SVG}text") if (t.text or "").isdigit()}
    assert sorted(numbers) == list(range(1, 101))
    for n, (x, y) in numbers.items():
        row, along = divmod(n - 1, 10)
        assert _field_of(x, y, xs, ys, 18.0) == (along if row % 2 == 0 else 9 - along, row), n


def test_ladders_and_snakes_are_drawn_from_the_rules_from_foot_to_top_and_head_to_tail(tmp_path):
    """The 1952 board's nine ladders and ten snakes, as [play] gives them: each snake a line from its head's
    square to its tail's, its head a dot; each ladder two rails from its foot's square to its top's (each broken
    where it passes a number, so a line here is a stretch of one)."""
    root = _svg(tmp_path, "board", "snakes-and-ladders")
    xs, ys = field_grid(root, 18.0)
    marks = layer(root, "marks")
    snakes = [_points(p) for p in marks.iter(f"{SVG}polyline") if p.get("stroke") == "#2f7d32"]
    heads = [(float(c.get("cx")), float(c.get("cy"))) for c in marks.iter(f"{SVG}circle")
             if c.get("fill") == "#2f7d32"]
    rails = [_points(p) for p in marks.iter(f"{SVG}polyline") if p.get("stroke") == "#7a4a1c"]
    rails += [[tuple(float(v) for v in (line.get("x1"), line.get("y1"))),
               tuple(float(v) for v in (line.get("x2"), line.get("y2")))]
              for line in marks.iter(f"{SVG}line") if line.get("stroke") == "#7a4a1c"]

    def square(n: int) -> tuple[int, int]:
        row, along = divmod(n - 1, 10)
        return (along if row % 2 == 0 else 9 - along, row)

    def centre(n: int) -> tuple[float, float]:
        column, row = square(n)
        return xs[column] + 9.0, ys[len(ys) - 1 - row] + 9.0

    pairs = ((16, 6), (47, 26), (49, 11), (56, 53), (62, 19), (64, 60), (87, 24), (93, 73), (95, 75), (98, 78))
    assert sorted(_field_of(*head, xs, ys, 18.0) for head in heads) == sorted(square(a) for a, _ in pairs)
    for head, tail in pairs:  # each head's body starts at its dot and the snake ends in the middle of its tail
        assert any(Point(s[0]).distance(Point(h)) < 0.01 for s in snakes for h in heads
                   if _field_of(*h, xs, ys, 18.0) == square(head))
        assert any(Point(s[-1]).distance(Point(centre(tail))) < 0.01 for s in snakes), (head, tail)
    for foot, top in ((1, 38), (4, 14), (9, 31), (21, 42), (28, 84), (36, 44), (51, 67), (71, 91), (80, 100)):
        starts = [r for r in rails if Point(r[0]).distance(Point(centre(foot))) < 4.0]
        ends = [r for r in rails if Point(r[-1]).distance(Point(centre(top))) < 4.0]
        assert len(starts) >= 2 and len(ends) >= 2, (foot, top)  # its two rails


@pytest.mark.parametrize(("game", "players"), [("ur", 2), ("ludo", 4), ("snakes-and-ladders", 1)])
def test_arrows_follow_every_players_track_side_by_side_and_never_over_a_mark_or_a_number(tmp_path, game,
                                                                                          players):
    root = _svg(tmp_path, "board", game, "--arrows")
    arrows = _arrows(root)
    colours = {fill for fill, _ in arrows}
    assert len(colours) == players  # one colour a player (Snakes and Ladders: one track, everyone's)
    marks = layer(root, "marks")
    covered = [Polygon(_points(p)) for p in marks.iter(f"{SVG}polygon") if len(_points(p)) == 10]  # stars
    covered += [_text_box(t) for t in marks.iter(f"{SVG}text")]  # numbers in the corners
    for _, arrow in arrows:
        assert arrow.is_valid and arrow.area > 0
        assert not any(arrow.intersects(mark) for mark in covered)
    for (_, a), (_, b) in ((x, y) for n, x in enumerate(arrows) for y in arrows[n + 1:]):
        assert not a.intersects(b)  # side by side, never on top of each other
    if game == "ur":  # the shared middle row: both players' arrows, one above the other, pointing right
        xs, ys = field_grid(root, 24.0)
        middle = [(fill, a) for fill, a in arrows if ys[1] < a.centroid.y < ys[1] + 24.0]
        assert len({fill for fill, _ in middle}) == 2 and len(middle) == 4


def test_arrows_for_players_3_and_4_and_a_player_the_game_does_not_have_is_refused(tmp_path):
    text = (GAMES / "ludo.toml").read_text(encoding="utf-8") + '\n[[arrows]]\nfrom = "b8"\nto = "e8"\nplayer = 4\n'
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert run_cli("board", str(path), "--arrows", "-o", str(tmp_path / "b.pdf")).exit_code == 0
    path.write_text(text.replace("player = 4\n", "player = 5\n"), encoding="utf-8")
    assert_one_line_error(run_cli("board", str(path), "-o", str(tmp_path / "c.pdf")),
                          "an arrow's player is a number from 1 to 4")


def test_a_kind_of_piece_for_one_player_only_13_geese_against_1_fox(tmp_path):
    """Cut on the laser: 14 pieces, 13 round geese with a G and one square fox; the fox dark (player 2)."""
    out = tmp_path / "fox.svg"
    result = run_cli("pieces", "fox-and-geese", "--laser", "-o", str(out))
    assert result.exit_code == 0, result.output
    cuts = [ring for wood in tmp_path.glob("fox*.svg") for path in laser_layers(wood).get("cut", [])
            for ring, _ in subpaths(path.get("d"))]
    outlines = [Polygon(ring) for ring in cuts if len(ring) > 2]
    round_ones = [p for p in outlines if p.area / p.minimum_rotated_rectangle.area < 0.9]
    square_ones = [p for p in outlines if p.area / p.minimum_rotated_rectangle.area >= 0.9]
    assert len(round_ones) == 13 and len(square_ones) == 1


@pytest.mark.parametrize(("player", "words"), [
    ("player = 3", "player is the one player (1 to 2)"),
    ("player = 1\nshared = true", "nobody's"),
])
def test_a_pieces_player_is_one_of_the_games(tmp_path, player, words):
    text = (GAMES / "fox-and-geese.toml").read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(text.replace("player = 1                      # the geese", f"{player}  # the geese"),
                    encoding="utf-8")
    result = run_cli("pieces", str(path), "-o", str(tmp_path / "p.pdf"))
    assert_one_line_error(result, words)
    assert re.search(r"line \d+, column \d+", result.output)


def test_marks_of_any_character_the_fonts_have_and_others_refused_in_words(tmp_path, starter):
    text = starter.read_text(encoding="utf-8")
    signs = text + '\n[[marks]]\nfield = "b1"\nsymbol = "☥"\n\n[[marks]]\nfield = "c1"\nsymbol = "≈"\n'
    starter.write_text(signs, encoding="utf-8")
    root = _svg(tmp_path, "board", str(starter))
    drawn = [t.text for t in layer(root, "marks").iter(f"{SVG}text")]
    assert "☥" in drawn and "≈" in drawn
    starter.write_text(signs.replace("≈", "😀"), encoding="utf-8")
    result = run_cli("board", str(starter), "-o", str(tmp_path / "b.pdf"))
    assert_one_line_error(result, "U+1F600", "fonts")
    line = signs.splitlines().index('symbol = "≈"') + 1
    assert f"line {line}, column" in result.output


def test_coordinates_false_draws_no_letters_or_numbers_round_the_board(tmp_path, starter):
    starter.write_text(starter.read_text(encoding="utf-8").replace("coordinates = true", "coordinates = false"),
                       encoding="utf-8")
    texts = [t.text for t in layer(_svg(tmp_path, "board", str(starter)), "text").iter(f"{SVG}text")]
    assert not {"a", "b", "g", "1", "7"} & set(texts)
    texts = [t.text for t in layer(_svg(tmp_path, "board", "ur"), "text").iter(f"{SVG}text")]
    assert {"a", "h", "1", "3"} <= set(texts)


@pytest.mark.parametrize(("year", "shown", "not_shown"), [
    ("year = -2600", "2600 BC", "-2600"), ("", "Racers, a game by You", "None")])
def test_a_year_bc_or_none_reads_right_on_the_board_the_box_and_the_read_me(tmp_path, starter, year, shown,
                                                                           not_shown):
    from pypdf import PdfReader

    starter.write_text(starter.read_text(encoding="utf-8").replace("year = 2026", year)
                       .replace('credit = "Racers, a game by You, 2026"\n', ""), encoding="utf-8")
    folder = tmp_path / "set"
    result = run_cli("giftset", str(starter), "--to", str(folder))
    assert result.exit_code == 0, result.output
    for pdf in sorted(folder.glob("*.pdf")):
        if "pieces" in pdf.name:
            continue
        text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(pdf)).pages)
        assert not_shown not in text and "2026" not in text, pdf.name
        if "board" in pdf.name or "read-me" in pdf.name or ("box" in pdf.name and "BC" in shown):
            assert shown in text, (pdf.name, text[:300])


@pytest.mark.parametrize(("designer", "year"), [
    ("Traditional", "year = -3000"), ("Traditional, after Pachisi", "year = 1896"), ("Folk", ""),
    ("Unknown, rules after Irving Finkel", "year = -2600"), ("Anonymous", ""), ("Ann Smith, Bo Jensen", "year = 2026")])
def test_a_file_without_a_credit_is_credited_on_its_board_as_the_read_me_credits_it(tmp_path, designer, year):
    """The board's credit line for a file that gives none words who made the game as the gift set's read-me does
    (products.translations.credit), which is how a gift set in another language finds the line to translate."""
    from boardgen.gamefiles import find_game
    from boardgen.products.translations import credit

    text = SENET.replace('designer = "Traditional"', f'designer = "{designer}"').replace("year = -3000", year)
    (tmp_path / "senet.toml").write_text(text, encoding="utf-8")
    game = find_game(str(tmp_path / "senet.toml"))
    line = game.board(game.default_variant).credits[0]
    assert line == f"Senet, {credit(game, 'en')}"
    assert "a game by Traditional" not in line and "a game by Unknown" not in line


def test_four_players_pieces_stay_apart_on_the_laser(tmp_path):
    """Ludo's counters cut in wood: each player's engraving its own (light, dark, dark band, light band)."""
    assert run_cli("pieces", "ludo", "--laser", "-o", str(tmp_path / "ludo.svg")).exit_code == 0
    [wood] = [path for path in tmp_path.glob("ludo*counters*.svg")]
    groups = laser_layers(wood)
    cuts = [Polygon(ring) for path in groups["cut"] for ring, _ in subpaths(path.get("d")) if len(ring) > 2]
    burnt = []
    for path in groups.get("engrave", []):
        area = None
        for ring, _ in subpaths(path.get("d")):
            shape = Polygon(ring).buffer(0)
            area = shape if area is None else area.symmetric_difference(shape)
        burnt.append(area)
    engraved = unary_union(burnt)
    looks = []
    for cut in sorted(cuts, key=lambda c: (round(c.centroid.y), c.centroid.x)):
        inside = engraved.intersection(cut)
        edge = cut.exterior.buffer(1.0).intersection(cut)
        middle = Point(cut.centroid).buffer(1.0)
        looks.append((round(inside.area / cut.area, 1), edge.intersection(engraved).area > 0.5 * edge.area,
                      middle.intersection(engraved).area > 0.5 * middle.area))
    # 16 counters, four players of four: four looks, each player's four alike
    assert len(looks) == 16 and len(set(looks)) == 4, looks


def test_four_players_arrows_stay_apart_on_the_laser():
    """Ludo's arrows as a laser makes them: hollow (scored), solid (engraved), a bold edge (an engraved band),
    a dashed edge (scored in dashes)."""
    from boardgen.draw.board import BoardLook, draw_board
    from boardgen.draw.laser import plan_laser
    from boardgen.draw.scene import Polygon as ScenePolygon
    from boardgen.draw.scene import Scene
    from boardgen.gamefiles import load_game_file
    from boardgen.products.looks import game_look

    game = load_game_file(GAMES / "ludo.toml")
    look = game_look(game, "mono")
    drawn = draw_board(game.board(game.default_variant), BoardLook(13.0, arrows=True)).scene
    arrows = [shape for _, shapes in drawn.layers for shape in shapes
              if isinstance(shape, ScenePolygon) and shape.role.startswith("arrow.p")]
    made = {}
    for player in range(1, 5):
        one = next(a for a in arrows if a.role == f"arrow.p{player}")
        plan = plan_laser(Scene(drawn.width, drawn.height, (("marks", (one,)),)), 0.0, look=look)
        made[player] = (len(plan.scores), len(plan.engraves), sum(len(area) for area in plan.engraves))
    assert made[1][0] >= 1 and made[1][1] == 0  # hollow: its outline scored
    assert made[2][1] == 1 and made[2][2] == 1  # solid: engraved whole
    assert made[3][1] == 1 and made[3][2] == 2  # a bold edge: an engraved band round a bare middle
    assert made[4][1] == 0 and made[4][0] > 10  # dashed: many short scored lines


def test_four_players_zones_stay_apart_in_mono_and_on_the_laser(tmp_path):
    from boardgen.gamefiles.reader import read_game_file
    from boardgen.gamefiles.styles import zone_styles

    game = read_game_file(GAMES / "ludo.toml")
    styles = zone_styles(game, "mono")
    for role in ("start", "safe", "goal"):
        hatches = [styles[f"zone.{z.char}"].hatch for z in game.zones if z.role == role and z.player]
        assert len(hatches) == 4 and len({(h.angles, h.window) for h in hatches}) == 4, role
    out = tmp_path / "plate.svg"
    assert run_cli("board", "ludo", "--laser", "--field", "12", "-o", str(out)).exit_code == 0
    # each yard's 36 fields engraved alike round a window of its player's shape, the four shapes different
    found: dict[str, int] = {}
    for path in laser_layers(out)["engrave"]:
        rings = [ring for ring, _ in subpaths(path.get("d"))]
        if len(rings) < 2 or Polygon(rings[0]).area < 60:
            continue
        hole = rings[1]
        upright = all(abs(a[0] - b[0]) < 1e-6 or abs(a[1] - b[1]) < 1e-6 for a, b in zip(hole, hole[1:], strict=False))
        shape = "double" if len(rings) == 4 else "round" if len(hole) > 8 else "square" if upright else "diamond"
        found[shape] = found.get(shape, 0) + 1
    assert all(found.get(shape, 0) >= 36 for shape in ("square", "round", "diamond", "double")), found


def test_a_blocked_zone_is_engraved_on_the_laser_plate(tmp_path, starter):
    """The starter's lake (d4) must not look like a field on wood: its whole field is engraved."""
    out = tmp_path / "plate.svg"
    assert run_cli("board", str(starter), "--laser", "-o", str(out)).exit_code == 0
    whole = [Polygon(rings[0][0]) for path in laser_layers(out)["engrave"]
             if len(rings := subpaths(path.get("d"))) == 1 and len(rings[0][0]) == 4]
    # one field (18 mm) engraved whole, without a window: the lake
    assert [round(p.area) for p in whole if p.area > 250] == [324]


def test_boardgens_own_colours_get_the_look_alike_note_and_the_shipped_games_pass(tmp_path):
    for game in ("ur", "ludo", "fox-and-geese", "snakes-and-ladders"):
        for palette in ("classic", "cud"):
            result = run_cli("board", game, "--palette", palette, "--paper", "a3", "-o", str(tmp_path / "b.pdf"))
            assert result.exit_code == 0 and "look alike" not in result.output, (game, palette, result.output)
    text = (GAMES / "ur.toml").read_text(encoding="utf-8").replace(
        '"#" = { zone = "no field", role = "none" }',
        '"#" = { zone = "no field", role = "none" }\n"W" = { zone = "water", role = "pond" }\n'
        '"F" = { zone = "forest", role = "wood" }').replace("R . . . # # R .\n. . . R",
                                                                    "R . . . # # R .\nW F . R")
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("board", str(path), "-o", str(tmp_path / "c.pdf"))
    assert result.exit_code == 0
    assert "'water' and 'forest' look alike (ΔE 0.0, under 10)" in result.output


# -- pictures a player can read (issue 46) ------------------------------------------------------------------------

PT = 25.4 / 72  # mm a PDF point
SENET = """\
[about]
name = "Senet"
designer = "Traditional"
year = -3000
players = 2
summary = "A race along three rows"

[board]
field = 20
numbers = true
map = \"\"\"
..........
..........
..........
\"\"\"

[legend]
"." = { zone = "track", role = "track" }

[[marks]]
fields = ["g1"]
symbol = "☥"

[[pieces]]
kind = "stick"
count = 4
faces = ["", "1", "", "1"]

[play]
players = 2
pieces = 5
throw = { sticks = 4, values = { 0 = 5, 1 = 1, 2 = 2, 3 = 3, 4 = 4 } }
tracks = ["a3-j3", "j2-a2", "a1-j1"]
enter = "count"
finish = "exact"
own = "block"
opponent = "capture"
snakes = { g1 = "c2" }
no-move = "pass"
"""


def _jumps_and_texts(pdf: Path, colours: set[str]):
    """Read back from the PDF by pdfium: each stroked line in one of `colours` (a ladder's or snake's) as a line
    in mm, and each character's box as a PDF reader gives it (the font's whole height), in mm."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium_c
    from shapely.geometry import LineString

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        page = document[0]
        height = page.get_size()[1]
        lines = []
        for obj in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,)):
            rgba = [ctypes.c_uint() for _ in range(4)]
            pdfium_c.FPDFPageObj_GetStrokeColor(obj.raw, *(ctypes.byref(v) for v in rgba))
            if "#" + "".join(f"{v.value:02x}" for v in rgba[:3]) not in colours:
                continue
            m = obj.get_matrix()
            points = []
            for n in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
                x, y = ctypes.c_float(), ctypes.c_float()
                pdfium_c.FPDFPathSegment_GetPoint(pdfium_c.FPDFPath_GetPathSegment(obj.raw, n), ctypes.byref(x),
                                                  ctypes.byref(y))
                px, py = m.a * x.value + m.c * y.value + m.e, m.b * x.value + m.d * y.value + m.f
                points.append((px * PT, (height - py) * PT))
            if len(points) >= 2:
                lines.append(LineString(points))
        text = page.get_textpage()
        chars = []
        for n in range(text.count_chars()):
            if text.get_text_range(n, 1).strip():
                left, bottom, right, top = text.get_charbox(n, loose=True)
                chars.append((text.get_text_range(n, 1), box(left * PT, (height - top) * PT, right * PT,
                                                             (height - bottom) * PT)))
        return lines, chars
    finally:
        document.close()


@pytest.mark.parametrize("game", ["snakes-and-ladders", "senet"])
def test_no_ladder_or_snake_crosses_a_number_or_a_mark_read_back_from_the_pdf(tmp_path, game):
    """Snakes and Ladders' 100, 12 and 49, every number on the board, and Senet's ☥ on the field a snake
    starts on: no ladder's rail or rung and no snake's body or head touches the box a PDF reader gives the text."""
    if game == "senet":
        (tmp_path / "senet.toml").write_text(SENET, encoding="utf-8")
        game = str(tmp_path / "senet.toml")
    for arrows in ((), ("--arrows",)):
        out = tmp_path / f"board{len(arrows)}.pdf"
        assert run_cli("board", game, *arrows, "-o", str(out)).exit_code == 0
        lines, chars = _jumps_and_texts(out, {"#7a4a1c", "#2f7d32"})
        assert len(lines) > 3
        crossed = [(char, line.coords[0]) for char, where in chars for line in lines if line.intersects(where)]
        assert not crossed, crossed[:5]


def test_a_snakes_head_never_covers_a_mark():
    from dataclasses import replace as changed

    from boardgen.draw.board import BoardLook, draw_board
    from boardgen.draw.board_spec import BoardSpec, FieldMark, Jump
    from boardgen.draw.scene import Circle
    from boardgen.engine.grid import Grid

    spec = BoardSpec("a board", Grid(5, 3), marks=(FieldMark((4, 0), "file.mark", "sign:☥"),),
                     jumps=(Jump((4, 0), (0, 2), "jump.snake", "snake"),))
    for marked in (spec, changed(spec, marks=())):
        drawing = draw_board(marked, BoardLook(20.0))
        head = next(s for s in drawing.scene.shapes("marks") if isinstance(s, Circle) and s.role == "jump.snake.head")
        field = (drawing.grid_box.x + 90.0, drawing.grid_box.bottom - 10.0)  # e1's middle
        moved = Point(head.centre).distance(Point(field)) > 0.5
        assert moved == bool(marked.marks)


@pytest.mark.parametrize("palette", ["classic", "cud", "mono"])
def test_every_text_on_a_field_reads_on_its_zone_in_every_palette(palette):
    """The contrast a palette is held to, for text on fields too: every note or sign on a field of every game
    (Snakes and Ladders' 100 on its dark goal) has at least WCAG's 4.5:1 against the field it is printed on."""
    from boardgen.draw.board import BoardLook, draw_board
    from boardgen.draw.legibility import TEXT_CONTRAST, contrast
    from boardgen.draw.resolve import resolve
    from boardgen.draw.scene import Rect, Text
    from boardgen.gamefiles import GAMES
    from boardgen.products.looks import game_look

    checked = 0
    for game in GAMES.values():
        look = game_look(game, palette)
        for variant in game.variants:
            drawing = resolve(draw_board(game.board(variant), BoardLook(game.default_field, arrows=True)).scene, look)
            layers = dict(drawing.layers)
            fields = [op for op in layers.get("fields", ()) if isinstance(op.shape, Rect)]
            for op in layers.get("marks", ()):
                if not isinstance(op.shape, Text):
                    continue
                x, y = op.shape.position
                under = [f for f in fields if f.shape.box.x <= x <= f.shape.box.right
                         and f.shape.box.y <= y <= f.shape.box.bottom]
                ground = under[-1].style.fill or "#ffffff"
                assert contrast(op.style.fill, ground) >= TEXT_CONTRAST, (game.name, op.shape.text, op.style.fill,
                                                                           ground)
                checked += 1
    assert checked >= 100  # Snakes and Ladders' numbers at least


def _tip_at_left(arrow: Polygon) -> bool:
    """Whether an arrow lying along a row points left: its tip the one corner furthest left."""
    corners = arrow.exterior.coords[:-1]
    left = min(x for x, _ in corners)
    return sum(abs(x - left) < 0.01 for x, _ in corners) == 1


def test_each_player_has_an_arrow_on_urs_last_leg_up_to_where_pieces_leave(tmp_path):
    """Ur's pieces leave from g1 and g3 after one step back from h1 and h3: read back from the board's SVG, each
    player has an arrow in h pointing to g, in the colour of that player's arrow into its own row (d to a)."""
    root = _svg(tmp_path, "board", "ur", "--arrows")
    xs, ys = field_grid(root, 24.0)
    colours = []
    for row in (1, 3):
        top = ys[3 - row]
        here = [(fill, a) for fill, a in _arrows(root) if top < a.centroid.y < top + 24.0]
        coming_on = [fill for fill, a in here if a.bounds[2] <= xs[4] and _tip_at_left(a)]  # d to a
        leaving = [fill for fill, a in here if xs[7] <= a.bounds[0] and a.bounds[2] <= xs[7] + 24.0
                   and _tip_at_left(a)]  # in h, pointing to g
        assert len(coming_on) == 1 and leaving == coming_on, (row, here)
        colours.append(leaving[0])
    assert colours[0] != colours[1]  # the two players' own


def test_two_tracks_the_other_way_over_numbered_fields_both_have_their_arrows(tmp_path):
    """Where two players' tracks run over the same numbered fields in opposite directions, the board has both
    players' arrows along each row, side by side, clear of the numbers (read back from its SVG)."""
    text = SENET.replace('tracks = ["a3-j3", "j2-a2", "a1-j1"]',
                         'tracks = { 1 = ["a3-j3", "j2-a2", "a1-j1"], 2 = ["j1-a1", "a2-j2", "j3-a3"] }')
    (tmp_path / "two.toml").write_text(text.replace('snakes = { g1 = "c2" }\n', ""), encoding="utf-8")
    root = _svg(tmp_path, "board", str(tmp_path / "two.toml"), "--arrows")
    arrows = _arrows(root)
    xs, ys = field_grid(root, 20.0)
    for top in ys:  # each row: an arrow each way, in the two players' colours
        here = [(fill, _tip_at_left(a)) for fill, a in arrows if top < a.centroid.y < top + 20.0]
        assert len({fill for fill, _ in here}) == 2 and {left for _, left in here} == {True, False}, here
    numbers = [_text_box(t) for t in layer(root, "marks").iter(f"{SVG}text")]
    assert len(numbers) >= 30
    assert not any(a.intersects(b) for n, (_, a) in enumerate(arrows) for _, b in arrows[n + 1:])
    assert not any(a.intersects(number) for _, a in arrows for number in numbers)


def test_a_draughts_board_whose_light_squares_are_none_is_a_whole_board_in_its_frame(tmp_path):
    from boardgen.draw.board import BoardLook, draw_board
    from boardgen.draw.scene import Polygon as Drawn
    from boardgen.draw.scene import Rect
    from boardgen.gamefiles import find_game

    rows = "\n".join(("#." * 4) if n % 2 == 0 else (".#" * 4) for n in range(8))
    text = SENET.split("[board]")[0] + f'[board]\nfield = 20\nmap = """\n{rows}\n"""\n\n[legend]\n' \
        '"." = { zone = "dark square", role = "track" }\n"#" = { zone = "light square", role = "none" }\n'
    (tmp_path / "draughts.toml").write_text(text, encoding="utf-8")
    game = find_game(str(tmp_path / "draughts.toml"))
    scene = draw_board(game.board(game.default_variant), BoardLook(20.0)).scene
    fields = [s for s in scene.shapes("fields") if isinstance(s, Rect)]
    assert len(fields) == 64 and len({f.role for f in fields}) == 2  # a chequerboard: its squares and the holes
    frames = [s for s in scene.shapes("lines") if isinstance(s, Drawn) and s.role == "grid.border"]
    assert len(frames) == 1 and len(frames[0].points) == 4  # one frame round the whole board
    ur = find_game("ur")  # a board cut away along its edge keeps its own outline
    ur_lines = draw_board(ur.board(ur.default_variant), BoardLook(24.0)).scene.shapes("lines")
    assert not any(isinstance(s, Drawn) and s.role == "grid.border" for s in ur_lines)


def _pdf_text(pdf: Path) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(pdf)).pages)


@pytest.mark.parametrize(("throw", "said", "numbers"), [
    ("{ sticks = 4, values = { 0 = 5, 1 = 1, 2 = 2, 3 = 3, 4 = 4 } }", "A throw of 0 counts 5.",
     "number ways out of 256 chance 1 64 1/4 2 96 3/8 3 64 1/4 4 16 1/16 5 16 1/16"),
    ("{ dice = 4, sides = 2, faces = [0, 1] }", None,
     "sum ways out of 256 chance 0 16 1/16 1 64 1/4 2 96 3/8 3 64 1/4 4 16 1/16"),
])
def test_the_stick_sheet_counts_as_the_game_files_throw_says(tmp_path, throw, said, numbers):
    """Senet's sticks: no marked side up counts 5, so the sheet's table runs 1 to 5 and it says so; sticks thrown
    as two-sided dice of 0 and 1 count their dots.  Read back from the pieces' PDF."""
    source = SENET.replace("throw = { sticks = 4, values = { 0 = 5, 1 = 1, 2 = 2, 3 = 3, 4 = 4 } }",
                           f"throw = {throw}")
    assert f"throw = {throw}" in source
    (tmp_path / "senet.toml").write_text(source, encoding="utf-8")
    result = run_cli("pieces", str(tmp_path / "senet.toml"), "-o", str(tmp_path / "sticks.pdf"))
    assert result.exit_code == 0, result.output
    text = _pdf_text(tmp_path / "sticks.pdf")
    assert numbers in text
    assert (said in text) if said else "counts" not in text


def test_a_die_is_marked_as_the_game_files_throw_counts_its_faces(tmp_path):
    """Snakes and Ladders thrown with a die of 1, 1, 2, 2, 3 and 3: its net has those pips (12, not 21), and the
    sheet no longer says opposite faces add up to 7.  Read back from the pieces' SVG."""
    ordinary = (GAMES / "snakes-and-ladders.toml").read_text(encoding="utf-8")
    changed = ordinary.replace("throw = { dice = 1, sides = 6 }",
                               "throw = { dice = 1, sides = 6, faces = [1, 1, 2, 2, 3, 3] }")
    assert changed != ordinary
    pips = {}
    for name, text in (("ordinary", ordinary), ("changed", changed)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        root = _svg(tmp_path, "pieces", str(tmp_path / f"{name}.toml"))
        pips[name] = len([c for c in root.iter(f"{SVG}circle") if float(c.get("r")) < 2.0])  # not the counters
        said = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
        assert ("Opposite faces add up to 7." in said) == (name == "ordinary")
    assert pips == {"ordinary": 21, "changed": 12}
