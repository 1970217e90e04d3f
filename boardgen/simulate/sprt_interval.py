"""The first player's rate after the sequential test (sprt.py) has stopped the games, with an interval valid for
that stop.

Why not Wilson's: a test that stops as soon as the evidence is strong enough stops most often just after a run
that strays from the true rate, so the share played is pushed away from it, and an interval that assumes the
number of games was fixed beforehand covers the true rate about 90 % of the time, not 95 %
(tests/test_sprt_interval.py measures both).

Exact, for games without draws counted up to the test's stop (every shipped game of two players ends in a win):
every way the test can stop is enumerated, each stopping point (games, wins) with its chance, and the interval
holds each rate p under which a share of wins at least as high as the one seen, and one at least as low, each
has a chance above 2.5 % (Clopper and Pearson's construction on the test's own stopping paths, the stopping
points ordered by their share of wins).  It covers the true rate at least 95 % of the time, whatever it is, and
is about as wide as Wilson's.

Conservative, where the exact one does not apply (drawn games, whose scores of 1/2 the enumeration of wins does
not hold; or --until with --fair-within, which plays on past the test's stop): Robbins' normal-mixture confidence
sequence for the mean of scores in [0, 1] (Howard, Ramdas, McAuliffe and Sekhon, 2021).  It holds at every
number of games at once, so at any stop, whatever the rule; it is wider, by about half again near the number of
games it is tuned for (a test of fixed size's) and more away from it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .sprt import bounds

LEVEL = 0.95
TAIL = (1 - LEVEL) / 2
NEGLIGIBLE = 1e-9  # the chance left to games beyond the enumeration: a tail of 2.5 % moves by less than this
PRECISION = 1e-5  # the bounds to this, far finer than the tenth of a per cent they are printed to

EXACT = "exact"
SEQUENCE = "sequence"


@dataclass(frozen=True)
class StoppedInterval:
    low: float
    high: float
    method: str  # EXACT or SEQUENCE


@lru_cache(maxsize=16)
def stopping_points(within: float, horizon: int, alpha: float = 0.05,
                    beta: float = 0.05) -> tuple[tuple[int, int, float], ...]:
    """Every (games, wins, chance at a rate of 50 %) at which sprt() stops, for games without draws, and those
    still open after `horizon` games; none past the number of games at which the chance left open is below
    NEGLIGIBLE at every rate.  The chance at rate p is the one at 50 % times (2p)^wins (2(1-p))^losses, since
    every path to the same point has the same chance: one enumeration serves every p."""
    low, high = bounds(alpha, beta)
    win, loss = math.log((0.5 + within) / 0.5), math.log((0.5 - within) / 0.5)
    # The paths still open: (wins, which side has accepted 50 % already: 0 neither, 1 "up", 2 "down") -> chance.
    # sprt() stops following a side once it has accepted 50 %, so the same count of wins can be open with
    # different sides still followed.
    open_paths: dict[tuple[int, int], float] = {(0, 0): 1.0}
    points: dict[tuple[int, int], float] = {}
    games = 0
    while open_paths and games < horizon:
        games += 1
        after: dict[tuple[int, int], float] = {}
        for (wins_before, side), chance in open_paths.items():
            for wins in (wins_before + 1, wins_before):
                up_accepted, down_accepted, stopped = side == 1, side == 2, False
                if not up_accepted:  # as sprt(): the "up" test first, then the "down" one
                    llr = wins * win + (games - wins) * loss
                    stopped, up_accepted = llr >= high, llr <= low
                if not stopped and not down_accepted:
                    llr = wins * loss + (games - wins) * win
                    stopped, down_accepted = llr >= high, llr <= low
                key = (games, wins) if stopped or (up_accepted and down_accepted) else None
                if key is not None:
                    points[key] = points.get(key, 0.0) + chance / 2
                else:
                    state = (wins, 1 if up_accepted else 2 if down_accepted else 0)
                    after[state] = after.get(state, 0.0) + chance / 2
        open_paths = after
        if _most_left_open(open_paths, games) < NEGLIGIBLE:
            open_paths = {}
    for (wins, _), chance in open_paths.items():  # open at the horizon: the games end there
        points[(games, wins)] = points.get((games, wins), 0.0) + chance
    return tuple((n, k, chance) for (n, k), chance in sorted(points.items()))


def _most_left_open(open_paths: dict[tuple[int, int], float], games: int) -> float:
    """At least the chance still open at any rate: each path's chance at the rate that makes it likeliest (its
    own share of wins) summed."""
    total = 0.0
    for (wins, _), chance in open_paths.items():
        share = wins / games
        total += chance * math.exp(_log_tilt(wins, games - wins, share)) if 0 < share < 1 else chance * 2.0 ** games
    return total


def _log_tilt(wins: int, losses: int, p: float) -> float:
    """log of (2p)^wins (2(1-p))^losses: a point's chance at rate p over its chance at 50 %."""
    return (wins * math.log(2 * p) if wins else 0.0) + (losses * math.log(2 * (1 - p)) if losses else 0.0)


