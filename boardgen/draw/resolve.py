"""Turn a scene's style roles into concrete styles, ready for a renderer.

Hatch patterns become plain line segments here, once, so every renderer draws
them the same way and a laser cutter sees ordinary lines rather than an SVG
pattern fill that many cutting programs ignore: in a square field, a round one
(a point, a pit) and any other outline (a store, a tray), each kept clear of
its edge.
"""

import math
from functools import lru_cache
from typing import NamedTuple, Protocol

from .geometry import Ring, contains_point, offset_ring, ring_bounds
from .scene import Box, Circle, Placed, Point, Polygon, Polyline, Rect, Scene, Shape, Text
from .styles import Hatch, Style

Segment = tuple[Point, Point]


class Look(Protocol):
    """What turns roles into styles: a palette for print (later, a laser profile)."""

    def style(self, role: str) -> Style | None: ...


class Painted(NamedTuple):
    shape: Shape  # never a Placed
    style: Style


class Group(NamedTuple):
    drawing: "Drawing"
    offset: tuple[float, float]
    scale: float
    clip: Box | None


Op = Painted | Group


class Drawing(NamedTuple):
    width: float
    height: float
    layers: tuple[tuple[str, tuple[Op, ...]], ...]
    title: str = ""


def resolve(scene: Scene, look: Look, window: Box | None = None) -> Drawing:
    """The scene with every role turned into a style; with a `window`, only shapes that can show in it."""
    layers = tuple((name, tuple(_resolve_shapes(shapes, look, window))) for name, shapes in scene.layers)
    return Drawing(scene.width, scene.height, layers, scene.title)


def _resolve_shapes(shapes: tuple[Shape, ...], look: Look, window: Box | None) -> list[Op]:
    ops: list[Op] = []
    for shape in shapes if window is None else _showing(shapes, window):
        if isinstance(shape, Placed):
            ops.append(Group(resolve(shape.scene, look, _inner_window(shape, window)), shape.offset, shape.scale,
                             shape.clip))
            continue
        style = look.style(shape.role)
        if style is None:
            continue
        if style.hatch is not None and isinstance(shape, (Rect, Circle, Polygon)):
            ops.append(Painted(shape, Style(fill=style.fill, stroke=style.stroke, stroke_width=style.stroke_width)))
            line_style = Style(stroke=style.hatch.colour, stroke_width=style.hatch.width)
            ops.extend(Painted(Polyline(seg, shape.role), line_style) for seg in hatch_within(shape, style.hatch))
        else:
            ops.append(Painted(shape, style))
    return ops


_SLACK = 2.0  # mm added round every shape's bounds: strokes, text ascenders, round caps


def _showing(shapes: tuple[Shape, ...], window: Box) -> list[Shape]:
    """The shapes that can show in the window: a tile of a large board draws only what it shows."""
    left, top, right, bottom = window.x, window.y, window.right, window.bottom
    return [shape for shape, (x0, y0, x1, y1) in zip(shapes, _extents(shapes), strict=True)
            if x0 < right and x1 > left and y0 < bottom and y1 > top]


@lru_cache(maxsize=64)
def _extents(shapes: tuple[Shape, ...]) -> list[tuple[float, float, float, float]]:
    """Left, top, right and bottom of every shape's bounds.  Every tile of a large board shows the same
    layers through another window, so they are measured once, not once a tile (10,000 times for 25 pages)."""
    return [(box.x, box.y, box.right, box.bottom) for box in map(bounds, shapes)]


def bounds(shape: Shape) -> Box:
    """A box that surely holds everything the shape paints (generous for text, whose width is estimated)."""
    if isinstance(shape, Rect):
        box = shape.box
    elif isinstance(shape, Circle):
        (x, y), r = shape.centre, shape.radius
        box = Box(x - r, y - r, 2 * r, 2 * r)
    elif isinstance(shape, (Polygon, Polyline)):
        xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
        box = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    elif isinstance(shape, Text):
        reach = shape.size * (0.8 * len(shape.text) + 1.0)  # wider than any line of text could be
        box = Box(shape.position[0] - reach, shape.position[1] - reach, 2 * reach, 2 * reach)
    else:  # Placed
        placed = shape.clip or Box(0.0, 0.0, shape.scene.width, shape.scene.height)
        box = Box(shape.offset[0] + placed.x * shape.scale, shape.offset[1] + placed.y * shape.scale,
                  placed.width * shape.scale, placed.height * shape.scale)
    return box.grown(_SLACK)


def _inner_window(placed: Placed, window: Box | None) -> Box | None:
    """The part of a placed scene that can show: its clip, narrowed to the outer window, in its own units."""
    inner = placed.clip
    if window is not None:
        scale = placed.scale
        outer = Box((window.x - placed.offset[0]) / scale, (window.y - placed.offset[1]) / scale,
                    window.width / scale, window.height / scale)
        inner = outer if inner is None else _intersection(inner, outer)
    return inner


def _intersection(a: Box, b: Box) -> Box:
    x, y = max(a.x, b.x), max(a.y, b.y)
    return Box(x, y, max(0.0, min(a.right, b.right) - x), max(0.0, min(a.bottom, b.bottom) - y))


