"""Fold-up nets: a square stick (four long faces) with a glue tab and end caps."""

from __future__ import annotations

from typing import Callable

from .scene import Box, Polygon, Polyline, SceneBuilder
from .sheets import outline

FaceDraw = Callable[[SceneBuilder, Box], None]


def stick_net_size(side: float, length: float) -> tuple[float, float]:
    """Width and height of the net: four faces and a tab across, caps above and below."""
    return (4 * side + 0.6 * side, length + 2 * side)


def draw_stick_net(builder: SceneBuilder, x: float, y: float, side: float, length: float,
                   faces: list[FaceDraw]) -> None:
    """Four faces side by side (left to right), a glue tab on the right, end caps on face 1."""
    top = y + side
    boxes = [Box(x + i * side, top, side, length) for i in range(4)]
    for box, draw in zip(boxes, faces):
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
