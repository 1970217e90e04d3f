"""Games from a file: `boardgen new` writes a starter game; `boardgen board FILE.toml` draws it in every palette
and format, true to scale, holes and all, and cuts it on a laser; every mistake in a file is pointed out at its
line and column, all at once, and nothing is written."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy
import pytest
from helpers import assert_one_line_error, format_options, page_count, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from svg_helpers import laser_layers, size_mm, subpaths

from boardgen.draw.palettes import PALETTES
from boardgen.render.registry import DRAWING_FORMATS

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def starter(tmp_path) -> Path:
    result = run_cli("new", "racers", "-o", str(tmp_path / "racers.toml"))
    assert result.exit_code == 0, result.output
    return tmp_path / "racers.toml"


def test_new_writes_a_commented_starter_and_never_overwrites_one(tmp_path, starter):
    text = starter.read_text(encoding="utf-8")
    assert text.startswith("# Racers") and "[legend]" in text and "docs/game-files.md" in text
    assert_one_line_error(run_cli("new", "racers", "-o", str(starter)), "already there")
    assert starter.read_text(encoding="utf-8") == text
    assert_one_line_error(run_cli("new", "9 lives", "-o", str(tmp_path / "x.toml")), "NAME")


@pytest.mark.parametrize("palette", list(PALETTES))
@pytest.mark.parametrize("fmt", DRAWING_FORMATS)
def test_the_starter_board_in_every_palette_and_format(tmp_path, starter, palette, fmt):
    result = run_cli("board", str(starter), "--palette", palette, *format_options(fmt), "-o",
                     str(tmp_path / f"b.{fmt}"))
    assert result.exit_code == 0, result.output
    (written,) = [Path(line) for line in result.stdout.split()]
    assert written.stat().st_size > 1000
    if fmt == "pdf":
        assert page_count(written) == 1


def test_the_board_is_true_to_scale_with_its_holes_left_out(tmp_path, starter):
    assert run_cli("board", str(starter), "--format", "svg", "-o", str(tmp_path / "b.svg")).exit_code == 0
    root = ET.parse(tmp_path / "b.svg").getroot()
    fields = [r for r in root.iter(f"{SVG}rect") if float(r.get("width")) == pytest.approx(18.0)]
    # 7x7: the ring's 24 fields and the lake in the middle; the 24 "no field" fields are not drawn
    assert len(fields) == 25
    xs = sorted({round(float(r.get("x")), 3) for r in fields})
    assert [round(b - a, 3) for a, b in zip(xs, xs[1:], strict=False)] == [18.0] * 6


def test_the_starter_board_cuts_on_a_laser(tmp_path, starter):
    result = run_cli("board", str(starter), "--laser", "-o", str(tmp_path / "l.svg"))
    assert result.exit_code == 0, result.output
    groups = laser_layers(tmp_path / "l.svg")
    assert set(groups) <= {"cut", "score", "engrave"} and groups.get("engrave")
    cuts = [sub for path in groups["cut"] for sub in subpaths(path.get("d"))]
    assert cuts and all(closed for _, closed in cuts)
    width, height = size_mm(ET.parse(tmp_path / "l.svg").getroot())
    assert (width, height) == (300.0, 200.0)


def test_products_that_need_a_rules_engine_say_so(starter):
    for args in (("study", str(starter)), ("lego", str(starter))):  # the starter plays its rules: simulate takes it
        result = run_cli(*args)
        assert result.exit_code == 2 and "internal error" not in result.output
        assert len(result.output.strip().splitlines()) == 1
    for args in (("check", str(starter)), ("check", str(starter), "--json"), ("diagram", str(starter))):
        # a game file given where a position goes: said so, as wrong input (2), not as an invalid position (1)
        assert_one_line_error(run_cli(*args), "this is a game file, not a position", "FILE.toml#NAME")


BROKEN = '''[about]
name = "Broken"
designer = "Sam"
yeer = 2026

[board]
map = """
S . .
. Z .
. . G
"""

[legend]
"." = { zone = "track" }
"S" = { zone = "start", role = "start", player = 1 }
"G" = { zone = "goal", role = "goal", player = 1 }

[[marks]]
field = "k9"

[colours.classic]
"start" = "red"
'''


def test_every_mistake_is_pointed_out_at_its_line_all_at_once(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    result = run_cli("board", str(path), "-o", str(tmp_path / "b.pdf"))
    assert_one_line_error(result, "broken.toml has 4 problems")
    line = result.output
    assert "line 4, column 1: unknown key 'yeer' in [about] (did you mean 'year'?)" in line
    assert "line 9, column 3: 'Z' is not in the legend" in line
    assert "line 19, column 1: \"k9\" is not a field of the board" in line
    assert 'line 22, column 1: start: a colour is written "#rrggbb"' in line
    assert not (tmp_path / "b.pdf").exists()


@pytest.mark.parametrize("content, words", [
    (b"\x00\xff\xfe binary", "not UTF-8"),
    (b"[about\nname=", "TOML"),
    (b"[about]\nname = \"x\"\ndesigner = \"y\"\n[board]\nmap = \"\"\"\n" + b"." * 30 + b"\n" + b"." * 30 +
     b"\n\"\"\"\n[legend]\n\".\" = { zone = \"t\" }\n", "30 fields wide"),
    (b"# " + b"x" * 70_000, "at most 65,536"),
])
def test_files_that_cannot_be_games_are_one_line(tmp_path, content, words):
    path = tmp_path / "g.toml"
    path.write_bytes(content)
    assert_one_line_error(run_cli("board", str(path), "-o", str(tmp_path / "b.pdf")), words)


def test_a_byte_order_mark_and_windows_line_ends_are_read(tmp_path, starter):
    crlf = tmp_path / "crlf.toml"
    crlf.write_bytes(b"\xef\xbb\xbf" + starter.read_bytes().replace(b"\n", b"\r\n"))
    assert run_cli("board", str(crlf), "-o", str(tmp_path / "b.pdf")).exit_code == 0


_LEGEND = '''[legend]
"." = { zone = "track", role = "track" }
"#" = { zone = "hole", role = "none" }
"S" = { zone = "s1", role = "start", player = 1 }
"G" = { zone = "g2", role = "goal", player = 2 }
'''


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(2, 9), st.integers(2, 9), st.data())
def test_any_map_either_draws_or_is_refused_at_its_line(tmp_path, columns, rows, data):
    alphabet = ".#SGZ"  # Z is not in the legend
    cells = [data.draw(st.text(alphabet, min_size=columns, max_size=columns)) for _ in range(rows)]
    text = ('[about]\nname = "Random"\ndesigner = "Hypothesis"\n[board]\nmap = """\n' + "\n".join(cells)
            + '\n"""\n' + _LEGEND)
    path = tmp_path / "random.toml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("board", str(path), "--format", "svg", "-o", str(tmp_path / "r.svg"))
    unused = [char for char in ".#SG" if not any(char in row for row in cells)]
    if any("Z" in row for row in cells):
        assert_one_line_error(result, "is not in the legend")
        first = next(n for n, row in enumerate(cells) if "Z" in row)
        assert re.search(rf"line {6 + first}, column {cells[first].index('Z') + 1}: 'Z'", result.output)
    if unused:  # each at its own line of the legend
        legend = text.splitlines().index("[legend]") + 1
        for char in unused:
            number = legend + 1 + ".#SG".index(char)
            assert f"line {number}, column 1: {char!r} (" in result.output and "not on the map" in result.output
    if not unused and not any("Z" in row for row in cells):
        assert result.exit_code == 0, result.output


