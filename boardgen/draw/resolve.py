"""Turn a scene's style roles into concrete styles, ready for a renderer.

Hatch patterns become plain line segments here, once, so every renderer draws
them the same way and a laser cutter sees ordinary lines rather than an SVG
pattern fill that many cutting programs ignore.
"""

from __future__ import annotations

import math
from typing import NamedTuple, Protocol

from .scene import Box, Placed, Polyline, Rect, Scene, Shape
from .styles import Hatch, Style


class Look(Protocol):
    """What turns roles into styles: a palette for print (later, a laser profile)."""

    def style(self, role: str) -> Style | None: ...


class Painted(NamedTuple):
    shape: Shape  # never a Placed
    style: Style


class Group(NamedTuple):
    drawing: Drawing
    offset: tuple[float, float]
    scale: float
    clip: Box | None


Op = Painted | Group


class Drawing(NamedTuple):
    width: float
    height: float
    layers: tuple[tuple[str, tuple[Op, ...]], ...]
    title: str = ""


def resolve(scene: Scene, look: Look) -> Drawing:
    layers = tuple((name, tuple(_resolve_shapes(shapes, look))) for name, shapes in scene.layers)
    return Drawing(scene.width, scene.height, layers, scene.title)


def _resolve_shapes(shapes: tuple[Shape, ...], look: Look) -> list[Op]:
    ops: list[Op] = []
    for shape in shapes:
        if isinstance(shape, Placed):
            ops.append(Group(resolve(shape.scene, look), shape.offset, shape.scale, shape.clip))
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


def hatch_lines(box: Box, hatch: Hatch) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Line segments of a hatch clipped to a box.

    Lines sit on a grid anchored at the origin, so neighbouring boxes with the
    same hatch join up into one continuous pattern.
    """
    segments = []
    for angle in hatch.angles:
        # Angles are as seen on the page (y up), scene y grows downwards.
        dx, dy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
        nx, ny = -dy, dx
        corners = [(box.x, box.y), (box.right, box.y), (box.x, box.bottom), (box.right, box.bottom)]
        offsets = [nx * cx + ny * cy for cx, cy in corners]
        first = math.ceil(min(offsets) / hatch.spacing)
        last = math.floor(max(offsets) / hatch.spacing)
        for k in range(first, last + 1):
            o = k * hatch.spacing
            segment = _clip_line((nx * o, ny * o), (dx, dy), box)
            if segment is not None:
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
