"""Laser beds: their sizes, and parts packed onto as few beds as they need.

A part is drawn at a box: its cut outline (role ``cut``) and what is scored
and engraved on it.  Parts are packed a gap apart that keeps 2 mm of
material between neighbouring cuts once the kerf is burnt away, and 1 mm
and half the kerf from the bed's edge: there the beam only has to stay
inside the working area (and clear of the sheet's edge, placed by hand), so
a 197 mm plate fits a 200 mm bed.
"""

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..draw.scene import Box, Rect, SceneBuilder

PART_GAP = 2.0  # mm of material left between two parts, so neither breaks
EDGE_GAP = 1.0  # mm between a part's cut and the bed's edge


@dataclass(frozen=True)
class Bed:
    width: float
    height: float
    name: str = ""

    def describe(self) -> str:
        size = f"{self.width:g} x {self.height:g} mm"
        return f"{self.name} ({size})" if self.name else size


# Working areas as the makers state them, rounded down to whole millimetres.
BED_PRESETS: dict[str, Bed] = {
    "small": Bed(300, 200, "small"),  # the common small CO2 laser; the default
    "k40": Bed(300, 200, "k40"),  # K40 CO2 laser, stock bed
    "glowforge": Bed(495, 279, "glowforge"),  # Glowforge Basic/Plus/Pro: 19.5 x 11 in
    "xtool-d1": Bed(430, 390, "xtool-d1"),  # xTool D1 diode laser
    "a4": Bed(297, 210, "a4"),  # a cutting plotter's (Cricut, Silhouette) A4 card sheet
}
DEFAULT_BED = "small"
MAX_BED = 3000.0  # mm: no laser is larger; a bigger number is surely a typing error


def parse_bed(text: str) -> Bed:
    """'300x200' (mm, width x height) or a preset name; ValueError with a sentence otherwise."""
    key = text.strip().lower()
    if key in BED_PRESETS:
        return BED_PRESETS[key]
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)(?:\s*mm)?", key)
    if not match:
        raise ValueError(f"{text!r} is not a bed size: give WIDTHxHEIGHT in mm (for example 300x200) or one of "
                         f"{', '.join(BED_PRESETS)}")
    width, height = float(match.group(1)), float(match.group(2))
    if not (10 <= width <= MAX_BED and 10 <= height <= MAX_BED):
        raise ValueError(f"a bed of {width:g} x {height:g} mm is outside 10 to {MAX_BED:g} mm each way")
    return Bed(width, height)


Draw = Callable[[SceneBuilder, Box], None]


@dataclass(frozen=True)
class LaserPart:
    """One piece to cut: its nominal size, its front (with its cut outline), and its back if it has one.

    A back is engraved after the part is turned over in its own hole (left to
    right), so it is drawn upright in the same box, with no cut.
    """

    width: float
    height: float
    front: Draw
    back: Draw | None = None


def rect_part(width: float, height: float, draw: Draw, back: Draw | None = None) -> LaserPart:
    """A rectangular part: its outline cut, and `draw` (and `back`) paint what is on it."""
    def front(builder: SceneBuilder, box: Box) -> None:
        draw(builder, box)
        builder.add("lines", Rect(box, "cut"))

    return LaserPart(width, height, front, back)


@dataclass(frozen=True)
class LaserJob:
    """Parts cut from one material: "tokens" from plywood, "sticks" from card."""

    name: str  # in the file names: iacta-pieces-laser-tokens-1.svg
    material: str  # for the read-me and the file title: "3 mm plywood or MDF", "card"
    parts: tuple[LaserPart, ...]


@dataclass(frozen=True)
class BedLayout:
    bed: int  # numbered from 0
    part: LaserPart
    box: Box  # where the part lies on the bed (turned: its width is the part's height)
    turned: bool = False  # a quarter turn clockwise, for a part that fits the bed only that way


