"""Card boxes to print, fold and glue: a two-piece box (a base and a lid that slides over it) sized to its contents.

Each piece is a tray: a floor, four walls that fold up from its edges, and a
glue tab at each end of the front and back walls that folds in and is glued
inside the side wall beside it.  Sizes are inside sizes in millimetres; the
card's thickness is added outside, and the lid is as much larger inside than
the base is outside as the play promised.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..draw.scene import Box, SceneBuilder
from .nets import NetPart, Point, draw_net, rect

PLAY = 1.0  # mm: how much larger the lid is inside than the base is outside, so it slides on and off
TAB_DEPTH = 0.8  # of a wall's height, at most 15 mm: a glue tab's depth

PanelDraw = Callable[[SceneBuilder, Box], None]  # paints one panel (upright as the net lies), no outline


@dataclass(frozen=True)
class BoxSize:
    width: float  # mm, inside, left to right
    depth: float  # mm, inside, front to back
    height: float  # mm, inside, floor to rim

    def outside(self, card: float) -> "BoxSize":
        """The size outside: one card's thickness on every side and under the floor."""
        return BoxSize(self.width + 2 * card, self.depth + 2 * card, self.height + card)


def lid_for(base: BoxSize, card: float) -> BoxSize:
    """The lid of a base: inside, PLAY larger than the base outside, plus twice the card (its own folds), and as
    deep as the base is tall, so the closed box is the base's height."""
    outside = base.outside(card)
    grow = PLAY + 2 * card
    return BoxSize(outside.width + grow, outside.depth + grow, outside.height)


def tray_net_size(size: BoxSize) -> tuple[float, float]:
    """The flat net's width and height: the floor with a wall on every side."""
    return size.width + 2 * size.height, size.depth + 2 * size.height


def tray_panels(x: float, y: float, size: BoxSize) -> dict[str, Box]:
    """Where each panel lies on the sheet, the net's box at (x, y): the back wall above the floor, the front
    below it, the side walls left and right."""
    w, d, h = size.width, size.depth, size.height
    return {
        "floor": Box(x + h, y + h, w, d),
        "back": Box(x + h, y, w, h),
        "front": Box(x + h, y + h + d, w, h),
        "left": Box(x, y + h, h, d),
        "right": Box(x + h + w, y + h, h, d),
    }


def _tabs(panels: Mapping[str, Box], height: float) -> list[tuple[Point, ...]]:
    """A tab at each end of the front and back walls, in the empty corners of the net, slanted so they clear
    the floor's corner once folded."""
    depth = min(TAB_DEPTH * height, 15.0)
    inset = min(0.2 * height, 4.0)
    tabs: list[tuple[Point, ...]] = []
    for name in ("back", "front"):
        wall = panels[name]
        near_floor = wall.bottom if name == "back" else wall.y  # the slant is on the edge away from the floor
        far = wall.y if name == "back" else wall.bottom
        step = inset if name == "back" else -inset
        for edge, outwards in ((wall.x, -depth), (wall.right, depth)):
            tabs.append(((edge, near_floor), (edge, far), (edge + outwards, far + step),
                         (edge + outwards, near_floor - step)))
    return tabs


def draw_tray_net(builder: SceneBuilder, x: float, y: float, size: BoxSize,
                  paint: Mapping[str, PanelDraw] | None = None) -> dict[str, Box]:
    """The tray's net at (x, y): its panels painted, the outside cut once, every fold dashed; returns the panels."""
    panels = tray_panels(x, y, size)
    parts = [NetPart(rect(box), _painter(paint.get(name) if paint else None, box)) for name, box in panels.items()]
    parts += [NetPart(tab) for tab in _tabs(panels, size.height)]
    draw_net(builder, parts)
    return panels


def _painter(draw: PanelDraw | None, box: Box) -> Callable[[SceneBuilder], None] | None:
    if draw is None:
        return None
    return lambda builder: draw(builder, box)
