"""The designers' open questions, each a ready set of simulations and a one-sentence answer with its interval.

A study is a few settings ("arms") of one game, each played the same number of games between the same kind of
players, and one measure read from every arm: the first player's win rate, the second player's, or the game's
length.  The answer is written from the measured figures, so it says what the intervals allow and no more.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Literal

from .match import DEFAULT_MAX_PLIES, MatchSpec
from .runner import RunResult, run
from .stats import Z95, Summary

Measure = Literal["rate_a", "rate_b", "length"]


@dataclass(frozen=True)
class Arm:
    label: str  # what differs in this setting, for the table and the chart
    variant: str
    rules: tuple[tuple[str, str], ...] = ()
    players: tuple[str, str] | None = None  # the study's own players unless given
    compare_with: int = 0  # the arm this one's effect is measured against


@dataclass(frozen=True)
class Estimate:
    """One arm's measure: the estimate and its 95 % interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class ArmResult:
    arm: Arm
    spec: MatchSpec
    outcome: RunResult

    @property
    def summary(self) -> Summary:
        return self.outcome.summary


@dataclass(frozen=True)
class Study:
    name: str
    game: str
    title: str
    question: str  # what was asked, and by whom
    measure: Measure
    players: tuple[str, str]
    arms: tuple[Arm, ...]
    games: int  # per arm; the default run finishes in minutes on two cores
    quick_games: int  # per arm with --quick: a first look, with wide intervals
    answer: Callable[[Study, Sequence[ArmResult]], str]

    @property
    def measure_name(self) -> str:
        return {"rate_a": "the first player's win rate", "rate_b": "the second player's win rate",
                "length": "game length in moves"}[self.measure]


def measured(study: Study, result: ArmResult) -> Estimate:
    s = result.summary
    if study.measure == "rate_a":
        return Estimate(s.rate_a, *s.interval_a)
    if study.measure == "rate_b":
        return Estimate(1 - s.rate_a, 1 - s.interval_a[1], 1 - s.interval_a[0])
    finished = s.games - s.unfinished
    half = Z95 * s.sd_plies / math.sqrt(finished) if finished > 1 else math.inf
    return Estimate(s.mean_plies, max(0.0, s.mean_plies - half), s.mean_plies + half)


def difference(a: Estimate, b: Estimate) -> Estimate:
    """b - a with an interval from the two intervals (Newcombe's method 10, hybrid score: it keeps the Wilson
    intervals' good behaviour near 0 and 1; for means it is the usual root of the summed squares)."""
    d = b.value - a.value
    low = d - math.hypot(b.value - b.low, a.high - a.value)
    high = d + math.hypot(b.high - b.value, a.value - a.low)
    return Estimate(d, low, high)


def run_study(study: Study, games: int, seed: int, executor: Executor,
              progress: Callable[[int], None] = lambda played: None) -> list[ArmResult]:
    """Every arm, `games` games each, one after the other on the executor; `progress` hears the games played."""
    results: list[ArmResult] = []
    for arm in study.arms:
        spec = MatchSpec(study.game, arm.variant, arm.rules, arm.players or study.players, seed, DEFAULT_MAX_PLIES)
        done = len(results) * games

        def played(summary: Summary, done: int = done) -> None:
            progress(done + summary.games)

        outcome = run(spec, games, None, executor, played)
        results.append(ArmResult(arm, spec, outcome))
        if outcome.stopped_early:
            break
    return results


# -- the answers, in words ------------------------------------------------------------------------------------

def percent(value: float) -> str:
    return f"{100 * value:.0f} %"


def interval(e: Estimate, scale: float = 100.0, unit: str = " %", signed: bool = False) -> str:
    sign = "+" if signed else ""
    return f"{e.low * scale:{sign}.0f} to {e.high * scale:{sign}.0f}{unit}"


def _advantage(e: Estimate, who: str) -> str:
    if e.low > 0.5:
        return f"an advantage for {who}"
    if e.high < 0.5:
        return f"a disadvantage for {who}"
    return "no clear advantage either way"


def _handicap_answer(study: Study, results: Sequence[ArmResult]) -> str:
    base = measured(study, results[0])
    shifts = [f"{r.arm.label[0].lower() + r.arm.label[1:]} is worth "
              f"{_points(difference(measured(study, results[r.arm.compare_with]), measured(study, r)))}"
              + " to yellow" + ("" if r.arm.compare_with == 0 else
                                f" (against {results[r.arm.compare_with].arm.label.lower()})")
              for n, r in enumerate(results) if n and r.arm.compare_with != n]
    return (f"Between two equal players, yellow wins {percent(base.value)} on equal terms ({interval(base)}); "
            + _joined(shifts) + ".")


def _points(e: Estimate) -> str:
    return f"{100 * e.value:+.0f} points ({interval(e, signed=True).replace(' %', '')})"


def _doubles_answer(study: Study, results: Sequence[ArmResult]) -> str:
    base = measured(study, results[0])
    parts = [f"{r.arm.label.lower()} change that by {_moves_shift(difference(base, measured(study, r)))}"
             for r in results[1:]]
    return (f"Games last {base.value:.0f} moves on average with no doubles rule ({interval(base, 1, ' moves')}); "
            + _joined(parts) + ".")


