"""Paper pyramids in true Icehouse sizes, for players without a Looney Labs set.

Each face carries its pyramid's pips (1, 2 or 3) at its foot, as the real
pyramids do; the base is left open so pyramids nest into trees and stack.
"""

from ...draw.scene import Box, Circle, Polygon, Scene, SceneBuilder
from ...layout.bed import LaserJob, LaserPart
from ...layout.nets import ICEHOUSE, Point, PyramidSize, TriangleDraw, draw_pyramid_net, pyramid_net_size
from ...layout.pages import footer, header_height, sheet_header, usable_area
from ...layout.sheets import shelf_pack
from ..registry import PiecesOptions
from .geometry import PIECE_PIPS, PLAYERS, SIZE_OF

PYRAMIDS = ICEHOUSE  # Looney Labs' published sizes
GAP = 2.0  # mm between nets on the sheet


def pyramids(trees: int) -> list[tuple[str, PyramidSize]]:
    """(colour, size) for every pyramid a game needs: each player's trees, largest first."""
    return [(player, PYRAMIDS[pips]) for pips in PIECE_PIPS for player in PLAYERS for _ in range(trees)]


def _face(colour: str, pips: int) -> TriangleDraw:
    def draw(builder: SceneBuilder, corners: tuple[Point, Point, Point], number: int) -> None:
        builder.add("fields", Polygon(corners, f"token.{colour}"))  # fill only: the net draws every edge once
        apex, left, right = corners
        base = ((right[0] - left[0]) ** 2 + (right[1] - left[1]) ** 2) ** 0.5
        mid = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
        # At the foot of the face, a little way up towards the apex, along the base edge.
        up = ((apex[0] - mid[0]), (apex[1] - mid[1]))
        length = (up[0] ** 2 + up[1] ** 2) ** 0.5
        inward = 0.17 * base
        centre = (mid[0] + up[0] / length * inward, mid[1] + up[1] / length * inward)
        along = ((right[0] - left[0]) / base, (right[1] - left[1]) / base)
        spacing = 0.2 * base
        for n in range(pips):
            offset = (n - (pips - 1) / 2) * spacing
            builder.add("marks", Circle((centre[0] + along[0] * offset, centre[1] + along[1] * offset),
                                        0.055 * base, f"pip.{colour}"))
    return draw


def _net(colour: str, size: PyramidSize) -> LaserPart:
    """One pyramid's net as a part: its box, and how to draw it there (the net cuts its own outline)."""
    face = _face(colour, size.pips)
    width, height = pyramid_net_size(size.base, size.height)

    def draw(builder: SceneBuilder, box: Box) -> None:
        draw_pyramid_net(builder, box.x, box.y, size.base, size.height, face)
    return LaserPart(width, height, draw)


def _parts(options: PiecesOptions) -> list[LaserPart]:
    return [_net(colour, size) for colour, size in pyramids(SIZE_OF[options.variant.name])]


def laser_parts(options: PiecesOptions) -> list[LaserJob]:
    """The pyramid nets, to cut from card and fold: outlines cut, folds scored, pips engraved."""
    return [LaserJob("pyramids", "card (about 0.3 mm)", tuple(_parts(options)))]


TITLE = "Stacktics pyramids for the {board} board: {trees} trees a player (page {page} of {pages})"
NOTE = ("Cut along the solid lines and fold along the dashed ones, pips outside; glue the tab under the first face. "
        "Leave the base open, so the pyramids nest into trees and stack. Print on card at 100 % (actual size): "
        "the large pyramids are then 25.4 mm wide at the base and 44.5 mm tall.")


def pieces_pages(options: PiecesOptions) -> list[Scene]:
    paper, margin = options.paper, options.margin
    trees = SIZE_OF[options.variant.name]
    title = TITLE.format(board=options.variant.name, trees=trees, page=9, pages=9)
    usable = usable_area(paper, margin, header_height(paper, margin, title, NOTE))
    parts = _parts(options)
    try:
        placed = shelf_pack([(part.width, part.height) for part in parts], usable, GAP)
    except ValueError:
        raise ValueError(f"a large pyramid's net does not fit the printable area of {paper.name}") from None
    pages = [SceneBuilder(paper.width, paper.height, "Stacktics pyramids") for _ in range(placed[-1][0] + 1)]
    for part, (page, box) in zip(parts, placed, strict=True):
        part.front(pages[page], box)
    for number, builder in enumerate(pages, start=1):
        sheet_header(builder, paper, margin, TITLE.format(board=options.variant.name, trees=trees, page=number,
                                                          pages=len(pages)), NOTE)
        footer(builder, paper, margin, f"Stacktics pyramids, page {number}: print at 100 % (actual size).")
    return [b.build() for b in pages]
