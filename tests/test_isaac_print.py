"""Isaac on paper: tiles that measure what they should, and a board with both score tracks."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from helpers import hex_rgb, px_per_mm, render_page, run_cli, runs
from svg_helpers import SVG

from boardgen.draw.palettes import PALETTES

STOCK = {3: (5, 1), 4: (4, 2), 5: (3, 3), 6: (2, 4), 7: (1, 6)}


@pytest.mark.parametrize("field", [15.8, 20.0])
def test_tiles_per_player_with_their_lengths_and_values(tmp_path, field):
    result = run_cli("pieces", "isaac", "--field", str(field), "--format", "svg", "-o", str(tmp_path / "t.svg"))
    assert result.exit_code == 0, result.output
    styles = PALETTES["classic"].styles
    colours = {styles["tile.dark"].fill: "dark", styles["tile.light"].fill: "light"}
    found = Counter()
    for page in result.stdout.split():
        root = ET.parse(page).getroot()
        texts = [(float(t.get("x")), float(t.get("y")), t.text) for t in root.iter(f"{SVG}text")]
        for rect in root.iter(f"{SVG}rect"):
            if rect.get("fill") not in colours:
                continue
            x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
            length = round((w + 1.0) / field)
            assert w == pytest.approx(length * field - 1.0, abs=0.01) and h == pytest.approx(field - 1.0, abs=0.01)
            (value,) = [v for tx, ty, v in texts if x < tx < x + w and y < ty < y + h]
            assert int(value) == STOCK[length][1]
            found[(colours[rect.get("fill")], length)] += 1
        markers = [c for c in root.iter(f"{SVG}circle") if c.get("fill") in colours]
        assert len(markers) in (0, 2)
    assert found == {(p, n): count for p in ("dark", "light") for n, (count, _) in STOCK.items()}


def test_printed_seven_tile_measures_its_length(in_tmp):
    assert run_cli("pieces", "isaac", "-o", "tiles.pdf").exit_code == 0
    pixels = render_page(Path("tiles.pdf"), dpi=300)
    dark = hex_rgb(PALETTES["classic"].styles["tile.dark"].fill)
    mask = (abs(pixels.astype(int) - dark).sum(axis=-1) < 6)
    # The row through the longest dark-tile colour run is the 7-tile's; measure it between the
    # centres of the cut lines at its two ends, as the scissors follow them.
    y, (a, b) = max(((y, run) for y in range(0, mask.shape[0], 5) for run in runs(mask[y])),
                    key=lambda item: item[1][1] - item[1][0])
    ink = pixels[y].max(axis=-1) < 80
    left = [r for r in runs(ink) if r[1] < a][-1]
    right = [r for r in runs(ink) if r[0] > b][0]
    length = ((right[0] + right[1]) / 2 - (left[0] + left[1]) / 2) / px_per_mm(300)
    assert length == pytest.approx(7 * 15.8 - 1.0, abs=0.2)


def test_board_shows_both_score_tracks_each_readable_from_its_side(in_tmp):
    assert run_cli("board", "isaac", "--format", "svg", "-o", "b.svg").exit_code == 0
    root = ET.parse("b.svg").getroot()
    styles = PALETTES["classic"].styles
    dark, light = styles["label.dark"].fill, styles["label.light"].fill
    texts = [(float(t.get("x")), float(t.get("y")), t.text, t.get("fill"), t.get("transform") or "")
             for t in root.iter(f"{SVG}text")]
    dark_labels = [t for t in texts if t[3] == dark]
    light_labels = [t for t in texts if t[3] == light]
    assert len(dark_labels) == 20 and len(light_labels) == 20
    assert not any("rotate" in t[4] for t in dark_labels)
    assert all("rotate(180" in t[4] for t in light_labels)
    # Dark: units 0-9 left to right along the bottom, tens 00-90 bottom to top on the left.
    bottom = sorted((t for t in dark_labels if len(t[2]) == 1), key=lambda t: t[0])
    left = sorted((t for t in dark_labels if len(t[2]) == 2), key=lambda t: -t[1])
    assert [t[2] for t in bottom] == [str(i) for i in range(10)]
    assert [t[2] for t in left] == [f"{i}0" for i in range(10)]
    # Light: units right to left along the top, tens top to bottom on the right; j10 is Light's 00.
    top = sorted((t for t in light_labels if len(t[2]) == 1), key=lambda t: -t[0])
    right = sorted((t for t in light_labels if len(t[2]) == 2), key=lambda t: t[1])
    assert [t[2] for t in top] == [str(i) for i in range(10)]
    assert [t[2] for t in right] == [f"{i}0" for i in range(10)]
    assert top[0][1] < left[-1][1] and bottom[0][1] > right[-1][1]  # top track above the grid, bottom below
