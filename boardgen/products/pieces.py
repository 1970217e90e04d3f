"""The pieces product: a game's printable pieces (tokens, sticks, dice nets, tiles) on paper."""

from __future__ import annotations

from ..errors import BoardgenError
from ..games.registry import GameInfo, PiecesOptions
from .document import Document, DocumentInfo

SIDES: tuple[str, ...] = ("duplex-long", "duplex-short", "fold")


def pieces_stem(game: GameInfo, options: PiecesOptions, palette: str) -> str:
    board = f"-{options.variant.name}" if len(game.variants) > 1 else ""
    sides = f"-{options.sides}" if game.pieces is not None and game.pieces.two_sided else ""
    return f"{game.name}{board}-pieces-{palette}{sides}"


def pieces_document(game: GameInfo, options: PiecesOptions, stem: str) -> Document:
    if game.pieces is None:
        raise BoardgenError(game.no_pieces_reason or f"{game.title} has no printable pieces")
    try:
        pages = game.pieces.pages()(options)
    except ValueError as error:
        raise BoardgenError(f"cannot lay out the pieces: {error}; try a larger --paper, a smaller --margin "
                            "or, where the pieces follow the fields, a smaller --field") from None
    note = f"{game.title}: {game.pieces.description}"
    return Document(stem, tuple(pages), DocumentInfo(f"{game.title} pieces", note, for_cutting=True))
