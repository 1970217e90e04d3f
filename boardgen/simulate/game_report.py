"""Is my game fair?  The measures game researchers use, each with its 95 % interval and a plain sentence never
stronger than the interval allows: the first player's advantage, draws and unfinished games, length,
branching, how much skill matters, and how the lead goes.  And the same for a second version of the rules,
with each measure's difference.

Every game is numbered and seeded by its number, and a stopping rule is decided on the games in their order,
so the same seed gives the same report on one process, a pool or a cluster.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any

from .match import GameResult, MatchSpec
from .measures import MeasuredGame, play_measured_games
from .runner import IN_FLIGHT, MAX_GAMES, RunResult, run
from .sprt import SprtResult, fixed_games, sprt
from .stats import Z95, wilson
from .studies import Estimate, difference

ROUND = 50  # games between two looks, when a stopping rule decides
SKILL_PAIRS = (("greedy", "random"),)  # (the stronger player, the weaker): by default; mcts:N against greedy too
STRONG = 0.6  # the stronger player winning more often than this is skill mattering
HISTOGRAM_BINS = 10


@dataclass(frozen=True)
class Measure:
    key: str  # for the JSON: "first_player", "draws", ...
    name: str  # for people
    short: str  # for a chart's row
    estimate: Estimate
    unit: str  # "%" (a rate, shown in per cent) or "moves", "" for counts
    sentence: str
    rate: bool = False  # a proportion, whose differences are Newcombe's


@dataclass(frozen=True)
class Version:
    """One version of the game played and measured."""

    label: str  # "standard rules", "pie=off", "3x5"
    spec: MatchSpec
    games: tuple[MeasuredGame, ...]
    measures: tuple[Measure, ...]
    histogram: tuple[tuple[float, ...], tuple[int, ...]]  # the lengths' bin edges and counts
    first_branching: int
    skill: tuple[tuple[str, str, Estimate, int], ...]  # (stronger, weaker, its win rate, games)
    fairness: SprtResult | None
    stopped: int = 0


@dataclass(frozen=True)
class GameReport:
    game: str
    title: str
    versions: tuple[Version, ...]  # one, or two side by side
    differences: tuple[Measure, ...]  # the second version's measures less the first's
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        def measure(m: Measure) -> dict[str, Any]:
            return {"name": m.name, "estimate": m.estimate.value, "low": m.estimate.low, "high": m.estimate.high,
                    "unit": m.unit, "sentence": m.sentence}

        def version(v: Version) -> dict[str, Any]:
            from .match import describe

            return {"label": v.label, "settings": describe(v.spec), "games": len(v.games),
                    "measures": {m.key: measure(m) for m in v.measures},
                    "length_histogram": {"edges": list(v.histogram[0]), "counts": list(v.histogram[1])},
                    "first_branching": v.first_branching,
                    "skill": [{"stronger": a, "weaker": b, "rate": e.value, "low": e.low, "high": e.high,
                               "games": n} for a, b, e, n in v.skill],
                    "fairness": None if v.fairness is None else {
                        "decision": v.fairness.decision, "games": v.fairness.games,
                        "llr": [v.fairness.llr_up, v.fairness.llr_down], "bounds": list(v.fairness.bounds)}}

        return {"game": self.game, "versions": [version(v) for v in self.versions],
                "differences": {m.key: measure(m) for m in self.differences}}


@dataclass(frozen=True)
class ReportPlan:
    """What to play: the version(s), how many games, and when to stop."""

    specs: tuple[tuple[str, MatchSpec], ...]  # (label, spec) for each version
    games: int | None  # a fixed number; or at most this many with a stopping rule (None: MAX_GAMES)
    until: float | None = None  # stop when every rate's interval is narrower than ±until
    fair_within: float | None = None  # stop when the SPRT decides "fair within ±D"
    skill_games: int = 100  # for each pair of a stronger and a weaker player, half with each moving first
    skill_pairs: tuple[tuple[str, str], ...] = SKILL_PAIRS

    @property
    def stops_itself(self) -> bool:
        return self.until is not None or self.fair_within is not None

    def total(self) -> int:
        """The games the report plays at most, for a progress bar."""
        main = self.games if self.games is not None else (2_000 if self.stops_itself else 400)
        return len(self.specs) * (main + len(self.skill_pairs) * self.skill_games)


def _score(result: GameResult) -> float:
    return 1.0 if result.winner == 0 else 0.0 if result.winner == 1 else 0.5


def _decided_scores(results: Sequence[GameResult]) -> list[float]:
    return [_score(r) for r in results if r.finished]


def _rate(successes: float, trials: int) -> Estimate:
    low, high = wilson(successes, trials)
    return Estimate(successes / trials if trials else 0.0, low, high)


def _mean(values: Sequence[float]) -> Estimate:
    if not values:
        return Estimate(0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return Estimate(mean, mean - half, mean + half)


def _rates_narrow(results: Sequence[GameResult], width: float) -> bool:
    finished = [r for r in results if r.finished]
    if not finished:
        return False
    score = sum(_score(r) for r in finished)
    draws = sum(1 for r in finished if r.winner is None)
    unfinished = len(results) - len(finished)
    return all((high - low) / 2 < width for low, high in (wilson(score, len(finished)), wilson(draws, len(finished)),
                                                          wilson(unfinished, len(results))))


def _enough(plan: ReportPlan) -> Callable[[list[GameResult]], bool] | None:
    if not plan.stops_itself:
        return None

    def enough(results: list[GameResult]) -> bool:
        if plan.fair_within is not None and sprt(_decided_scores(results), plan.fair_within).decision == "open":
            return False
        return plan.until is None or _rates_narrow(results, plan.until)
    return enough


def _until_decided(results: Sequence[GameResult], plan: ReportPlan) -> tuple[tuple[GameResult, ...], SprtResult | None]:
    """The games the report counts: with --fair-within, those up to the one the test decided on (the games
    played after it in the same round are left out, so any number of workers counts the same games)."""
    if plan.fair_within is None:
        return tuple(results), None
    fairness = sprt(_decided_scores(results), plan.fair_within)
    if fairness.decision == "open" or plan.until is not None:
        return tuple(results), fairness
    counted, decided = [], 0
    for result in results:
        counted.append(result)
        decided += result.finished
        if decided == fairness.games:
            break
    return tuple(counted), fairness


def play_version(label: str, spec: MatchSpec, plan: ReportPlan, executor: Executor,
                 progress: Callable[[int], None], in_flight: int = IN_FLIGHT) -> Version:
    """One version's games, its skill matches, and its measures; `progress` hears the games played so far.
    `in_flight`: tasks waiting at the executor at once (as runner.run)."""
    games = plan.games if plan.games is not None else (MAX_GAMES if plan.stops_itself else 400)
    outcome: RunResult = run(spec, games, None, executor, lambda s: progress(s.games), in_flight,
                             play=play_measured_games, enough=_enough(plan), round_size=ROUND)
    results, fairness = _until_decided(outcome.results, plan)
    played = len(results)
    skill: list[tuple[str, str, Estimate, int]] = []
    stopped = outcome.stopped
    for number, (strong, weak) in enumerate(plan.skill_pairs):
        if plan.skill_games <= 0 or stopped:
            break
        half = max(1, plan.skill_games // 2)
        score, decided = 0.0, 0
        for seat, players in enumerate(((strong, weak), (weak, strong))):
            seeded = replace(spec, players=players, seed=spec.seed * 7919 + 2 * number + seat + 1)
            before = played + sum(n for _, _, _, n in skill) + (half if seat else 0)
            def heard(summary: Any, before: int = before) -> None:
                progress(before + summary.games)

            match = run(seeded, half, None, executor, heard, in_flight)
            stopped = stopped or match.stopped
            for r in match.results:
                if r.finished:
                    decided += 1
                    score += _score(r) if seat == 0 else 1.0 - _score(r)
        skill.append((strong, weak, _rate(score, decided), 2 * half))
    games_measured = tuple(r for r in results if isinstance(r, MeasuredGame))
    return measure_games(label, spec, games_measured, tuple(skill), fairness, stopped)


def _histogram(lengths: Sequence[int]) -> tuple[tuple[float, ...], tuple[int, ...]]:
    if not lengths:
        return (0.0, 1.0), (0,)
    low, high = min(lengths), max(lengths)
    step = max(1, math.ceil((high - low + 1) / HISTOGRAM_BINS))
    edges = tuple(float(low + n * step) for n in range(HISTOGRAM_BINS + 1) if low + (n - 1) * step <= high)
    counts = [0] * (len(edges) - 1)
    for length in lengths:
        counts[min(len(counts) - 1, (length - low) // step)] += 1
    return edges, tuple(counts)


def percent(value: float) -> str:
    return f"{100 * value:.1f} %"


def _between(e: Estimate, unit: str = "%") -> str:
    if unit == "%":
        return f"{percent(e.low)} to {percent(e.high)}"
    return f"{e.low:.1f} to {e.high:.1f}"


def measure_games(label: str, spec: MatchSpec, games: tuple[MeasuredGame, ...], skill: tuple[tuple[str, str, Estimate,
              int], ...], fairness: SprtResult | None, stopped: int) -> Version:
    finished = [g for g in games if g.finished]
    decided = [g for g in finished if g.winner is not None]
    score = sum(_score(g) for g in finished)
    first = _rate(score, len(finished))
    draws = _rate(sum(1 for g in finished if g.winner is None), len(finished))
    unfinished = _rate(len(games) - len(finished), len(games))
    lengths = [g.plies for g in finished]
    length = _mean(lengths)
    thirds = [_mean([g.branching[n] for g in games if g.plies]) for n in range(3)]
    changes = _mean([float(g.lead_changes) for g in finished])
    settled = _mean([g.settled_at for g in decided if g.settled_at is not None])
    a, b = spec.players
    equal = a == b
    measures = [
        Measure("first_player", "first player's win rate (a draw counting half)", "first player wins", first, "%",
                _first_sentence(first, equal), rate=True),
        Measure("draws", "drawn games", "drawn", draws, "%",
                f"{percent(draws.value)} of the finished games are drawn ({_between(draws)})." if draws.value > 0
                else f"No game was drawn (at most {percent(draws.high)} would be, by the interval).", rate=True),
        Measure("unfinished", f"games not over after {spec.max_plies} moves", "unfinished", unfinished, "%",
                f"{percent(unfinished.value)} of games were not over after {spec.max_plies} moves "
                f"({_between(unfinished)})." if unfinished.value > 0 else
                f"Every game ended within {spec.max_plies} moves.", rate=True),
        Measure("length", "moves per game", "moves per game", length, "moves",
                f"A game lasts {length.value:.1f} moves on average ({_between(length, 'moves')}); half of them "
                f"{statistics.median(lengths) if lengths else 0:g} moves or fewer."),
        *[Measure(f"branching_{part}", f"moves to choose from, {part} in the game", f"moves to choose, {part}",
                  thirds[n], "", _branching_sentence(thirds) if n == 0 else "")
          for n, part in enumerate(("early", "middle", "late"))],
        Measure("lead_changes", "times the lead changes hands", "lead changes", changes, "",
                f"By the game's own evaluation the lead changes hands {changes.value:.1f} times a game "
                f"({_between(changes, '')})."),
        Measure("settled", "share of the game played when the winner took the lead for good", "winner leads for good",
                settled, "%",
                f"The winner takes the lead for good after {percent(settled.value)} of the game "
                f"({_between(settled)})" + ("; games are decided early." if settled.high < 0.5 else
                                             "; games stay open late." if settled.low > 0.5 else ".")),
        *[Measure(f"skill_{strong}_{weak}".replace(":", ""), f"{strong} beats {weak}", f"{strong} beats {weak}",
                  rate_, "%",
                  _skill_sentence(strong, weak, rate_), rate=True) for strong, weak, rate_, _ in skill],
    ]
    return Version(label, spec, games, tuple(measures), _histogram(lengths),
                   games[0].first_branching if games else 0, skill, fairness, stopped)


def _branching_sentence(thirds: Sequence[Estimate]) -> str:
    early, middle, late = (f"{e.value:.1f} ({_between(e, '')})" for e in thirds)
    return f"A player chooses among {early} moves early in the game, {middle} in the middle and {late} late."


def _first_sentence(first: Estimate, equal: bool) -> str:
    players = "With equal players, the" if equal else "The"
    rate = f"{percent(first.value)} ({_between(first)})"
    if first.low > 0.5:
        return f"{players} first player has an advantage: it wins {rate}."
    if first.high < 0.5:
        return f"{players} second player has an advantage: the first wins only {rate}."
    return f"{players} first player wins {rate}: no advantage either way can be told from these games."


def _skill_sentence(strong: str, weak: str, rate: Estimate) -> str:
    said = f"{strong} beats {weak} in {percent(rate.value)} of the games ({_between(rate)})"
    if rate.low > STRONG:
        return f"Skill matters: {said}."
    if rate.high < STRONG:
        return f"Skill barely matters: {said}, hardly more than luck gives."
    return f"Whether skill matters cannot be told from these games: {said}."


def fairness_sentence(fairness: SprtResult, within: float) -> str:
    d = percent(within)
    if fairness.decision == "fair":
        return f"Fair within ±{d}: the sequential test said so after {fairness.games} games."
    if fairness.decision in ("first", "second"):
        return (f"Not fair within ±{d}: the {fairness.decision} player wins more, the sequential test said after "
                f"{fairness.games} games.")
    return f"Fairness within ±{d} is still open after {fairness.games} games: play more."


def compared(first: Version, second: Version) -> tuple[Measure, ...]:
    """Each measure of the second version less the first's, with its interval (Newcombe's for rates)."""
    out = []
    for a, b in zip(first.measures, second.measures, strict=False):
        if a.key != b.key:
            continue
        if a.key in ("branching_middle", "branching_late", "settled"):
            continue  # said with the others of their kind, or too fine a thing to compare in a sentence
        d = difference(a.estimate, b.estimate)
        shown = (lambda v: f"{100 * v:+.1f} points") if a.unit == "%" else (lambda v: f"{v:+.1f}")
        if d.low > 0 or d.high < 0:
            what = f"{second.label} changes it by {shown(d.value)} ({shown(d.low)} to {shown(d.high)})."
        else:
            what = (f"No difference can be told: {shown(d.value)} ({shown(d.low)} to {shown(d.high)}) with "
                    f"{second.label} against {first.label}.")
        out.append(Measure(a.key, a.name, a.short, d, a.unit, what, a.rate))
    return tuple(out)


def build_report(game: str, title: str, plan: ReportPlan, executor: Executor,
                 progress: Callable[[int], None] = lambda played: None, in_flight: int = IN_FLIGHT) -> GameReport:
    import time

    started = time.perf_counter()
    versions: list[Version] = []
    done = 0
    for label, spec in plan.specs:
        def played(n: int, done: int = done) -> None:
            progress(done + n)

        version = play_version(label, spec, plan, executor, played, in_flight)
        versions.append(version)
        done += len(version.games) + sum(n for _, _, _, n in version.skill)
        if version.stopped:
            break
    differences = compared(versions[0], versions[1]) if len(versions) == 2 else ()
    return GameReport(game, title, tuple(versions), differences, time.perf_counter() - started)


__all__ = ["GameReport", "Measure", "ReportPlan", "Version", "build_report", "fairness_sentence", "fixed_games"]
