"""What several commands do with their parsed options: pick a board, a look, report the files written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..errors import BoardgenError


def look(game_field: float, field_size: float | None, coordinates: bool, arrows: bool) -> Any:
    from ..draw.board import BoardLook

    return BoardLook(field_size=field_size if field_size is not None else game_field, coordinates=coordinates,
                     arrows=arrows)


def report(paths: list[Path]) -> None:
    for path in paths:
        click.echo(str(path))


def variant(info: Any, name: str | None) -> Any:
    try:
        return info.variant(name)
    except ValueError as error:
        raise BoardgenError(str(error)) from None


def no_arrows(info: Any, board: Any) -> str:
    """Why --arrows does not apply to a board, or "" when it does."""
    if info.board(board).arrows:
        return ""
    return f"does not apply to {info.title}: its board has no direction of play to show"
