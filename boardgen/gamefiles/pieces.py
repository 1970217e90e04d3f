"""A game file's pieces on paper: two-sided square tokens (backs for a duplex printer, or folded) and round
counters, in each player's colour, each with its text."""

from __future__ import annotations

import math
from collections.abc import Callable

from ..draw.pips import PIPS
from ..draw.scene import Box, Circle, Polygon, Rect, Scene, SceneBuilder, Text, text_baseline
from ..games.registry import PiecesOptions
from ..layout.bed import LaserJob, LaserPart, rect_part
from ..layout.nets import (
    ICEHOUSE,
    NumberedFaceDraw,
    Point,
    TriangleDraw,
    cube_net_size,
    draw_cube_net,
    draw_pyramid_net,
    pyramid_net_size,
)
from ..layout.pages import footer, header_height, sheet_header, usable_area
from ..layout.sheets import Draw, TwoSided, draw_pieces, grid_slots, lay_out, shelf_pack
from .model import GameFile, Piece

CLEARANCE = 1.0  # mm a piece is smaller than a field by default, so it sits inside the grid lines
GAP = 2.4  # mm between pieces on a sheet
BLEED = 1.0  # mm a duplex back overhangs
DIE_SIDE = 16.0  # mm: a die's side unless the file gives one (a size is a die's side)


def piece_size(piece: Piece, options: PiecesOptions) -> float:
    return piece.size or options.field_size - CLEARANCE


def _face(player: int, text: str, round_piece: bool = False) -> Draw:
    def draw(builder: SceneBuilder, box: Box) -> None:
        if round_piece:
            builder.add("fields", Circle(box.centre, box.width / 2, f"piece.p{player}"))
        else:
            builder.add("fields", Rect(box, f"piece.p{player}"))
        if text:
            size = 0.5 * min(box.width, box.height) / max(1.0, 0.6 * len(text))
            builder.add("text", Text((box.centre[0], text_baseline(box.centre[1], size)), text, size,
                                     f"piece.p{player}.text", bold=True))
    return draw


def pieces_pages(game: GameFile, options: PiecesOptions) -> list[Scene]:
    """Every piece of the file for every player: the tokens first (fronts and backs), then the counters."""
    pages: list[Scene] = []
    tokens = [TwoSided(size, size, _face(player, piece.front), _face(player, piece.back or piece.front))
              for piece in game.pieces if piece.kind == "token"
              for player in range(1, game.players + 1) for _ in range(piece.count)
              for size in [piece_size(piece, options)]]
    by_size: dict[float, list[TwoSided]] = {}
    for token in tokens:
        by_size.setdefault(token.width, []).append(token)
    for size, group in by_size.items():
        pages += _token_pages(game, options, group, size)
    counters = [(player, piece) for piece in game.pieces if piece.kind == "counter"
                for player in range(1, game.players + 1) for _ in range(piece.count)]
    if counters:
        pages += _counter_pages(game, options, counters)
    dice = [(player, piece) for piece in game.pieces if piece.kind == "die"
            for player in range(1, game.players + 1) for _ in range(piece.count)]
    if dice:
        pages += _die_pages(game, options, dice)
    for kind, title, note in PACKED:
        parts = _parts(game, options, kind)
        if parts:
            pages += _packed_pages(game, options, title.format(game=game.title), note, parts)
    if not pages:
        raise ValueError("the game file gives no pieces")
    return pages


def _token_pages(game: GameFile, options: PiecesOptions, tokens: list[TwoSided], size: float) -> list[Scene]:
    paper, margin, sides = options.paper, options.margin, options.sides
    flip = "the long edge" if sides == "duplex-long" else "the short edge"
    title = f"{game.title} tokens, {size:g} mm"
    note = ("Cut out each strip, fold on the dashed line and glue." if sides == "fold" else
            f"Print the back page on the back of the front one, flipping on {flip}; then cut along the solid lines.")
    usable = usable_area(paper, margin, header_height(paper, margin, title, note))
    placed = lay_out(tokens, usable, paper, sides, GAP)
    count = max(max(p.front_page, p.back_page) for p in placed) + 1
    builders = [SceneBuilder(paper.width, paper.height, title) for _ in range(count)]
    draw_pieces(builders, placed, sides, BLEED)
    for number, builder in enumerate(builders):
        back = sides != "fold" and number % 2 == 1
        sheet_header(builder, paper, margin, f"{title} ({'back' if back else 'front'})" if sides != "fold" else title,
                     note)
        footer(builder, paper, margin, f"{game.title} pieces: print at 100 % (actual size).")
    return [builder.build() for builder in builders]