HATCH_INSET = 0.6  # mm between a hatch and its box's edge: clear of the grid line, which it must never double
_SHORTEST = 0.8  # mm: a shorter sliver in a corner is left out (it would print as a dot, or burn as one)


def hatch_within(shape: Rect | Circle | Polygon, hatch: Hatch) -> list[Segment]:
    """A hatch's lines inside a shape, as far from its edge as a square field's are from the field's."""
    if isinstance(shape, Rect):
        return hatch_lines(shape.box, hatch)
    inset = HATCH_INSET + hatch.width / 2
    if isinstance(shape, Circle):
        radius = shape.radius - inset
        (cx, cy) = shape.centre
        if radius <= 0:
            return []
        square = Box(cx - radius, cy - radius, 2 * radius, 2 * radius).grown(inset)
        return [piece for segment in hatch_lines(square, hatch)
                for piece in within_circle(segment, shape.centre, radius) if math.dist(*piece) >= _SHORTEST]
    ring = offset_ring(tuple(shape.points), -inset)
    if len(ring) < 3:
        return []
    x0, y0, x1, y1 = ring_bounds(ring)
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return []
    box = Box(x0, y0, x1 - x0, y1 - y0).grown(inset)
    return [piece for segment in hatch_lines(box, hatch) for piece in within_ring(segment, ring)
            if math.dist(*piece) >= _SHORTEST]


def within_circle(segment: Segment, centre: Point, radius: float) -> list[Segment]:
    """The part of a segment inside a circle, if any."""
    (x1, y1), (x2, y2) = segment
    dx, dy, fx, fy = x2 - x1, y2 - y1, x1 - centre[0], y1 - centre[1]
    a, b, c = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - radius * radius
    reach = b * b - 4 * a * c
    if a == 0 or reach <= 0:
        return []
    low, high = max(0.0, (-b - math.sqrt(reach)) / (2 * a)), min(1.0, (-b + math.sqrt(reach)) / (2 * a))
    if high <= low:
        return []
    return [((x1 + dx * low, y1 + dy * low), (x1 + dx * high, y1 + dy * high))]


def within_ring(segment: Segment, ring: Ring) -> list[Segment]:
    """The parts of a segment inside a ring (by the even-odd rule, so a ring of any shape)."""
    (x1, y1), (x2, y2) = segment
    dx, dy = x2 - x1, y2 - y1
    crossings = [0.0, 1.0]
    for (ax, ay), (bx, by) in zip(ring, (*ring[1:], ring[0]), strict=True):
        ex, ey = bx - ax, by - ay
        denominator = dx * ey - dy * ex
        if abs(denominator) < 1e-12:
            continue  # parallel: it meets the line at its ends' crossings, if anywhere
        t = ((ax - x1) * ey - (ay - y1) * ex) / denominator
        u = ((ax - x1) * dy - (ay - y1) * dx) / denominator
        if 0.0 < t < 1.0 and 0.0 <= u < 1.0:
            crossings.append(t)
    crossings.sort()
    pieces = []
    for low, high in zip(crossings, crossings[1:], strict=False):
        middle = (low + high) / 2
        if high - low > 1e-9 and contains_point(ring, (x1 + dx * middle, y1 + dy * middle)):
            pieces.append(((x1 + dx * low, y1 + dy * low), (x1 + dx * high, y1 + dy * high)))
    return pieces


def hatch_lines(box: Box, hatch: Hatch) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Line segments of a hatch, inset from the box's edges and evenly spread across it.

    The lines are spaced from the box itself rather than from a page-wide grid: every box of a size gets
    the same number of lines in the same places, and no line runs along or near an edge.
    """
    inner = box.grown(-(HATCH_INSET + hatch.width / 2))
    if inner.width <= 0 or inner.height <= 0:
        return []
    segments = []
    for angle in hatch.angles:
        # Angles are as seen on the page (y up), scene y grows downwards.
        dx, dy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
        nx, ny = -dy, dx
        corners = [(inner.x, inner.y), (inner.right, inner.y), (inner.x, inner.bottom), (inner.right, inner.bottom)]
        low, high = min(nx * cx + ny * cy for cx, cy in corners), max(nx * cx + ny * cy for cx, cy in corners)
        count = max(1, round((high - low) / hatch.spacing))
        step = (high - low) / count
        for k in range(count):
            o = low + (k + 0.5) * step  # centred: half a step from each side
            segment = _clip_line((nx * o, ny * o), (dx, dy), inner)
            if segment is not None and math.dist(*segment) >= _SHORTEST:
                segments.append(segment)
    return segments


def _clip_line(point: tuple[float, float], direction: tuple[float, float],
               box: Box) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Clip the infinite line point + t * direction to the box (Liang-Barsky)."""
    t0, t1 = -math.inf, math.inf
    for p, d, lo, hi in ((point[0], direction[0], box.x, box.right), (point[1], direction[1], box.y, box.bottom)):
        if abs(d) < 1e-12:
            if p < lo or p > hi:
                return None
            continue
        a, b = (lo - p) / d, (hi - p) / d
        t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
    if t1 - t0 < 1e-6:
        return None
    start = (point[0] + t0 * direction[0], point[1] + t0 * direction[1])
    end = (point[0] + t1 * direction[0], point[1] + t1 * direction[1])
    return (start, end)
