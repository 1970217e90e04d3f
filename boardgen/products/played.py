"""What `simulate` and `study` make from checked values, on an executor the caller gives (the command line's
process pool or cluster, the web page's own process): the report, the chart, the study's page."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..draw.palettes import get_palette
from ..gamefiles import find_game
from ..games.game import Game
from ..layout.paper import get_paper
from ..options import FromValues
from ..simulate.match import MatchSpec
from ..simulate.report import report
from ..simulate.runner import IN_FLIGHT, RunResult, run
from ..simulate.setup import match_spec
from ..simulate.studies import Study, answer, run_study, studies
from .document import RenderedFile, output_for, render_document
from .simulation_report import match_plot_document, study_document

DEFAULT_GAMES = 200


@dataclass(frozen=True)
class MatchValues(FromValues):
    """What every product that plays games reads of the options it shares (declared/playing.py): the game, its
    board and rules, the players a seat and how many games."""

    game: str
    variant: str | None
    rule: tuple[str, ...]
    players: str
    players_given: bool
    games: int
    games_given: bool


@dataclass(frozen=True)
class SimulationValues(MatchValues):
    """What `simulate` reads of its options (declared in declared/play.py)."""

    until_ci: float | None
    seed: int
    max_plies: int
    format: str
    plot: Path | None


@dataclass(frozen=True)
class StudyValues(FromValues):
    """What `study` reads of its options (declared in declared/play.py)."""

    name: str
    output: Path | None
    quick: bool
    games: int | None
    seed: int
    paper: str
    margin: float


@dataclass(frozen=True)
class Simulation:
    info: Game
    spec: MatchSpec
    outcome: RunResult
    seconds: float


def simulation_games(asked: SimulationValues) -> int | None:
    """The games to play: --games (DEFAULT_GAMES by default); or, with --until-ci alone, as many as it needs
    (None)."""
    if asked.games_given or asked.until_ci is None:
        return asked.games
    return None


def simulate_games(asked: SimulationValues, executor: Executor, progress: Callable[[Any], None],
                   in_flight: int | None = None) -> Simulation:
    """The games `asked` for, played on `executor`; `progress` hears the summary so far.  `in_flight`: the
    tasks waiting at the executor at once (one, in process, so progress is heard after each task)."""
    info = find_game(asked.game)
    spec = match_spec(info, asked.variant, asked.rule, asked.players, asked.seed, asked.max_plies,
                      default_players=not asked.players_given, game=asked.game)
    started = time.perf_counter()
    outcome = run(spec, simulation_games(asked), asked.until_ci, executor, progress, in_flight or IN_FLIGHT)
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


def study_games(asked: StudyValues) -> tuple[Study, int]:
    """The study named and the games each of its settings gets."""
    chosen = studies()[asked.name]
    return chosen, asked.games or (chosen.quick_games if asked.quick else chosen.games)


def answer_study(asked: StudyValues, executor: Executor, progress: Callable[[int], None],
                 in_flight: int | None = None) -> StudyAnswer:
    """Every setting of the study played on `executor` (`progress` hears the games played), and its page;
    `in_flight` as for simulate_games."""
    chosen, per_arm = study_games(asked)
    results = run_study(chosen, per_arm, asked.seed, executor, progress, in_flight or IN_FLIGHT)
    stopped = next((r.outcome.stopped for r in results if r.outcome.stopped), 0)
    finished = sum(1 for r in results if not r.outcome.stopped)
    if stopped:
        return StudyAnswer("", [], stopped, finished)
    output = output_for("pdf", get_paper(asked.paper), asked.margin)
    document = study_document(chosen, results, per_arm, asked.seed, asked.quick, output,
                              f"study-{chosen.name}")
    return StudyAnswer(answer(chosen, results), render_document(document, output, get_palette("classic")), 0,
                       finished)