_SCALARS = st.one_of(st.integers(-3, 12), st.sampled_from(["right", "up", "x", "", "1"]), st.booleans())
_PIECE_TABLES = st.dictionaries(st.sampled_from(["player", "die", "pyramid", "tile", "value", "direction", "size"]),
                                _SCALARS, max_size=4)
_PLACED = st.one_of(_SCALARS, _PIECE_TABLES, st.lists(_PIECE_TABLES, max_size=4))


def _inline(value: object) -> str:
    """A Python value as an inline TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {_inline(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    return str(value)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["a1", "b1", "c2", "d4", "h9"]), _PLACED, min_size=1, max_size=3))
def test_any_piece_in_a_position_either_draws_or_is_refused_at_its_line(tmp_path, pieces):
    """Whatever a position puts on its fields, the diagram is drawn or each problem is pointed out on one line
    at the field's own line; never a traceback."""
    lines = [f"{field} = {_inline(value)}" for field, value in pieces.items()]
    text = ('[about]\nname = "Random"\ndesigner = "Hypothesis"\n[board]\nmap = """\n....\n#...\n.SG.\n....\n"""\n'
            + _LEGEND + '\n[[positions]]\nname = "any"\ncrosses = ["a2"]\n\n[positions.pieces]\n'
            + "\n".join(lines) + "\n")
    path = tmp_path / "random.toml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("diagram", f"{path}#any", "-o", str(tmp_path / "d.svg"))
    if result.exit_code == 0:
        assert (tmp_path / "d.svg").stat().st_size > 0
    else:
        assert_one_line_error(result)
        numbers = {int(n) for n in re.findall(r"line (\d+), column", result.output)}
        firsts = {text.splitlines().index(line) + 1 for line in lines}
        assert numbers and numbers <= firsts, result.output


def test_the_rules_come_from_the_file_and_from_beside_it_in_other_languages(tmp_path, starter):
    from pypdf import PdfReader

    result = run_cli("rules", str(starter), "-o", str(tmp_path / "en.pdf"))
    assert result.exit_code == 0, result.output
    text = " ".join(PdfReader(str(tmp_path / "en.pdf")).pages[0].extract_text().split())
    assert "Racers" in text and "The first player with all three runners home wins." in text
    (tmp_path / "racers.da.md").write_text("# Racers\n\nEt kapløb for to.\n", encoding="utf-8")
    assert run_cli("rules", str(starter), "--lang", "da", "-o", str(tmp_path / "da.pdf")).exit_code == 0
    assert "Et kapløb for to." in PdfReader(str(tmp_path / "da.pdf")).pages[0].extract_text()
    assert_one_line_error(run_cli("rules", str(starter), "--lang", "it", "-o", str(tmp_path / "it.pdf")),
                          "no 'it' rule sheet", "da, en")


def test_a_rule_text_beside_the_file_must_be_its_own_and_never_a_link_out(tmp_path, starter):
    outside = tmp_path.parent / f"{tmp_path.name}-outside.md"
    outside.write_text("# secret\n", encoding="utf-8")
    (tmp_path / "racers.fr.md").symlink_to(outside)
    result = run_cli("rules", str(starter), "--lang", "fr", "-o", str(tmp_path / "fr.pdf"))
    assert_one_line_error(result, "no 'fr' rule sheet")


def test_a_diagram_in_a_game_files_rules_is_refused_in_one_line(tmp_path, starter):
    text = starter.read_text(encoding="utf-8").replace("## Winning", "![Start](diagram:racers/start)\n\n## Winning")
    starter.write_text(text, encoding="utf-8")
    assert_one_line_error(run_cli("rules", str(starter), "-o", str(tmp_path / "r.pdf")), "diagram")


