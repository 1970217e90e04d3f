"""Parts on laser beds as the files show them: a plate that fits only turned is cut turned and says so, and one
that fits as drawn never is; parts turn where that saves a bed; a box takes no more beds than its parts need;
every part keeps its margin and its gaps; a board too large names the smallest bed preset that holds it."""

from __future__ import annotations

import itertools
import json
import math
import re
import xml.etree.ElementTree as ET

import pytest
import rectpack
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen.layout.bed import EDGE_GAP, PART_GAP, Bed, edge_gap
from boardgen.layout.packing import pack_rectangles
from tests.helpers import assert_one_line_error, run_cli
from tests.svg_helpers import laser_layers, size_mm, subpaths, svg_root

KERF = 0.1  # boardgen's default


def _outlines(path):
    """The closed cut outlines of a laser SVG that lie inside no other: one per part."""
    rings = [points for p in laser_layers(path)["cut"] for points, closed in subpaths(p.get("d")) if closed]
    bounds = [(min(x for x, _ in r), min(y for _, y in r), max(x for x, _ in r), max(y for _, y in r)) for r in rings]
    return [b for b in bounds if not any(o != b and o[0] <= b[0] and o[1] <= b[1] and b[2] <= o[2] and b[3] <= o[3]
                                         for o in bounds)]


def test_a_plate_that_fits_the_bed_only_turned_is_cut_turned_and_the_file_says_so(tmp_path):
    # Fox and Geese with 25 mm fields is a 197 x 206 mm plate: on a 300 x 200 mm bed only the other way round.
    result = run_cli("board", "fox-and-geese", "--laser", "--field", "25", "-o", str(tmp_path / "b.svg"))
    assert result.exit_code == 0, result.output
    [path] = [p for p in tmp_path.iterdir()]
    assert size_mm(svg_root(path)) == (300, 200)
    [(x0, y0, x1, y1)] = _outlines(path)
    assert (x1 - x0, y1 - y0) == (pytest.approx(205.5 + KERF, abs=0.1), pytest.approx(197 + KERF, abs=0.1))
    assert x0 >= 0 and y0 >= 0 and x1 <= 300 and y1 <= 200
    title = ET.parse(path).getroot().find("{http://www.w3.org/2000/svg}title").text
    assert "turned a quarter turn to fit the bed" in title
    upright = run_cli("board", "fox-and-geese", "--laser", "--field", "25", "--bed", "300x300",
                      "-o", str(tmp_path / "u.svg"))
    assert upright.exit_code == 0 and "turned" not in (tmp_path / "u.svg").read_text()


def test_a_laser_gift_set_chooses_the_same_field_on_a_bed_either_way_round(tmp_path):
    fields = []
    for bed in ("300x200", "200x300"):
        result = run_cli("giftset", "fox-and-geese", "--for", "laser", "--bed", bed, "--to", str(tmp_path / bed))
        assert result.exit_code == 0, result.output
        fields.append(json.loads((tmp_path / bed / "manifest.json").read_text(encoding="utf-8"))["field_mm"])
    assert fields[0] == fields[1]


def _shares_a_bed(a, b, bed: Bed) -> bool:
    """Whether two parts (width, height) fit on one bed together, either way round each: two rectangles do exactly
    when they fit side by side or one above the other."""
    room = (bed.width - 2 * edge_gap(KERF), bed.height - 2 * edge_gap(KERF))
    gap = 2.0 + KERF
    for (aw, ah), (bw, bh) in itertools.product((a, a[::-1]), (b, b[::-1])):
        if aw + gap + bw <= room[0] and max(ah, bh) <= room[1]:
            return True
        if max(aw, bw) <= room[0] and ah + gap + bh <= room[1]:
            return True
    return False


def _fewest_beds_at_least(parts, bed: Bed) -> int:
    """A lower bound on the beds the parts need: their area, and the most parts no two of which share a bed."""
    by_area = math.ceil(sum(w * h for w, h in parts) / (bed.width * bed.height))
    apart = 1
    for size in range(2, 5):
        for group in itertools.combinations(parts, size):
            if all(not _shares_a_bed(a, b, bed) for a, b in itertools.combinations(group, 2)):
                apart = size
    return max(by_area, apart)


def _fits_among(size, placed, bed: Bed) -> bool:
    """Whether a part (width, height) could be cut on a bed beside the parts already there (their outlines), either
    way round, its gaps kept: tried at every corner a rectangle slid up and left would come to rest in."""
    edge, gap = edge_gap(KERF), 2.0 + KERF
    xs = {edge} | {x1 + gap - KERF / 2 for _, _, x1, _ in placed}
    ys = {edge} | {y1 + gap - KERF / 2 for _, _, _, y1 in placed}
    for w, h in (size, size[::-1]):
        for x, y in itertools.product(xs, ys):
            if x + w > bed.width - edge + 1e-6 or y + h > bed.height - edge + 1e-6:
                continue
            if all(x + w + gap <= ox0 + KERF / 2 + 1e-6 or ox1 - KERF / 2 + gap <= x + 1e-6 or
                   y + h + gap <= oy0 + KERF / 2 + 1e-6 or oy1 - KERF / 2 + gap <= y + 1e-6
                   for ox0, oy0, ox1, oy1 in placed):
                return True
    return False


