"""`boardgen board`: a game's board on paper or at true size."""

from __future__ import annotations

from pathlib import Path

import click

from .options import (
    board_look_options,
    format_options,
    format_reasons,
    game_argument,
    output_option,
    paper_options,
    refuse_unused,
    variant_option,
)
from .shared import look, no_arrows, report, variant


@click.command()
@game_argument()
@variant_option()
@board_look_options()
@paper_options("Paper for PDF.")
@format_options("pdf")
@output_option("output/GAME-board-PALETTE[-arrows].FORMAT")
@click.pass_context
def board(ctx: click.Context, game: str, variant_name: str | None, palette: str, arrows: bool, coordinates: bool,
          field_size: float | None, paper: str, margin: float, fmt: str, dpi: float,
          output_path: Path | None) -> None:
    """Write a game's board as PDF (true scale on paper, tiled when large), SVG or PNG."""
    from ..draw.palettes import get_palette
    from ..games import get_game
    from ..layout.paper import get_paper
    from ..products.board import board_document, board_stem
    from ..products.delivery import deliver
    from ..products.document import output_for

    info = get_game(game)
    chosen = variant(info, variant_name)
    refuse_unused(ctx, {**format_reasons(fmt.lower()), "arrows": no_arrows(info, chosen)})
    output = output_for(fmt, get_paper(paper), margin, dpi)
    drawn = look(info.default_field, field_size, coordinates, arrows)
    document = board_document(info, chosen, drawn, output, board_stem(info, chosen, palette.lower(), arrows))
    report(deliver([document], output, get_palette(palette.lower()), output_path))
