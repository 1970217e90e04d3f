"""Alea's dice as fold-up cubes, for sets without real dice: 8 white, 8 black, 16 mm."""

from __future__ import annotations

from ...draw.pips import PIPS
from ...draw.scene import Box, Circle, Rect, Scene, SceneBuilder
from ...layout.bed import LaserJob, LaserPart
from ...layout.nets import NumberedFaceDraw, cube_net_size, draw_cube_net
from ...layout.pages import footer, header_height, sheet_header, usable_area
from ...layout.sheets import grid_slots
from ..registry import PiecesOptions

DIE_SIDE = 16.0  # mm
DICE = ("white",) * 8 + ("black",) * 8


def _face(colour: str) -> NumberedFaceDraw:
    def draw(builder: SceneBuilder, box: Box, number: int) -> None:
        builder.add("fields", Rect(box, f"token.{colour}"))  # fill only: the net draws every edge once
        for px, py in PIPS[number]:
            builder.add("marks", Circle((box.x + px * box.width, box.y + py * box.height), 0.09 * box.width,
                                        f"pip.{colour}"))
    return draw


def laser_parts(options: PiecesOptions) -> list[LaserJob]:
    """The dice nets, to cut from card and fold: outlines cut, folds scored, pips engraved."""
    width, height = cube_net_size(DIE_SIDE)

    def die(colour: str) -> LaserPart:
        def draw(builder: SceneBuilder, box: Box) -> None:
            draw_cube_net(builder, box.x, box.y, DIE_SIDE, _face(colour))
        return LaserPart(width, height, draw)  # the glue tabs fold out beside the middle column, inside this

    return [LaserJob("dice", "card (about 0.3 mm)", tuple(die(colour) for colour in DICE))]


TITLE = "ALEA dice, 16 mm: 8 white and 8 black (page {page} of {pages})"
NOTE = ("Cut along the solid lines, fold along the dashed lines with the pips outside, glue the tabs inside. "
        "Opposite faces add up to 7.")


def pieces_pages(options: PiecesOptions) -> list[Scene]:
    paper, margin = options.paper, options.margin
    width, height = cube_net_size(DIE_SIDE)
    usable = usable_area(paper, margin, header_height(paper, margin, TITLE.format(page=9, pages=9), NOTE))
    slots = grid_slots(usable, width, height, 4.0)
    if not slots:
        raise ValueError("a 16 mm die's net does not fit the printable area")
    pages: list[SceneBuilder] = []
    for n, colour in enumerate(DICE):
        if n % len(slots) == 0:
            pages.append(SceneBuilder(paper.width, paper.height, "ALEA dice"))
        slot = slots[n % len(slots)]
        draw_cube_net(pages[-1], slot.x, slot.y, DIE_SIDE, _face(colour))
    for number, builder in enumerate(pages, start=1):
        sheet_header(builder, paper, margin, TITLE.format(page=number, pages=len(pages)), NOTE)
        footer(builder, paper, margin, f"ALEA dice, page {number}: print at 100 % (actual size) so they are 16 mm.")
    return [b.build() for b in pages]
