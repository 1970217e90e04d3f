"""Boards: a game's board spec, drawn in a palette, as a file."""

from __future__ import annotations

from pathlib import Path

from .export import Output, export
from .games import get_game
from .grid import BoardLook, draw_board
from .output import DEFAULT_FOLDER
from .palettes import get_palette


def default_board_path(game: str, palette: str, arrows: bool, fmt: str) -> Path:
    suffix = "-arrows" if arrows else ""
    return DEFAULT_FOLDER / f"{game}-board-{palette}{suffix}.{fmt}"


def board_file(game_name: str, palette_name: str, look: BoardLook, output: Output) -> bytes:
    game = get_game(game_name)
    palette = get_palette(palette_name)
    drawing = draw_board(game.board(), look)
    note = f"Print at 100 % (actual size): each field is {look.field_size:g} mm and the bar measures 50 mm."
    return export(drawing.scene, drawing.grid_box, palette, output, note)
