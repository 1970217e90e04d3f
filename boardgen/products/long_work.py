"""Long work, planned once from checked values and run by the command line (with a progress bar, on its process
pool or cluster) and by the web page (as a job in its queue) alike: simulations and studies here; gift sets
(declared/giftset.py) and reports (fairness_report.py) beside what they make.

Each plan says its title and steps, refuses a target it could not write before any game is played, and runs to
a Done: the files (the one a page shows first), the text both front ends show, and how the command line writes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BoardgenError
from ..gamefiles import find_game
from ..options import Place, Progress, Values
from ..simulate.runner import BATCH, default_workers, executor_for
from ..stopping import deferred
from .delivery import deliver_files
from .document import RenderedFile
from .played import (
    SimulationValues,
    StudyValues,
    answer_study,
    simulate_games,
    simulation_chart,
    simulation_games,
    simulation_text,
    study_games,
)
from .writer import DEFAULT_FOLDER, prepare_target

WROTE = "wrote "  # how the command line says a file it wrote


@contextmanager
def executor_at(place: Place, games: int) -> Iterator[Executor]:
    """The executor `games` games go to (a process pool or a Dask cluster): no more processes than tasks; a
    cluster that cannot be used is one clear line."""
    tasks = max(1, math.ceil((games or 1_000_000) / BATCH))
    if place.workers is not None and place.workers > tasks and not place.scheduler:
        place.note(f"{games} games are {tasks} task{'s' if tasks > 1 else ''} of {BATCH}: playing on {tasks} "
                   f"process{'es' if tasks > 1 else ''}, not {place.workers}")
    workers = min(place.workers or default_workers(), tasks)
    # Stop signals wait while the pool starts and closes (cut off halfway, it can hang for ever); the simulator
    # lets them through where it waits for results.
    with deferred():
        started = ExitStack()
        try:  # only starting the executor is translated: a RuntimeError while playing is a bug, said as one
            executor = started.enter_context(executor_for(workers, place.scheduler))
        except RuntimeError as error:
            raise BoardgenError(str(error)) from None
        with started:
            yield executor


@dataclass(frozen=True)
class Done:
    """What a piece of long work leaves (options.Finished)."""

    files: Sequence[RenderedFile] = ()
    text: str = ""  # ends with its newline, when there is any
    download_name: str = ""
    stopped: int = 0
    stopped_note: str = ""
    # Writes the command line's files: each path with what is said before it, and whether it goes to stderr.
    writer: Callable[[], list[tuple[Path, str, bool]]] = field(default=lambda: [])

    def write(self) -> list[tuple[Path, str, bool]]:
        return self.writer()


@dataclass(frozen=True)
class SimulationWork:
    asked: SimulationValues

    @property
    def title(self) -> str:
        return f"Playing {find_game(self.asked.game).title}"

    @property
    def steps(self) -> int:
        return simulation_games(self.asked) or 0  # as many as the interval needs

    plays = True

    def prepare(self) -> None:
        plot = self.asked.plot
        if plot is None:
            return
        try:
            prepare_target(plot)
        except BoardgenError as error:
            raise BoardgenError(f"--plot: {error}".replace("-o path", "--plot file")) from None

    def run(self, progress: Progress, place: Place) -> Done:
        with executor_at(place, self.steps) as executor:
            simulation = simulate_games(self.asked, executor, lambda summary: progress(
                summary.games, f"A wins {100 * summary.rate_a:.1f} %"), in_flight=place.in_flight)
        plot = self.asked.plot
        note = "the games above are those played before it" + ("; no chart written" if plot is not None else "")
        chart = simulation_chart(simulation, "svg", f"{simulation.info.name}-simulation")
        quiet = self.asked.format != "table"  # the table's reader sees "wrote"; a json or csv reader must not

        def write() -> list[tuple[Path, str, bool]]:
            if plot is None:
                return []
            files = simulation_chart(simulation, plot.suffix.lower().lstrip("."), plot.stem)
            return [(path, WROTE, quiet) for path in deliver_files(files, plot)]
        return Done(chart, simulation_text(simulation, self.asked.format), stopped=simulation.outcome.stopped,
                    stopped_note=note, writer=write)


@dataclass(frozen=True)
class StudyWork:
    asked: StudyValues

    @property
    def title(self) -> str:
        return str(study_games(self.asked)[0].title)

    @property
    def steps(self) -> int:
        chosen, per_arm = study_games(self.asked)
        return per_arm * len(chosen.arms)

    plays = True

    def prepare(self) -> None:
        name = study_games(self.asked)[0].name
        prepare_target(self.asked.output or DEFAULT_FOLDER / f"study-{name}.pdf")

    def run(self, progress: Progress, place: Place) -> Done:
        chosen, _ = study_games(self.asked)
        with executor_at(place, self.steps) as executor:
            answered = answer_study(self.asked, executor, lambda played: progress(played, f"{played:,} games"),
                                    in_flight=place.in_flight)
        note = (f"{answered.settings_played} of {len(chosen.arms)} settings played in full; no report written (a "
                "study answers only when every setting is played)")

        def write() -> list[tuple[Path, str, bool]]:
            return [(path, WROTE, False) for path in deliver_files(answered.files, self.asked.output)]
        return Done(answered.files, f"{answered.answer}\n" if answered.answer else "", stopped=answered.stopped,
                    stopped_note=note, writer=write)


def simulation_work(values: Values) -> SimulationWork:
    return SimulationWork(SimulationValues.of(values))


def study_work(values: Values) -> StudyWork:
    return StudyWork(StudyValues.of(values))
