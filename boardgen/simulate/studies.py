"""The designers' open questions, each a ready set of simulations and a one-sentence answer with its interval.

A study is a few settings ("arms") of one game, each played the same number of games between the same kind of
players, and one measure read from every arm: the first player's win rate, the second player's, or the game's
length.  The answer is written from the measured figures, so it says what the intervals allow and no more.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache

from ..engine.studies import Arm, StudySpec
from ..gamefiles import GAMES
from .match import DEFAULT_MAX_PLIES, MatchSpec
from .runner import IN_FLIGHT, RunResult, run
from .stats import Z95, Summary

Study = StudySpec  # the name the reports use


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


def measure_name(study: Study) -> str:
    return {"rate_a": "the first player's win rate", "rate_b": "the second player's win rate",
            "length": "game length in moves"}[study.measure]


@cache
def studies() -> Mapping[str, Study]:
    """Every game's studies, by name: each game keeps its own (games/<game>/studies.py)."""
    found = {study.name: study for game in GAMES.values() if game.engine is not None for study in game.engine.studies}
    return dict(sorted(found.items()))


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
              progress: Callable[[int], None] = lambda played: None, in_flight: int = IN_FLIGHT) -> list[ArmResult]:
    """Every arm, `games` games each, one after the other on the executor; `progress` hears the games played."""
    results: list[ArmResult] = []
    for arm in study.arms:
        spec = MatchSpec(study.game, arm.variant, arm.rules, arm.players or study.players, seed, DEFAULT_MAX_PLIES)
        done = len(results) * games

        def played(summary: Summary, done: int = done) -> None:
            progress(done + summary.games)

        outcome = run(spec, games, None, executor, played, in_flight)
        results.append(ArmResult(arm, spec, outcome))
        if outcome.stopped_early:
            break
    return results


# -- the answers, in words ------------------------------------------------------------------------------------

def percent(value: float) -> str:
    return f"{100 * value:.0f} %"


def clearly_above(e: Estimate, level: float, scale: float = 100.0) -> bool:
    """Whether the interval, at the precision it is printed (whole units of `scale`), lies above `level`: an
    interval printed as "50 to 57 %" includes 50 % however it was rounded."""
    return round(e.low * scale) > round(level * scale)


def clearly_below(e: Estimate, level: float, scale: float = 100.0) -> bool:
    return round(e.high * scale) < round(level * scale)


def interval(e: Estimate, scale: float = 100.0, unit: str = " %", signed: bool = False) -> str:
    sign = "+" if signed else ""
    return f"{e.low * scale:{sign}.0f} to {e.high * scale:{sign}.0f}{unit}"


def answer(study: Study, results: Sequence[ArmResult]) -> str:
    """The study's answer in one or two sentences, from the measured figures."""
    if study.answer == "compare":
        return _compare_answer(study, results)
    return _first_player_answer(study, results)


def _compare_answer(study: Study, results: Sequence[ArmResult]) -> str:
    """The first arm's measure, then what each other arm changes against the arm it is compared with."""
    base = measured(study, results[0])
    shifts = []
    for n, result in enumerate(results):
        compared = result.arm.compare_with
        if n == 0 or compared == n:  # the first arm, and arms that are only a reference for others
            continue
        change = difference(measured(study, results[compared]), measured(study, result))
        against = "" if compared == 0 else f" (against {results[compared].arm.label.lower()})"
        label = result.arm.label[0].lower() + result.arm.label[1:]
        if study.measure == "length":
            clear = clearly_above(change, 0, 10) or clearly_below(change, 0, 10)  # printed to a tenth of a move
            shifts.append(f"with {label}, {_moves_shift(change)}{against}{'' if clear else _UNCLEAR}")
        else:
            clear = clearly_above(change, 0) or clearly_below(change, 0)
            shifts.append(f"{label} is worth {_points(change)} to {_player(study)}{against}"
                          f"{'' if clear else _UNCLEAR}")
    if study.measure == "length":
        opening = f"Games last {base.value:.0f} moves on average {study.baseline} ({interval(base, 1, ' moves')})"
    else:
        opening = (f"Between two equal players, {_player(study)} wins {percent(base.value)} {study.baseline} "
                   f"({interval(base)})")
    return opening + "; " + _joined(shifts) + "."


_UNCLEAR = ", not a clear difference (its interval includes 0)"


def _player(study: Study) -> str:
    """Whose win rate the study measures."""
    players = GAMES[study.game].players
    return players[1] if study.measure == "rate_b" else players[0]


def _points(e: Estimate) -> str:
    return f"{100 * e.value:+.0f} points ({interval(e, signed=True).replace(' %', '')})"


def _moves_shift(e: Estimate) -> str:
    return f"{e.value:+.1f} moves ({e.low:+.1f} to {e.high:+.1f})"


def _first_player_answer(study: Study, results: Sequence[ArmResult]) -> str:
    estimates = [(r.arm.label.lower(), measured(study, r)) for r in results]
    parts = [f"{percent(e.value)} ({interval(e)}) {label}" for label, e in estimates]
    ahead = [label for label, e in estimates if clearly_above(e, 0.5)]
    behind = [label for label, e in estimates if clearly_below(e, 0.5)]
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
