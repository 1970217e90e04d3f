"""`boardgen simulate`: many games between two players, and the first player's win rate with its interval."""

from __future__ import annotations

from ..options import Product, Values
from ..stopping import exit_stopped
from ..terminal import shown_path
from .output import echo


def simulate(product: Product, values: Values) -> None:
    from ..games import get_game
    from ..products.played import simulate_games, simulation_chart, simulation_games, simulation_text
    from .shared import Forecast, playing

    info = get_game(values["game"])
    plot_path = values["plot"]
    if plot_path is not None:
        _check_plot_target(plot_path)  # refused before, not after, playing
    count = simulation_games(values)
    forecast = Forecast(count)
    with playing(values["workers"], values["scheduler"], f"Playing {info.title}", count or 1_000_000,
                 lambda text: text) as (executor, bar):
        def progress(summary):  # type: ignore[no-untyped-def]
            bar.update(summary.games - bar.pos, f"A wins {100 * summary.rate_a:.1f} %")
            forecast.update(summary.games)
        simulation = simulate_games(values, executor, progress)
    echo(simulation_text(simulation, values["format"]), nl=False)
    if simulation.outcome.stopped:
        echo("boardgen: stopped: the games above are those played before it" +
                   ("; no chart written" if plot_path is not None else ""), err=True)
        exit_stopped(simulation.outcome.stopped)
    if plot_path is not None:
        from ..products.delivery import deliver_files

        files = simulation_chart(simulation, plot_path.suffix.lower().lstrip("."), plot_path.stem)
        for path in deliver_files(files, plot_path):
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
