"""The paper kit, read back from the files a user prints."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import format_options, run_cli
from pypdf import PdfReader
from svg_helpers import SVG

from boardgen.draw.palettes import PALETTES
from boardgen.games.iacta.pieces import STICKS
from boardgen.layout.piece_set import stick_sum_table

PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a5": (148.0, 210.0)}


def tokens_on(path: Path, palette: str = "classic") -> list[dict]:
    """Token squares on one SVG page: centre, size, colour (player) and the number printed on it."""
    root = ET.parse(path).getroot()
    colours = {PALETTES[palette].styles[f"token.{name}"].fill: n for n, name in ((1, "red"), (2, "yellow"))}
    squares = [r for r in root.iter(f"{SVG}rect") if r.get("fill") in colours]
    numbers = [(float(t.get("x")), float(t.get("y")), t.text) for t in root.iter(f"{SVG}text") if t.text.isdigit()]
    found = []
    for r in squares:
        x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
        inside = [n for tx, ty, n in numbers if x < tx < x + w and y < ty < y + h]
        assert len(inside) == 1, (x, y, inside)
        found.append({"centre": (x + w / 2, y + h / 2), "size": (w, h), "player": colours[r.get("fill")],
                      "number": int(inside[0])})
    return found


def make_kit(tmp: Path, *options: str) -> list[Path]:
    result = run_cli("kit", "iacta", "--format", "svg", "-o", str(tmp / "kit.svg"), *options)
    assert result.exit_code == 0, result.output
    return [Path(line) for line in result.stdout.split()]


@pytest.mark.parametrize("sides, paper, field", [
    ("duplex-long", "a4", "15.8"), ("duplex-short", "a4", "15.8"), ("duplex-long", "letter", "20"),
    ("duplex-short", "a5", "25"),
])
def test_every_back_lands_behind_its_front(tmp_path, sides, paper, field):
    pages = make_kit(tmp_path, "--sides", sides, "--paper", paper, "--field", field)
    width, height = PAPER[paper]
    token_pages = [tokens_on(p) for p in pages]
    fronts = [t for page in token_pages[0::2] for t in page]
    pairs = 0
    for sheet in range(0, len(token_pages) - 1, 2):
        front, back = token_pages[sheet], token_pages[sheet + 1]
        for token in front:
            x, y = token["centre"]
            flipped = (width - x, y) if sides == "duplex-long" else (x, height - y)
            match = [b for b in back
                     if abs(b["centre"][0] - flipped[0]) <= 0.1 and abs(b["centre"][1] - flipped[1]) <= 0.1]
            assert len(match) == 1, token
            assert match[0]["player"] == token["player"] and match[0]["number"] + token["number"] == 7
            assert match[0]["size"][0] >= token["size"][0]  # the back may bleed, never fall short
            pairs += 1
    assert pairs == 36
    counts = Counter((t["player"], t["number"]) for t in fronts)
    assert counts == {(p, n): 6 for p in (1, 2) for n in (1, 2, 3)}
    assert all(abs(t["size"][0] - (float(field) - 1.0)) < 1e-6 for t in fronts)


def test_fold_strips_mirror_each_front_onto_its_back_across_the_fold_line(tmp_path):
    (page, *_rest) = make_kit(tmp_path, "--sides", "fold")
    tokens = tokens_on(page)
    root = ET.parse(page).getroot()
    folds = [(float(f.get("x1")), float(f.get("y1")), float(f.get("y2"))) for f in root.iter(f"{SVG}line")
             if f.get("stroke-dasharray") and f.get("x1") == f.get("x2")
             and float(f.get("y2")) - float(f.get("y1")) < 20]
    halves = sorted(tokens, key=lambda t: (round(t["centre"][1], 3), t["centre"][0]))
    assert len(halves) == 72
    for left, right in zip(halves[0::2], halves[1::2], strict=True):
        y = left["centre"][1]
        fold = [x for x, y1, y2 in folds if left["centre"][0] < x < right["centre"][0] and y1 < y < y2]
        assert len(fold) == 1
        assert abs((2 * fold[0] - left["centre"][0]) - right["centre"][0]) <= 0.1
        assert abs(left["centre"][1] - right["centre"][1]) <= 0.1
        assert left["player"] == right["player"] and left["number"] + right["number"] == 7
    counts = Counter((t["player"], min(t["number"], 7 - t["number"])) for t in halves[0::2])
    assert counts == {(p, n): 6 for p in (1, 2) for n in (1, 2, 3)}


def test_default_kit_fits_one_duplex_sheet_and_says_how_to_print(in_tmp):
    result = run_cli("kit", "iacta")
    assert result.exit_code == 0
    path = Path(result.stdout.strip())
    assert path == Path("output/iacta-pieces-classic-duplex-long.pdf")
    reader = PdfReader(str(path))
    assert len(reader.pages) == 2
    front, back = (page.extract_text() for page in reader.pages)
    assert "flipping on the long edge" in front and "back of the previous one" in back
    assert "Matches will do as well" in front and front.count("1/6") == 6
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_cut_lines_are_thin(tmp_path):
    (page, *_rest) = make_kit(tmp_path)
    root = ET.parse(page).getroot()
    cuts = [p for p in root.iter(f"{SVG}polygon") if p.get("fill") == "none" and p.get("stroke")]
    assert len(cuts) >= 36 and {p.get("stroke-width") for p in cuts} == {"0.3"}  # thin, yet the strongest line


def test_stick_sums_are_exactly_one_sixth_each():
    table, rethrow = stick_sum_table(list(STICKS))
    assert [row.total for row in table] == [1, 2, 3, 4, 5, 6]
    assert all(row.chance == Fraction(1, 6) for row in table)
    assert rethrow == Fraction(1, 4)
    # A badly marked stick shows up as unequal chances: the table is computed, not typed.
    skewed, _ = stick_sum_table([("", "1", "1", "1"), ("1", "3", "5", "again")])
    assert len({row.chance for row in skewed}) > 1


def test_stick_nets_carry_the_right_marks(tmp_path):
    (page, *_rest) = make_kit(tmp_path)
    root = ET.parse(page).getroot()
    dots = [c for c in root.iter(f"{SVG}circle")]
    assert len(dots) == 2 + 1 + 3 + 5  # stick 1: 1 and 1; stick 2: 1, 3, 5
    zigzags = [p for p in root.iter(f"{SVG}polyline")]
    assert len(zigzags) == 1


@pytest.mark.parametrize("fmt", ["pdf", "png"])
def test_other_formats(in_tmp, fmt):
    result = run_cli("kit", "iacta", *format_options(fmt), "--palette", "mono")
    assert result.exit_code == 0, result.output
    paths = result.stdout.split()
    assert len(paths) == (1 if fmt == "pdf" else 2)
    assert all(Path(p).stat().st_size > 500 for p in paths)


def test_kit_bad_input(in_tmp):
    result = run_cli("kit", "iacta", "--sides", "triplex")
    assert result.exit_code == 2 and result.output.count("\n") == 1
    huge = run_cli("kit", "iacta", "--field", "100", "--paper", "a5", "--sides", "fold")  # a 198 mm strip
    assert huge.exit_code == 2 and huge.output.count("\n") == 1 and "larger --paper" in huge.output
