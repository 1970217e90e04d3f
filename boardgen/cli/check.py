"""The check command: is a position right, what can be played, and what follows a move."""

from __future__ import annotations

import click


@click.command()
@click.argument("position_file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.option("--move", "moves", multiple=True, metavar="MOVE",
              help="Play this move (in the game's notation, e.g. c1-e3=2; for IACTA with the throw first, "
              "42: c1-e3=2) and print the position after it. Repeat for several moves.")
@click.pass_context
def check(ctx: click.Context, position_file: str, as_json: bool, moves: tuple[str, ...]) -> None:
    """Check a position file (or sample:GAME/NAME, or - for standard input); list the legal moves, or play some
    with --move.

    Exit status 0: valid; 1: not a valid position, or a move that cannot be played; 2: the command itself is
    wrong; 3: an internal error.
    """
    from ..products.check_report import after_moves, check_loaded, check_text, report_json, report_text
    from ..products.inputs import read_source

    source = read_source(position_file)
    if moves:
        loaded = after_moves(source.data, source.label, moves)
        report = check_loaded(loaded)
        if as_json:
            click.echo(report_json(report, with_position=True))
        else:
            click.echo(loaded.rules.write(loaded.position), nl=False)
        ctx.exit(0)
    report = check_text(source.data)
    click.echo(report_json(report) if as_json else report_text(report, source.label))
    ctx.exit(0 if report.valid else 1)
