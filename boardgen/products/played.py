"""What `simulate` and `study` make from checked values, on an executor the caller gives (the command line's
process pool or cluster, the web page's own process): the report, the chart, the study's page."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, NamedTuple

from ..options import Values
from .document import RenderedFile

DEFAULT_GAMES = 200


class Simulation(NamedTuple):
    info: Any
    spec: Any  # simulate.setup.MatchSpec
    outcome: Any  # simulate.runner.RunResult
    seconds: float


def simulation_games(values: Values) -> int | None:
    """The games to play: --games; or as many as --until-ci needs (None); or DEFAULT_GAMES."""
    if values["games"] is not None:
        return int(values["games"])
    return None if values["until-ci"] is not None else DEFAULT_GAMES


def simulate_games(values: Values, executor: Executor, progress: Callable[[Any], None],
                   in_flight: int | None = None) -> Simulation:
    """The games `values` ask for, played on `executor`; `progress` hears the summary so far.  `in_flight`: the
    tasks waiting at the executor at once (one, in process, so progress is heard after each task)."""
    from ..games import get_game
    from ..simulate.runner import IN_FLIGHT, run
    from ..simulate.setup import match_spec

    info = get_game(values["game"])
    spec = match_spec(info, values["variant"], values["rule"], values["players"], values["seed"], values["max-plies"])
    started = time.perf_counter()
    outcome = run(spec, simulation_games(values), values["until-ci"], executor, progress, in_flight or IN_FLIGHT)
    return Simulation(info, spec, outcome, time.perf_counter() - started)


def simulation_text(simulation: Simulation, fmt: str) -> str:
    from ..simulate.report import report

    return report(simulation.info, simulation.spec, simulation.outcome, simulation.seconds, fmt)


def simulation_chart(simulation: Simulation, fmt: str, stem: str) -> list[RenderedFile]:
    """The win rates with their intervals, the chart alone at its own size, as `fmt` (svg, pdf or png)."""
    from ..draw.palettes import get_palette
    from ..layout.paper import get_paper
    from .document import output_for, render_document
    from .simulation_report import match_plot_document

    output = output_for(fmt, get_paper("a4"))  # the paper is only the output's default, never used
    document = match_plot_document(simulation.info, simulation.spec, simulation.outcome.summary, output, stem)
    return render_document(document, output, get_palette("classic"))


class StudyAnswer(NamedTuple):
    answer: str  # in words, with its interval
    files: list[RenderedFile]  # the one-page report; none when stopped before every setting was played
    stopped: int  # the stop signal's exit status, or 0
    settings_played: int


def study_games(values: Values) -> tuple[Any, int]:
    """The study named and the games each of its settings gets."""
    from ..simulate.studies import studies

    chosen = studies()[values["name"]]
    return chosen, values["games"] or (chosen.quick_games if values["quick"] else chosen.games)


def answer_study(values: Values, executor: Executor, progress: Callable[[int], None],
                 in_flight: int | None = None) -> StudyAnswer:
    """Every setting of the study played on `executor` (`progress` hears the games played), and its page;
    `in_flight` as for simulate_games."""
    from ..draw.palettes import get_palette
    from ..layout.paper import get_paper
    from ..simulate.studies import answer, run_study
    from .document import output_for, render_document
    from .simulation_report import study_document

    chosen, per_arm = study_games(values)
    from ..simulate.runner import IN_FLIGHT

    results = run_study(chosen, per_arm, values["seed"], executor, progress, in_flight or IN_FLIGHT)
    stopped = next((r.outcome.stopped for r in results if r.outcome.stopped), 0)
    finished = sum(1 for r in results if not r.outcome.stopped)
    if stopped:
        return StudyAnswer("", [], stopped, finished)
    output = output_for("pdf", get_paper(values["paper"]), values["margin"])
    document = study_document(chosen, results, per_arm, values["seed"], values["quick"], output,
                              f"study-{chosen.name}")
    return StudyAnswer(answer(chosen, results), render_document(document, output, get_palette("classic")), 0,
                       finished)
