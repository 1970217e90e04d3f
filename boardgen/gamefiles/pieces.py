"""A game file's pieces on paper: two-sided square tokens (backs for a duplex printer, or folded) and round
counters, in each player's colour, each with its text."""

from __future__ import annotations

from ..draw.scene import Box, Circle, Rect, Scene, SceneBuilder, Text, text_baseline
from ..games.registry import PiecesOptions
from ..layout.pages import footer, header_height, sheet_header, usable_area
from ..layout.sheets import Draw, TwoSided, draw_pieces, grid_slots, lay_out
from .model import GameFile, Piece

CLEARANCE = 1.0  # mm a piece is smaller than a field by default, so it sits inside the grid lines
GAP = 2.4  # mm between pieces on a sheet
BLEED = 1.0  # mm a duplex back overhangs


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


def _counter_pages(game: GameFile, options: PiecesOptions, counters: list[tuple[int, Piece]]) -> list[Scene]:
    paper, margin = options.paper, options.margin
    size = max(piece_size(piece, options) for _, piece in counters)
    title = f"{game.title} counters, {size:g} mm"
    note = "Cut out each counter along its circle (or glue the sheet to card first)."
    slots = grid_slots(usable_area(paper, margin, header_height(paper, margin, title, note)), size, size, GAP)
    if not slots:
        raise ValueError("a counter is larger than the printable area")
    builders: list[SceneBuilder] = []
    for n, (player, piece) in enumerate(counters):
        if n % len(slots) == 0:
            builders.append(SceneBuilder(paper.width, paper.height, title))
        slot = slots[n % len(slots)]
        box = Box(slot.x, slot.y, piece_size(piece, options), piece_size(piece, options))
        _face(player, piece.front, round_piece=True)(builders[-1], box)
        builders[-1].add("lines", Circle(box.centre, box.width / 2, "cut"))
    for builder in builders:
        sheet_header(builder, paper, margin, title, note)
        footer(builder, paper, margin, f"{game.title} pieces: print at 100 % (actual size).")
    return [builder.build() for builder in builders]
