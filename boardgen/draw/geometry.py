"""Plane geometry for machine output: curves made straight, outlines offset, rings nested.

Laser programs and DXF readers all understand straight segments; curves are
flattened here to within FLATNESS of the true curve, far below what a laser
beam (about 0.1 mm wide) can show.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]
Ring = tuple[Point, ...]  # a closed outline; the last point joins the first

FLATNESS = 0.01  # mm: the furthest a flattened curve may stray from the true one


def circle_ring(centre: Point, radius: float) -> Ring:
    """A circle as a regular polygon whose sides stray at most FLATNESS from the circle."""
    steps = _arc_steps(radius, 2 * math.pi)
    cx, cy = centre
    return tuple((cx + radius * math.cos(2 * math.pi * k / steps), cy + radius * math.sin(2 * math.pi * k / steps))
                 for k in range(steps))


def rounded_rect_ring(x: float, y: float, width: float, height: float, radius: float) -> Ring:
    """A rectangle with quarter-circle corners, clockwise as seen on the page (y down)."""
    radius = max(0.0, min(radius, width / 2, height / 2))
    if radius == 0:
        return ((x, y), (x + width, y), (x + width, y + height), (x, y + height))
    steps = _arc_steps(radius, math.pi / 2)
    points: list[Point] = []
    # Corner centres in drawing order, each with the angle its quarter arc starts at (y grows downwards).
    corners = ((x + width - radius, y + radius, -90.0), (x + width - radius, y + height - radius, 0.0),
               (x + radius, y + height - radius, 90.0), (x + radius, y + radius, 180.0))
    for cx, cy, start in corners:
        for k in range(steps + 1):
            angle = math.radians(start + 90.0 * k / steps)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(points)


def _arc_steps(radius: float, sweep: float) -> int:
    if radius <= FLATNESS:
        return 4
    step = 2 * math.acos(1 - FLATNESS / radius)  # the widest angle whose chord strays FLATNESS
    return max(4, math.ceil(sweep / step))


def quadratic_points(start: Point, control: Point, end: Point, flatness: float = FLATNESS) -> list[Point]:
    """A quadratic Bézier (as TrueType glyphs use) flattened to within `flatness`; the points after `start`."""
    # The curve strays from its chord by at most a quarter of |start - 2 control + end| / steps^2.
    bend = math.hypot(start[0] - 2 * control[0] + end[0], start[1] - 2 * control[1] + end[1]) / 4
    steps = max(1, math.ceil(math.sqrt(bend / flatness)))
    points = []
    for k in range(1, steps + 1):
        t = k / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        points.append((a * start[0] + b * control[0] + c * end[0], a * start[1] + b * control[1] + c * end[1]))
    return points


def signed_area(ring: Sequence[Point]) -> float:
    """Positive when the ring turns clockwise on the page (y down), negative the other way."""
    total = 0.0
    for (x1, y1), (x2, y2) in zip(ring, (*ring[1:], ring[0]), strict=True):
        total += x1 * y2 - x2 * y1
    return total / 2


def ring_bounds(ring: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    return (min(xs), min(ys), max(xs), max(ys))


def contains_point(ring: Sequence[Point], point: Point) -> bool:
    """Whether the point lies inside the ring (even-odd rule; a point on the edge may go either way)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, (*ring[1:], ring[0]), strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def ring_inside(inner: Sequence[Point], outer: Sequence[Point]) -> bool:
    """Whether `inner` lies inside `outer`, for rings that do not cross: bounds first, then one vertex."""
    ix0, iy0, ix1, iy1 = ring_bounds(inner)
    ox0, oy0, ox1, oy1 = ring_bounds(outer)
    if ix0 < ox0 or iy0 < oy0 or ix1 > ox1 or iy1 > oy1:
        return False
    return all(contains_point(outer, point) for point in inner[:3])


def offset_ring(ring: Ring, distance: float) -> Ring:
    """The ring moved `distance` outwards (inwards when negative), corners mitred.

    For the small distances of a kerf (a tenth of a millimetre) on outlines
    whose edges are millimetres long, a mitred offset is exact along every
    edge and never folds over itself.  Collinear and repeated points are
    dropped first: they have no direction to offset along.
    """
    points = _simplified(ring)
    if distance == 0 or len(points) < 3:
        return tuple(points)
    # Outwards is to the left of travel on a clockwise ring (y down), to the right on an anticlockwise one.
    side = 1.0 if signed_area(points) > 0 else -1.0
    moved = []
    count = len(points)
    for i, here in enumerate(points):
        before, after = points[i - 1], points[(i + 1) % count]
        n1, n2 = _normal(before, here, side), _normal(here, after, side)
        bisector = (n1[0] + n2[0], n1[1] + n2[1])
        length = math.hypot(*bisector)
        # cos(half the turn) = |n1 + n2| / 2; the corner moves distance / cos along the bisector.
        scale = 2 * distance / (length * length)
        moved.append((here[0] + bisector[0] * scale, here[1] + bisector[1] * scale))
    return tuple(moved)


def _normal(start: Point, end: Point, side: float) -> Point:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    return (side * dy / length, -side * dx / length)


def _simplified(ring: Sequence[Point]) -> list[Point]:
    points: list[Point] = []
    for point in ring:
        if not points or math.dist(points[-1], point) > 1e-9:
            points.append(point)
    while len(points) > 1 and math.dist(points[0], points[-1]) <= 1e-9:
        points.pop()
    changed = True
    while changed and len(points) > 3:
        changed = False
        for i in range(len(points)):
            a, b, c = points[i - 1], points[i], points[(i + 1) % len(points)]
            if abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) < 1e-12 and \
                    (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) > 0:
                del points[i]
                changed = True
                break
    return points
