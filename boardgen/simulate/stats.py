"""Win rates with their 95 % Wilson score intervals, and the spread of game lengths."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .match import GameResult

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95 % interval


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) with no trials.  Unlike p ± z·se it stays inside
    [0, 1] and is honest for small samples and rates near 0 or 1."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Summary:
    games: int
    wins_a: int
    wins_b: int
    draws: int
    unfinished: int
    rate_a: float  # player A's share of the decided and drawn games, a draw counting half
    interval_a: tuple[float, float]
    mean_plies: float
    sd_plies: float
    median_plies: float
    # Every seat's wins, its share of the finished games (a draw counting 1/N to each of N seats) and that
    # share's interval, the first player first: with two seats, (A, B).
    wins: tuple[int, ...] = ()
    rates: tuple[float, ...] = ()
    intervals: tuple[tuple[float, float], ...] = ()

    @property
    def half_width(self) -> float:
        return (self.interval_a[1] - self.interval_a[0]) / 2

    @property
    def seats(self) -> int:
        return len(self.wins)

    @property
    def even_share(self) -> float:
        """What each seat would win in a game fair to every seat: 1/N."""
        return 1 / self.seats


def summarise(results: Sequence[GameResult], seats: int = 2) -> Summary:
    """The games' figures, for `seats` players (the results' winners are seat numbers, 0 the first)."""
    finished = [r for r in results if r.finished]
    wins = tuple(sum(1 for r in finished if r.winner == seat) for seat in range(seats))
    draws = len(finished) - sum(wins)
    played = len(finished)
    scores = [wins[seat] + draws / seats for seat in range(seats)]
    lengths = [r.plies for r in finished] or [0]
    return Summary(len(results), wins[0], wins[1], draws, len(results) - played,
                   scores[0] / played if played else 0.0, wilson(scores[0], played),
                   statistics.fmean(lengths), statistics.pstdev(lengths), statistics.median(lengths),
                   wins, tuple(score / played if played else 0.0 for score in scores),
                   tuple(wilson(score, played) for score in scores))
