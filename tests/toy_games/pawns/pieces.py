"""Pawns' counters to print and cut out: 5 red and 5 blue squares, sized to the board's fields."""

from __future__ import annotations

from boardgen.draw.scene import Box, Polygon, Rect, Scene, SceneBuilder
from boardgen.games.registry import PiecesOptions
from boardgen.layout.pages import footer, header_height, sheet_header, usable_area
from boardgen.layout.sheets import grid_slots

COUNTERS = ("red",) * 5 + ("blue",) * 5
TITLE = "Pawns counters: 5 red and 5 blue"
NOTE = "Cut out each counter along its outline."


def pieces_pages(options: PiecesOptions) -> list[Scene]:
    paper, margin = options.paper, options.margin
    side = 0.8 * options.field_size
    if side <= 0:
        raise ValueError("the fields are too small for counters")
    usable = usable_area(paper, margin, header_height(paper, margin, TITLE, NOTE))
    slots = grid_slots(usable, side, side, 4.0)
    if not slots:
        raise ValueError(f"a {side:g} mm counter does not fit the printable area")
    pages: list[SceneBuilder] = []
    for n, colour in enumerate(COUNTERS):
        if n % len(slots) == 0:
            pages.append(SceneBuilder(paper.width, paper.height, "Pawns counters"))
        slot = slots[n % len(slots)]
        box = Box(slot.x, slot.y, side, side)
        pages[-1].add("fields", Rect(box, f"token.{colour}"))
        corners = ((box.x, box.y), (box.x + side, box.y), (box.x + side, box.y + side), (box.x, box.y + side))
        pages[-1].add("lines", Polygon(corners, "cut"))
    for number, builder in enumerate(pages, start=1):
        sheet_header(builder, paper, margin, TITLE, NOTE)
        footer(builder, paper, margin, f"Pawns counters, page {number}: print at 100 % (actual size).")
    return [builder.build() for builder in pages]