def _slotted_pages(game: GameFile, options: PiecesOptions, title: str, note: str, size: tuple[float, float],
                   count: int, draw: Callable[[SceneBuilder, Box, int], None], what: str) -> list[Scene]:
    """`count` parts of one size in a grid of slots on as many pages as they need, each page with its header
    and footer; `draw` draws part n in its slot."""
    paper, margin = options.paper, options.margin
    slots = grid_slots(usable_area(paper, margin, header_height(paper, margin, title, note)), *size, GAP)
    if not slots:
        raise ValueError(f"{what} is larger than the printable area")
    builders: list[SceneBuilder] = []
    for n in range(count):
        if n % len(slots) == 0:
            builders.append(SceneBuilder(paper.width, paper.height, title))
        draw(builders[-1], slots[n % len(slots)], n)
    for builder in builders:
        sheet_header(builder, paper, margin, title, note)
        footer(builder, paper, margin, f"{game.title} pieces: print at 100 % (actual size).")
    return [builder.build() for builder in builders]


def _counter_pages(game: GameFile, options: PiecesOptions, counters: list[tuple[int, Piece]]) -> list[Scene]:
    size = max(piece_size(piece, options) for _, piece in counters)

    def draw(builder: SceneBuilder, slot: Box, n: int) -> None:
        player, piece = counters[n]
        box = Box(slot.x, slot.y, piece_size(piece, options), piece_size(piece, options))
        _face(player, piece.front, round_piece=True)(builder, box)
        builder.add("lines", Circle(box.centre, box.width / 2, "cut"))

    return _slotted_pages(game, options, f"{game.title} counters, {size:g} mm",
                          "Cut out each counter along its circle (or glue the sheet to card first).", (size, size),
                          len(counters), draw, "a counter")


def _die_face(player: int, faces: tuple[str, ...]) -> NumberedFaceDraw:
    def draw(builder: SceneBuilder, box: Box, number: int) -> None:
        builder.add("fields", Rect(box, f"piece.p{player}"))
        face = faces[number - 1]
        if face in ("1", "2", "3", "4", "5", "6"):
            for px, py in PIPS[int(face)]:
                builder.add("marks", Circle((box.x + px * box.width, box.y + py * box.height), 0.09 * box.width,
                                            f"piece.p{player}.text"))
        elif face:
            size = 0.5 * box.width / max(1.0, 0.6 * len(face))
            builder.add("text", Text((box.centre[0], text_baseline(box.centre[1], size)), face, size,
                                     f"piece.p{player}.text", bold=True))
    return draw


def _die_pages(game: GameFile, options: PiecesOptions, dice: list[tuple[int, Piece]]) -> list[Scene]:
    side = max(piece.size or DIE_SIDE for _, piece in dice)

    def draw(builder: SceneBuilder, slot: Box, n: int) -> None:
        player, piece = dice[n]
        draw_cube_net(builder, slot.x, slot.y, side, _die_face(player, piece.faces))

    return _slotted_pages(game, options, f"{game.title} dice, {side:g} mm",
                          "Cut along the solid lines, fold along the dashed lines with the faces outside, glue the "
                          "tabs inside.", cube_net_size(side), len(dice), draw, "a die's net")


PACKED = (
    ("tile", "{game} tiles", "Cut along the solid lines (or glue the sheet to card first)."),
    ("pyramid", "{game} pyramids",
     "Cut along the solid lines and fold along the dashed ones, pips outside; glue the tab under the first face. "
     "Leave the base open, so the pyramids nest and stack."),
)


def tile_size(piece: Piece, options: PiecesOptions) -> tuple[float, float]:
    """A tile's width and height: its length in fields, each the piece's size or the field's, less the
    clearance that keeps it inside the grid lines."""
    field = piece.size + CLEARANCE if piece.size else options.field_size
    return piece.length * field - CLEARANCE, field - CLEARANCE


def _tile_part(player: int, piece: Piece, options: PiecesOptions) -> LaserPart:
    return rect_part(*tile_size(piece, options), _face(player, piece.front))


