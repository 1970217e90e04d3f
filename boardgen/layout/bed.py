"""Laser beds: their sizes, the parts cut on them, and how far apart the parts lie.

A part is drawn at a box: its cut outline (role ``cut``) and what is scored
and engraved on it.  Parts lie a gap apart that keeps 2 mm between
neighbouring cut lines (their outlines PART_GAP plus the kerf apart), and 1 mm
from the bed's edge (their outlines 1 mm and half the kerf): there the beam
only has to stay inside the working area (and clear of the sheet's edge,
placed by hand), so a 197 mm plate fits a 200 mm bed.  layout.packing puts
them on as few beds as they need.
"""

import math
import re
from collections.abc import Callable
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
    what: str = ""  # what the part is, for a read-me's list of what is on each bed: "plate", "token", "lid wall"


def rect_part(width: float, height: float, draw: Draw, back: Draw | None = None, what: str = "") -> LaserPart:
    """A rectangular part: its outline cut, and `draw` (and `back`) paint what is on it."""
    def front(builder: SceneBuilder, box: Box) -> None:
        draw(builder, box)
        builder.add("lines", Rect(box, "cut"))

    return LaserPart(width, height, front, back, what)


@dataclass(frozen=True)
class LaserJob:
    """Parts cut from one material: "tokens" from plywood, "sticks" from card."""

    name: str  # in the file names: iacta-pieces-laser-tokens-1.svg
    material: str  # for the read-me and the file title: "3 mm plywood or MDF", "card"
    parts: tuple[LaserPart, ...]


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
    """The presets whose bed holds a part this size, either way round, the smallest first: advice for a part
    too large."""
    return sorted((name for name, bed in BED_PRESETS.items()
                   if fits(width, height, bed, kerf) or fits(height, width, bed, kerf)),
                  key=lambda name: BED_PRESETS[name].width * BED_PRESETS[name].height)


def larger_bed(width: float, height: float, kerf: float) -> str:
    """'--bed NAME (W x H mm)' for the smallest preset that holds a part this size, or the least bed it needs
    when none does: what to tell a user whose part is larger than their bed."""
    presets = beds_that_hold(width, height, kerf)
    if presets:
        bed = BED_PRESETS[presets[0]]
        return f"--bed {presets[0]} ({bed.width:g} x {bed.height:g} mm)"
    room = 2 * edge_gap(kerf)
    least = (math.ceil(max(width, height) + room - 1e-6), math.ceil(min(width, height) + room - 1e-6))
    return f"a --bed of at least {least[0]}x{least[1]} (no preset is that large)"

