"""Fold-up nets: faces and glue tabs laid flat, cut round the outside, folded where they meet.

A net is a list of polygons (faces, each with its own picture, and tabs)
that touch along whole edges.  `draw_net` draws each face's picture with no
outline of its own, cuts the outside once (one closed path), and folds every
inner edge once (dashed): so a printed fold is never solid underneath, and
the cut line is the strongest line on the sheet.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..draw.outline import loops, outer_and_inner_edges
from ..draw.scene import Box, Polygon, Polyline, SceneBuilder

Point = tuple[float, float]
FaceDraw = Callable[[SceneBuilder, Box], None]  # paints a rectangular face (no outline)
NumberedFaceDraw = Callable[[SceneBuilder, Box, int], None]  # a die's face, given its number


class NetPart(NamedTuple):
    outline: tuple[Point, ...]
    paint: Callable[[SceneBuilder], None] | None = None  # a face's picture; None for a glue tab


def draw_net(builder: SceneBuilder, parts: Sequence[NetPart]) -> None:
    for part in parts:
        if part.paint is not None:
            part.paint(builder)
    outer, inner = outer_and_inner_edges(part.outline for part in parts)
    for loop in loops(outer):
        builder.add("lines", Polygon(loop, "cut"))
    for start, end in inner:
        builder.add("lines", Polyline((start, end), "fold"))


def rect(box: Box) -> tuple[Point, ...]:
    return ((box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom))


def _face(box: Box, draw: FaceDraw) -> NetPart:
    return NetPart(rect(box), lambda builder: draw(builder, box))


# -- a square stick: four long faces, a glue tab, end caps --------------------------------------------------------

def stick_net_size(side: float, length: float) -> tuple[float, float]:
    """Width and height of the net: four faces and a tab across, caps above and below."""
    return (4 * side + 0.6 * side, length + 2 * side)


def draw_stick_net(builder: SceneBuilder, x: float, y: float, side: float, length: float,
                   faces: list[FaceDraw]) -> None:
    """Four faces side by side (left to right), a glue tab on the right, end caps on face 1."""
    top = y + side
    boxes = [Box(x + i * side, top, side, length) for i in range(4)]
    parts = [_face(box, draw) for box, draw in zip(boxes, faces, strict=True)]
    tab, right = 0.6 * side, x + 4 * side
    parts.append(NetPart(((right, top), (right + tab, top + tab), (right + tab, top + length - tab),
                          (right, top + length))))
    parts.append(NetPart(rect(Box(x, y, side, side))))  # the end caps close the stick
    parts.append(NetPart(rect(Box(x, top + length, side, side))))
    draw_net(builder, parts)


# -- a die: six faces as a cross, seven glue tabs ----------------------------------------------------------------

# A right-handed die as a cross: with 1 on top and 2 facing you, 3 is on the right.
# (column, row) of each face in the net, row 0 at the top; opposite faces add up to 7.
CUBE_LAYOUT: dict[int, tuple[int, int]] = {1: (1, 0), 4: (0, 1), 2: (1, 1), 3: (2, 1), 6: (1, 2), 5: (1, 3)}
_TAB = 0.3  # of a face: depth of a glue tab
# Tabs on the edges that meet another face only once folded: the top face's sides, the bottom face's
# sides, the back face's sides and its far end.
_CUBE_TABS = ((1, "left"), (1, "right"), (6, "left"), (6, "right"), (5, "left"), (5, "right"), (5, "bottom"))


def cube_net_size(side: float) -> tuple[float, float]:
    return (3 * side, 4 * side + _TAB * side)


def draw_cube_net(builder: SceneBuilder, x: float, y: float, side: float, draw_face: NumberedFaceDraw) -> None:
    """The six faces (draw_face(builder, box, number)), folds, and seven glue tabs to close it."""
    boxes = {n: Box(x + c * side, y + r * side, side, side) for n, (c, r) in CUBE_LAYOUT.items()}
    parts = [NetPart(rect(box), _numbered(draw_face, box, n)) for n, box in boxes.items()]
    parts += [NetPart(_tab(boxes[number], edge, _TAB * side)) for number, edge in _CUBE_TABS]
    draw_net(builder, parts)


def _numbered(draw: NumberedFaceDraw, box: Box, number: int) -> Callable[[SceneBuilder], None]:
    return lambda builder: draw(builder, box, number)


def _tab(box: Box, edge: str, depth: float) -> tuple[Point, ...]:
    """A glue tab with slanted ends (so tabs do not collide in the corners) along one edge of a face."""
    inset = depth
    if edge == "left":
        return ((box.x, box.bottom), (box.x, box.y), (box.x - depth, box.y + inset),
                (box.x - depth, box.bottom - inset))
    if edge == "right":
        return ((box.right, box.y), (box.right, box.bottom), (box.right + depth, box.bottom - inset),
                (box.right + depth, box.y + inset))
    return ((box.x, box.bottom), (box.right, box.bottom), (box.right - inset, box.bottom + depth),
            (box.x + inset, box.bottom + depth))


# -- an open pyramid: four triangular faces fanned round the apex, a glue tab ---------------------------------------

TriangleDraw = Callable[[SceneBuilder, tuple[Point, Point, Point], int], None]  # (apex, foot, foot), face number
@dataclass(frozen=True)
class PyramidSize:
    pips: int
    name: str
    base: float  # mm, the side of the square base
    height: float  # mm, base to apex


# Icehouse pyramids in Looney Labs' published sizes, by their pips: what Stacktics and game files make.
ICEHOUSE = {3: PyramidSize(3, "large", 25.4, 44.45), 2: PyramidSize(2, "medium", 19.8, 34.9),
            1: PyramidSize(1, "small", 14.3, 25.4)}

_PYRAMID_TAB = 0.22  # of the base edge: depth of the glue tab


def pyramid_edge(base: float, height: float) -> float:
    """A square pyramid's slanting edge, from a corner of its base to the apex."""
    return math.hypot(height, base / math.sqrt(2))