def _pyramid_face(player: int, pips: int) -> TriangleDraw:
    def draw(builder: SceneBuilder, corners: tuple[Point, Point, Point], number: int) -> None:
        builder.add("fields", Polygon(corners, f"piece.p{player}"))  # fill only: the net draws every edge once
        apex, left, right = corners
        base = math.dist(left, right)
        mid = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
        up = math.dist(apex, mid)
        centre = (mid[0] + (apex[0] - mid[0]) / up * 0.17 * base, mid[1] + (apex[1] - mid[1]) / up * 0.17 * base)
        along = ((right[0] - left[0]) / base, (right[1] - left[1]) / base)
        for n in range(pips):  # at the foot of each face, as on Icehouse pyramids
            offset = (n - (pips - 1) / 2) * 0.2 * base
            builder.add("marks", Circle((centre[0] + along[0] * offset, centre[1] + along[1] * offset),
                                        0.055 * base, f"piece.p{player}.text"))
    return draw


def _pyramid_part(player: int, piece: Piece) -> LaserPart:
    size = ICEHOUSE[piece.pips]
    face = _pyramid_face(player, piece.pips)

    def draw(builder: SceneBuilder, box: Box) -> None:
        draw_pyramid_net(builder, box.x, box.y, size.base, size.height, face)
    return LaserPart(*pyramid_net_size(size.base, size.height), draw)


def _parts(game: GameFile, options: PiecesOptions, kind: str) -> list[LaserPart]:
    """Every player's pieces of a kind laid out by packing (tiles, pyramids), largest first."""
    parts = [(_tile_part(player, piece, options) if kind == "tile" else _pyramid_part(player, piece))
             for piece in game.pieces if piece.kind == kind
             for player in range(1, game.players + 1) for _ in range(piece.count)]
    return sorted(parts, key=lambda part: (-part.height, -part.width))


def _packed_pages(game: GameFile, options: PiecesOptions, title: str, note: str,
                  parts: list[LaserPart]) -> list[Scene]:
    paper, margin = options.paper, options.margin
    usable = usable_area(paper, margin, header_height(paper, margin, title, note))
    try:
        placed = shelf_pack([(part.width, part.height) for part in parts], usable, GAP)
    except ValueError:
        raise ValueError(f"{title.lower()} are larger than the printable area of {paper.name}") from None
    builders = [SceneBuilder(paper.width, paper.height, title) for _ in range(placed[-1][0] + 1)]
    for part, (page, box) in zip(parts, placed, strict=True):
        part.front(builders[page], box)
    for builder in builders:
        sheet_header(builder, paper, margin, title, note)
        footer(builder, paper, margin, f"{game.title} pieces: print at 100 % (actual size).")
    return [builder.build() for builder in builders]


def laser_parts(game: GameFile, options: PiecesOptions) -> list[LaserJob]:
    """The same pieces to cut: tokens (their backs engraved after turning each over in its hole) and counters
    from plywood, dice nets from card."""
    wood: list[LaserPart] = []
    card: list[LaserPart] = []
    pyramids: list[LaserPart] = []
    for piece in game.pieces:
        for player in range(1, game.players + 1):
            for _ in range(piece.count):
                if piece.kind == "token":
                    size = piece_size(piece, options)
                    wood.append(rect_part(size, size, _face(player, piece.front),
                                          _face(player, piece.back or piece.front)))
                elif piece.kind == "counter":
                    wood.append(_counter_part(player, piece, piece_size(piece, options)))
                elif piece.kind == "tile":
                    wood.append(_tile_part(player, piece, options))
                elif piece.kind == "pyramid":
                    pyramids.append(_pyramid_part(player, piece))
                else:
                    card.append(_die_part(player, piece))
    jobs = []
    if wood:
        jobs.append(LaserJob("pieces", "3 mm plywood or MDF", tuple(wood)))
    if card:
        jobs.append(LaserJob("dice", "card (about 0.3 mm)", tuple(card)))
    if pyramids:
        jobs.append(LaserJob("pyramids", "card (about 0.3 mm)", tuple(pyramids)))
    return jobs


def _counter_part(player: int, piece: Piece, size: float) -> LaserPart:
    def draw(builder: SceneBuilder, box: Box) -> None:
        _face(player, piece.front, round_piece=True)(builder, box)
        builder.add("lines", Circle(box.centre, box.width / 2, "cut"))
    return LaserPart(size, size, draw)


def _die_part(player: int, piece: Piece) -> LaserPart:
    side = piece.size or DIE_SIDE
    width, height = cube_net_size(side)

    def draw(builder: SceneBuilder, box: Box) -> None:
        draw_cube_net(builder, box.x, box.y, side, _die_face(player, piece.faces))
    return LaserPart(width, height, draw)
