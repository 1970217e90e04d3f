"""`boardgen simulate`: many games between two players, and the first player's win rate with its interval."""

from __future__ import annotations

import sys

from ..options import Product, Values
from ..terminal import shown_path
from .output import echo


def simulate(product: Product, values: Values) -> None:
    import time

    from ..games import get_game
    from ..simulate.report import report
    from ..simulate.runner import run
    from ..simulate.setup import match_spec
    from .shared import Forecast, playing

    info = get_game(values["game"])
    spec = match_spec(info, values["variant"], values["rule"], values["players"], values["seed"], values["max-plies"])
    plot_path = values["plot"]
    if plot_path is not None:
        _check_plot_target(plot_path)  # refused before, not after, playing
    games, until_ci = values["games"], values["until-ci"]
    count = games if games is not None else (None if until_ci is not None else 200)
    started = time.perf_counter()
    forecast = Forecast(count)
    with playing(values["workers"], values["scheduler"], f"Playing {info.title}", count or 1_000_000,
                 lambda text: text) as (executor, bar):
        def progress(summary):  # type: ignore[no-untyped-def]
            bar.update(summary.games - bar.pos, f"A wins {100 * summary.rate_a:.1f} %")
            forecast.update(summary.games)
        outcome = run(spec, count, until_ci, executor, progress)
    seconds = time.perf_counter() - started
    echo(report(info, spec, outcome, seconds, values["format"]), nl=False)
    if outcome.stopped:
        echo("boardgen: stopped: the games above are those played before it" +
                   ("; no chart written" if plot_path is not None else ""), err=True)
        sys.exit(outcome.stopped)
    if plot_path is not None:
        from ..draw.palettes import get_palette
        from ..layout.paper import get_paper
        from ..products.delivery import deliver
        from ..products.document import output_for
        from ..products.simulation_report import match_plot_document

        # The chart is drawn at its own size: the paper is only the output's default, never used.
        output = output_for(plot_path.suffix.lower().lstrip("."), get_paper("a4"))
        document = match_plot_document(info, spec, outcome.summary, output, plot_path.stem)
        for path in deliver([document], output, get_palette("classic"), plot_path):
            echo(f"wrote {shown_path(path)}", err=values["format"] != "table")


def _check_plot_target(path: object) -> None:
    from pathlib import Path

    from ..errors import BoardgenError
    from ..products.writer import prepare_target

    assert isinstance(path, Path)
    try:
        prepare_target(path)
    except BoardgenError as error:
        raise BoardgenError(f"--plot: {error}".replace("-o path", "--plot file")) from None
