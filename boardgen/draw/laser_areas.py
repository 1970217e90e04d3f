"""Engraved areas as geometry: what they cover, which parts of a scored line run over them, which way rings turn.

An engraved area is a list of rings filled by the even-odd rule (a die with
its pips as holes).  Three things need more than drawing it:

- a scored line must stop where it meets engraving: burnt twice, the wood
  chars, and a hatch line through a pip blurs it;
- laser programs that fill by the non-zero rule (Inkscape's DXF import, some
  controllers) need every hole to turn the other way from the ring round it;
- a club booking a laser wants each file's cut and score lengths and engraved
  area, to work out how long it takes.
"""

import math
from collections.abc import Sequence
from typing import NamedTuple

from .geometry import Point, Ring, contains_point, ring_bounds, signed_area

Bounds = tuple[float, float, float, float]
_SHORTEST = 0.05  # mm: a shorter piece of a scored line is not worth burning
_BESIDE = 0.01  # mm


class _Indexed(NamedTuple):
    bounds: Bounds
    rings: tuple[Ring, ...]
    ring_bounds: tuple[Bounds, ...]


class EngravedAreas:
    """The areas of one part or bed, with their bounds, for quick questions about points and lines."""

    def __init__(self, areas: Sequence[Sequence[Ring]]) -> None:
        indexed = []
        for area in areas:
            each = tuple(ring_bounds(ring) for ring in area if len(ring) >= 3)
            if not each:
                continue
            rings = tuple(ring for ring in area if len(ring) >= 3)
            indexed.append(_Indexed((min(b[0] for b in each), min(b[1] for b in each), max(b[2] for b in each),
                                     max(b[3] for b in each)), rings, each))
        self._areas = indexed

    def covers(self, point: Point) -> bool:
        """Whether the point lies on engraved material (even-odd within each area)."""
        x, y = point
        for area in self._areas:
            x0, y0, x1, y1 = area.bounds
            if x0 <= x <= x1 and y0 <= y <= y1:
                inside = False
                for ring, (rx0, ry0, rx1, ry1) in zip(area.rings, area.ring_bounds, strict=True):
                    if rx0 <= x <= rx1 and ry0 <= y <= ry1 and contains_point(ring, point):
                        inside = not inside
                if inside:
                    return True
        return False

    def outside(self, start: Point, end: Point) -> list[tuple[Point, Point]]:
        """The pieces of the segment that do not run over engraving, in the segment's direction."""
        sx0, sx1 = sorted((start[0], end[0]))
        sy0, sy1 = sorted((start[1], end[1]))
        near = [area for area in self._areas
                if area.bounds[0] <= sx1 and area.bounds[2] >= sx0 and area.bounds[1] <= sy1 and area.bounds[3] >= sy0]
        if not near:
            return [(start, end)]
        cuts = [0.0, 1.0]
        dx, dy = end[0] - start[0], end[1] - start[1]
        for area in near:
            for ring, (rx0, ry0, rx1, ry1) in zip(area.rings, area.ring_bounds, strict=True):
                if rx0 > sx1 or rx1 < sx0 or ry0 > sy1 or ry1 < sy0:
                    continue
                for a, b in zip(ring, (*ring[1:], ring[0]), strict=True):
                    t = _crossing(start, dx, dy, a, b)
                    if t is not None:
                        cuts.append(t)
        cuts.sort()
        length = math.hypot(dx, dy)
        # Looked at a hair to each side: a line along an engraved edge (a white die's outline) is kept.
        nx, ny = -dy / length * _BESIDE, dx / length * _BESIDE
        kept: list[tuple[float, float]] = []
        for low, high in zip(cuts, cuts[1:], strict=False):
            if (high - low) * length <= _SHORTEST:
                continue
            middle = (low + high) / 2
            mx, my = start[0] + middle * dx, start[1] + middle * dy
            if self.covers((mx + nx, my + ny)) and self.covers((mx - nx, my - ny)):
                continue
            if kept and abs(kept[-1][1] - low) * length <= _SHORTEST:
                kept[-1] = (kept[-1][0], high)
            else:
                kept.append((low, high))
        if kept == [(0.0, 1.0)]:
            return [(start, end)]
        return [((start[0] + a * dx, start[1] + a * dy), (start[0] + b * dx, start[1] + b * dy)) for a, b in kept]


def _crossing(start: Point, dx: float, dy: float, a: Point, b: Point) -> float | None:
    """Where along the segment (0 to 1) it crosses the edge a-b, if it does."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    denominator = dx * ey - dy * ex
    if abs(denominator) < 1e-12:
        return None  # parallel: a line along an edge is not cut by it
    qx, qy = a[0] - start[0], a[1] - start[1]
    t = (qx * ey - qy * ex) / denominator
    u = (qx * dy - qy * dx) / denominator
    return t if 0.0 < t < 1.0 and 0.0 <= u <= 1.0 else None


def nesting_depths(rings: Sequence[Ring]) -> list[int]:
    """How many of the other rings each ring lies inside (rings that do not cross)."""
    bounds = [ring_bounds(ring) for ring in rings]
    depths = []
    for ring, (x0, y0, x1, y1) in zip(rings, bounds, strict=True):
        depths.append(sum(1 for other, (ox0, oy0, ox1, oy1) in zip(rings, bounds, strict=True)
                          if other is not ring and ox0 <= x0 and oy0 <= y0 and x1 <= ox1 and y1 <= oy1
                          and all(contains_point(other, point) for point in ring[:3])))
    return depths


def turned(ring: Ring, clockwise: bool) -> Ring:
    """The ring running clockwise on the page (y down) or anticlockwise."""
    return ring if (signed_area(ring) > 0) == clockwise else tuple(reversed(ring))


def wound(area: Sequence[Ring]) -> tuple[Ring, ...]:
    """An area's rings with outlines clockwise and holes (inside an odd number of others) anticlockwise, so
    that the non-zero rule fills it as the even-odd rule does."""
    return tuple(turned(ring, depth % 2 == 0) for ring, depth in zip(area, nesting_depths(area), strict=True))


def perimeter(points: Sequence[Point], closed: bool) -> float:
    ends = (*points, points[0]) if closed and points else tuple(points)
    return sum(math.dist(a, b) for a, b in zip(ends, ends[1:], strict=False))


def engraved_area(area: Sequence[Ring]) -> float:
    """Square millimetres burnt: each outline's area less its holes', for an area `wound` has turned (outlines
    clockwise, holes anticlockwise, so the signed areas add up to it)."""
    return sum(signed_area(ring) for ring in area)


# Rough speeds of a 40 W CO2 laser on 3 mm plywood, stated in the read-me: a club books the machine by them.
CUT_SPEED = 10.0  # mm/s
SCORE_SPEED = 50.0  # mm/s
ENGRAVE_RATE = 20.0  # mm² a second: 300 mm/s at 0.1 mm between lines, less the turns at each line's end


class LaserWork(NamedTuple):
    """How much a file asks of the laser."""

    cut: float  # mm of cut line
    score: float  # mm of scored line
    engraved: float  # mm² engraved

    def minutes(self) -> float:
        return (self.cut / CUT_SPEED + self.score / SCORE_SPEED + self.engraved / ENGRAVE_RATE) / 60


def laser_work(cuts: Sequence[Ring], scores: Sequence[tuple[Sequence[Point], bool]],
               engraves: Sequence[Sequence[Ring]]) -> LaserWork:
    return LaserWork(sum(perimeter(ring, True) for ring in cuts),
                     sum(perimeter(points, closed) for points, closed in scores),
                     sum(engraved_area(area) for area in engraves))
