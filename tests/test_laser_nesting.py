"""A laser gift set's beds, read back as a maker's program reads them: every part of one material, from every
product (board, pieces, box), nested on that material's beds; no more beds than the best of rectpack's
algorithms needs for the parts' bounding boxes (turned where that helps, 2 mm apart and 1 mm from the edge);
each part inside its bed at that margin and clear of the others, its engraving and scoring on it; no bed under
a fifth full while another of its material has room for its parts; and the read-me listing each bed with what is
on it and how full it is.  For every game boardgen lists, on a K40 and on a 600 x 400 mm bed."""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
import rectpack
from registry import GAMES

from boardgen.draw.geometry import signed_area
from boardgen.layout.piece_set import PIECE_KINDS
from boardgen.products.pieces import piece_kit
from tests.helpers import run_cli
from tests.svg_helpers import laser_layers, size_mm, subpaths, svg_root

GAP = 2.0  # mm between two parts' cut lines
MARGIN = 1.0  # mm between a cut line and the bed's edge
BEDS = {"k40": (300.0, 200.0), "600x400": (600.0, 400.0)}
SETS = [(game, bed) for game in sorted(GAMES) for bed in BEDS]
LIGHT = 0.2  # a bed less full than this must have no other bed of its material with room for its parts
UM = 1000  # rectpack is given micrometres

ALGORITHMS = [rectpack.MaxRectsBl, rectpack.MaxRectsBssf, rectpack.MaxRectsBaf, rectpack.MaxRectsBlsf,
              rectpack.SkylineBl, rectpack.SkylineBlWm, rectpack.SkylineMwf, rectpack.SkylineMwfl,
              rectpack.SkylineMwfWm, rectpack.SkylineMwflWm,
              *(getattr(rectpack, f"Guillotine{choice}{split}") for choice in ("Bssf", "Blsf", "Baf")
                for split in ("Sas", "Las", "Slas", "Llas", "Maxas", "Minas"))]
SORTS = [rectpack.SORT_AREA, rectpack.SORT_PERI, rectpack.SORT_DIFF, rectpack.SORT_SSIDE, rectpack.SORT_LSIDE,
         rectpack.SORT_RATIO, rectpack.SORT_NONE]


@cache
def _made(game: str, bed: str, tmp: Path) -> Path:
    folder = tmp / f"{game}-{bed}"
    result = run_cli("giftset", game, "--for", "laser", "--bed", bed, "--to", str(folder))
    assert result.exit_code == 0, result.output
    return folder


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nesting")
    return lambda game, bed: _made(game, bed, tmp)


# -- reading a bed back ---------------------------------------------------------------------------------------------

@dataclass
class Part:
    ring: list[tuple[float, float]]  # its outer cut line
    bounds: tuple[float, float, float, float]
    area: float  # mm² inside its cut line, less its holes


@dataclass
class BedRead:
    path: Path
    material: str
    backs: bool
    parts: list[Part]
    marks: list[list[tuple[float, float]]]  # every engraved ring and scored line

    @property
    def use(self) -> float:
        width, height = size_mm(svg_root(self.path))
        return sum(part.area for part in self.parts) / (width * height)


def _bounds(points) -> tuple[float, float, float, float]:
    return (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points),
            max(y for _, y in points))