@pytest.mark.parametrize("game", ["isaac", "iacta", "stacktics"])
@pytest.mark.parametrize("bed", ["k40", "glowforge"])
def test_no_part_of_a_laser_box_is_on_a_bed_of_its_own_that_an_earlier_bed_had_room_for(tmp_path, game, bed):
    from boardgen.layout.bed import parse_bed

    result = run_cli("box", game, "--laser", "--bed", bed, "-o", str(tmp_path / "box.svg"))
    assert result.exit_code == 0, result.output
    beds = [_outlines(path) for path in sorted(tmp_path.iterdir())]
    parts = [(x1 - x0 - KERF, y1 - y0 - KERF) for outlines in beds for x0, y0, x1, y1 in outlines]
    assert len(parts) == 10  # five panels for the base, five for the lid
    assert len(beds) >= _fewest_beds_at_least(parts, parse_bed(bed))
    for later, outlines in enumerate(beds):
        for x0, y0, x1, y1 in outlines:
            for earlier in beds[:later]:
                assert not _fits_among((x1 - x0 - KERF, y1 - y0 - KERF), earlier, parse_bed(bed)), \
                    f"a {x1 - x0:.0f} x {y1 - y0:.0f} mm part on bed {later + 1} fits an earlier bed"


def test_an_isaac_box_on_a_k40_takes_the_three_beds_its_parts_need(tmp_path):
    """Two cannot hold it: the lid's long wall (205 mm) lies only lengthways on a 300 x 200 mm bed, and neither the
    floor nor the lid's top (each about 190 x 200 mm) leaves a strip that long beside or below it."""
    result = run_cli("box", "isaac", "--laser", "--bed", "k40", "-o", str(tmp_path / "box.svg"))
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.iterdir())
    parts = [(x1 - x0 - KERF, y1 - y0 - KERF) for path in files for x0, y0, x1, y1 in _outlines(path)]
    assert len(files) == _fewest_beds_at_least(parts, Bed(300, 200)) == 3


def test_parts_turn_where_that_saves_a_bed():
    # A floor and four walls as long as it: the walls stand turned beside it on one bed, not on a bed of their own.
    bed = Bed(300, 200)
    sizes = [(150.0, 190.0)] + [(190.0, 21.0)] * 4
    spots = pack_rectangles(sizes, bed.width, bed.height, PART_GAP + KERF, edge_gap(KERF))
    assert {spot.bed for spot in spots} == {0}
    assert not spots[0].turned and all(spot.turned and not spot.forced for spot in spots[1:])
    boxes = [(spot.x, spot.y, spot.x + (h if spot.turned else w), spot.y + (w if spot.turned else h))
             for spot, (w, h) in zip(spots, sizes, strict=True)]
    for a, b in itertools.combinations(boxes, 2):  # no two overlap, and each keeps its gap
        assert a[2] + 2 <= b[0] or b[2] + 2 <= a[0] or a[3] + 2 <= b[1] or b[3] + 2 <= a[1]
    for x0, y0, x1, y1 in boxes:
        assert x0 >= edge_gap(KERF) - 1e-9 and x1 <= bed.width - edge_gap(KERF) + 1e-9
        assert y0 >= edge_gap(KERF) - 1e-9 and y1 <= bed.height - edge_gap(KERF) + 1e-9


@pytest.mark.parametrize("bed", ["600x400", "glowforge", "400x300"])
def test_a_plate_that_fits_the_bed_as_it_is_is_never_turned(tmp_path, bed):
    # Ur's 214 x 106 mm plate fits each of these beds as drawn: it is cut as drawn, and its title says nothing of
    # turning.
    result = run_cli("board", "ur", "--laser", "--bed", bed, "-o", str(tmp_path / "b.svg"))
    assert result.exit_code == 0, result.output
    [(x0, y0, x1, y1)] = _outlines(tmp_path / "b.svg")
    assert x1 - x0 > 2 * (y1 - y0)
    assert "turned" not in ET.parse(tmp_path / "b.svg").getroot().find("{http://www.w3.org/2000/svg}title").text