Terms = tuple[tuple[float, int, int], ...]  # (log of a stopping point's chance at 50 %, its wins, its losses)


def _terms(points: tuple[tuple[int, int, float], ...]) -> Terms:
    return tuple((math.log(chance), k, n - k) for n, k, chance in points if chance > 0.0)


def _chance(terms: Terms, p: float) -> float:
    """The chance of the stopping points at rate p, 0 < p < 1."""
    up, down = math.log(2 * p), math.log(2 * (1 - p))
    return sum(math.exp(log + wins * up + losses * down) for log, wins, losses in terms)


def _solve(chance_at: Callable[[float], float], target: float, rising: bool) -> float:
    """The rate in [0, 1] at which chance_at(p), rising or falling with p, is `target`, by halving."""
    below, above = 0.0, 1.0
    while above - below > PRECISION:
        middle = (below + above) / 2
        if (chance_at(middle) < target) == rising:
            below = middle
        else:
            above = middle
    return (below + above) / 2


@lru_cache(maxsize=1024)
def exact_interval(wins: int, games: int, within: float, horizon: int) -> tuple[float, float]:
    """The interval for the first player's rate when the test stopped (or was left open at `horizon`) after
    `games` games without draws of which the first player won `wins`."""
    points = stopping_points(within, horizon)
    # the stopping points at least as high, and at least as low, by their share of wins (ties in both)
    higher = _terms(tuple(point for point in points if point[1] * games >= wins * point[0]))
    lower = _terms(tuple(point for point in points if point[1] * games <= wins * point[0]))
    low = 0.0 if wins == 0 else _solve(lambda p: _chance(higher, p), TAIL, rising=True)
    high = 1.0 if wins == games else _solve(lambda p: _chance(lower, p), TAIL, rising=False)
    return low, high


def confidence_sequence(score: float, games: int, tuned_for: int) -> tuple[float, float]:
    """Robbins' normal-mixture confidence sequence for the mean of `games` scores in [0, 1] summing to `score`
    (each score is sub-Gaussian with variance 1/4, by Hoeffding's lemma): the sum strays from games x mean by
    less than sqrt((v + r) log((v + r) / (r alpha^2))), v = games / 4, at every number of games at once with
    chance 1 - alpha.  r is chosen to make it narrowest at `tuned_for` games."""
    if games == 0:
        return 0.0, 1.0
    alpha = 1 - LEVEL
    ratio = 1.0  # v / r at the optimum solves x = 2 log(1 / alpha) + log(1 + x)
    for _ in range(50):
        ratio = 2 * math.log(1 / alpha) + math.log(1 + ratio)
    mixing = max(1, tuned_for) / 4 / ratio
    variance = games / 4
    half = math.sqrt((variance + mixing) * math.log((variance + mixing) / (mixing * alpha ** 2))) / games
    mean = score / games
    return max(0.0, mean - half), min(1.0, mean + half)
