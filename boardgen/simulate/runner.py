"""Many games on an executor: a process pool here, or a Dask cluster's (its Client is a concurrent.futures
executor).  Games are numbered and each is seeded by its number, so the results are the same whatever runs
them; with --until-ci the games are played in rounds of a fixed size and the interval is looked at between
rounds, so the stopping point is the same too."""

from __future__ import annotations

import itertools
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..stopping import at_second_stop, exit_status, interruptible, worker_started
from .match import GameResult, MatchSpec, play_games
from .stats import Summary, summarise

if TYPE_CHECKING:
    from multiprocessing.synchronize import Event

BATCH = 8  # games a task: enough to outweigh the cost of sending it, few enough to spread the work
ROUND = 200  # games between two looks at the interval, with --until-ci
MAX_GAMES = 1_000_000
IN_FLIGHT = 64  # tasks waiting at the executor at most: enough to keep a few dozen workers busy
PROGRESS_EVERY = 0.2  # seconds between two progress reports (a summary of every game so far is not free)


@dataclass(frozen=True)
class RunResult:
    results: tuple[GameResult, ...]
    summary: Summary
    stopped: int = 0  # the exit status a stop signal asks for (130 for Ctrl-C), 0 if every game was played

    @property
    def stopped_early(self) -> bool:
        return self.stopped != 0


class _InProcess(Executor):
    """One worker: the games run here, one task at a time (no processes to start, easy to profile)."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        future: Future[object] = Future()
        try:
            with interruptible():  # the games are played here: Ctrl-C stops them where they are
                future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            future.set_exception(error)
        return future


class _Cluster(Protocol):
    """What the simulator uses of a Dask Client."""

    def get_executor(self) -> Executor: ...

    def close(self) -> None: ...


class _Workers:
    """The event that tells this process's pool workers to end their tasks after their current game: made before
    the first pool starts (each worker is handed it), set when a stop signal comes."""

    stop: Event | None = None


def _workers_stop() -> Event:
    if _Workers.stop is None:
        _Workers.stop = multiprocessing.Event()
    return _Workers.stop


@contextmanager
def executor_for(workers: int, scheduler: str | None) -> Iterator[Executor]:
    if scheduler:
        # The one import made here: Dask is an optional extra (boardgen[cluster]), absent from a plain install,
        # and costs a third of a second; only the executor --scheduler chooses needs it.
        try:
            from dask.distributed import Client
        except ImportError:
            raise RuntimeError("--scheduler needs Dask: pip install 'boardgen[cluster]'") from None
        try:
            client: _Cluster = Client(scheduler, timeout="15s")  # type: ignore[no-untyped-call]  # dask is untyped
        except (OSError, ValueError, TypeError) as error:
            raise RuntimeError(f"cannot reach the Dask scheduler at {scheduler}: {error}; is it running, and does "
                               "the address look like tcp://HOST:8786?") from None
        try:
            yield client.get_executor()
        finally:
            client.close()
    elif workers <= 1:
        yield _InProcess()
    else:
        # The ending stays registered until the pool has shut down: a second signal may come while it waits.
        with at_second_stop(end_workers), ProcessPoolExecutor(max_workers=workers, initializer=worker_started,
                                                              initargs=(os.getpid(), _workers_stop())) as pool:
            yield pool


WORKERS_END = 5.0  # seconds to wait for a killed worker to be gone; the kernel takes microseconds


def end_workers() -> None:
    """Kill this process's worker processes and wait until they are gone: at a second signal the main process exits
    at once, and a worker must not play on (until it noticed its parent had gone) after the prompt is back."""
    workers = multiprocessing.active_children()
    for worker in workers:
        try:
            worker.kill()  # SIGKILL: a worker may be anywhere, holding any lock; nothing of its work is kept
        except OSError:
            pass  # gone already
    for worker in workers:
        worker.join(WORKERS_END)  # wakes when the worker's end closes its sentinel, whoever reaps it


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


Play = Callable[[MatchSpec, tuple[int, ...]], list[GameResult]]  # a task: a batch of numbered games


def run(spec: MatchSpec, games: int | None, until_ci: float | None, executor: Executor,
        progress: Callable[[Summary], None] = lambda summary: None, in_flight: int = IN_FLIGHT,
        play: Play = play_games, enough: Callable[[list[GameResult]], bool] | None = None,
        round_size: int = ROUND) -> RunResult:
    """`games` games, or rounds of `round_size` until the interval's half-width is below `until_ci` or, when
    given, until `enough` says so of every game played (in order); at most `games` either way.

    At most `in_flight` tasks wait at the executor at once, topped up as they finish, so memory does not grow
    with the number of games; `progress` hears the summary a few times a second.  `play` plays a task (a
    batch of games, in a worker): play_games, or one that measures more of each game.
    """
    if enough is None and until_ci is not None:
        def enough(results: list[GameResult]) -> bool:
            return summarise(results, len(spec.players)).half_width < until_ci
    results: list[GameResult] = []
    stopped = 0
    target = games if games is not None else MAX_GAMES
    try:
        while len(results) < target:
            size = min(target - len(results), round_size if enough is not None else target)
            start = len(results)
            batches = (tuple(range(n, min(n + BATCH, start + size))) for n in range(start, start + size, BATCH))
            round_results: list[GameResult] = []
            running: set[Future[list[GameResult]]] = set()
            heard = 0.0
            try:
                while True:
                    for batch in itertools.islice(batches, in_flight - len(running)):
                        running.add(executor.submit(play, spec, batch))
                    if not running:
                        break
                    with interruptible():  # waiting for results: a stop signal is raised here at once
                        done, running = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        round_results += future.result()
                    if time.monotonic() - heard >= PROGRESS_EVERY or not running:
                        progress(summarise(results + round_results, len(spec.players)))
                        heard = time.monotonic()
            except KeyboardInterrupt as error:
                if _Workers.stop is not None:  # the tasks being played end after their current game, so the pool
                    _Workers.stop.set()        # closes at once
                for future in running:
                    future.cancel()
                results += round_results
                stopped = exit_status(error)
                break
            results += round_results
            if enough is not None and enough(sorted(results, key=lambda r: r.index)):
                break
    except KeyboardInterrupt as error:
        stopped = exit_status(error)
    ordered = tuple(sorted(results, key=lambda r: r.index))
    return RunResult(ordered, summarise(ordered, len(spec.players)), stopped)
