"""Isaac's tiles and score markers to cut from paper, card or plywood.

Each tile is one field wide and as long as its fields, less a millimetre each
way so it sits between its neighbours' tiles; it shows its value.
"""

from __future__ import annotations

from collections.abc import Callable

from ...draw.scene import Box, Circle, Polygon, Rect, Scene, SceneBuilder, Text, text_baseline
from ...layout.bed import LaserJob, LaserPart, rect_part
from ...layout.pages import footer, header_height, sheet_header, usable_area
from ...layout.sheets import outline, shelf_pack
from ..registry import PiecesOptions
from .geometry import PLAYERS, STOCK

CLEARANCE = 1.0  # mm shorter and narrower than the fields a tile covers
GAP = 3.0
MARKER = 0.8  # a score marker's diameter, in fields


TITLE = "ISAAC tiles and score markers (page {page} of {pages})"


def _stock() -> list[tuple[str, int, int]]:
    """(player, length, value) of every tile, longest first."""
    items = []
    for player in PLAYERS:
        for length, (count, value) in sorted(STOCK.items(), reverse=True):
            items += [(player, length, value)] * count
    return items


def _tile_face(player: str, value: int) -> Callable[[SceneBuilder, Box], None]:
    def draw(builder: SceneBuilder, box: Box) -> None:
        builder.add("fields", Rect(box, f"token.{player}"))  # fill only: the cut line is the one outline
        size = 0.5 * box.height
        builder.add("text", Text((box.centre[0], text_baseline(box.centre[1], size)), str(value), size,
                                 f"label.on.{player}", bold=True))
    return draw


def _marker(builder: SceneBuilder, box: Box, player: str) -> None:
    radius = box.width / 2
    builder.add("fields", Circle(box.centre, radius, f"token.{player}"))
    # A ring inside the edge says "marker", as the round pieces on the board show it; the edge is the cut.
    builder.add("marks", Circle(box.centre, 0.7 * radius, f"token.bar.{player}"))
    builder.add("lines", Circle(box.centre, radius, "cut"))


def _marker_drawer(player: str) -> Callable[[SceneBuilder, Box], None]:
    return lambda builder, box: _marker(builder, box, player)


def laser_parts(options: PiecesOptions) -> list[LaserJob]:
    """Tiles and markers to cut from plywood, each tile's value engraved."""
    field = options.field_size
    tiles = [rect_part(length * field - CLEARANCE, field - CLEARANCE, _tile_face(player, value))
             for player, length, value in _stock()]
    diameter = MARKER * field
    markers = [LaserPart(diameter, diameter, _marker_drawer(player)) for player in PLAYERS]
    return [LaserJob("tiles", "3 mm plywood or MDF", tuple(tiles + markers))]


def pieces_pages(options: PiecesOptions) -> list[Scene]:
    field, paper, margin = options.field_size, options.paper, options.margin
    note = (f"15 tiles and a marker for each player, for {field:g} mm fields: cut along the solid lines. "
            "Each tile shows its value.")
    usable = usable_area(paper, margin, header_height(paper, margin, TITLE.format(page=9, pages=9), note))
    items = _stock()
    marker = MARKER * field
    sizes = [(length * field - CLEARANCE, field - CLEARANCE) for _, length, _ in items] + [(marker, marker)] * 2
    placed = shelf_pack(sizes, usable, GAP)
    pages = [SceneBuilder(paper.width, paper.height, "ISAAC tiles") for _ in range(max(p for p, _ in placed) + 1)]
    for (player, _, value), (page, box) in zip(items, placed[:len(items)], strict=True):
        _tile_face(player, value)(pages[page], box)
        pages[page].add("lines", Polygon(outline(box), "cut"))
    for player, (page, box) in zip(PLAYERS, placed[len(items):], strict=True):
        _marker(pages[page], box, player)
    for number, builder in enumerate(pages, start=1):
        sheet_header(builder, paper, margin, TITLE.format(page=number, pages=len(pages)), note)
        footer(builder, paper, margin, f"ISAAC tiles, page {number}: print at 100 % (actual size).")
    return [b.build() for b in pages]
