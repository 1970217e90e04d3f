"""Boards: a game's board, drawn in a palette, as a file."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from .export import Output, export
from .games import get_game
from .grid import BoardDrawing, BoardLook, draw_board
from .output import DEFAULT_FOLDER
from .pages import fits_one_page
from .palettes import get_palette


def default_board_path(game: str, palette: str, arrows: bool, fmt: str) -> Path:
    suffix = "-arrows" if arrows else ""
    return DEFAULT_FOLDER / f"{game}-board-{palette}{suffix}.{fmt}"


def page_note(look: BoardLook) -> str:
    return f"Print at 100 % (actual size): each field is {look.field_size:g} mm and the bar measures 50 mm."


def board_file(game_name: str, palette_name: str, look: BoardLook, output: Output) -> bytes:
    spec = get_game(game_name).board()
    palette = get_palette(palette_name)
    drawing = draw_for_output(lambda l: draw_board(spec, l), look, output)
    return export(drawing.scene, drawing.grid_box, palette, output, page_note(look))


def draw_for_output(draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, output: Output) -> BoardDrawing:
    """The drawing, with compact edges when only they keep a PDF on one page.

    An 18 mm board on A4 leaves 5 mm beside the grid: enough for small
    coordinates, not for the roomy default ones, and tiles would be silly.
    """
    drawing = draw(look)
    if output.format != "pdf" or fits_one_page(drawing.scene, drawing.grid_box, output.paper, output.margin):
        return drawing
    compact = draw(look._replace(compact=True))
    if fits_one_page(compact.scene, compact.grid_box, output.paper, output.margin):
        return compact
    return drawing
