"""Long work on the command line: how long it will take, said once, early."""

from __future__ import annotations

import time

from .output import echo


class Forecast:
    """Says once, early, how long a long run will take at the pace of its first games (the progress bar, shown
    only on a terminal, gives the rest)."""

    LONG = 30.0  # seconds: a shorter run says nothing
    LOOK_AFTER = 2.0  # seconds of games before the pace is trusted

    def __init__(self, total: int | None) -> None:
        self.total, self.started, self.said = total, time.monotonic(), False

    def update(self, played: int) -> None:
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