@pytest.mark.parametrize("sides", ["duplex-long", "fold"])
def test_the_pieces_the_file_gives_are_printed_for_every_player(tmp_path, starter, sides):
    from pypdf import PdfReader

    with starter.open("a", encoding="utf-8") as file:
        file.write('\n[[pieces]]\nkind = "token"\ncount = 4\nfront = "1"\nback = "6"\nsize = 16\n')
    result = run_cli("pieces", str(starter), "--sides", sides, "-o", str(tmp_path / "p.pdf"))
    assert result.exit_code == 0, result.output
    text = " ".join(page.extract_text() for page in PdfReader(str(tmp_path / "p.pdf")).pages)
    text = re.sub(r"\d+ mm|100 %|Racers|(page|sheet) \d+ of \d+", "", text)  # the headers' and footers' sizes,
    # scale, name and page numbers
    # 3 counters "R" and 4 tokens "1" (backs "6") for each of the 2 players
    assert text.count("R") == 6 and text.count("1") == 8 and text.count("6") == 8


def test_a_file_without_pieces_says_how_to_add_them(tmp_path, starter):
    text = starter.read_text(encoding="utf-8")
    starter.write_text(text.split("# The pieces to print")[0] + "[colours.classic]\n\"red start\" = \"#f4b6b6\"\n",
                       encoding="utf-8")
    assert_one_line_error(run_cli("pieces", str(starter), "-o", str(tmp_path / "p.pdf")), "[[pieces]]")


@pytest.mark.parametrize("made_for", ["print", "laser"])
def test_the_starter_game_becomes_a_boxed_gift_set(tmp_path, starter, made_for):
    import json

    folder = tmp_path / "set"
    args = ["giftset", str(starter), "--for", made_for, "--to", str(folder)]
    result = run_cli(*(args + (["--bed", "glowforge"] if made_for == "laser" else [])))
    assert result.exit_code == 0, result.output
    names = {p.name for p in folder.iterdir()}
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert {entry["file"] for entry in manifest["files"]} == names - {"manifest.json"}
    assert "03-racers-rules-en.pdf" in names
    if made_for == "print":
        assert "02-racers-pieces-classic.pdf" in names and any(name.startswith("04-racers-box") for name in names)
    else:  # the box's panels are cut on the plywood beds with the board plate and the counters
        from pypdf import PdfReader

        readme = " ".join(" ".join(page.extract_text().split())
                          for page in PdfReader(str(folder / "00-read-me-first.pdf")).pages)
        plywood = readme[readme.index("01-racers-plywood.svg"):readme.index("02-racers-card.svg")]
        assert all(part in plywood for part in ("the board plate", "the base's floor", "the lid's top", "counters"))
    for svg in folder.glob("*.svg"):
        groups = laser_layers(svg)
        assert set(groups) <= {"cut", "score", "engrave"}
        assert all(closed for path in groups.get("cut", []) for _, closed in subpaths(path.get("d")))


def test_the_box_alone_from_a_game_file(tmp_path, starter):
    assert run_cli("box", str(starter), "-o", str(tmp_path / "box.pdf")).exit_code == 0
    assert page_count(tmp_path / "box.pdf") == 2


def test_colours_that_look_alike_get_a_note_naming_both_zones(tmp_path, starter):
    """The starter's own colours pass; two given colours a colour-blind player cannot tell apart get a note (the
    board is still drawn), naming both zones and the palette to change them in."""
    clean = run_cli("board", str(starter), "--palette", "cud", "-o", str(tmp_path / "a.pdf"))
    assert clean.exit_code == 0 and "note:" not in clean.output
    with starter.open("a", encoding="utf-8") as file:
        file.write('\n[colours.cud]\n"red start" = "#e69f00"\n"yellow start" = "#e6a010"\n')
    result = run_cli("board", str(starter), "--palette", "cud", "-o", str(tmp_path / "b.pdf"))
    assert result.exit_code == 0 and (tmp_path / "b.pdf").exists()
    (note,) = [line for line in result.output.splitlines() if line.startswith("boardgen: note:")]
    assert "'red start' and 'yellow start' look alike with" in note and "[colours.cud]" in note


def test_dice_nets_and_laser_pieces_from_the_file(tmp_path, starter):
    from pypdf import PdfReader

    with starter.open("a", encoding="utf-8") as file:
        file.write('\n[[pieces]]\nkind = "die"\ncount = 2\nfaces = ["1", "2", "3", "4", "5", "Go"]\n'
                   '\n[[pieces]]\nkind = "token"\ncount = 2\nfront = "K"\nback = "Q"\n')
    assert run_cli("pieces", str(starter), "-o", str(tmp_path / "p.pdf")).exit_code == 0
    text = " ".join(page.extract_text() for page in PdfReader(str(tmp_path / "p.pdf")).pages)
    assert "dice, 16 mm" in text and text.count("Go") == 4  # 2 dice for each of 2 players
    result = run_cli("pieces", str(starter), "--laser", "-o", str(tmp_path / "l.svg"))
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in tmp_path.glob("l-*.svg"))
    assert written == ["l-dice.svg", "l-tokens-counters-backs.svg", "l-tokens-counters.svg"]
    for name in written:
        groups = laser_layers(tmp_path / name)
        assert set(groups) <= {"cut", "score", "engrave"}
        assert ("cut" in groups) != name.endswith("-backs.svg")
        assert all(closed for path in groups.get("cut", []) for _, closed in subpaths(path.get("d")))


def test_a_die_needs_six_faces(tmp_path, starter):
    with starter.open("a", encoding="utf-8") as file:
        file.write('\n[[pieces]]\nkind = "die"\nfaces = ["1", "2"]\n')
    assert_one_line_error(run_cli("pieces", str(starter), "-o", str(tmp_path / "p.pdf")), "a die has 6 faces")


