"""`boardgen simulate`: many games between two players, and the first player's win rate with its interval."""

from __future__ import annotations

from pathlib import Path

import click

from .options import FiniteFloat, OutputPath, choice, game_argument, paper_options, playing_options, variant_option

FORMATS_OUT = ("table", "json", "csv")
PLOT_FORMATS = ("svg", "pdf", "png")


def _rules_help() -> str:
    from ..games import GAMES

    parts = []
    for info in GAMES.values():
        options = info.rules().rule_options()
        if options:
            parts.append(f"{info.title}: " + ", ".join(f"{name}={'|'.join(values)}" for name, values in
                                                       options.items()))
    return ("A rule option as NAME=VALUE, repeated for several (the first value is the default). "
            + "; ".join(parts) + ". Other games have none.")


@click.command()
@game_argument()
@variant_option()
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help=_rules_help())
@click.option("--players", default="greedy,greedy", show_default=True, metavar="A,B",
              help="Player A (who moves first) and player B: random, greedy (the move that evaluates best) or "
                   "mcts:N (Monte Carlo tree search, N simulations a move).")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=None, metavar="N",
              help="How many games [default: 200, or as many as --until-ci needs].")
@click.option("--until-ci", type=FiniteFloat(0.001, 0.5), default=None, metavar="W",
              help="Play rounds of 200 games until the 95 %% interval of A's win rate is narrower than ±W "
                   "(e.g. 0.02); with --games, at most that many.")
@playing_options()
@click.option("--max-plies", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="A game not over after this many moves is counted as unfinished, apart from wins and draws.")
@click.option("--format", "fmt", type=choice(FORMATS_OUT), default="table", show_default=True,
              help="table (for reading), json or csv (for a spreadsheet).")
@click.option("--plot", "plot_path", type=OutputPath(), default=None, metavar="FILE",
              help="Also draw the win rates with their intervals, as FILE.svg, FILE.pdf or FILE.png.")
@paper_options("Paper for a --plot PDF.")
def simulate(game: str, variant_name: str | None, rules: tuple[str, ...], players: str, games: int | None,
             until_ci: float | None, seed: int, workers: int | None, scheduler: str | None, max_plies: int,
             fmt: str, plot_path: Path | None, paper: str, margin: float) -> None:
    """Play many games between two players and report the wins, draws, A's win rate with its 95 % interval,
    the games' length and the speed."""
    from ..games import get_game
    from ..simulate.report import report
    from ..simulate.runner import run
    from ..simulate.setup import match_spec
    from .shared import playing

    info = get_game(game)
    spec = match_spec(info, variant_name, rules, players, seed, max_plies)
    plot_format = plot_format_of(plot_path)
    count = games if games is not None else (None if until_ci is not None else 200)
    import time

    started = time.perf_counter()
    label = f"Playing {info.title}"
    with playing(workers, scheduler, label, count or 1_000_000, lambda text: text) as (executor, bar):
        def progress(summary):  # type: ignore[no-untyped-def]
            bar.update(summary.games - bar.pos, f"A wins {100 * summary.rate_a:.1f} %")
        outcome = run(spec, count, until_ci, executor, progress)
    seconds = time.perf_counter() - started
    click.echo(report(info, spec, outcome, seconds, fmt), nl=False)
    if plot_path is not None and plot_format is not None:
        from ..draw.palettes import get_palette
        from ..layout.paper import get_paper
        from ..products.delivery import deliver
        from ..products.document import output_for
        from ..products.simulation_report import match_plot_document

        output = output_for(plot_format, get_paper(paper), margin)
        document = match_plot_document(info, spec, outcome.summary, output, plot_path.stem)
        for path in deliver([document], output, get_palette("classic"), plot_path):
            click.echo(f"wrote {path}", err=fmt != "table")


def plot_format_of(path: Path | None) -> str | None:
    """The --plot file's format, from its extension; refused before any game is played."""
    from ..errors import BoardgenError
    from ..products.writer import prepare_target

    if path is None:
        return None
    extension = path.suffix.lower().lstrip(".")
    if extension not in PLOT_FORMATS:
        raise BoardgenError(f"--plot {path}: name an .svg, .pdf or .png file")
    try:
        prepare_target(path)
    except BoardgenError as error:
        raise BoardgenError(f"--plot: {error}".replace("-o path", "--plot file")) from None
    return extension
