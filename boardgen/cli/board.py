"""`boardgen board`: a game's board on paper or at true size."""

from __future__ import annotations

from pathlib import Path

import click

from .options import (
    board_look_options,
    format_options,
    format_reasons,
    game_argument,
    laser_options,
    output_option,
    paper_options,
    refuse_unused,
    variant_option,
)
from .shared import PALETTE_NOT_FOR_LASER, laser_settings, look, no_arrows, report, variant


@click.command()
@game_argument()
@variant_option()
@board_look_options()
@paper_options("Paper for PDF.")
@format_options("pdf", laser=True)
@laser_options()
@output_option("output/GAME-board-PALETTE[-arrows].FORMAT")
@click.pass_context
def board(ctx: click.Context, game: str, variant_name: str | None, palette: str, arrows: bool, coordinates: bool,
          field_size: float | None, paper: str, margin: float, fmt: str, dpi: float, laser: bool,
          kerf: float | None, bed: str | None, reference: bool, laser_colours: str | None,
          output_path: Path | None) -> None:
    """Write a game's board as PDF (true scale on paper, tiled when large), SVG or PNG, or with --laser as
    SVG or DXF for a laser cutter: the plate cut, grid and zones scored, labels engraved."""
    from ..draw.palettes import get_palette
    from ..games import get_game
    from ..layout.paper import get_paper
    from ..products.board import board_document, board_stem
    from ..products.delivery import deliver
    from ..products.document import output_for

    info = get_game(game)
    chosen = variant(info, variant_name)
    refuse_unused(ctx, {"arrows": no_arrows(info, chosen)})
    drawn = look(info.default_field, field_size, coordinates, arrows)
    laser_output = laser_settings(ctx, fmt, {"palette": PALETTE_NOT_FOR_LASER})
    if laser_output is not None:
        from ..products.delivery import deliver_files
        from ..products.laser import board_laser_files

        stem = board_stem(info, chosen, "laser", arrows)
        report(deliver_files(board_laser_files(info, chosen, drawn, laser_output, stem), output_path))
        return
    refuse_unused(ctx, format_reasons(fmt.lower()))
    output = output_for(fmt, get_paper(paper), margin, dpi)
    document = board_document(info, chosen, drawn, output, board_stem(info, chosen, palette.lower(), arrows))
    report(deliver([document], output, get_palette(palette.lower()), output_path))
