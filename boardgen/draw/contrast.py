"""How far apart a palette's colours stay for colour-blind players.

Distances are CAM02-UCS ΔE between colours as seen with normal vision and as
simulated for deuteranopia, protanopia and tritanopia (Machado 2009 at
severity 100), which is what colorspacious computes.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy
from colorspacious import cspace_convert, deltaE

from .palettes import Palette

VISIONS: tuple[str, ...] = ("normal", "deuteranopia", "protanopia", "tritanopia")
_CVD_TYPES = {"deuteranopia": "deuteranomaly", "protanopia": "protanomaly", "tritanopia": "tritanomaly"}

DISTINCT_MIN = 20.0  # between corner colours and the plain field
PALE_MIN = 10.0  # between a pale border and its own corner colour or the plain field


@dataclass(frozen=True)
class Pair:
    first: str
    second: str
    delta_e: tuple[float, ...]  # one per vision, in VISIONS order
    required: float

    @property
    def worst(self) -> float:
        return min(self.delta_e)

    @property
    def ok(self) -> bool:
        return self.worst >= self.required


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255.0 for i in (1, 3, 5))  # type: ignore[return-value]


def delta_e(first: str, second: str) -> tuple[float, ...]:
    values = []
    for vision in VISIONS:
        a, b = numpy.array(_rgb(first)), numpy.array(_rgb(second))
        if vision != "normal":
            space = {"name": "sRGB1+CVD", "cvd_type": _CVD_TYPES[vision], "severity": 100}
            a = numpy.clip(cspace_convert(a, space, "sRGB1"), 0, 1)
            b = numpy.clip(cspace_convert(b, space, "sRGB1"), 0, 1)
        values.append(float(deltaE(a, b, input_space="sRGB1", uniform_space="CAM02-UCS")))
    return tuple(values)


def contrast_pairs(palette: Palette) -> list[Pair]:
    """Every pair the palette promises to keep apart, with its distances."""

    def fill(role: str) -> str:
        style = palette.style(role)
        assert style is not None and style.fill, f"{role} has no fill colour"
        return style.fill

    pairs = [
        Pair(a, b, delta_e(fill(a), fill(b)), DISTINCT_MIN)
        for a, b in itertools.combinations(palette.distinct_roles, 2)
    ]
    for pale, base in palette.pale_pairs:
        pairs.append(Pair(pale, base, delta_e(fill(pale), fill(base)), PALE_MIN))
        pairs.append(Pair(pale, "field", delta_e(fill(pale), fill("field")), PALE_MIN))
    return pairs
