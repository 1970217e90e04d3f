"""Print-and-play kits: a game's cut-out pieces on paper, as files."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from .errors import BoardgenError
from .export import Output, export_pages
from .games import get_game
from .output import DEFAULT_FOLDER
from .palettes import get_palette
from .paper import Paper


class KitOptions(NamedTuple):
    field_size: float
    paper: Paper
    margin: float
    sides: str  # duplex-long | duplex-short | fold


def kit_paths(game: str, label: str, fmt: str, pages: int, requested: Path | None) -> list[Path]:
    """One path for a PDF; one per page (name-p1.svg, ...) for SVG and PNG."""
    base = requested or DEFAULT_FOLDER / f"{game}-{label}.{fmt}"
    if fmt == "pdf" or pages == 1:
        return [base]
    return [base.with_name(f"{base.stem}-p{n}{base.suffix}") for n in range(1, pages + 1)]


def kit_files(game_name: str, palette_name: str, options, output: Output) -> list[bytes]:
    game = get_game(game_name)
    if game.kit is None:
        raise BoardgenError(f"{game.title} has no printable pieces yet")
    try:
        pages = game.kit()(options)
    except ValueError as error:
        raise BoardgenError(f"cannot lay out the pieces: {error}; try a larger --paper, a smaller --margin "
                            "or, where the pieces follow the fields, a smaller --field") from None
    return export_pages(pages, get_palette(palette_name), output, f"{game.title} kit")
