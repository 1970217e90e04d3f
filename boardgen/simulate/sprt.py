"""Is the game fair within ±D?  Wald's sequential probability ratio test, as engine-testing frameworks run it:
game by game, stopping as soon as the evidence says yes or no at the error rates asked for.

Two one-sided tests run side by side on the first player's score (a win 1, a draw 1/2, a loss 0): "the rate
is 50 %" against "it is 50 % + D", and against "it is 50 % - D".  The game is fair within D once both accept
50 %; it is not once either accepts its alternative.  Each test's chance of a wrong answer is alpha (saying
unfair when the rate is 50 %) and beta (saying fair when it is 50 % ± D).  Two sides each with its alpha make
the test's own: a fair game is called unfair about 9 to 10 % of the time (ERROR_RATES).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

Z = {0.05: 1.6448536269514722, 0.01: 2.3263478740408408, 0.1: 1.2815515655446004}  # one-sided quantiles

# (D, a fair game called unfair, a game D from fair called fair) at alpha = beta = 0.05 for each side: the exact
# chances of the test below, worked out game by game over every count of wins (games without draws) until less
# than 1e-5 of the chance was left undecided; tests/test_report.py works the larger D out again.  Wald's bounds
# overshoot, so each side errs a little less than its alpha, and the less the larger D is.
ERROR_RATES = ((0.02, 0.0982, 0.0490), (0.03, 0.0974, 0.0485), (0.05, 0.0960, 0.0477), (0.1, 0.0926, 0.0456),
               (0.2, 0.0880, 0.0402), (0.3, 0.0736, 0.0356), (0.4, 0.0690, 0.0295))


@dataclass(frozen=True)
class SprtResult:
    decision: str  # "fair", "first" (the first player wins more), "second", or "open" (not decided yet)
    games: int  # the games it took (every game it was given, while open)
    llr_up: float
    llr_down: float
    bounds: tuple[float, float]  # accept 50 % at or below the first, the alternative at or above the second


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt(scores: Iterable[float], within: float, alpha: float = 0.05, beta: float = 0.05) -> SprtResult:
    """The test on the first player's scores, in the order the games were numbered."""
    low, high = bounds(alpha, beta)
    p0 = 0.5
    steps = {}
    for name, p1 in (("up", p0 + within), ("down", p0 - within)):
        steps[name] = (math.log(p1 / p0), math.log((1 - p1) / (1 - p0)))
    llr = {"up": 0.0, "down": 0.0}
    accepted: dict[str, str] = {}
    games = 0
    for score in scores:
        games += 1
        for name in ("up", "down"):
            if name in accepted:
                continue
            win, loss = steps[name]
            llr[name] += score * win + (1 - score) * loss
            if llr[name] >= high:
                return SprtResult("first" if name == "up" else "second", games, llr["up"], llr["down"], (low, high))
            if llr[name] <= low:
                accepted[name] = "fair"
        if len(accepted) == 2:
            return SprtResult("fair", games, llr["up"], llr["down"], (low, high))
    return SprtResult("open", games, llr["up"], llr["down"], (low, high))


def error_rates(within: float) -> tuple[float, float]:
    """The test's own error rates at alpha = beta = 0.05 for each side, for fairness within ±`within`: how often a
    fair game is called unfair, and how often a game `within` from fair is called fair (ERROR_RATES, read between
    its rows; below its first row, as at its first)."""
    rows = ERROR_RATES
    if within <= rows[0][0]:
        return rows[0][1], rows[0][2]
    for (d0, u0, f0), (d1, u1, f1) in zip(rows, rows[1:], strict=False):
        if within <= d1:
            t = (within - d0) / (d1 - d0)
            return u0 + t * (u1 - u0), f0 + t * (f1 - f0)
    return rows[-1][1], rows[-1][2]


def fixed_games(within: float, alpha: float = 0.05, beta: float = 0.05) -> int:
    """The games a test of fixed size needs for the same question at the same error rates (one side's: the
    smaller of the two a two-sided test could be said to need)."""
    p1 = 0.5 + within
    z_alpha, z_beta = Z.get(alpha, 1.6448536269514722), Z.get(beta, 1.6448536269514722)
    return math.ceil(((z_alpha * 0.5 + z_beta * math.sqrt(p1 * (1 - p1))) / within) ** 2)