def test_the_rules_show_the_positions_the_file_gives(tmp_path, starter):
    from helpers import render_page
    from pypdf import PdfReader

    assert run_cli("rules", str(starter), "-o", str(tmp_path / "r.pdf")).exit_code == 0
    text = " ".join(PdfReader(str(tmp_path / "r.pdf")).pages[0].extract_text().split())
    assert "Red throws a 3: the runner on a1 may go to a4." in text
    pixels = render_page(tmp_path / "r.pdf", 0, 50)
    assert (pixels.min(axis=2) < 100).sum() > 2000  # the diagram's board, pieces and X, not just text
    broken = starter.read_text(encoding="utf-8").replace("(position:a-throw-of-three)", "(position:no-such)")
    starter.write_text(broken, encoding="utf-8")
    assert_one_line_error(run_cli("rules", str(starter), "-o", str(tmp_path / "s.pdf")), "no position 'no-such'",
                          "a-throw-of-three")


def test_a_position_on_a_hole_or_for_a_fifth_player_is_pointed_out(tmp_path, starter):
    text = starter.read_text(encoding="utf-8").replace("pieces = { a1 = 1, g3 = 2 }", "pieces = { b2 = 1, a1 = 5 }")
    starter.write_text(text, encoding="utf-8")
    result = run_cli("board", str(starter), "-o", str(tmp_path / "b.pdf"))
    assert_one_line_error(result, '"b2" is not a field of the board', "a1 = 5")


@pytest.mark.parametrize("fmt", ["svg", "pdf"])
def test_a_position_of_the_file_drawn_as_a_diagram(tmp_path, starter, fmt):
    source = f"{starter}#a-throw-of-three"
    result = run_cli("diagram", source, "--format", fmt, "-o", str(tmp_path / f"d.{fmt}"))
    assert result.exit_code == 0, result.output
    if fmt == "svg":
        root = ET.parse(tmp_path / "d.svg").getroot()
        circles = [c for c in root.iter(f"{SVG}circle") if float(c.get("r")) > 4]  # the two players' pieces
        assert len(circles) == 2
    laser = run_cli("diagram", source, "--laser", "-o", str(tmp_path / "l.svg"))
    assert laser.exit_code == 0, laser.output
    assert_one_line_error(run_cli("diagram", f"{starter}#nope", "-o", str(tmp_path / "x.svg")), "no position 'nope'")
    assert_one_line_error(run_cli("diagram", source, "--moves", "-o", str(tmp_path / "y.svg")),
                          "write it as a position file")


def test_marks_a_file_puts_on_fields_are_drawn_in_every_palette(tmp_path, starter):
    with starter.open("a", encoding="utf-8") as file:
        for field, symbol in (("d7", "star"), ("b1", "arrow-right"), ("a4", "dot"), ("c1", "Go")):
            file.write(f'\n[[marks]]\nfield = "{field}"\nsymbol = "{symbol}"\n')
    for palette in PALETTES:
        assert run_cli("board", str(starter), "--palette", palette, "--format", "svg", "-o",
                       str(tmp_path / f"{palette}.svg")).exit_code == 0
        root = ET.parse(tmp_path / f"{palette}.svg").getroot()
        corners = sorted(len(p.get("points").split()) for p in root.iter(f"{SVG}polygon"))
        assert 10 in corners and 3 in corners  # the star and the arrow head
        assert any(t.text == "Go" for t in root.iter(f"{SVG}text"))
        # the two targets of the starter, and the dot
        assert len([c for c in root.iter(f"{SVG}circle") if float(c.get("r")) < 1.5]) >= 3


def test_one_mark_on_several_fields_and_a_mark_that_names_none(tmp_path, starter):
    text = starter.read_text(encoding="utf-8")
    starter.write_text(text + '\n[[marks]]\nfields = ["a4", "g4", "d7"]\nsymbol = "Go"\n', encoding="utf-8")
    assert run_cli("board", str(starter), "--format", "svg", "-o", str(tmp_path / "b.svg")).exit_code == 0
    root = ET.parse(tmp_path / "b.svg").getroot()
    assert [t.text for t in root.iter(f"{SVG}text")].count("Go") == 3
    for wrong, message in (('field = "a4"\nfields = ["g4"]', "needs field"), ('fields = []', "a list of fields"),
                           ('fields = ["a4", "z9"]', '"z9" is not a field')):
        starter.write_text(text + f'\n[[marks]]\n{wrong}\nsymbol = "Go"\n', encoding="utf-8")
        assert_one_line_error(run_cli("board", str(starter), "-o", str(tmp_path / "x.pdf")), message)
    assert not (tmp_path / "x.pdf").exists()


def test_labels_along_an_edge_stand_beside_their_fields(tmp_path, starter):
    with starter.open("a", encoding="utf-8") as file:
        file.write('\n[[labels]]\nside = "bottom"\nstart = "b"\ntexts = ["10", "20", "30"]\n')
    assert run_cli("board", str(starter), "--format", "svg", "-o", str(tmp_path / "b.svg")).exit_code == 0
    root = ET.parse(tmp_path / "b.svg").getroot()
    fields = sorted({round(float(r.get("x")), 3) for r in root.iter(f"{SVG}rect")
                     if float(r.get("width")) == pytest.approx(18.0)})
    texts = {t.text: float(t.get("x")) for t in root.iter(f"{SVG}text") if t.text in ("10", "20", "30")}
    assert texts == pytest.approx({"10": fields[1] + 9, "20": fields[2] + 9, "30": fields[3] + 9})
    with starter.open("a", encoding="utf-8") as file:
        file.write('\n[[labels]]\nside = "left"\nstart = "9"\ntexts = ["x"]\n')
    assert_one_line_error(run_cli("board", str(starter), "-o", str(tmp_path / "c.pdf")), "start is the row number")


@pytest.mark.parametrize("extra, words", [
    ("".join(f'\n[[labels]]\nside = "bottom"\ntexts = ["{n}"]\n' for n in range(17)), "17 [[labels]]; at most 16"),
    ("".join(f'\n[[pieces]]\nkind = "counter"\nfront = "{n}"\n' for n in range(13)), "at most 12"),
    ('\nlabels = [1, 2]\n', "a table of keys"),
])
def test_a_list_too_long_or_not_of_tables_is_refused_never_cut_short(tmp_path, starter, extra, words):
    text = starter.read_text(encoding="utf-8")
    if extra.startswith("\nlabels ="):  # a top-level key: before the first table
        text = extra.lstrip("\n") + text
    else:
        text += extra
    starter.write_text(text, encoding="utf-8")
    assert_one_line_error(run_cli("board", str(starter), "-o", str(tmp_path / "b.pdf")), words)
    assert not (tmp_path / "b.pdf").exists()