def test_a_board_larger_than_the_bed_names_the_smallest_preset_bed_that_holds_it(tmp_path):
    # Ludo's 211 x 219 mm board fits the Glowforge (495 x 279 mm) and the xTool D1 (430 x 390 mm): the smaller.
    result = run_cli("board", "ludo", "--laser", "-o", str(tmp_path / "b.svg"))
    assert_one_line_error(result, "--field 12.1 or less", "--bed glowforge (495 x 279 mm)")
    assert "larger --bed" not in result.output
    # At 30 mm fields (472 x 481 mm) no preset holds it: the least bed that does is named.
    result = run_cli("board", "ludo", "--laser", "--field", "30", "-o", str(tmp_path / "b.svg"))
    assert_one_line_error(result, "a --bed of at least", "no preset")
    least = re.search(r"at least (\d+)x(\d+)", result.output)
    fitted = run_cli("board", "ludo", "--laser", "--field", "30", "--bed", f"{least[1]}x{least[2]}",
                     "-o", str(tmp_path / "c.svg"))
    assert fitted.exit_code == 0, fitted.output


def test_every_part_keeps_the_promised_margin_even_at_a_sharp_corner(tmp_path):
    """A pyramid net's tip, its cut outline grown by half the kerf at a sharp angle, reaches further than half the
    kerf: the net is placed by where its cut line truly runs, 1 mm from the edge (and 2 mm from its neighbours)."""
    result = run_cli("pieces", "stacktics", "--laser", "--kerf", "0.3", "-o", str(tmp_path / "p.svg"))
    assert result.exit_code == 0, result.output
    for path in tmp_path.iterdir():
        width, height = size_mm(svg_root(path))
        points = [point for paths in laser_layers(path).values() for element in paths
                  for ring, _ in subpaths(element.get("d")) for point in ring]
        assert min(min(x, y, width - x, height - y) for x, y in points) >= EDGE_GAP - 1e-3, path.name
        outlines = _outlines(path)
        for a, b in itertools.combinations(outlines, 2):
            assert max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3]) >= PART_GAP - 1e-3


sizes = st.tuples(st.floats(5, 290), st.floats(5, 190)).map(lambda size: (round(size[0], 1), round(size[1], 1)))


@settings(max_examples=40, deadline=None)
@given(st.lists(sizes, min_size=1, max_size=14))
def test_packed_parts_keep_their_gaps_and_take_no_more_beds_than_rectpack_alone(parts):
    bed = Bed(300, 200)
    spots = pack_rectangles(parts, bed.width, bed.height, PART_GAP, EDGE_GAP)
    placed = [(spot, (h, w) if spot.turned else (w, h)) for spot, (w, h) in zip(spots, parts, strict=True)]
    for spot, (w, h) in placed:
        assert spot.x >= EDGE_GAP - 1e-9 and spot.x + w <= bed.width - EDGE_GAP + 1e-9
        assert spot.y >= EDGE_GAP - 1e-9 and spot.y + h <= bed.height - EDGE_GAP + 1e-9
        assert not spot.turned or (w, h) != (h, w)
    for (a, (aw, ah)), (b, (bw, bh)) in itertools.combinations(placed, 2):
        assert a.bed != b.bed or (a.x + aw + PART_GAP <= b.x + 1e-9 or b.x + bw + PART_GAP <= a.x + 1e-9 or
                                  a.y + ah + PART_GAP <= b.y + 1e-9 or b.y + bh + PART_GAP <= a.y + 1e-9)
    # rectpack's own default (MaxRects, best short side fit, largest area first), on the same room
    packer = rectpack.newPacker(rotation=True)
    room = (bed.width - 2 * EDGE_GAP + PART_GAP, bed.height - 2 * EDGE_GAP + PART_GAP)
    packer.add_bin(round(room[0] * 1000), round(room[1] * 1000), count=float("inf"))
    for n, (w, h) in enumerate(parts):
        packer.add_rect(math.ceil((w + PART_GAP) * 1000), math.ceil((h + PART_GAP) * 1000), rid=n)
    packer.pack()
    assert len(packer.rect_list()) == len(parts)
    assert max(spot.bed for spot in spots) + 1 <= len(packer)
    # Turned only when that saves a bed: a turned part does not fit where it lies upright.
    for spot, (w, h) in zip(spots, parts, strict=True):
        if spot.turned and not spot.forced:
            others = [(o, size) for o, size in placed if o is not spot and o.bed == spot.bed]
            assert spot.x + w > bed.width - EDGE_GAP + 1e-9 or spot.y + h > bed.height - EDGE_GAP + 1e-9 or any(
                not (spot.x + w + PART_GAP <= o.x + 1e-9 or o.x + ow + PART_GAP <= spot.x + 1e-9 or
                     spot.y + h + PART_GAP <= o.y + 1e-9 or o.y + oh + PART_GAP <= spot.y + 1e-9)
                for o, (ow, oh) in others)
