"""`boardgen pieces` (also `kit`): a game's printable pieces, for sets that lack them."""

from __future__ import annotations

from pathlib import Path

import click

from ..games import GAMES
from .options import (
    MM_FIELD,
    choice,
    format_options,
    format_reasons,
    game_argument,
    laser_options,
    output_option,
    palette_option,
    paper_options,
    refuse_unused,
    variant_option,
)
from .shared import PALETTE_NOT_FOR_LASER, laser_settings, report, variant


def _help() -> str:
    lines = [f"{g.name}: {g.pieces_description}" for g in GAMES.values() if g.pieces is not None]
    return ("Write a game's printable pieces, for sets that lack them.\n\n" + "\n\n".join(lines) +
            "\n\nSVG and PNG give one file per page.")


def _sides_help() -> str:
    two_sided = ", ".join(g.name for g in GAMES.values() if g.two_sided_pieces)
    return (f"For two-sided pieces ({two_sided}): duplex-long or duplex-short to print the backs on a duplex "
            "printer flipping on that edge, fold to fold each piece in half [default: duplex-long].")


@click.command(help=_help())
@game_argument()
@variant_option()
@click.option("--sides", type=choice(["duplex-long", "duplex-short", "fold"]), default=None, help=_sides_help())
@palette_option("Colours of the pieces.")
@click.option("--field", "field_size", type=MM_FIELD, default=None, metavar="MM",
              help="The board's field size, which pieces that stand on fields follow [default: the game's own].")
@paper_options("Paper to print on.")
@format_options("pdf", laser=True)
@laser_options()
@output_option("output/GAME-pieces-PALETTE[-SIDES].FORMAT")
@click.pass_context
def pieces(ctx: click.Context, game: str, variant_name: str | None, sides: str | None, palette: str,
           field_size: float | None, paper: str, margin: float, fmt: str, dpi: float, laser: bool,
           kerf: float | None, bed: str | None, reference: bool, laser_colours: str | None,
           output_path: Path | None) -> None:
    from ..draw.palettes import get_palette
    from ..errors import BoardgenError
    from ..games import get_game
    from ..games.registry import PiecesOptions
    from ..layout.paper import get_paper
    from ..products.delivery import deliver
    from ..products.document import output_for
    from ..products.pieces import pieces_document, pieces_stem

    info = get_game(game)
    if sides is not None and not info.two_sided_pieces:
        raise BoardgenError(f"{info.title}'s pieces are one-sided, so --sides does not apply to them")
    chosen = variant(info, variant_name)
    size = field_size if field_size is not None else info.default_field
    laser_output = laser_settings(ctx, fmt, {
        "palette": PALETTE_NOT_FOR_LASER,
        "sides": "does not apply to laser files: a part's back is engraved after turning it over in its hole"})
    if laser_output is not None:
        from ..products.delivery import deliver_files
        from ..products.laser import pieces_laser_files

        options = PiecesOptions(size, get_paper("a4"), margin, "duplex-long", chosen)
        stem = f"{info.name}{'-' + chosen.name if len(info.variants) > 1 else ''}-pieces-laser"
        report(deliver_files(pieces_laser_files(info, options, laser_output, stem), output_path))
        return
    refuse_unused(ctx, format_reasons(fmt.lower(), on_paper_only=()))  # pieces are pages in every format
    paper_size = get_paper(paper)
    output = output_for(fmt, paper_size, margin, dpi)
    options = PiecesOptions(size, paper_size, margin, (sides or "duplex-long").lower(), chosen)
    document = pieces_document(info, options, pieces_stem(info, options, palette.lower()))
    report(deliver([document], output, get_palette(palette.lower()), output_path))
