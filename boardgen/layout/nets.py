"""Fold-up nets: a square stick (four long faces) with a glue tab and end caps."""

from __future__ import annotations

from collections.abc import Callable

from ..draw.scene import Box, Polygon, Polyline, SceneBuilder

FaceDraw = Callable[[SceneBuilder, Box], None]
NumberedFaceDraw = Callable[[SceneBuilder, Box, int], None]  # a die's face, given its number


def stick_net_size(side: float, length: float) -> tuple[float, float]:
    """Width and height of the net: four faces and a tab across, caps above and below."""
    return (4 * side + 0.6 * side, length + 2 * side)


def draw_stick_net(builder: SceneBuilder, x: float, y: float, side: float, length: float,
                   faces: list[FaceDraw]) -> None:
    """Four faces side by side (left to right), a glue tab on the right, end caps on face 1."""
    top = y + side
    boxes = [Box(x + i * side, top, side, length) for i in range(4)]
    for box, draw in zip(boxes, faces, strict=True):
        draw(builder, box)
    tab = 0.6 * side
    right = x + 4 * side
    cap_top = Box(x, y, side, side)
    cap_bottom = Box(x, top + length, side, side)
    # One outline to cut along: faces, tab and both caps.
    cut = (
        (x, y), (x + side, y), (x + side, top), (right, top),
        (right + tab, top + tab), (right + tab, top + length - tab), (right, top + length),
        (x + side, top + length), (x + side, top + length + side), (x, top + length + side),
    )
    builder.add("lines", Polygon(cut, "cut"))
    for i in range(1, 5):
        fx = x + i * side
        builder.add("lines", Polyline(((fx, top), (fx, top + length)), "fold"))
    for cap in (cap_top, cap_bottom):
        edge = cap.bottom if cap is cap_top else cap.y
        builder.add("lines", Polyline(((cap.x, edge), (cap.right, edge)), "fold"))


# A right-handed die as a cross: with 1 on top and 2 facing you, 3 is on the right.
# (column, row) of each face in the net, row 0 at the top; opposite faces add up to 7.
CUBE_LAYOUT: dict[int, tuple[int, int]] = {1: (1, 0), 4: (0, 1), 2: (1, 1), 3: (2, 1), 6: (1, 2), 5: (1, 3)}
_TAB = 0.3  # of a face: depth of a glue tab


def cube_net_size(side: float) -> tuple[float, float]:
    return (3 * side, 4 * side + _TAB * side)


def draw_cube_net(builder: SceneBuilder, x: float, y: float, side: float, draw_face: NumberedFaceDraw) -> None:
    """The six faces (draw_face(builder, box, number)), fold lines, and seven glue tabs to close it."""
    boxes = {n: Box(x + c * side, y + r * side, side, side) for n, (c, r) in CUBE_LAYOUT.items()}
    for number, box in boxes.items():
        draw_face(builder, box, number)
    tab = _TAB * side
    # Tabs on the edges that meet another face only once folded: top face's sides, bottom face's
    # sides, back face's sides and its far end.
    for number, edge in ((1, "left"), (1, "right"), (6, "left"), (6, "right"), (5, "left"), (5, "right"),
                         (5, "bottom")):
        builder.add("lines", Polygon(_tab(boxes[number], edge, tab), "cut"))
    cross = (
        (x + side, y), (x + 2 * side, y), (x + 2 * side, y + side), (x + 3 * side, y + side),
        (x + 3 * side, y + 2 * side), (x + 2 * side, y + 2 * side), (x + 2 * side, y + 4 * side),
        (x + side, y + 4 * side), (x + side, y + 2 * side), (x, y + 2 * side), (x, y + side), (x + side, y + side),
    )
    builder.add("lines", Polygon(cross, "cut"))
    folds = (
        ((x + side, y + side), (x + 2 * side, y + side)), ((x + side, y + 2 * side), (x + 2 * side, y + 2 * side)),
        ((x + side, y + 3 * side), (x + 2 * side, y + 3 * side)), ((x + side, y + side), (x + side, y + 2 * side)),
        ((x + 2 * side, y + side), (x + 2 * side, y + 2 * side)),
    )
    for a, b in folds:
        builder.add("lines", Polyline((a, b), "fold"))


def _tab(box: Box, edge: str, depth: float) -> tuple[tuple[float, float], ...]:
    inset = depth  # slanted ends, so tabs do not collide in the corners
    if edge == "left":
        return ((box.x, box.y), (box.x - depth, box.y + inset), (box.x - depth, box.bottom - inset),
                (box.x, box.bottom))
    if edge == "right":
        return ((box.right, box.y), (box.right + depth, box.y + inset), (box.right + depth, box.bottom - inset),
                (box.right, box.bottom))
    return ((box.x, box.bottom), (box.x + inset, box.bottom + depth), (box.right - inset, box.bottom + depth),
            (box.right, box.bottom))
