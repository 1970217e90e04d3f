"""Playing simulated games from the command line: the executor and a progress bar (simulate, study)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import click

from ..errors import BoardgenError
from ..stopping import deferred
from .output import echo


@contextmanager
def playing(workers: int | None, scheduler: str | None, label: str, length: int,
            item_show_func: Callable[[str | None], str | None] | None = None) -> Iterator[tuple[Any, Any]]:
    """The executor the games go to (a process pool or a Dask cluster) and a progress bar on stderr, hidden
    when stderr is not a terminal; a cluster that cannot be used is one clear line."""
    import math
    import sys

    from ..simulate.runner import BATCH, default_workers, executor_for

    tasks = max(1, math.ceil(length / BATCH))
    if workers is not None and workers > tasks and not scheduler:
        echo(f"boardgen: note: {length} games are {tasks} task{'s' if tasks > 1 else ''} of {BATCH}: playing "
                   f"on {tasks} process{'es' if tasks > 1 else ''}, not {workers}", err=True)
    workers = min(workers or default_workers(), tasks)

    # Stop signals wait while the pool starts and closes (cut off halfway, it can hang for ever); the simulator
    # lets them through where it waits for results.
    with deferred():
        started = ExitStack()
        try:  # only starting the executor is translated: a RuntimeError while playing is a bug, said as one
            executor = started.enter_context(executor_for(workers, scheduler))
        except RuntimeError as error:
            raise BoardgenError(str(error)) from None
        with started, click.progressbar(length=length, label=label, hidden=not sys.stderr.isatty(),
                                        file=sys.stderr, item_show_func=item_show_func) as bar:
            yield executor, bar


class Forecast:
    """Says once, early, how long a long run will take at the pace of its first games (the progress bar, shown
    only on a terminal, gives the rest)."""

    LONG = 30.0  # seconds: a shorter run says nothing
    LOOK_AFTER = 2.0  # seconds of games before the pace is trusted

    def __init__(self, total: int | None) -> None:
        import time

        self.total, self.started, self.said = total, time.monotonic(), False

    def update(self, played: int) -> None:
        import time

        elapsed = time.monotonic() - self.started
        if self.said or self.total is None or played <= 0 or elapsed < self.LOOK_AFTER:
            return
        self.said = True
        left = elapsed / played * (self.total - played)
        if left >= self.LONG:
            minutes = left / 60
            when = f"about {minutes:.0f} minute{'s' if round(minutes) != 1 else ''}" if minutes >= 1.5 else \
                f"about {left:.0f} seconds"
            echo(f"boardgen: note: {when} more for {self.total:,} games at this pace; Ctrl-C stops and reports "
                       "what was played", err=True)
