"""Commands that draw: board, diagram and pieces."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..games import GAMES
from ..layout.paper import get_paper
from .app import main
from .options import (
    MM_FIELD,
    board_look_options,
    choice,
    format_options,
    format_reasons,
    game_argument,
    output_option,
    palette_option,
    paper_options,
    refuse_unused,
    variant_option,
)


def _look(game_field: float, field_size: float | None, coordinates: bool, arrows: bool) -> Any:
    from ..draw.board import BoardLook

    return BoardLook(field_size=field_size if field_size is not None else game_field, coordinates=coordinates,
                     arrows=arrows)


def _report(paths: list[Path]) -> None:
    for path in paths:
        click.echo(str(path))


@main.command()
@game_argument()
@variant_option()
@board_look_options()
@paper_options("Paper for PDF.")
@format_options("pdf")
@output_option("output/GAME-board-PALETTE[-arrows].FORMAT")
@click.pass_context
def board(ctx: click.Context, game: str, variant: str | None, palette: str, arrows: bool, coordinates: bool,
          field_size: float | None, paper: str, margin: float, fmt: str, dpi: float,
          output_path: Path | None) -> None:
    """Write a game's board as PDF (true scale on paper), SVG or PNG."""
    from ..draw.palettes import get_palette
    from ..games import get_game
    from ..products.board import board_document, board_stem
    from ..products.delivery import deliver
    from ..products.document import output_for

    info = get_game(game)
    chosen = _variant(info, variant)
    refuse_unused(ctx, {**format_reasons(fmt.lower()), "arrows": _no_arrows(info, chosen)})
    output = output_for(fmt, get_paper(paper), margin, dpi)
    look = _look(info.default_field, field_size, coordinates, arrows)
    document = board_document(info, chosen, look, output, board_stem(info, chosen, palette.lower(), arrows))
    _report(deliver([document], output, get_palette(palette.lower()), output_path))


def _no_arrows(info: Any, variant: Any) -> str:
    """Why --arrows does not apply to a board, or "" when it does."""
    if info.board(variant).arrows:
        return ""
    return f"does not apply to {info.title}: its board has no direction of play to show"


def _variant(info: Any, name: str | None) -> Any:
    from ..errors import BoardgenError

    try:
        return info.variant(name)
    except ValueError as error:
        raise BoardgenError(str(error)) from None


def _position_argument() -> Any:
    return click.argument("position_file", metavar="FILE")


@main.command()
@_position_argument()
@click.option("--moves", is_flag=True, help="Mark every field the legal moves reach.")
@click.option("--from", "only_from", metavar="FIELD", default=None,
              help="With --moves: mark only the moves of the piece on this field, e.g. e6.")
@board_look_options()
@paper_options("Paper for PDF.")
@format_options("svg")
@output_option("output/FILE[-moves].FORMAT")
@click.pass_context
def diagram(ctx: click.Context, position_file: str, moves: bool, only_from: str | None, palette: str, arrows: bool,
            coordinates: bool, field_size: float | None, paper: str, margin: float, fmt: str, dpi: float,
            output_path: Path | None) -> None:
    """Draw a position file (or sample:GAME/NAME) on its board, as SVG, PDF or PNG.

    The position file picks the board, so diagram has no --variant.
    """
    from ..draw.palettes import get_palette
    from ..errors import BoardgenError
    from ..products.delivery import deliver
    from ..products.diagram import diagram_document, parse_from, valid_position
    from ..products.document import output_for
    from ..products.inputs import read_source

    if only_from is not None and not moves:
        raise BoardgenError("--from picks whose moves to mark; use it together with --moves")
    refuse_unused(ctx, format_reasons(fmt.lower()))
    output = output_for(fmt, get_paper(paper), margin, dpi)
    source = read_source(position_file)
    loaded = valid_position(source.data, source.label)
    refuse_unused(ctx, {"arrows": _no_arrows(loaded.game, loaded.position.variant)})
    origin = parse_from(loaded, only_from) if only_from is not None else None
    look = _look(loaded.game.default_field, field_size, coordinates, arrows)
    stem = f"{source.stem}{'-moves' if moves else ''}"
    document = diagram_document(loaded, look, output, stem, moves, origin)
    _report(deliver([document], output, get_palette(palette.lower()), output_path))


def _pieces_help() -> str:
    lines = [f"{g.name}: {g.pieces_description}" for g in GAMES.values() if g.pieces is not None]
    return ("Write a game's printable pieces, for sets that lack them.\n\n" + "\n\n".join(lines) +
            "\n\nSVG and PNG give one file per page.")


def _sides_help() -> str:
    two_sided = ", ".join(g.name for g in GAMES.values() if g.two_sided_pieces)
    return (f"For two-sided pieces ({two_sided}): duplex-long or duplex-short to print the backs on a duplex "
            "printer flipping on that edge, fold to fold each piece in half [default: duplex-long].")


def _pieces(ctx: click.Context, game: str, variant: str | None, sides: str | None, palette: str,
            field_size: float | None, paper: str, margin: float, fmt: str, dpi: float,
            output_path: Path | None) -> None:
    from ..draw.palettes import get_palette
    from ..errors import BoardgenError
    from ..games import get_game
    from ..games.registry import PiecesOptions
    from ..products.delivery import deliver
    from ..products.document import output_for
    from ..products.pieces import pieces_document, pieces_stem

    info = get_game(game)
    if sides is not None and not info.two_sided_pieces:
        raise BoardgenError(f"{info.title}'s pieces are one-sided, so --sides does not apply to them")
    chosen = _variant(info, variant)
    refuse_unused(ctx, format_reasons(fmt.lower(), on_paper_only=()))  # pieces are pages in every format
    paper_size = get_paper(paper)
    output = output_for(fmt, paper_size, margin, dpi)
    size = field_size if field_size is not None else info.default_field
    options = PiecesOptions(size, paper_size, margin, (sides or "duplex-long").lower(), chosen)
    document = pieces_document(info, options, pieces_stem(info, options, palette.lower()))
    _report(deliver([document], output, get_palette(palette.lower()), output_path))


def _pieces_command(name: str, hidden: bool) -> None:
    @main.command(name=name, help=_pieces_help(), hidden=hidden)
    @game_argument()
    @variant_option()
    @click.option("--sides", type=choice(["duplex-long", "duplex-short", "fold"]), default=None, help=_sides_help())
    @palette_option("Colours of the pieces.")
    @click.option("--field", "field_size", type=MM_FIELD, default=None, metavar="MM",
                  help="The board's field size, which pieces that stand on fields follow [default: the game's own].")
    @paper_options("Paper to print on.")
    @format_options("pdf")
    @output_option("output/GAME-pieces-PALETTE[-SIDES].FORMAT")
    @click.pass_context
    def command(ctx: click.Context, **options: Any) -> None:
        _pieces(ctx, **options)


_pieces_command("pieces", hidden=False)
_pieces_command("kit", hidden=True)  # the name the first releases used; the same command
