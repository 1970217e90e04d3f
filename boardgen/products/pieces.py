"""The pieces product: a game's printable pieces (tokens, sticks, dice nets, tiles) on paper."""

from __future__ import annotations

from ..errors import BoardgenError
from ..games.registry import GameInfo, PiecesOptions
from ..layout.crop_marks import MARK_ROOM, rectangular_parts, with_crop_marks
from .document import Document, DocumentInfo

SIDES: tuple[str, ...] = ("duplex-long", "duplex-short", "fold")


def pieces_stem(game: GameInfo, options: PiecesOptions, palette: str) -> str:
    board = f"-{options.variant.name}" if len(game.variants) > 1 else ""
    sides = f"-{options.sides}" if game.pieces is not None and game.pieces.two_sided else ""
    return f"{game.name}{board}-pieces-{palette}{sides}"


def pieces_document(game: GameInfo, options: PiecesOptions, stem: str, crop_marks: bool = False) -> Document:
    """The sheets of pieces; with `crop_marks`, laid out a band further in, with marks in that band in line with
    every edge of the rectangular parts."""
    if game.pieces is None:
        raise BoardgenError(game.no_pieces_reason or f"{game.title} has no printable pieces")
    laid_out = options._replace(margin=options.margin + MARK_ROOM) if crop_marks else options
    try:
        pages = game.pieces.pages()(laid_out)
    except ValueError as error:
        raise BoardgenError(f"cannot lay out the pieces: {error}; try a larger --paper, a smaller --margin "
                            "or, where the pieces follow the fields, a smaller --field") from None
    if crop_marks:
        if not any(rectangular_parts(page) for page in pages):
            raise BoardgenError(f"--crop-marks: {game.title}'s pieces are not rectangles ({game.pieces.description}); "
                                "cut them along their outlines")
        pages = [with_crop_marks(page, options.paper, options.margin) for page in pages]
    note = f"{game.title}: {game.pieces.description}"
    return Document(stem, tuple(pages), DocumentInfo(f"{game.title} pieces", note, for_cutting=True))
