"""The `boardgen` command line: parse options, call the library, report."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .errors import BoardgenError
from .games import GAMES
from .palettes import PALETTES
from .paper import DEFAULT_MARGIN, PAPERS

DEFAULT_FIELD = 15.8  # mm: a 2x2 LEGO brick's width; ten fields fit A4 and Letter inside 10 mm margins
FORMATS = ("pdf", "svg", "png")


class BoardgenGroup(click.Group):
    """Reports every usage error as one line, `boardgen: error: ...`, exit status 2."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as error:
            # One line, whatever click's own message looks like.
            message = " ".join(error.format_message().split())
            click.echo(f"boardgen: error: {message}", err=True)
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("boardgen: aborted", err=True)
            sys.exit(1)
        sys.exit(result if isinstance(result, int) else 0)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BoardgenError as error:
            raise _usage(error) from None


def _usage(error: BoardgenError) -> click.ClickException:
    exception = click.ClickException(str(error))
    exception.exit_code = error.exit_code
    return exception


@click.group(cls=BoardgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Print-and-play boards and components for small abstract dice games."""


def _choice(values) -> click.Choice:
    return click.Choice(list(values), case_sensitive=False)


def _drawing_options(default_format: str, default_output: str):
    """The options every drawing command shares, so board and diagram agree."""
    options = [
        click.option("--palette", type=_choice(PALETTES), default="classic", show_default=True,
                     help="classic (2001 colours), cud (colour-blind safe), mono (black and white)."),
        click.option("--arrows/--no-arrows", default=False, show_default=True,
                     help="Arrows from each start to its goal."),
        click.option("--coordinates/--no-coordinates", default=True, show_default=True,
                     help="Letters and numbers along the edges."),
        click.option("--field", "field_size", type=click.FloatRange(0, 100, min_open=True), default=DEFAULT_FIELD,
                     show_default=True, metavar="MM", help="Side of one field in millimetres."),
        click.option("--paper", type=_choice(PAPERS), default="a4", show_default=True, help="Paper size for PDF."),
        click.option("--margin", type=click.FloatRange(0, 50), default=DEFAULT_MARGIN, show_default=True,
                     metavar="MM", help="Unprintable edge of your printer (PDF)."),
        click.option("--format", "fmt", type=_choice(FORMATS), default=default_format, show_default=True),
        click.option("--dpi", type=click.FloatRange(30, 1200), default=300, show_default=True,
                     help="Resolution of PNG output."),
        click.option("-o", "--output", "output_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
                     help=f"File to write [default: {default_output}]."),
    ]

    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def _write(path: Path, make) -> None:
    from .output import prepare_target, write_atomically

    target = prepare_target(path)
    write_atomically(target, make())
    click.echo(str(target))


def _look_and_output(field_size, coordinates, arrows, fmt, paper, margin, dpi):
    from .export import Output
    from .grid import BoardLook
    from .paper import get_paper

    return (BoardLook(field_size=field_size, coordinates=coordinates, arrows=arrows),
            Output(fmt.lower(), get_paper(paper), margin, dpi))


@main.command()
@click.argument("game", type=_choice(GAMES), metavar="GAME")
@_drawing_options("pdf", "output/GAME-board-PALETTE[-arrows].FORMAT")
def board(game, palette, arrows, coordinates, field_size, paper, margin, fmt, dpi, output_path) -> None:
    """Write a game's board as PDF (true scale on paper), SVG or PNG."""
    from .boards import board_file, default_board_path

    game, palette, fmt = game.lower(), palette.lower(), fmt.lower()
    look, output = _look_and_output(field_size, coordinates, arrows, fmt, paper, margin, dpi)
    path = output_path or default_board_path(game, palette, arrows, fmt)
    _write(path, lambda: board_file(game, palette, look, output))


def _sheets_command(name: str, help_text: str, with_sides: bool):
    """`kit` and `pieces`: a game's cut-out pieces on paper (tokens, sticks, dice nets, tiles)."""

    @main.command(name=name, help=help_text)
    @click.argument("game", type=_choice([n for n, g in GAMES.items() if g.kit]), metavar="GAME")
    @click.option("--sides", type=_choice(["duplex-long", "duplex-short", "fold"]), default="duplex-long",
                  show_default=True, hidden=not with_sides,
                  help="How two-sided pieces are printed: duplex flipped on the long or short edge, "
                  "or fold (no duplex printer needed).")
    @_drawing_options("pdf", f"output/GAME-{name}-PALETTE[-SIDES].FORMAT, one file per page for SVG and PNG")
    def command(game, sides, palette, arrows, coordinates, field_size, paper, margin, fmt, dpi, output_path):
        from .kits import KitOptions, kit_files, kit_paths
        from .output import prepare_target, write_atomically

        game, palette, fmt, sides = game.lower(), palette.lower(), fmt.lower(), sides.lower()
        _, output = _look_and_output(field_size, coordinates, arrows, fmt, paper, margin, dpi)
        files = kit_files(game, palette, KitOptions(field_size, output.paper, margin, sides), output)
        label = f"{name}-{palette}-{sides}" if with_sides else f"{name}-{palette}"
        paths = [prepare_target(p) for p in kit_paths(game, label, fmt, len(files), output_path)]
        for path, data in zip(paths, files):
            write_atomically(path, data)
            click.echo(str(path))

    return command


kit = _sheets_command("kit", "Write the print-and-play kit: two-sided paper tokens and throwing sticks.", True)
pieces = _sheets_command("pieces", "Write printable pieces for sets without them (ALEA: fold-up dice; "
                         "ISAAC: tiles and score markers).", False)


@main.command()
@click.argument("game", type=_choice(GAMES), metavar="GAME")
@click.option("--dice", type=click.IntRange(1, 10), default=None, help="Dice per player (both players).")
@click.option("--dice-red", type=click.IntRange(1, 10), default=None, help="Dice for red (a handicap).")
@click.option("--dice-yellow", type=click.IntRange(1, 10), default=None, help="Dice for yellow (a handicap).")
@click.option("--field", "field_size", type=click.FloatRange(0, 100, min_open=True), default=DEFAULT_FIELD,
              show_default=True, metavar="MM", help="Field size of your board, to check that bricks fit.")
@click.option("--format", "fmt", type=_choice(["table", "csv", "json", "bricklink"]), default="table",
              show_default=True, help="bricklink: a wanted-list XML file to order the bricks.")
@click.option("-o", "--output", "output_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="File to write [default: the screen; for bricklink output/GAME-lego-bricklink.xml].")
def lego(game, dice, dice_red, dice_yellow, field_size, fmt, output_path) -> None:
    """Count the 2x2 LEGO bricks for playing with towers instead of dice."""
    from .games import get_game
    from .lego import FORMATTERS, tower_report
    from .output import DEFAULT_FOLDER

    info = get_game(game)
    if not info.lego_colours:
        towers = ", ".join(name for name, g in GAMES.items() if g.lego_colours)
        raise BoardgenError(f"{info.title} is not played with LEGO towers; lego works for: {towers}")
    per_player = {"red": dice_red, "yellow": dice_yellow}
    if dice is not None and any(v is not None for v in per_player.values()):
        raise BoardgenError("give either --dice for both players or --dice-red/--dice-yellow, not both")
    counts = {p: per_player.get(p) or dice or info.default_dice for p in info.lego_colours}
    text = FORMATTERS[fmt.lower()](tower_report(info.title, field_size, counts, info.lego_colours))
    if output_path is None and fmt.lower() == "bricklink":
        output_path = DEFAULT_FOLDER / f"{info.name}-lego-bricklink.xml"
    if output_path is None:
        click.echo(text, nl=False)
    else:
        _write(output_path, lambda: text.encode("utf-8"))


@main.command()
@click.argument("game", type=_choice(GAMES), metavar="GAME")
@click.option("--lang", default="en", show_default=True, metavar="LANG",
              help="Language of the rule sheet: en, or the game's home language (IACTA: da, ALEA: it).")
@click.option("--palette", type=_choice(PALETTES), default="classic", show_default=True, help="Colours of the diagrams.")
@click.option("--paper", type=_choice(PAPERS), default="a4", show_default=True)
@click.option("-o", "--output", "output_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="File to write [default: output/GAME-rules-LANG.pdf].")
def rules(game, lang, palette, paper, output_path) -> None:
    """Write the rule sheet as a PDF, with diagrams drawn by the rules engine."""
    from .games import get_game
    from .output import DEFAULT_FOLDER
    from .palettes import get_palette
    from .paper import get_paper
    from .rulesheet import rule_sheet

    info, lang = get_game(game), lang.lower()
    path = output_path or DEFAULT_FOLDER / f"{info.name}-rules-{lang}.pdf"
    _write(path, lambda: rule_sheet(info.name, info.title, lang, get_palette(palette), get_paper(paper), 15.0))


def _position_file():
    return click.argument("position_file", metavar="FILE",
                          type=click.Path(exists=True, dir_okay=False, readable=True, path_type=Path))


@main.command()
@_position_file()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.pass_context
def check(ctx, position_file: Path, as_json: bool) -> None:
    """Check a position file; with a throw, list the legal moves.

    Exit status 0: valid; 1: not a valid position; 2: the command itself is wrong.
    """
    from .checking import check_text, report_json, report_text

    report = check_text(_read(position_file))
    click.echo(report_json(report) if as_json else report_text(report, str(position_file)))
    ctx.exit(0 if report.valid else 1)


@main.command()
@_position_file()
@click.option("--moves", is_flag=True, help="Mark every field the legal moves reach (needs a throw in the file).")
@click.option("--from", "only_from", metavar="FIELD", default=None,
              help="With --moves: mark only the moves of the piece on this field, e.g. e6.")
@_drawing_options("svg", "output/FILE[-moves].FORMAT")
def diagram(position_file: Path, moves, only_from, palette, arrows, coordinates, field_size, paper, margin, fmt,
            dpi, output_path) -> None:
    """Draw a position file on its board, as SVG, PDF or PNG."""
    from .diagrams import default_diagram_path, diagram_file

    palette, fmt = palette.lower(), fmt.lower()
    look, output = _look_and_output(field_size, coordinates, arrows, fmt, paper, margin, dpi)
    text = _read(position_file)
    path = output_path or default_diagram_path(position_file, moves, fmt)
    if only_from is not None and not moves:
        raise BoardgenError("--from picks whose moves to mark; use it together with --moves")
    _write(path, lambda: diagram_file(text, str(position_file), palette, look, output, moves,
                                      only_from.lower() if only_from else None))


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise BoardgenError(f"cannot read {path}: {error.strerror}") from None


@main.command("list")
def list_games() -> None:
    """Show the games, their boards and the palettes."""
    from .rulesheet import available_languages

    click.echo("Games:")
    for game in GAMES.values():
        spec = game.board()
        click.echo(f"  {game.name:<10} {game.title} ({game.designer}, {game.year}): {game.summary}")
        offers = [f"board {spec.grid.columns}x{spec.grid.rows}"]
        if game.kit:
            offers.append("kit/pieces")
        if game.lego_colours:
            offers.append("lego")
        languages = available_languages(game.name)
        if languages:
            offers.append(f"rules ({', '.join(languages)})")
        if game.engine:
            offers.append("check and diagram")
        click.echo(f"  {'':<10} {'; '.join(offers)}")
    click.echo("Palettes:")
    for palette in PALETTES.values():
        click.echo(f"  {palette.name:<10} {palette.description}")
    click.echo("Papers:")
    for paper in PAPERS.values():
        click.echo(f"  {paper.name:<10} {paper.width:g} x {paper.height:g} mm")


_ROLE_ORDER = ("field", "p1.", "p2.", "arrow.", "goal.mark")


def _board_roles(styles) -> list[str]:
    """The roles a player sees on a board, grouped: plain, player 1, player 2, arrows, marks."""
    ranked = [(i, role) for role in styles for i, prefix in enumerate(_ROLE_ORDER) if role.startswith(prefix)]
    return [role for _, role in sorted(ranked, key=lambda pair: pair[0])]


@main.command()
def palettes() -> None:
    """Print each palette's colours and its colour-blind contrast table."""
    from .contrast import VISIONS, contrast_pairs
    from .palettes import describe_style

    click.echo("p1 and p2 are the first and second player (IACTA: red and yellow); start and goal are")
    click.echo("their corner homelands, .pale the border row of a homeland.\n")
    for palette in PALETTES.values():
        click.echo(f"{palette.name}: {palette.description}")
        for role in _board_roles(palette.styles):
            click.echo(f"  {role:<15} {describe_style(palette.styles[role])}")
        pairs = contrast_pairs(palette)
        if pairs:
            header = "".join(f"{v:>14}" for v in VISIONS)
            click.echo("  Colour distance, CAM02-UCS ΔE, for each vision (Machado 2009, severity 100):")
            click.echo(f"  {'pair':<30}{header}{'needed':>9}")
            for pair in pairs:
                values = "".join(f"{d:>14.1f}" for d in pair.delta_e)
                verdict = "ok" if pair.ok else "TOO CLOSE"
                click.echo(f"  {pair.first + ' / ' + pair.second:<30}{values}{pair.required:>9.0f}  {verdict}")
        click.echo("")
