"""Parts on laser beds as the files show them: a plate that fits only turned is cut turned and says so, parts
turn where that saves a bed, and a box takes no more beds than its parts need."""

from __future__ import annotations

import itertools
import json
import math
import xml.etree.ElementTree as ET

import pytest

from boardgen.layout.bed import Bed, LaserPart, edge_gap, pack_parts
from tests.helpers import run_cli
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


def _part(width: float, height: float) -> LaserPart:
    return LaserPart(width, height, lambda builder, box: None)


def test_parts_turn_where_that_saves_a_bed():
    # A floor and four walls as long as it: the walls stand turned beside it on one bed, not on a bed of their own.
    bed = Bed(300, 200)
    floor, walls = _part(150, 190), [_part(190, 21) for _ in range(4)]
    layouts = pack_parts([floor, *walls], bed, KERF)
    assert {layout.bed for layout in layouts} == {0}
    assert all(layout.turned for layout in layouts[1:])
    for one, other in itertools.combinations(layouts, 2):  # no two overlap, and each keeps its gap
        a, b = one.box, other.box
        assert a.right + 2 <= b.x or b.right + 2 <= a.x or a.bottom + 2 <= b.y or b.bottom + 2 <= a.y
    for layout in layouts:
        assert layout.box.x >= edge_gap(KERF) - 1e-9 and layout.box.right <= bed.width - edge_gap(KERF) + 1e-9
        assert layout.box.y >= edge_gap(KERF) - 1e-9 and layout.box.bottom <= bed.height - edge_gap(KERF) + 1e-9
