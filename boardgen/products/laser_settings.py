"""How the user asked for laser files: the bed, the kerf, the material, the colours that mean cut, score and
engrave.  Apart from the laser products themselves (laser.py), so that the options that declare these (every
product with --laser) do not load the laser drawing and its fonts' outlines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..draw.laser_colours import LASER_COLOURS, LaserColours
from ..layout.bed import Bed

DEFAULT_KERF = 0.1  # mm: boxes.py's burn for 3 mm plywood and MDF on a typical CO2 laser
DEFAULT_THICKNESS = 3.0  # mm: the plywood or MDF most clubs' lasers cut


@dataclass(frozen=True)
class LaserSettings:
    bed: Bed
    kerf: float = DEFAULT_KERF
    reference: bool = False
    colours: LaserColours = LASER_COLOURS["rgb"]
    format: str = "svg"  # svg | dxf
    zones: str = "engrave"  # engrave | hatch | none (draw.laser_colours.ZONE_MODES)
    dxf_version: str = "r2010"  # r2010 | r12
    thickness: float = DEFAULT_THICKNESS  # mm: the material, for the reference's fit comb
    look: Any = None  # the mono palette with the game's own zones (a game file's); None: the mono palette