def _moves_shift(e: Estimate) -> str:
    return f"{e.value:+.1f} moves ({e.low:+.1f} to {e.high:+.1f})"


def _first_player_answer(study: Study, results: Sequence[ArmResult]) -> str:
    estimates = [(r.arm.label.lower(), measured(study, r)) for r in results]
    parts = [f"{percent(e.value)} ({interval(e)}) {label}" for label, e in estimates]
    ahead = [label for label, e in estimates if e.low > 0.5]
    behind = [label for label, e in estimates if e.high < 0.5]
    if not ahead and not behind:
        verdict = ("every interval includes 50 %, so these games show no clear advantage either way" if
                   len(parts) > 1 else "the interval includes 50 %, so these games show no clear advantage")
    else:
        verdict = "; ".join(
            ([f"moving first is a clear advantage {_joined(ahead, ' and ')}"] if ahead else [])
            + ([f"a clear disadvantage {_joined(behind, ' and ')}"] if behind else []))
    return "The first player wins " + _joined(parts, ", ") + ": " + verdict + "."


def _joined(parts: Sequence[str], separator: str = "; ") -> str:
    if len(parts) == 1:
        return parts[0]
    if separator == " and ":
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return separator.join(parts[:-1]) + separator + "and " + parts[-1]


# -- the studies ----------------------------------------------------------------------------------------------

# More than six dice need a large homeland, so extra dice are measured with both homelands large.
_BOTH_LARGE = (("homeland.red", "large"), ("homeland.yellow", "large"))

STUDIES: dict[str, Study] = {study.name: study for study in (
    Study("iacta-handicap", "iacta", "IACTA: what is a handicap worth?",
          "Bundgaard offers handicaps, a large homeland for the weaker player and more dice for the stronger, "
          "but never measured what either is worth. Here two equal (greedy) players play and yellow's win rate "
          "is measured: with a large homeland for yellow against equal terms, and with red carrying one or two "
          "extra dice against both homelands large (more than six dice need a large homeland).",
          "rate_b", ("greedy", "greedy"),
          (Arm("Equal terms", "10x10"),
           Arm("A large homeland for yellow", "10x10", (("homeland.yellow", "large"),)),
           Arm("Both homelands large", "10x10", _BOTH_LARGE, compare_with=2),
           Arm("Red with 7 dice", "10x10", (("dice.red", "7"), *_BOTH_LARGE), compare_with=2),
           Arm("Red with 8 dice", "10x10", (("dice.red", "8"), *_BOTH_LARGE), compare_with=2)),
          250, 10, _handicap_answer),
    Study("iacta-doubles", "iacta", "IACTA: does the doubles rule shorten the endgame?",
          "Bundgaard's optional rule for doubles \"may help to get the final pieces into one of the few free spots "
          "at the end\". Here two equal (greedy) players play with the rule off, with doubles thrown again "
          "('throw') and with doubles kept ('keep'), and the games' lengths are compared.",
          "length", ("greedy", "greedy"),
          (Arm("No doubles rule", "10x10", (("doubles", "off"),)),
           Arm("Doubles thrown again", "10x10", (("doubles", "throw"),)),
           Arm("Doubles kept", "10x10", (("doubles", "keep"),))),
          300, 12, _doubles_answer),
    Study("stacktics-first-player", "stacktics", "Stacktics: how much is moving first worth?",
          "Norberg writes that 4x4 gives the first player a massive advantage without the pie rule and that "
          "whether 3x5 needs the pie rule needs more playtesting. Here two equal players (Monte Carlo tree search, "
          "100 simulations a move) play each board with and without the pie rule.",
          "rate_a", ("mcts:100", "mcts:100"),
          (Arm("On 4x4 without the pie rule", "4x4", (("pie", "off"),)),
           Arm("On 4x4 with it", "4x4", (("pie", "on"),)),
           Arm("On 3x5 without the pie rule", "3x5", (("pie", "off"),)),
           Arm("On 3x5 with it", "3x5", (("pie", "on"),)),
           Arm("On 5x5", "5x5")),
          200, 8, _first_player_answer),
    Study("alea-first-player", "alea", "ALEA: how much is moving first worth?",
          "Giorgi's rules give white the first move. Here two equal (greedy) players play, and white's win rate "
          "says whether moving first matters.",
          "rate_a", ("greedy", "greedy"), (Arm("Between greedy players", "8x8"),), 300, 12, _first_player_answer),
    Study("isaac-first-player", "isaac", "ISAAC: how much is placing first worth?",
          "Venturini's rules let Dark place first, and Dark also wins a game tied on score and tiles. Here two "
          "equal players play, greedy ones and searching ones (Monte Carlo tree search, 32 simulations a move), "
          "and Dark's win rate says whether going first matters.",
          "rate_a", ("greedy", "greedy"),
          (Arm("Between greedy players", "10x10"),
           Arm("Between searching players", "10x10", players=("mcts:32", "mcts:32"))),
          400, 16, _first_player_answer),
)}
