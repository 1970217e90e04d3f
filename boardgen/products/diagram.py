"""The diagram product: a position file drawn on its board, with the fields its moves reach marked."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..draw.board import BoardDrawing, BoardLook
from ..draw.diagram import draw_diagram, field_boxes
from ..draw.diagram_items import DiagramPosition
from ..draw.scene import Box
from ..engine.contract import Position
from ..engine.grid import Field
from ..engine.problems import PositionFileError, Problem
from ..errors import BoardgenError, InvalidPositionError
from ..gamefiles.position_files import load_position
from ..games.game import Game
from ..games.loading import Loaded, SomeLoaded
from .board import drawing_document, page_note
from .document import Document, DocumentInfo, Output

P = TypeVar("P", bound=Position)
M = TypeVar("M")


def valid_position(text: str | bytes, label: str, folder: Path | None = None) -> SomeLoaded:
    """The position in the file, or InvalidPositionError (exit status 1) naming its first problem; `folder` is
    where a game file it names is looked for."""
    try:
        loaded = load_position(text, folder)
    except PositionFileError as error:
        raise invalid(label, list(error.problems)) from None
    problems = loaded.rules.problems(loaded.position)
    if problems:
        raise invalid(label, problems)
    return loaded


def marked_fields(loaded: Loaded[P, M], only_from: Field | None = None) -> list[Field]:
    """Where the legal moves (of the piece on `only_from`, if given) land."""
    presentation = loaded.presentation
    moves = loaded.rules.legal_moves(loaded.position)
    if only_from is not None:
        moves = [m for m in moves if presentation.origin(loaded.position, m) == only_from]
    return sorted({f for move in moves for f in presentation.reached(loaded.position, move)})


def parse_from(loaded: Loaded[P, M], only_from: str) -> Field:
    """--from's field on the position's board, or BoardgenError."""
    try:
        field: Field = loaded.position.variant.grid.parse(only_from)
        return field
    except ValueError as error:
        raise BoardgenError(f"--from: {error}") from None


def diagram_position(loaded: Loaded[P, M], show_moves: bool, only_from: Field | None = None,
                     also_from: Field | None = None, last_from: Field | None = None,
                     last_reached: Sequence[Field] = ()) -> DiagramPosition:
    """What a diagram of the position shows: its pieces, with `show_moves` the fields the moves reach
    (`also_from`'s apart from `only_from`'s), and the last move's fields, where one is given."""
    reached = marked_fields(loaded, only_from) if show_moves else []
    second = marked_fields(loaded, also_from) if show_moves and also_from is not None else []
    return DiagramPosition(tuple(loaded.presentation.items(loaded.position)), tuple(reached), tuple(second),
                           last_from, tuple(last_reached))


def position_drawer(loaded: Loaded[P, M], show_moves: bool, only_from: Field | None = None,
                    also_from: Field | None = None) -> Callable[[BoardLook], BoardDrawing]:
    """How to draw the position (for any look); `also_from`'s moves are marked apart from `only_from`'s."""
    spec = loaded.game.board(loaded.position.variant)
    shown = diagram_position(loaded, show_moves, only_from, also_from)
    return lambda look: draw_diagram(spec, look, shown)


def file_position_drawer(game: Game, name: str) -> Callable[[BoardLook], BoardDrawing]:
    """How to draw a game file's position `name` on its board; BoardgenError if it has no such position."""
    position = game.position(name)
    spec = game.board(game.default_variant)
    return lambda look: draw_diagram(spec, look, position)


def diagram_document(loaded: Loaded[P, M], look: BoardLook, output: Output, stem: str, show_moves: bool,
                     only_from: Field | None = None) -> Document:
    credits = loaded.game.board(loaded.position.variant).credits
    return drawing_document(position_drawer(loaded, show_moves, only_from), look, output, page_note(look), stem,
                            credits)


@dataclass(frozen=True)
class DiagramSheet:
    """A diagram at true size on a sheet of its own (SVG, PNG), and where each of its board's fields lies on it."""

    document: Document  # one page: the drawing (and the scale bar under it, on a sheet to print)
    fields: Mapping[Field, Box]  # in mm from the sheet's top left corner

    @property
    def width(self) -> float:
        return self.document.pages[0].width

    @property
    def height(self) -> float:
        """The whole sheet's: the drawing's, and the scale bar's below it where there is one."""
        return self.document.pages[0].height


def diagram_sheet(loaded: Loaded[P, M], look: BoardLook, output: Output, stem: str, show_moves: bool,
                  only_from: Field | None = None, *, furniture: bool = True, last_from: Field | None = None,
                  last_reached: Sequence[Field] = ()) -> DiagramSheet:
    """The diagram as diagram_document makes it for SVG or PNG, drawn once, with its fields' boxes from that
    drawing (so a page can put a link over a field without drawing it again or reading the picture back).
    Without `furniture` it is the board alone, as a screen shows it: no scale bar under it (and no credits,
    when the look leaves them off); the last move is framed where it is given."""
    if output.format.on_paper:
        raise ValueError("a diagram's sheet is at true size (SVG, PNG): a paper page places the drawing elsewhere")
    spec = loaded.game.board(loaded.position.variant)
    drawing = draw_diagram(spec, look, diagram_position(loaded, show_moves, only_from, None, last_from,
                                                        last_reached))
    if not furniture:
        document = Document(stem, (drawing.scene,), DocumentInfo(drawing.scene.title, page_note(look)))
        return DiagramSheet(document, field_boxes(drawing, spec))
    # At true size the sheet is the drawing at its own origin with the scale bar below (layout.pages.sheet), so
    # the drawing's boxes are the sheet's; the document is made from this drawing, not drawn anew.
    document = drawing_document(lambda _: drawing, look, output, page_note(look), stem, spec.credits)
    return DiagramSheet(document, field_boxes(drawing, spec))


def invalid(label: str, problems: list[Problem]) -> InvalidPositionError:
    first = problems[0]
    where = f" at {first.where}" if first.where else ""
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return InvalidPositionError(f"{label} is not a valid position: {first.message}{where}{more}; "
                                f"'boardgen check {label}' lists every problem")
