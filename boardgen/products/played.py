"""What `simulate` and `study` make from checked values, on an executor the caller gives (the command line's
process pool or cluster, the web page's own process): the report, the chart, the study's page."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..draw.palettes import get_palette
from ..gamefiles import find_game
from ..games.game import Game
from ..layout.paper import get_paper
from ..options import Values
from ..simulate.match import MatchSpec
from ..simulate.report import report
from ..simulate.runner import IN_FLIGHT, RunResult, run
from ..simulate.setup import match_spec
from ..simulate.studies import Study, answer, run_study, studies
from .document import RenderedFile, output_for, render_document
from .simulation_report import match_plot_document, study_document

DEFAULT_GAMES = 200


@dataclass(frozen=True)
class Simulation:
    info: Game
    spec: MatchSpec
    outcome: RunResult
    seconds: float


def simulation_games(values: Values) -> int | None:
    """The games to play: --games; or as many as --until-ci needs (None); or DEFAULT_GAMES."""
    if values.given("games") or values["until-ci"] is None:
        return int(values["games"] if values["games"] is not None else DEFAULT_GAMES)
    return None


def simulate_games(values: Values, executor: Executor, progress: Callable[[Any], None],
                   in_flight: int | None = None) -> Simulation:
    """The games `values` ask for, played on `executor`; `progress` hears the summary so far.  `in_flight`: the
    tasks waiting at the executor at once (one, in process, so progress is heard after each task)."""
    info = find_game(values["game"])
    spec = match_spec(info, values["variant"], values["rule"], values["players"], values["seed"], values["max-plies"],
                      default_players=not values.given("players"), game=values["game"])
    started = time.perf_counter()
    outcome = run(spec, simulation_games(values), values["until-ci"], executor, progress, in_flight or IN_FLIGHT)
    return Simulation(info, spec, outcome, time.perf_counter() - started)


def simulation_text(simulation: Simulation, fmt: str) -> str:
    return report(simulation.info, simulation.spec, simulation.outcome, simulation.seconds, fmt)


def simulation_chart(simulation: Simulation, fmt: str, stem: str) -> list[RenderedFile]:
    """The win rates with their intervals, the chart alone at its own size, as `fmt` (svg, pdf or png)."""
    output = output_for(fmt, get_paper("a4"))  # the paper is only the output's default, never used
    document = match_plot_document(simulation.info, simulation.spec, simulation.outcome.summary, output, stem)
    return render_document(document, output, get_palette("classic"))


@dataclass(frozen=True)
class StudyAnswer:
    answer: str  # in words, with its interval
    files: list[RenderedFile]  # the one-page report; none when stopped before every setting was played
    stopped: int  # the stop signal's exit status, or 0
    settings_played: int


def study_games(values: Values) -> tuple[Study, int]:
    """The study named and the games each of its settings gets."""
    chosen = studies()[values["name"]]
    return chosen, values["games"] or (chosen.quick_games if values["quick"] else chosen.games)


def answer_study(values: Values, executor: Executor, progress: Callable[[int], None],
                 in_flight: int | None = None) -> StudyAnswer:
    """Every setting of the study played on `executor` (`progress` hears the games played), and its page;
    `in_flight` as for simulate_games."""
    chosen, per_arm = study_games(values)
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