def _like_cases() -> list[tuple[str, str | None]]:
    from registry import FOLDER_GAMES

    # every game's default board, and every other board of a game played on several
    return [(name, None) for name in sorted(FOLDER_GAMES)] + \
        [(name, variant.name) for name, info in sorted(FOLDER_GAMES.items()) for variant in info.variants[1:]]


@pytest.mark.parametrize(("game", "variant"), _like_cases())
def test_a_file_like_a_built_in_game_draws_its_board_in_every_palette(tmp_path, game, variant):
    """`new --like` is proof that the format is rich enough: the file's board is the built-in board, pixel for
    pixel (within anti-aliasing), in every palette, with the arrows where the game has them.  Drawn at true size
    as PNG: a board too large for one page is tiled, and its tiles' headers name the board by its title."""
    from PIL import Image
    from registry import find_game

    choice = ("--variant", variant) if variant else ()
    result = run_cli("new", "mine", "--like", game, *choice, "-o", str(tmp_path / "mine.toml"))
    assert result.exit_code == 0, result.output
    text = (tmp_path / "mine.toml").read_text(encoding="utf-8")
    assert "[legend]" in text and "[colours.mono]" in text
    arrows = ("--arrows",) if find_game(game).board(find_game(game).variant(variant)).arrows else ()
    for palette in PALETTES:
        made = []
        for source, extra in ((game, choice), (str(tmp_path / "mine.toml"), ())):
            out = tmp_path / f"{len(made)}-{palette}.png"
            result = run_cli("board", source, *extra, *arrows, "--palette", palette, "--dpi", "100", "-o", str(out))
            assert result.exit_code == 0, result.output
            assert "look alike" not in result.output  # the built-in colours pass the file's own check
            made.append(numpy.asarray(Image.open(out).convert("RGB")))
        built_in, from_file = made
        assert built_in.shape == from_file.shape
        differing = (abs(built_in.astype(int) - from_file.astype(int)).max(axis=2) > 40).sum()
        assert differing <= 0.0005 * built_in.shape[0] * built_in.shape[1], (palette, differing)


@pytest.mark.parametrize("game", ["iacta", "alea", "isaac", "stacktics"])
def test_a_file_like_a_built_in_game_gives_the_same_bytes(tmp_path, game):
    """Not only the same pixels: the PDF and the laser file are the built-in ones, byte for byte."""
    assert run_cli("new", "mine", "--like", game, "-o", str(tmp_path / "mine.toml")).exit_code == 0
    for extra in (("--palette", "cud", *(("--arrows",) if game == "iacta" else ())), ("--laser",),
                  ("--paper", "a5")):  # tiled: each tile's header names the board
        files = []
        for source in (game, str(tmp_path / "mine.toml")):
            out = tmp_path / f"{len(files)}.{'svg' if '--laser' in extra else 'pdf'}"
            assert run_cli("board", source, *extra, "-o", str(out)).exit_code == 0
            files.append(out.read_bytes())
        assert files[0] == files[1], extra


def _pages_as_pixels(pdf: Path, dpi: int = 60) -> list:
    from PIL import Image

    pages = []
    for page in range(page_count(pdf)):
        out = pdf.with_name(f"{pdf.stem}-{page}.png")
        import pypdfium2

        document = pypdfium2.PdfDocument(str(pdf))
        document[page].render(scale=dpi / 72).to_pil().convert("RGB").save(out)
        document.close()
        pages.append(numpy.asarray(Image.open(out), dtype=int))
    return pages


@pytest.mark.parametrize(("game", "variant"), _like_cases())
def test_a_file_like_a_built_in_game_makes_its_pieces_and_box(tmp_path, game, variant):
    """The rest of the proof: the pieces (printed in every palette, on A5 too, and cut) and the box made from the
    `--like` file are the built-in game's, compared page by page as pixels."""
    from registry import find_game

    choice = ("--variant", variant) if variant else ()
    assert run_cli("new", "mine", "--like", game, *choice, "-o", str(tmp_path / "mine.toml")).exit_code == 0
    mine = str(tmp_path / "mine.toml")
    palette = list(PALETTES)[len(tmp_path.name) % len(PALETTES)]  # the cases share the palettes out
    pieces = find_game(game).pieces
    assert pieces is not None
    folded = ("--sides", "fold") if pieces.two_sided else ()
    for product, extra in (("pieces", ("--palette", palette)), ("pieces", ("--paper", "a5", *folded)),
                           ("box", ("--paper", "a3", "--palette", palette))):
        made = []
        for source, own in ((game, choice), (mine, ())):
            out = tmp_path / f"{product}-{len(made)}.pdf"
            result = run_cli(product, source, *own, *extra, "-o", str(out))
            assert result.exit_code == 0, result.output
            made.append(_pages_as_pixels(out))
        built_in, from_file = made
        assert len(built_in) == len(from_file) >= 1, (product, extra)
        for first, second in zip(built_in, from_file, strict=True):
            assert first.shape == second.shape
            assert (abs(first - second).max(axis=2) > 40).sum() == 0, (product, extra)
    laser = []
    for source, own in ((game, choice), (mine, ())):
        folder = tmp_path / f"laser-{len(laser)}"
        folder.mkdir()
        result = run_cli("pieces", source, *own, "--laser", "-o", str(folder / "p.svg"))
        assert result.exit_code == 0, result.output
        laser.append({path.name: path.read_bytes() for path in folder.iterdir()})
    assert laser[0] == laser[1]  # the laser files: the same bytes