def _pyramid_points(base: float, height: float) -> tuple[list[Point], list[Point]]:
    """The fan, apex at (0, 0) at the top, the five feet of its slanting edges below it, and the glue tab."""
    edge = pyramid_edge(base, height)
    step = 2 * math.asin(base / (2 * edge))  # the angle each face spans at the apex
    depth = _PYRAMID_TAB * base
    # Centred on the whole fan, tab included, so the net's box is as small as it can be.
    tab_angle = math.atan2(depth, edge)
    first = -(4 * step + tab_angle) / 2
    feet = [(edge * math.sin(first + k * step), edge * math.cos(first + k * step)) for k in range(5)]
    (fx, fy) = feet[4]
    ux, uy = fx / edge, fy / edge  # along the last edge, apex to foot
    nx, ny = uy, -ux  # outwards, away from the fan
    tab = [(0.0, 0.0), feet[4], (fx + depth * (nx - ux), fy + depth * (ny - uy)),
           (2.5 * depth * ux + depth * nx, 2.5 * depth * uy + depth * ny)]
    return feet, tab


def pyramid_net_size(base: float, height: float) -> tuple[float, float]:
    feet, tab = _pyramid_points(base, height)
    xs = [p[0] for p in feet + tab]
    ys = [p[1] for p in feet + tab]
    return max(xs) - min(xs), max(ys) - min(ys)


def draw_pyramid_net(builder: SceneBuilder, x: float, y: float, base: float, height: float,
                     draw_face: TriangleDraw) -> None:
    """An open-based pyramid's four faces (draw_face(builder, (apex, foot, foot), n)) and a glue tab, the net's
    box at (x, y): fold the faces round the apex and glue the tab under the first face."""
    feet, tab = _pyramid_points(base, height)
    points = feet + tab
    dx, dy = x - min(p[0] for p in points), y - min(p[1] for p in points)

    def at(p: Point) -> Point:
        return (p[0] + dx, p[1] + dy)

    apex = at((0.0, 0.0))
    placed = [at(p) for p in feet]
    parts = [NetPart((apex, placed[k], placed[k + 1]), _triangle(draw_face, (apex, placed[k], placed[k + 1]), k))
             for k in range(4)]
    parts.append(NetPart(tuple(at(p) for p in tab)))
    draw_net(builder, parts)


def _triangle(draw: TriangleDraw, corners: tuple[Point, Point, Point], number: int) -> Callable[[SceneBuilder], None]:
    return lambda builder: draw(builder, corners, number)
