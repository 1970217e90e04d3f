"""Diagrams: the position on its board, with the fields the JSON lists marked."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy
import pytest
from helpers import px_per_mm, render_page, run_cli
from pypdf import PdfReader
from svg_helpers import SVG, field_grid, layer, marked_fields, name_at

SAMPLES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "positions" / "iacta"


def reached_by_json(sample: str) -> set[str]:
    report = json.loads(run_cli("check", str(SAMPLES / sample), "--json").output)
    fields = set()
    for move in report["moves"]:
        fields |= {move["to"]} if "to" in move else set(move.get("squares", []))
    return fields


@pytest.mark.parametrize("sample", ["02-open-play-4-2.toml", "08-rocade.toml", "12-no-free-home.toml",
                                    "10-doubles-keep.toml"])
def test_svg_marks_exactly_the_fields_the_json_lists(in_tmp, sample):
    result = run_cli("diagram", str(SAMPLES / sample), "--moves", "-o", "d.svg")
    assert result.exit_code == 0, result.output
    root = ET.parse("d.svg").getroot()
    xs, ys = field_grid(root)
    crosses, framed = marked_fields(root)
    assert crosses | framed == reached_by_json(sample) and not crosses & framed
    # An X only where nothing stands (it would hide a die's pips); a frame round a field that holds a die.
    occupied = _dice_fields(root, xs, ys)
    assert framed <= occupied and not crosses & occupied
    x_lines = [line for line in layer(root, "marks").iter(f"{SVG}line") if line.get("stroke-width") == "1"]
    assert len(x_lines) == 2 * len(crosses)


def _dice_fields(root, xs, ys) -> set[str]:
    """Fields with a die drawn on them: the dice are small filled polygons in the marks layer."""
    found = set()
    for polygon in layer(root, "marks").iter(f"{SVG}polygon"):
        if polygon.get("fill") == "none":
            continue
        numbers = [float(v) for v in polygon.get("points").replace(",", " ").split()]
        centre = (sum(numbers[::2]) / len(numbers[::2]), sum(numbers[1::2]) / len(numbers[1::2]))
        found.add(name_at(*centre, xs, ys))
    return found


def test_svg_dice_match_the_position(in_tmp):
    assert run_cli("diagram", str(SAMPLES / "01-start.toml"), "-o", "d.svg").exit_code == 0
    root = ET.parse("d.svg").getroot()
    dice = list(layer(root, "marks").iter(f"{SVG}polygon"))
    pips = list(layer(root, "marks").iter(f"{SVG}circle"))
    assert len(dice) == 12
    assert len(pips) == 2 * sum(range(1, 7))  # faces 1-6 for each player
    assert marked_fields(root) == (set(), set())  # no --moves, no marks


def test_pdf_diagram_shows_crosses_where_moves_land(in_tmp):
    assert run_cli("diagram", str(SAMPLES / "02-open-play-4-2.toml"), "--moves", "--format", "pdf",
                   "-o", "d.pdf").exit_code == 0
    pixels = render_page(Path("d.pdf"), dpi=200)
    scale = px_per_mm(200)
    left, top = (210 - 158) / 2, (297 - 158) / 2
    reached = reached_by_json("02-open-play-4-2.toml")
    for column in "abcdefghij":
        for row in range(1, 11):
            name = f"{column}{row}"
            x = left + ("abcdefghij".index(column) + 0.5) * 15.8
            y = top + (10 - row + 0.5) * 15.8
            # The centre of an X is dark ink; an empty field's centre is paper or colour.
            centre = pixels[int(y * scale) - 2 : int(y * scale) + 3, int(x * scale) - 2 : int(x * scale) + 3]
            is_crossed = bool((centre.max(axis=-1) < 60).all())
            if name in reached:
                assert is_crossed, name
            elif name not in {"a1", "b1", "c1", "a2", "b2", "e6", "f5", "j1", "i1", "h1", "j2", "i2"}:
                assert not is_crossed, name
    assert "Bundgaard" in PdfReader("d.pdf").pages[0].extract_text()


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png"])
def test_diagram_formats_and_default_names(in_tmp, fmt):
    result = run_cli("diagram", str(SAMPLES / "03-strike-allowed.toml"), "--moves", "--format", fmt)
    assert result.exit_code == 0, result.output
    path = Path(result.stdout.strip())
    assert path == Path("output") / f"iacta-03-strike-allowed-moves.{fmt}"  # the game first: samples share names
    head = path.read_bytes()[:8]
    assert head.startswith({"svg": b"<?xml", "pdf": b"%PDF", "png": b"\x89PNG"}[fmt])


@pytest.mark.dependency_output
def test_diagram_is_repeatable(in_tmp):
    for name in ("a.pdf", "b.pdf"):
        assert run_cli("diagram", str(SAMPLES / "08-rocade.toml"), "--moves", "--format", "pdf",
                       "-o", name).exit_code == 0
    assert Path("a.pdf").read_bytes() == Path("b.pdf").read_bytes()


def test_invalid_position_diagram_is_one_line_exit_1_and_writes_nothing(in_tmp):
    result = run_cli("diagram", str(SAMPLES / "13-invalid-counts.toml"))
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "not a valid position" in lines[0] and "boardgen check" in lines[0]
    assert not Path("output").exists() or not any(Path("output").iterdir())


def test_mono_diagram_tells_players_apart_without_colour(in_tmp):
    assert run_cli("diagram", str(SAMPLES / "01-start.toml"), "--palette", "mono", "--format", "png",
                   "--dpi", "100", "-o", "d.png").exit_code == 0
    from PIL import Image

    pixels = numpy.asarray(Image.open("d.png").convert("RGB")).astype(int)
    assert (pixels.max(axis=-1) - pixels.min(axis=-1)).max() <= 2


@pytest.mark.parametrize("field", ["z99", "k1", "e0", "55"])
def test_from_a_field_off_the_board_is_one_clear_line(in_tmp, field):
    result = run_cli("diagram", str(SAMPLES / "02-open-play-4-2.toml"), "--moves", "--from", field)
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "--from" in result.output


def test_lego_for_a_game_without_towers_says_so(in_tmp):
    result = run_cli("lego", "alea")
    assert result.exit_code == 2 and "LEGO towers cannot show" in result.output
    assert "lego works for: iacta" in result.output


def _drawn(sample: str, **marks):
    from boardgen.draw.board import BoardLook
    from boardgen.products.diagram import position_drawer, valid_position
    from boardgen.products.templates import sample_bytes

    loaded = valid_position(sample_bytes(sample), sample)
    return loaded, position_drawer(loaded, bool(marks), **marks)(BoardLook(20.0)).scene


def test_a_start_fields_note_never_peeks_out_from_under_a_die():
    from boardgen.draw.scene import Text

    for sample in ("alea/01-start", "alea/11-win-tower-of-sixes"):
        loaded, scene = _drawn(sample)
        notes = [shape for _, shapes in scene.layers for shape in shapes
                 if isinstance(shape, Text) and shape.text == "3" and shape.bold]
        occupied = {item.field for item in loaded.presentation.items(loaded.position)}
        empty_starts = [f for f in loaded.game.board(loaded.position.variant).marks
                        if f.symbol.startswith("note:") and f.field not in occupied]
        assert len(notes) == len(empty_starts), sample


def test_a_tower_stays_inside_its_field():
    from boardgen.draw.diagram import field_box
    from boardgen.draw.scene import Polygon

    loaded, scene = _drawn("alea/11-win-tower-of-sixes")
    dice = [shape for _, shapes in scene.layers for shape in shapes
            if isinstance(shape, Polygon) and shape.role.startswith("die.")]
    # Each die's outline lies inside the field whose centre is nearest the die's centre.
    from boardgen.draw.board import BoardLook, draw_board

    board = draw_board(loaded.game.board(loaded.position.variant), BoardLook(20.0))
    grid = loaded.position.variant.grid
    boxes = [field_box(board, f, grid.rows) for f in grid.fields()]
    towers = [item.field for item in loaded.presentation.items(loaded.position) if item.level == 2]
    assert towers
    tower_box = field_box(board, towers[0], grid.rows).grown(-0.05 * board.field_size)  # clear of the grid lines
    inside = [d for d in dice if all(tower_box.x <= x <= tower_box.right and tower_box.y <= y <= tower_box.bottom
                                     for x, y in d.points)]
    assert len(inside) == 3  # the whole tower, every die of it, within its field
    assert boxes


def test_two_pieces_moves_are_told_apart_in_one_diagram():
    loaded, scene = _drawn("stacktics/02-loaded-and-overloaded", only_from=(1, 1), also_from=(3, 1))
    roles = [shape.role for _, shapes in scene.layers for shape in shapes]
    assert roles.count("move.target") > 0 and roles.count("move.target.second") > 0


@pytest.mark.parametrize("game, lang, words", [("iacta", "en", "X: a field a move reaches"),
                                               ("iacta", "da", "X: et felt, et træk kan nå"),
                                               ("alea", "it", "X: una casella che una mossa raggiunge"),
                                               ("stacktics", "en", "Rings: a second piece's moves")])
def test_every_sheet_with_marked_moves_says_what_the_marks_mean(in_tmp, game, lang, words):
    from pypdf import PdfReader

    assert run_cli("rules", game, "--lang", lang, "-o", "r.pdf").exit_code == 0
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader("r.pdf").pages)
    assert words in text