def test_a_file_like_a_built_in_game_gives_its_rule_sheets(tmp_path):
    """Each diagram of the rules becomes a position of the file, drawn on its board; a diagram of another board
    (Stacktics' rules show three) is left out, as the file has one board."""
    from registry import FOLDER_GAMES

    from boardgen.products.templates import rules_text

    for game, info in sorted(FOLDER_GAMES.items()):
        assert run_cli("new", game, "--like", game, "-o", str(tmp_path / f"{game}.toml")).exit_code == 0
        text = (tmp_path / f"{game}.toml").read_text(encoding="utf-8")
        for lang in info.languages:
            out = [tmp_path / f"{game}-{lang}-{n}.pdf" for n in (0, 1)]
            assert run_cli("rules", game, "--lang", lang, "-o", str(out[0])).exit_code == 0
            result = run_cli("rules", str(tmp_path / f"{game}.toml"), "--lang", lang, "-o", str(out[1]))
            assert result.exit_code == 0, result.output
            shown = re.findall(r"\]\(diagram:[^)]*variant=|\]\(diagram:", rules_text(game, lang))
            if all("variant=" not in found for found in shown) and game != "stacktics":
                assert out[0].read_bytes() == out[1].read_bytes(), (game, lang)
            else:
                assert page_count(out[1]) >= 1
        assert text.count("[[positions]]") >= 2  # the lid's position and the rules' diagrams


def test_new_like_refuses_what_it_cannot_start_from(tmp_path):
    out = str(tmp_path / "x.toml")
    assert_one_line_error(run_cli("new", "x", "--variant", "3x5", "-o", out), "--variant applies with --like")
    assert_one_line_error(run_cli("new", "x", "--like", "chess", "-o", out), "--like")
    assert_one_line_error(run_cli("new", "x", "--like", "iacta", "--variant", "9x9", "-o", out), "--variant",
                          "no '9x9' board")
    assert not Path(out).exists()


def test_a_box_for_a_file_without_rules_and_a_set_that_needs_them(tmp_path):
    assert run_cli("new", "mine", "--like", "alea", "-o", str(tmp_path / "mine.toml")).exit_code == 0
    text = (tmp_path / "mine.toml").read_text(encoding="utf-8")
    (tmp_path / "mine.toml").write_text(text[:text.index("\n[rules]\n")], encoding="utf-8")  # its rules, last
    result = run_cli("box", str(tmp_path / "mine.toml"), "-o", str(tmp_path / "box.pdf"))
    assert result.exit_code == 0, result.output
    assert page_count(tmp_path / "box.pdf") >= 1
    assert_one_line_error(run_cli("giftset", str(tmp_path / "mine.toml"), "--to", str(tmp_path / "set")),
                          "has no rules yet", "[rules] en")


def test_a_file_like_a_built_in_game_names_its_files_after_itself(in_tmp):
    assert run_cli("new", "mine", "--like", "isaac").exit_code == 0
    result = run_cli("board", "output/mine.toml")
    assert result.exit_code == 0 and result.stdout.split() == ["output/mine-board-classic.pdf"]
    assert not (in_tmp / "output" / "isaac-board-classic.pdf").exists()


MORE_PIECES = '''
[[pieces]]
kind = "tile"
count = 2
length = 3
front = "5"

[[pieces]]
kind = "pyramid"
count = 1
pips = 3

[lego]
dice = 3
colours = [[5, "Red"], [3, "Yellow"]]
'''


def test_tiles_and_pyramids_print_at_true_size_and_cut_on_a_laser(tmp_path, starter):
    with starter.open("a", encoding="utf-8") as file:
        file.write(MORE_PIECES)
    result = run_cli("pieces", str(starter), "--format", "svg", "-o", str(tmp_path / "p.svg"))
    assert result.exit_code == 0, result.output
    pages = [ET.parse(path).getroot() for path in result.stdout.split()]
    tiles = {(r.get("x"), r.get("y")) for page in pages for r in page.iter(f"{SVG}rect")
             if r.get("width") == "53" and r.get("height") == "17"}
    assert len(tiles) == 4  # 3 fields of 18 mm less 1 mm, by 17 mm, two for each of two players
    titles = [t.text for page in pages for t in page.iter(f"{SVG}text")]
    assert "Racers tiles and counters" in titles and "Racers pyramids" in titles
    laser = run_cli("pieces", str(starter), "--laser", "-o", str(tmp_path / "l.svg"))
    assert laser.exit_code == 0, laser.output
    nets = next(path for path in tmp_path.glob("l-*.svg") if "pyramids" in path.name)
    width, height = size_mm(ET.parse(nets).getroot())
    assert width > 0 and height > 0
    assert "cut" in laser_layers(nets)


def test_lego_towers_when_the_file_asks_for_them(tmp_path, starter):
    assert_one_line_error(run_cli("lego", str(starter)), "gives no LEGO towers", "[lego]")
    with starter.open("a", encoding="utf-8") as file:
        file.write(MORE_PIECES)
    result = run_cli("lego", str(starter))
    assert result.exit_code == 0, result.output
    assert "player 1      3      18  Red" in result.stdout and "an 18 mm field holds" in result.stdout