def _inside(inner, outer, slack=1e-3) -> bool:
    return (outer[0] - slack <= inner[0] and outer[1] - slack <= inner[1] and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def _read(path: Path, material: str) -> BedRead:
    layers = laser_layers(path)
    rings = [points for element in layers.get("cut", []) for points, closed in subpaths(element.get("d"))]
    bounds = [_bounds(ring) for ring in rings]
    outer = [n for n, b in enumerate(bounds) if not any(m != n and _inside(b, bounds[m], 0) for m in range(len(rings)))]
    parts = []
    for n in outer:
        holes = [m for m in range(len(rings)) if m != n and _inside(bounds[m], bounds[n], 0)]
        area = abs(signed_area(rings[n])) - sum(abs(signed_area(rings[m])) for m in holes)
        parts.append(Part(rings[n], bounds[n], area))
    marks = [points for name in ("engrave", "score") for element in layers.get(name, [])
             for points, _ in subpaths(element.get("d"))]
    return BedRead(path, material, "-backs" in path.name, parts, marks)


def _beds(folder: Path) -> list[BedRead]:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return [_read(folder / entry["file"], entry.get("cut_from") or entry["engrave_on"])
            for entry in manifest["files"] if entry["file"].endswith(".svg")]


def _by_material(beds: list[BedRead]) -> dict[str, list[BedRead]]:
    found: dict[str, list[BedRead]] = {}
    for bed in beds:
        if not bed.backs:
            found.setdefault(bed.material, []).append(bed)
    return found


# -- rectpack, as the issue asks: every algorithm, with rotation, 2 mm gaps and the 1 mm margin ---------------------

def _room(bed: str) -> tuple[int, int]:
    width, height = BEDS[bed]
    return round((width - 2 * MARGIN + GAP) * UM), round((height - 2 * MARGIN + GAP) * UM)


def _boxes(parts: list[Part]) -> list[tuple[int, int]]:
    return [(round((b[2] - b[0] + GAP) * UM), round((b[3] - b[1] + GAP) * UM)) for b in (p.bounds for p in parts)]


def _rectpack_beds(boxes: list[tuple[int, int]], room: tuple[int, int], beds: float = float("inf")) -> list[int]:
    """The beds each of rectpack's algorithms, orders and ways of choosing a bin needs (left out: one that cannot
    place them all on `beds` beds).  Two orders that list the same sizes pack alike: each is tried once."""
    orders = []
    for sort in SORTS:
        order = sort([(w, h, n) for n, (w, h) in enumerate(boxes)])
        if all([r[:2] for r in order] != [r[:2] for r in other] for other in orders):
            orders.append(order)
    counts = []
    for algorithm in ALGORITHMS:
        for bin_algo, order in [*itertools.product((rectpack.PackingBin.BBF, rectpack.PackingBin.BFF,
                                                    rectpack.PackingBin.BNF), orders),
                                (rectpack.PackingBin.Global, orders[-1])]:
            packer = rectpack.newPacker(bin_algo=bin_algo, pack_algo=algorithm, sort_algo=rectpack.SORT_NONE,
                                        rotation=True)
            packer.add_bin(*room, count=beds)
            for rect in order:
                packer.add_rect(*rect)
            packer.pack()
            if len(packer.rect_list()) == len(boxes):
                counts.append(len(packer))
    return counts


def _ways(box, room):
    return [size for size in (box, box[::-1]) if size[0] <= room[0] and size[1] <= room[1]]


def _two_fit(a, b, room) -> bool:
    """Two rectangles fit one bed exactly when they fit side by side or one above the other."""
    return any((aw + bw <= room[0] and max(ah, bh) <= room[1]) or (max(aw, bw) <= room[0] and ah + bh <= room[1])
               for (aw, ah), (bw, bh) in itertools.product(_ways(a, room), _ways(b, room)))


def _three_fit(boxes, room) -> bool:
    """Three rectangles fit one bed exactly when they do in a row, in a column, or one beside (or above) the other
    two (every packing of three is such a guillotine packing)."""
    for (a, b, c) in itertools.permutations(boxes):
        for (aw, ah), (bw, bh), (cw, ch) in itertools.product(_ways(a, room), _ways(b, room), _ways(c, room)):
            if (aw + bw + cw <= room[0] and max(ah, bh, ch) <= room[1]) or (
                    max(aw, bw, cw) <= room[0] and ah + bh + ch <= room[1]) or (
                    aw + max(bw, cw) <= room[0] and max(ah, bh + ch) <= room[1]) or (
                    max(aw, bw + cw) <= room[0] and ah + max(bh, ch) <= room[1]):
                return True
    return False


def _at_least(boxes: list[tuple[int, int]], room: tuple[int, int]) -> int:
    """No packing needs fewer beds: the boxes' area; the most boxes no two of which fit one bed together; and, of
    the largest boxes no three of which fit one bed together, half (a bed holds two of them at most)."""
    by_area = math.ceil(sum(w * h for w, h in boxes) / (room[0] * room[1]))
    largest = sorted(boxes, key=lambda b: -b[0] * b[1])
    apart: list[tuple[int, int]] = []
    for box in largest:
        if all(not _two_fit(box, other, room) for other in apart):
            apart.append(box)
    pairs = 0
    for size in range(3, min(len(largest), 6) + 1):
        if any(_three_fit(three, room) for three in itertools.combinations(largest[:size], 3)):
            break
        pairs = size
    return max(by_area, len(apart), math.ceil(pairs / 2))


# -- the tests --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, bed", SETS)
def test_every_part_lies_on_its_bed_at_the_margin_clear_of_the_others_with_its_engraving(made, game, bed):
    folder = made(game, bed)
    beds = _beds(folder)
    width, height = BEDS[bed]
    cut = {b.path.name: b for b in beds if not b.backs}
    for read in beds:
        assert size_mm(svg_root(read.path)) == (width, height)
        if read.backs:  # engraved on parts cut by its bed's file, in their holes: nothing cut, all on those parts
            assert not read.parts
            front = cut[read.path.name.replace("-backs", "")]
            assert read.marks and all(any(_inside(_bounds(mark), p.bounds, 0.01) for p in front.parts)
                                      for mark in read.marks)
            continue
        assert read.parts, read.path.name
        for part in read.parts:
            x0, y0, x1, y1 = part.bounds
            assert min(x0, y0, width - x1, height - y1) >= MARGIN - 1e-3, (read.path.name, part.bounds)
        for one, other in itertools.combinations(read.parts, 2):
            a, b = one.bounds, other.bounds
            apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
            assert apart >= GAP - 1e-3, (read.path.name, a, b)
        for mark in read.marks:  # each engraved area and scored line on one part, never between two
            assert any(_inside(_bounds(mark), part.bounds, 0.01) for part in read.parts), (read.path.name, mark[:3])
    # Every part of every product is cut once: the board plate, the box's ten panels and each of the pieces.
    kit = piece_kit(GAMES[game], GAMES[game].default_variant) if GAMES[game].pieces is not None else None
    pieces = len(kit.each(PIECE_KINDS)) if kit is not None else 0
    assert sum(len(read.parts) for read in cut.values()) == 1 + 10 + pieces


@pytest.mark.parametrize("game, bed", SETS)
def test_each_material_takes_no_more_beds_than_rectpacks_best_and_none_is_left_nearly_empty(made, game, bed):
    room = _room(bed)
    for material, beds in _by_material(_beds(made(game, bed))).items():
        boxes = _boxes([part for read in beds for part in read.parts])
        if len(beds) > _at_least(boxes, room):  # else no packing could do better
            best = min(_rectpack_beds(boxes, room))
            assert len(beds) <= best, f"{material}: {len(beds)} beds where rectpack needs {best}"
        for light in beds:
            if light.use >= LIGHT:
                continue
            for other in beds:
                if other is not light:
                    together = _boxes(light.parts + other.parts)
                    assert _at_least(together, room) > 1 or not _rectpack_beds(together, room, 1), \
                        f"{light.path.name} is {light.use:.0%} full and its parts fit on {other.path.name}"


@pytest.mark.parametrize("game, bed", SETS)
def test_the_read_me_lists_each_bed_with_what_is_on_it_and_how_full_it_is(made, game, bed):
    from pypdf import PdfReader

    folder = made(game, bed)
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(str(folder / "00-read-me-first.pdf")).pages)
                    .split())
    manifest = {entry["file"]: entry for entry in
                json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["files"]}
    beds = _beds(folder)
    for read in beds:
        name = read.path.name
        line = re.search(re.escape(name) + r": (.*?)(?= \S+\.(?:svg|pdf):| In each file)", text).group(1)
        if read.backs:
            assert line.startswith("engrave, after turning each part over in its hole: ")
            continue
        contents, percent = re.fullmatch(r"cut from [^:]+: (.*) \((\d+)\s% of the bed\); .*", line).groups()
        assert abs(int(percent) - 100 * read.use) <= 1, (name, percent, read.use)
        assert abs(manifest[name]["used_percent"] - 100 * read.use) <= 0.2
        counts = [1 if item.startswith("the ") else int(item.split(" ")[0]) for item in contents.split(", ")]
        assert sum(counts) == len(read.parts) == sum(manifest[name]["parts"].values()), (name, contents)
    sheets = dict((material, len(beds)) for material, beds in _by_material(beds).items())
    for material, count in sheets.items():
        assert f"{count} sheet{'s' if count > 1 else ''} of {material}" in text