def pack_parts(parts: Sequence[LaserPart], bed: Bed, kerf: float) -> list[BedLayout]:
    """Every part on a bed, as few beds as they need; ValueError if one is larger than a bed.

    Parts go largest first into the free rectangles left on the beds so far (a guillotine packing: each part
    splits the rectangle it takes into what is left beside it and below it), either way round, in the one that
    leaves the least beside it; so a box's walls fill the room beside its lid and floor rather than a bed of
    their own.
    """
    gap, edge = PART_GAP + kerf, edge_gap(kerf)
    for part in parts:
        if not (fits(part.width, part.height, bed, kerf) or fits(part.height, part.width, bed, kerf)):
            raise ValueError(f"a part of {part.width:g} x {part.height:g} mm is larger than the "
                             f"{bed.describe()} bed")
    # Each part takes its size and a gap to its right and below it; the free room runs that gap past the bed's far
    # margins, so a part there ends at the margin.
    whole = Box(edge, edge, bed.width - 2 * edge + gap, bed.height - 2 * edge + gap)
    beds: list[list[Box]] = []
    order = sorted(range(len(parts)), key=lambda n: (-max(parts[n].width, parts[n].height),
                                                     -parts[n].width * parts[n].height))  # stable
    layouts: dict[int, BedLayout] = {}
    for n in order:
        part = parts[n]
        places = ((number, free, _best_room(free, part.width + gap, part.height + gap))
                  for number, free in enumerate([*beds, [whole]]))
        number, free, found = next(place for place in places if place[2] is not None)  # a new bed holds it
        if number == len(beds):
            beds.append(free)
        assert found is not None
        index, turned = found
        room = free.pop(index)
        width, height = (part.height, part.width) if turned else (part.width, part.height)
        free.extend(_split(room, width + gap, height + gap))
        layouts[n] = BedLayout(number, part, Box(room.x, room.y, width, height), turned)
    return [layouts[n] for n in range(len(parts))]


def _best_room(free: list[Box], width: float, height: float) -> tuple[int, bool] | None:
    """Which free rectangle a part takes, and whether turned: the one that leaves the least beside it."""
    best: tuple[float, float, int, bool] | None = None
    for index, room in enumerate(free):
        for turned, (w, h) in ((False, (width, height)), (True, (height, width))):
            if w <= room.width + 1e-9 and h <= room.height + 1e-9:
                key = (min(room.width - w, room.height - h), room.y + room.x * 1e-6, index, turned)
                if best is None or key < best:
                    best = key
    return None if best is None else (best[2], best[3])


def _split(room: Box, width: float, height: float) -> list[Box]:
    """What is left of a free rectangle once a part takes its top-left corner: cut along the longer leftover."""
    right, below = room.width - width, room.height - height
    if right > below:
        pieces = [Box(room.x + width, room.y, right, room.height), Box(room.x, room.y + height, width, below)]
    else:
        pieces = [Box(room.x, room.y + height, room.width, below), Box(room.x + width, room.y, right, height)]
    return [p for p in pieces if p.width > 1e-6 and p.height > 1e-6]


def edge_gap(kerf: float) -> float:
    """Between a part's outline and the bed's edge: the margin and the half of the beam outside the outline."""
    return EDGE_GAP + kerf / 2


def fits(width: float, height: float, bed: Bed, kerf: float) -> bool:
    room = 2 * edge_gap(kerf)
    return width <= bed.width - room + 1e-9 and height <= bed.height - room + 1e-9


def largest_fitting(fitting: Callable[[float], bool], smallest: float, largest: float) -> float | None:
    """The largest size, to 0.1 mm, from `smallest` to `largest` for which `fitting` holds (it must hold for
    every size below one that fits), or None if not even `smallest` fits.  `largest` itself is tried first, cut
    to a tenth: asked for 16.05 mm, a 16 mm answer is found when 16 fits, never 15.9."""
    low, top = math.ceil(smallest * 10 - 1e-6), math.floor(largest * 10 + 1e-6)
    if top < low:
        return None
    if fitting(top / 10):
        return top / 10
    if not fitting(low / 10):
        return None
    high = top
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fitting(middle / 10) else (low, middle)
    return low / 10


def beds_that_hold(width: float, height: float, kerf: float) -> list[str]:
    """The presets whose bed holds a part this size, either way round: advice for a part too large."""
    return [name for name, bed in BED_PRESETS.items()
            if fits(width, height, bed, kerf) or fits(height, width, bed, kerf)]

