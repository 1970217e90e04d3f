"""`boardgen diagram`: a position drawn on its board, with the fields its moves reach."""

from __future__ import annotations

from pathlib import Path

import click

from .options import (
    board_look_options,
    format_options,
    format_reasons,
    laser_options,
    output_option,
    paper_options,
    refuse_unused,
)
from .shared import PALETTE_NOT_FOR_LASER, laser_settings, look, no_arrows, report


@click.command()
@click.argument("position_file", metavar="FILE")
@click.option("--moves", is_flag=True, help="Mark every field the legal moves reach.")
@click.option("--from", "only_from", metavar="FIELD", default=None,
              help="With --moves: mark only the moves of the piece on this field, e.g. e6.")
@board_look_options()
@paper_options("Paper for PDF.")
@format_options("svg", laser=True)
@laser_options()
@output_option("output/FILE[-moves].FORMAT")
@click.pass_context
def diagram(ctx: click.Context, position_file: str, moves: bool, only_from: str | None, palette: str, arrows: bool,
            coordinates: bool, field_size: float | None, paper: str, margin: float, fmt: str, dpi: float,
            laser: bool, kerf: float | None, bed: str | None, reference: bool, laser_colours: str | None,
            output_path: Path | None) -> None:
    """Draw a position file (or sample:GAME/NAME) on its board, as SVG, PDF or PNG.

    The position file picks the board, so diagram has no --variant.
    """
    from ..draw.palettes import get_palette
    from ..errors import BoardgenError
    from ..layout.paper import get_paper
    from ..products.delivery import deliver
    from ..products.diagram import diagram_document, parse_from, valid_position
    from ..products.document import output_for
    from ..products.inputs import read_source

    if only_from is not None and not moves:
        raise BoardgenError("--from picks whose moves to mark; use it together with --moves")
    laser_output = laser_settings(ctx, fmt, {"palette": PALETTE_NOT_FOR_LASER})
    if laser_output is None:
        refuse_unused(ctx, format_reasons(fmt.lower()))
    source = read_source(position_file)
    loaded = valid_position(source.data, source.label)
    refuse_unused(ctx, {"arrows": no_arrows(loaded.game, loaded.position.variant)})
    origin = parse_from(loaded, only_from) if only_from is not None else None
    drawn = look(loaded.game.default_field, field_size, coordinates, arrows)
    stem = f"{source.stem}{'-moves' if moves else ''}"
    if laser_output is not None:
        from ..products.delivery import deliver_files
        from ..products.diagram import position_drawer
        from ..products.laser import plate_files

        files = plate_files(position_drawer(loaded, moves, origin), drawn, laser_output, f"{stem}-laser", "diagram")
        report(deliver_files(files, output_path))
        return
    output = output_for(fmt, get_paper(paper), margin, dpi)
    document = diagram_document(loaded, drawn, output, stem, moves, origin)
    report(deliver([document], output, get_palette(palette.lower()), output_path))