@pytest.mark.parametrize(("piece", "message"), [
    ('kind = "tile"\nlength = 40', "a tile's length is a whole number of fields, 1 to 10"),
    ('kind = "pyramid"', "a pyramid has pips = 1 (small), 2 (medium) or 3 (large)"),
    ('kind = "pyramid"\npips = 2\nback = "x"', "a pyramid has one side"),
    ('kind = "token"\npips = 2', "pips are for a pyramid"),
    ('kind = "stick"\nfaces = ["1", "2"]', "a stick has 4 faces"),
    ('kind = "stick"\nfaces = ["", "1", "", "seven"]', "a stick has 4 faces"),
    ('kind = "die"\nfront = "x"', "a die's marks are its faces"),
    ('kind = "token"\nfaces = ["1", "2", "3", "4"]', "faces are for a die or a stick"),
])
def test_a_wrong_piece_of_any_kind_is_pointed_out(tmp_path, starter, piece, message):
    with starter.open("a", encoding="utf-8") as file:
        file.write(f"\n[[pieces]]\n{piece}\n")
    assert_one_line_error(run_cli("pieces", str(starter), "-o", str(tmp_path / "p.pdf")), message)


@pytest.mark.parametrize(("line", "message"), [
    ("a1 = { player = 1, die = 9 }", "a1 = { player = 1, die = 9 }: a die shows 1 to 6"),
    ("a1 = { player = 3, die = 2 }", "a piece's player is a number, 1 to 2"),
    ("a1 = [{ player = 1, tile = 2 }, { player = 2, tile = 2 }]", "a list of markers, dice or pyramids is a stack"),
    ('a1 = { player = 1, mark = "KING" }', "a marker's mark is up to 3 characters"),
    ("a1 = [1, { player = 2, die = 2 }]", "a list of markers, dice or pyramids is a stack"),
    ('a1 = { player = 1, tile = 12, direction = "right" }', "a tile is 1 to 10 fields long"),
    ('g1 = { player = 1, tile = 3, direction = "right" }', "runs off the board"),
    ('a1 = { player = 1, tile = 2, direction = "down" }', 'its direction "right" or "up"'),
    ("a1 = { player = 1, die = 2, pyramid = 3 }", "a piece is a player's number (a marker), or a table"),
    ('a1 = "red"', "a piece is a player's number (a marker), or a table"),
    ("z9 = 1", '"z9" is not a field of the board'),
])
def test_a_wrong_piece_in_a_position_is_pointed_out_at_its_line(tmp_path, starter, line, message):
    with starter.open("a", encoding="utf-8") as file:
        file.write(f'\n[[positions]]\nname = "wrong"\n\n[positions.pieces]\n{line}\n')
    number = starter.read_text(encoding="utf-8").splitlines().index(line) + 1
    result = run_cli("board", str(starter), "-o", str(tmp_path / "b.pdf"))
    assert_one_line_error(result, message, f"line {number}, column 1")
    assert not (tmp_path / "b.pdf").exists()


def test_a_shared_die_is_made_once_in_white_and_a_players_die_in_each_colour(tmp_path, starter):
    white = PALETTES["classic"].styles["token.white"].fill

    def die_faces(name: str) -> list[str]:
        result = run_cli("pieces", str(starter), "--format", "svg", "-o", str(tmp_path / f"{name}.svg"))
        assert result.exit_code == 0, result.output
        roots = [ET.parse(path).getroot() for path in result.stdout.split()]
        side = [r for root in roots for r in root.iter(f"{SVG}rect") if r.get("width") == "16"]
        return [r.get("fill") for r in side]

    assert die_faces("shared") == [white] * 6  # the starter's one die, for the table
    starter.write_text(starter.read_text(encoding="utf-8").replace("shared = true", "shared = false"),
                       encoding="utf-8")
    faces = die_faces("each")
    assert len(faces) == 12 and white not in faces and len(set(faces)) == 2  # one in each player's colour
    starter.write_text(starter.read_text(encoding="utf-8").replace("shared = false", 'shared = "yes"'),
                       encoding="utf-8")
    assert_one_line_error(run_cli("pieces", str(starter), "-o", str(tmp_path / "x.pdf")), "shared is true")


def test_the_example_of_every_key_in_the_docs_is_a_game(tmp_path):
    """docs/game-files.md shows every key in one example: it must be a game file that makes every product, its
    position (a marker, a die, a stack, a tile and a pyramid, with an X and a ring) drawn in its rules."""
    from pypdf import PdfReader

    docs = (Path(__file__).resolve().parent.parent / "docs" / "game-files.md").read_text(encoding="utf-8")
    example = docs.split("## Every key", 1)[1].split("```toml\n", 1)[1].split("\n```", 1)[0]
    (tmp_path / "racers.toml").write_text(example + "\n", encoding="utf-8")
    for product in ("board", "pieces", "rules", "box"):
        result = run_cli(product, str(tmp_path / "racers.toml"), "-o", str(tmp_path / f"{product}.pdf"))
        assert result.exit_code == 0, (product, result.output)
    result = run_cli("diagram", f"{tmp_path / 'racers.toml'}#a-throw-of-three", "-o", str(tmp_path / "d.svg"))
    assert result.exit_code == 0, result.output
    root = ET.parse(tmp_path / "d.svg").getroot()
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "2" in texts  # the tile's value
    pieces = " ".join(page.extract_text() for page in PdfReader(str(tmp_path / "pieces.pdf")).pages)
    assert "Racers tiles" in pieces and "pyramids" in pieces and "throwing sticks" in pieces.lower()


