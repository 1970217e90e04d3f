"""Many games on an executor: a process pool here, or a Dask cluster's (its Client is a concurrent.futures
executor).  Games are numbered and each is seeded by its number, so the results are the same whatever runs
them; with --until-ci the games are played in rounds of a fixed size and the interval is looked at between
rounds, so the stopping point is the same too."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass

from .match import GameResult, MatchSpec, play_games
from .stats import Summary, summarise

BATCH = 8  # games a task: enough to outweigh the cost of sending it, few enough to spread the work
ROUND = 200  # games between two looks at the interval, with --until-ci
MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class RunResult:
    results: tuple[GameResult, ...]
    summary: Summary
    stopped_early: bool  # Ctrl-C: what was played is reported


class _InProcess(Executor):
    """One worker: the games run here, one task at a time (no processes to start, easy to profile)."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        future: Future[object] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            future.set_exception(error)
        return future


@contextmanager
def executor_for(workers: int, scheduler: str | None) -> Iterator[Executor]:
    if scheduler:
        try:
            from dask.distributed import Client
        except ImportError:
            raise RuntimeError("--scheduler needs Dask: pip install 'boardgen[cluster]'") from None
        try:
            client = Client(scheduler, timeout="15s")
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
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield pool


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def run(spec: MatchSpec, games: int | None, until_ci: float | None, executor: Executor,
        progress: Callable[[Summary], None] = lambda summary: None) -> RunResult:
    """`games` games, or rounds of ROUND until the interval's half-width is below `until_ci`."""
    results: list[GameResult] = []
    stopped = False
    target = games if games is not None else MAX_GAMES
    try:
        while len(results) < target:
            size = min(target - len(results), ROUND if until_ci is not None else target)
            start = len(results)
            batches = [tuple(range(n, min(n + BATCH, start + size))) for n in range(start, start + size, BATCH)]
            futures = [executor.submit(play_games, spec, batch) for batch in batches]
            round_results: list[GameResult] = []
            try:
                for future in as_completed(futures):
                    round_results += future.result()
                    progress(summarise(results + round_results))
            except KeyboardInterrupt:
                for future in futures:
                    future.cancel()
                results += round_results
                stopped = True
                break
            results += round_results
            if until_ci is not None and summarise(results).half_width < until_ci:
                break
    except KeyboardInterrupt:
        stopped = True
    ordered = tuple(sorted(results, key=lambda r: r.index))
    return RunResult(ordered, summarise(ordered), stopped)
