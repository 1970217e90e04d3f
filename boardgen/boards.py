"""Boards and position diagrams: a game's board, drawn in a palette, as a file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

from .diagrams import draw_diagram
from .engine import engine_for, parse
from .errors import InvalidPositionError
from .export import Output, export
from .games import get_game
from .grid import BoardDrawing, BoardLook, draw_board
from .output import DEFAULT_FOLDER
from .pages import fits_one_page
from .palettes import get_palette
from .positions import PositionFileError


def default_board_path(game: str, palette: str, arrows: bool, fmt: str) -> Path:
    suffix = "-arrows" if arrows else ""
    return DEFAULT_FOLDER / f"{game}-board-{palette}{suffix}.{fmt}"


def default_diagram_path(position_file: Path, moves: bool, fmt: str) -> Path:
    return DEFAULT_FOLDER / f"{position_file.stem}{'-moves' if moves else ''}.{fmt}"


def _note(look: BoardLook) -> str:
    return f"Print at 100 % (actual size): each field is {look.field_size:g} mm and the bar measures 50 mm."


def board_file(game_name: str, palette_name: str, look: BoardLook, output: Output) -> bytes:
    spec = get_game(game_name).board()
    palette = get_palette(palette_name)
    drawing = _draw_for(lambda l: draw_board(spec, l), look, output)
    return export(drawing.scene, drawing.grid_box, palette, output, _note(look))


def position_diagram(text: str | bytes, look: BoardLook, show_moves: bool,
                     label: str = "the file") -> Callable[[BoardLook], BoardDrawing]:
    """How to draw a position file (for any look), or InvalidPositionError."""
    try:
        position = parse(text)
    except PositionFileError as error:
        raise _invalid(label, error.problems) from None
    engine = engine_for(position.game)
    problems = engine.validate(position)
    if problems:
        raise _invalid(label, problems)
    spec = get_game(position.game).board()
    pieces = engine.pieces(position)
    reached = [f for move in engine.legal_moves(position) for f in engine.reached(move)] if show_moves else []
    return lambda l: draw_diagram(spec, l, pieces, reached)


def diagram_file(text: str | bytes, label: str, palette_name: str, look: BoardLook, output: Output,
                 show_moves: bool) -> bytes:
    palette = get_palette(palette_name)
    draw = position_diagram(text, look, show_moves, label)
    drawing = _draw_for(draw, look, output)
    return export(drawing.scene, drawing.grid_box, palette, output, _note(look))


def _invalid(label: str, problems) -> InvalidPositionError:
    first = problems[0]
    where = f" at {first.where}" if first.where else ""
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return InvalidPositionError(f"{label} is not a valid position: {first.message}{where}{more}; "
                                f"'boardgen check {label}' lists every problem")


def _draw_for(draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, output: Output) -> BoardDrawing:
    """The drawing, with compact edges when only they keep a PDF on one page.

    An 18 mm board on A4 leaves 5 mm beside the grid: enough for small
    coordinates, not for the roomy default ones, and tiles would be silly.
    """
    drawing = draw(look)
    if output.format != "pdf" or fits_one_page(drawing.scene, drawing.grid_box, output.paper, output.margin):
        return drawing
    compact = draw(replace(look, compact=True))
    if fits_one_page(compact.scene, compact.grid_box, output.paper, output.margin):
        return compact
    return drawing
