"""Turn a scene's style roles into concrete styles, ready for a renderer.

Hatch patterns become plain line segments here, once, so every renderer draws
them the same way and a laser cutter sees ordinary lines rather than an SVG
pattern fill that many cutting programs ignore.
"""

import math
from functools import lru_cache
from typing import NamedTuple, Protocol

from .scene import Box, Circle, Placed, Polygon, Polyline, Rect, Scene, Shape, Text
from .styles import Hatch, Style


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
        if style.hatch is not None and isinstance(shape, Rect):
            ops.append(Painted(shape, Style(fill=style.fill, stroke=style.stroke, stroke_width=style.stroke_width)))
            line_style = Style(stroke=style.hatch.colour, stroke_width=style.hatch.width)
            ops.extend(Painted(Polyline(seg, shape.role), line_style) for seg in hatch_lines(shape.box, style.hatch))
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