def test_every_game_file_the_docs_show_is_played_by_its_rules(tmp_path):
    """Each complete game file in docs/game-files.md (the example of every key, the hunt on the grid) is a game
    boardgen plays by its [play]: simulated to the end; and the docs' position file is checked against the
    example, with the legal moves its throw gives."""
    import json

    docs = (Path(__file__).resolve().parent.parent / "docs" / "game-files.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)\n```", docs, flags=re.S)
    games = [block for block in blocks if block.startswith("[about]")]
    assert len(games) >= 2 and all("[play]" in game for game in games)
    for number, game in enumerate(games):
        path = tmp_path / ("racers.toml" if number == 0 else f"game{number}.toml")
        path.write_text(game + "\n", encoding="utf-8")
        result = run_cli("simulate", str(path), "--games", "20", "--workers", "1", "--format", "json")
        assert result.exit_code == 0, (number, result.output)
        played = json.loads(result.output)
        assert played["games"] == 20 and played["unfinished"] == 0, played
    position, *shipped = [block for block in blocks if block.startswith("game = ")]
    for number, other in enumerate(shipped):  # positions of games boardgen ships, named by their names
        (tmp_path / f"shipped{number}.toml").write_text(other + "\n", encoding="utf-8")
        result = run_cli("check", str(tmp_path / f"shipped{number}.toml"), "--json")
        assert result.exit_code == 0 and json.loads(result.output)["valid"], result.output
    (tmp_path / "racers-start.toml").write_text(position + "\n", encoding="utf-8")
    result = run_cli("check", str(tmp_path / "racers-start.toml"), "--json")
    checked = json.loads(result.output)
    assert result.exit_code == 0 and checked["valid"] and checked["moves"], checked
    assert run_cli("check", str(tmp_path / "racers-start.toml"), "--move", "in-a1").exit_code == 0


def _broken(starter: Path, old: str, new: str) -> str:
    """The starter with one change; the change must be there to make."""
    text = starter.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def _line_of(text: str, words: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if words in line)


@pytest.mark.parametrize(("old", "new", "words"), [
    # a misspelt map is named once, not followed by every mark, arrow and position that names a field
    ('map = """', 'mop = """', ["1 problem", "unknown key 'mop' in [board] (did you mean 'map'?)"]),
    # a misspelt section is named first with what was meant, not cut off behind what follows from it
    ("[legend]", "[legned]", ["1 problem", "unknown section [legned]: did you mean [legend]?"]),
    ("[colours.classic]", "[colours.neon]", ["1 problem", "unknown palette [colours.neon]"]),
    ("year = 2026", "'year' = 99999", ["1 problem", "year is a whole number like 1985, or -2600 for 2600 BC"]),
    ('"X" = {', '"Q" = { zone = "quiet" }\n"X" = {', ["1 problem", "'Q' (quiet) is in the legend but not on the "
                                                    "map: use it in the map, or remove its line"]),
    ("(position:a-throw-of-three)", "(position:no-such)", ["1 problem", "the file has no position 'no-such'",
                                                           "its [[positions]]: a-throw-of-three"]),
])
def test_a_mistake_is_named_once_at_its_own_line(tmp_path, starter, old, new, words):
    text = _broken(starter, old, new)
    starter.write_text(text, encoding="utf-8")
    result = run_cli("board", str(starter), "-o", str(tmp_path / "b.pdf"))
    assert_one_line_error(result, *words)
    changed = next(line for line in new.splitlines() if line.strip())
    assert f"line {_line_of(text, changed[:20])}, column " in result.output, result.output
    assert "line 1, column 1" not in result.output
    assert not (tmp_path / "b.pdf").exists()


def test_a_missing_map_is_one_problem_at_the_board(tmp_path, starter):
    text = starter.read_text(encoding="utf-8")
    text = re.sub(r'map = """.*?"""\n', "", text, flags=re.S)
    starter.write_text(text, encoding="utf-8")
    assert_one_line_error(run_cli("board", str(starter), "-o", str(tmp_path / "b.pdf")),
                          f"has 1 problem: line {_line_of(text, '[board]')}, column 2: the board needs a map")


def test_a_rule_text_showing_a_missing_position_is_pointed_out_at_its_line_and_column(tmp_path, starter):
    text = _broken(starter, "(position:a-throw-of-three)", "(position:no-such)")
    starter.write_text(text, encoding="utf-8")
    line = _line_of(text, "(position:no-such)")
    column = text.splitlines()[line - 1].index("position:no-such") + 1
    assert_one_line_error(run_cli("rules", str(starter), "-o", str(tmp_path / "r.pdf")),
                          f"line {line}, column {column}: the en rules show (position:no-such)")


@pytest.mark.parametrize(("year", "shown"), [("year = -2600", -2600), ("year = 1985", 1985), ("", None)])
def test_a_year_is_any_whole_number_or_left_out(tmp_path, starter, year, shown):
    from boardgen.gamefiles.reader import read_game_file

    starter.write_text(_broken(starter, "year = 2026", year), encoding="utf-8")
    assert read_game_file(starter).year == shown
    assert run_cli("board", str(starter), "-o", str(tmp_path / "b.pdf")).exit_code == 0


@pytest.mark.parametrize(("old", "new", "cli", "words"), [
    ("field = 18", "field = 3", ["--field", "3"], "from 5 to 100 mm"),
    ("field = 18", "field = 101", ["--field", "101"], "from 5 to 100 mm"),
])
def test_a_game_files_field_takes_the_range_the_command_line_takes(tmp_path, starter, old, new, cli, words):
    good = run_cli("board", str(starter), *cli, "-o", str(tmp_path / "c.pdf"))
    assert_one_line_error(good, words)
    text = _broken(starter, old, new)
    starter.write_text(text, encoding="utf-8")
    assert_one_line_error(run_cli("board", str(starter), "-o", str(tmp_path / "b.pdf")),
                          f"line {_line_of(text, new)}, column 1: field is the side of one field, a number {words}")


def test_palettes_of_a_game_file_are_the_palettes_of_the_command_line():
    from boardgen.draw.palettes import PALETTES
    from boardgen.gamefiles.reader import KEYS

    assert KEYS["colours"] == tuple(PALETTES)


def test_problems_on_the_page_are_problems_with_places(tmp_path, starter):
    from boardgen.engine.problems import Place
    from boardgen.gamefiles.reader import GameFileError, read_game_file

    starter.write_text(_broken(starter, "[legend]", "[legned]"), encoding="utf-8")
    with pytest.raises(GameFileError) as refused:
        read_game_file(starter)
    [problem] = refused.value.problems
    assert problem.code == "unknown-section" and problem.place == Place(_line_of(starter.read_text(), "[legned]"), 2)
