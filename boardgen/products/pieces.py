"""The pieces product: a game's printable pieces (tokens, sticks, dice nets, tiles) on paper."""

from __future__ import annotations

from ..engine.grid import Variant
from ..errors import BoardgenError
from ..games.game import Game
from ..layout.bed import LaserJob
from ..layout.crop_marks import MARK_ROOM, rectangular_parts, with_crop_marks
from ..layout.piece_options import PiecesOptions
from ..layout.piece_parts import laser_jobs
from ..layout.piece_set import PieceSet, box_depth
from ..layout.piece_sheets import SheetOptions, piece_pages
from .document import Document, DocumentInfo
from .translations import decimal_writer, translator

NO_PIECES_DEPTH = 20.0  # mm of room in a box for a game without pieces of its own: for whatever is used instead

SIDES: tuple[str, ...] = ("duplex-long", "duplex-short", "fold")


def pieces_stem(game: Game, options: PiecesOptions, palette: str) -> str:
    board = f"-{options.variant.name}" if len(game.variants) > 1 else ""
    sides = f"-{options.sides}" if game.pieces is not None and game.pieces.two_sided else ""
    return f"{game.name}{board}-pieces-{palette}{sides}"


def piece_kit(game: Game, variant: Variant) -> PieceSet:
    """The game's pieces for this board, described; BoardgenError saying what to use instead if it has none."""
    if game.pieces is None:
        raise BoardgenError(game.no_pieces_reason or f"{game.title} has no printable pieces")
    return game.pieces.kit(variant)


def pieces_room(game: Game, variant: Variant) -> float:
    """mm a gift box needs above the board and rules for the made-up pieces."""
    return box_depth(piece_kit(game, variant)) if game.pieces is not None else NO_PIECES_DEPTH


def pieces_laser_jobs(game: Game, options: PiecesOptions) -> list[LaserJob]:
    return laser_jobs(piece_kit(game, options.variant), options.field_size)


def pieces_document(game: Game, options: PiecesOptions, stem: str, crop_marks: bool = False,
                    lang: str = "en") -> Document:
    """The sheets of pieces; with `crop_marks`, laid out a band further in, rectangular parts in rows and columns
    that share their edges, with marks in that band in line with every edge."""
    return pieces_with_backs(game, options, stem, crop_marks, lang)[0]


def pieces_with_backs(game: Game, options: PiecesOptions, stem: str, crop_marks: bool = False,
                      lang: str = "en") -> tuple[Document, frozenset[int]]:
    """The sheets of pieces, and which of its pages print on the back of the page before (the tokens' backs):
    what a gift set's two-sided PDF needs to know."""
    kit = piece_kit(game, options.variant)
    margin = options.margin + MARK_ROOM if crop_marks else options.margin
    try:
        sheets = SheetOptions(options.field_size, options.paper, margin, options.sides, translator(lang),
                              guillotine=crop_marks, number=decimal_writer(lang), stick_values=kit.stick_values)
        made = piece_pages(game.title, kit, sheets)
    except ValueError as error:
        raise BoardgenError(f"cannot lay out the pieces: {error}; try a larger --paper, a smaller --margin "
                            "or, where the pieces follow the fields, a smaller --field") from None
    assert game.pieces is not None  # piece_kit says why otherwise
    pages = made.pages
    if crop_marks:
        if not any(rectangular_parts(page) for page in pages):
            raise BoardgenError(f"--crop-marks: {game.title}'s pieces are not rectangles ({game.pieces.description}); "
                                "cut them along their outlines")
        pages = [with_crop_marks(page, options.paper, options.margin) for page in pages]
    _ = translator(lang)
    note = f"{game.title}: {_(game.pieces.description)}"
    return Document(stem, tuple(pages), DocumentInfo(_("{title} pieces").format(title=game.title), note, lang,
                                                     for_cutting=True)), made.backs
