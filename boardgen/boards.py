"""Boards: a game's board spec, drawn in a palette, as a file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .export import Output, export
from .games import get_game
from .grid import BoardDrawing, BoardLook, BoardSpec, draw_board
from .output import DEFAULT_FOLDER
from .pages import fits_one_page
from .palettes import get_palette


def default_board_path(game: str, palette: str, arrows: bool, fmt: str) -> Path:
    suffix = "-arrows" if arrows else ""
    return DEFAULT_FOLDER / f"{game}-board-{palette}{suffix}.{fmt}"


def board_file(game_name: str, palette_name: str, look: BoardLook, output: Output) -> bytes:
    game = get_game(game_name)
    palette = get_palette(palette_name)
    drawing = _draw_for(game.board(), look, output)
    note = f"Print at 100 % (actual size): each field is {look.field_size:g} mm and the bar measures 50 mm."
    return export(drawing.scene, drawing.grid_box, palette, output, note)


def _draw_for(spec: BoardSpec, look: BoardLook, output: Output) -> BoardDrawing:
    """The board drawing, with compact edges when only they keep a PDF board on one page.

    An 18 mm board on A4 leaves 5 mm beside the grid: enough for small
    coordinates, not for the roomy default ones, and tiles would be silly.
    """
    drawing = draw_board(spec, look)
    if output.format != "pdf" or fits_one_page(drawing.scene, drawing.grid_box, output.paper, output.margin):
        return drawing
    compact = draw_board(spec, replace(look, compact=True))
    if fits_one_page(compact.scene, compact.grid_box, output.paper, output.margin):
        return compact
    return drawing
