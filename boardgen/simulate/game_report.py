"""Is my game fair?  The measures game researchers use, each with its 95 % interval and a plain sentence never
stronger than the interval allows: the first player's advantage (with three or four players, each seat's share
against an even share), draws and unfinished games, length, branching, how much skill matters, and how the lead
goes.  And the same for a second version of the rules,
with each measure's difference.

Every game is numbered and seeded by its number, and a stopping rule is decided on the games in their order,
so the same seed gives the same report on one process, a pool or a cluster.

After the sequential test (--fair-within) has stopped the games, the first player's rate says so and its interval
allows for the stop (sprt_interval.py); a seat judged on the finished games alone, with more than 5 % unfinished,
says so in the same sentence; and when most games did not finish, the report says that first.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any

from .match import GameResult, MatchSpec, describe
from .measures import LEAD_COUNTED, MeasuredGame, play_measured_games
from .report import JUDGED_ALONE, SEAT_LETTERS, unfinished_warning
from .runner import IN_FLIGHT, MAX_GAMES, RunResult, run
from .setup import NUMBERS
from .sprt import SprtResult, error_rates, fixed_games, sprt
from .sprt_interval import EXACT, SEQUENCE, StoppedInterval, confidence_sequence, exact_interval
from .stats import Z95, wilson
from .studies import Estimate, difference

ROUND = 50  # games between two looks, when a stopping rule decides
SKILL_PAIRS = (("greedy", "random"),)  # (the stronger player, the weaker): by default; mcts:N against greedy too
LADDER = ("random", "greedy", "mcts:16", "mcts:64")  # --skill ladder: each rung against the one below
HISTOGRAM_BINS = 10
DIGITS = 1  # every figure of the report is printed to a tenth (of a per cent, a move, a point)


@dataclass(frozen=True)
class Measure:
    key: str  # for the JSON: "first_player", "draws", ...
    name: str  # for people
    short: str  # for a chart's row
    estimate: Estimate
    unit: str  # "%" (a rate, shown in per cent) or "moves", "" for counts
    sentence: str
    rate: bool = False  # a proportion, whose differences are Newcombe's
    interval: str = ""  # how the interval allows for a sequential stop, when it has to (the JSON says it)


@dataclass(frozen=True)
class SequentialStop:
    """How the games were stopped when --fair-within was asked: what the first player's interval allows for."""

    within: float  # the test's D
    most: int  # the games the report could play at most
    until: float | None = None  # --until as well: the games went on past the test's decision until this was met

    def interval(self, fairness: SprtResult, score: float, finished: int, drawn: int) -> StoppedInterval:
        """The first player's interval, valid for this stop: exact for the test's own stop of games without
        draws (left open, the games ended at the number played); a confidence sequence, valid at any stop,
        where draws or --until leave the exact one's enumeration (sprt_interval.py says why)."""
        if drawn == 0 and self.until is None:
            horizon = finished if fairness.decision == "open" else max(self.most, finished)
            return StoppedInterval(*exact_interval(round(score), finished, self.within, horizon), EXACT)
        return StoppedInterval(*confidence_sequence(score, finished, fixed_games(self.within)), SEQUENCE)

    def played(self, fairness: SprtResult, finished: int) -> str:
        """The games a rate counts, in words: "the 143 finished games played until the sequential test
        stopped"."""
        games = f"the {finished} finished games played"
        if fairness.decision == "open":
            return f"{games}, the sequential test still undecided"
        if self.until is not None:
            return f"{games} until the sequential test had decided and the stop at ±{percent(self.until)} was met"
        return f"{games} until the sequential test stopped"


INTERVAL_METHODS = {EXACT: "exact for the sequential test's stop, worked out over its stopping paths",
                    SEQUENCE: "a confidence sequence, valid at any stop (Robbins' normal mixture)"}


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
    ladder: str = ""  # with --skill ladder: how many rungs still pay off, in a sentence
    warning: str = ""  # most games unfinished: said first, as the game may never end (unfinished_warning)
    sequential: SequentialStop | None = None  # --fair-within: how the games were stopped

    @property
    def seats(self) -> int:
        return len(self.spec.players)


@dataclass(frozen=True)
class GameReport:
    game: str
    title: str
    versions: tuple[Version, ...]  # one, or two side by side
    differences: tuple[Measure, ...]  # the second version's measures less the first's
    seconds: float = 0.0
    boards: int = 1  # the game's boards: the report names the one played only where there are several

    def as_json(self) -> dict[str, Any]:
        def measure(m: Measure) -> dict[str, Any]:
            return {"name": m.name, "estimate": m.estimate.value, "low": m.estimate.low, "high": m.estimate.high,
                    "unit": m.unit, "sentence": m.sentence, **({"interval": m.interval} if m.interval else {})}

        def fairness(v: Version) -> dict[str, Any] | None:
            if v.fairness is None:
                return None
            out: dict[str, Any] = {"decision": v.fairness.decision, "games": v.fairness.games,
                                   "llr": [v.fairness.llr_up, v.fairness.llr_down], "bounds": list(v.fairness.bounds)}
            if v.sequential is not None:
                unfair, fair = error_rates(v.sequential.within)
                out |= {"within": v.sequential.within,
                        "error_rates": {"fair_called_unfair": unfair, "unfair_by_d_called_fair": fair}}
            return out

        def version(v: Version) -> dict[str, Any]:
            finished = sum(1 for g in v.games if g.finished)
            return {"label": v.label, "settings": describe(v.spec), "games": len(v.games),
                    "finished": finished, "unfinished": len(v.games) - finished,
                    "lead_changes_counted": LEAD_COUNTED,
                    "measures": {m.key: measure(m) for m in v.measures},
                    "length_histogram": {"edges": list(v.histogram[0]), "counts": list(v.histogram[1])},
                    "first_branching": v.first_branching,
                    "seats": v.seats, "even_share": 1 / v.seats,
                    "skill": [{"stronger": a, "weaker": b, "rate": e.value, "low": e.low, "high": e.high,
                               "games": n} for a, b, e, n in v.skill],
                    "skill_ladder": {"rungs": len(v.skill),
                                     "paying_off": sum(pays_off(e, v.seats) for _, _, e, _ in v.skill),
                                     "sentence": v.ladder} if v.ladder else None,
                    "fairness": fairness(v), "warning": v.warning}

        return {"game": self.game, "versions": [version(v) for v in self.versions],
                "differences": {m.key: measure(m) for m in self.differences}}


@dataclass(frozen=True)
class ReportPlan:
    """What to play: the version(s), how many games, and when to stop."""

    specs: tuple[tuple[str, MatchSpec], ...]  # (label, spec) for each version
    games: int | None  # a fixed number; or at most this many with a stopping rule (None: MAX_GAMES)
    until: float | None = None  # stop when every rate's interval is narrower than ±until
    fair_within: float | None = None  # stop when the SPRT decides "fair within ±D"
    skill_games: int = 100  # for each pair of a stronger and a weaker player, as many in each seat (half each, of two)
    skill_pairs: tuple[tuple[str, str], ...] = SKILL_PAIRS

    @property
    def stops_itself(self) -> bool:
        return self.until is not None or self.fair_within is not None

    def total(self) -> int:
        """The games the report plays at most, for a progress bar."""
        main = self.games if self.games is not None else (2_000 if self.stops_itself else 400)
        return len(self.specs) * (main + len(self.skill_pairs) * self.skill_games)


def _score(result: GameResult, seat: int = 0, seats: int = 2) -> float:
    """A finished game's score for a seat: a win 1, a draw 1/N of N seats, a loss 0."""
    return 1.0 if result.winner == seat else 1 / seats if result.winner is None else 0.0


def _decided_scores(results: Sequence[GameResult]) -> list[float]:
    return [_score(r) for r in results if r.finished]


def _rate(successes: float, trials: int) -> Estimate:
    low, high = wilson(successes, trials)
    return Estimate(successes / trials if trials else 0.0, low, high)


def _mean(values: Sequence[float], least: float = -math.inf, most: float = math.inf) -> Estimate:
    """The mean with its 95 % interval, which never goes beyond what any value can be (a share: 0 to 1), as the
    mean itself cannot."""
    if not values:
        return Estimate(0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return Estimate(mean, max(least, mean - half), min(most, mean + half))


def _rates_narrow(results: Sequence[GameResult], width: float, seats: int = 2) -> bool:
    """Whether every rate's interval is narrower than ±width: the first seat's (every seat's, of more than two),
    the draws' and the unfinished games'."""
    finished = [r for r in results if r.finished]
    if not finished:
        return False
    scores = [sum(_score(r, seat, seats) for r in finished) for seat in range(1 if seats == 2 else seats)]
    draws = sum(1 for r in finished if r.winner is None)
    unfinished = len(results) - len(finished)
    return all((high - low) / 2 < width for low, high in (*(wilson(score, len(finished)) for score in scores),
                                                          wilson(draws, len(finished)),
                                                          wilson(unfinished, len(results))))


def _enough(plan: ReportPlan, seats: int) -> Callable[[list[GameResult]], bool] | None:
    if not plan.stops_itself:
        return None

    def enough(results: list[GameResult]) -> bool:
        if plan.fair_within is not None and sprt(_decided_scores(results), plan.fair_within).decision == "open":
            return False
        return plan.until is None or _rates_narrow(results, plan.until, seats)
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
    seats = len(spec.players)
    outcome: RunResult = run(spec, games, None, executor, lambda s: progress(s.games), in_flight,
                             play=play_measured_games, enough=_enough(plan, seats), round_size=ROUND)
    results, fairness = _until_decided(outcome.results, plan)
    played = len(results)
    skill: list[tuple[str, str, Estimate, int]] = []
    stopped = outcome.stopped
    for number, (strong, weak) in enumerate(plan.skill_pairs):
        if plan.skill_games <= 0 or stopped:
            break
        # the stronger player in each seat in turn, the weaker in every other seat, as many games in each
        share = max(1, plan.skill_games // seats)
        score, decided = 0.0, 0
        for seat in range(seats):
            players = tuple(strong if n == seat else weak for n in range(seats))
            seeded = replace(spec, players=players, seed=spec.seed * 7919 + seats * number + seat + 1)
            before = played + sum(n for _, _, _, n in skill) + share * seat
            def heard(summary: Any, before: int = before) -> None:
                progress(before + summary.games)

            match = run(seeded, share, None, executor, heard, in_flight)
            stopped = stopped or match.stopped
            for r in match.results:
                if r.finished:
                    decided += 1
                    score += _score(r) if seat == 0 else 1.0 - _score(r) if seats == 2 else _score(r, seat, seats)
        skill.append((strong, weak, _rate(score, decided), seats * share))
    games_measured = tuple(r for r in results if isinstance(r, MeasuredGame))
    sequential = None if plan.fair_within is None else SequentialStop(plan.fair_within, games, plan.until)
    return measure_games(label, spec, games_measured, tuple(skill), fairness, stopped, sequential)


def histogram(lengths: Sequence[int], low: int | None = None,
              high: int | None = None) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Bin edges (whole numbers of moves) and counts of the lengths; `low` and `high` widen the range, so two
    versions can share their bins."""
    if not lengths and low is None:
        return (0.0, 1.0), (0,)
    low = min([*lengths, *([] if low is None else [low])])
    high = max([*lengths, *([] if high is None else [high])])
    step = max(1, math.ceil((high - low + 1) / HISTOGRAM_BINS))
    edges = tuple(float(low + n * step) for n in range(HISTOGRAM_BINS + 1) if low + (n - 1) * step <= high)
    counts = [0] * (len(edges) - 1)
    for length in lengths:
        counts[min(len(counts) - 1, (length - low) // step)] += 1
    return edges, tuple(counts)


def fixed(value: float, digits: int = DIGITS) -> str:
    """`value` as printed, to `digits` decimals: never "-0.0", which would say a sign the figure does not have."""
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def signed(value: float, digits: int = DIGITS) -> str:
    """A difference as printed, "+1.2" or "-1.2"; one that prints as zero has no sign ("0.0")."""
    text = f"{value:+.{digits}f}"
    return text[1:] if float(text) == 0 else text


def printed(value: float, scale: float = 100.0) -> float:
    """The figure a reader sees, back as a number: every claim is decided on it, not on the unrounded value."""
    return float(fixed(scale * value))


def clearly_above(e: Estimate, level: float, scale: float = 100.0) -> bool:
    """Whether the interval, as printed, leaves `level` out below it: "50.0 % to 66.3 %" does not."""
    return printed(e.low, scale) > printed(level, scale)


def clearly_below(e: Estimate, level: float, scale: float = 100.0) -> bool:
    return printed(e.high, scale) < printed(level, scale)


def shared_histogram(versions: Sequence[Version]) -> tuple[tuple[float, ...], tuple[tuple[int, ...], ...]]:
    """The finished games' lengths of every version on the same bins: the edges, and each version's counts."""
    lengths = [[g.plies for g in v.games if g.finished] for v in versions]
    every = [n for some in lengths for n in some]
    if not every:
        return (0.0, 1.0), tuple((0,) for _ in versions)
    low, high = min(every), max(every)
    edges = histogram(every)[0]
    return edges, tuple(histogram(some, low, high)[1] for some in lengths)


def percent(value: float) -> str:
    return f"{fixed(100 * value)} %"


def _between(e: Estimate, unit: str = "%") -> str:
    if unit == "%":
        return f"{percent(e.low)} to {percent(e.high)}"
    return f"{fixed(e.low)} to {fixed(e.high)}"


def judged_alone(games: int, finished: int, max_plies: int) -> str:
    """What a judgement of the seats on the finished games alone says in the same sentence when more than
    JUDGED_ALONE of the games were unfinished (a seat that would have won them is not counted): a clause to
    end that sentence, or ""."""
    unfinished = games - finished
    if not games or not finished or unfinished <= JUDGED_ALONE * games:
        return ""
    return (f", judged on the {finished} finished games alone: {unfinished} of the {games} "
            f"({percent(unfinished / games)}) were not over after {max_plies} moves, and who would have won them is "
            "unknown")


def version_judged_alone(version: Version) -> str:
    """judged_alone for a version's games."""
    return judged_alone(len(version.games), sum(1 for g in version.games if g.finished), version.spec.max_plies)


def _none_finished(spec: MatchSpec) -> str:
    return f"No game finished within {spec.max_plies} moves, so who wins by seat cannot be told."


def seat_measures(spec: MatchSpec, finished: Sequence[GameResult], games: int | None = None,
                  fairness: SprtResult | None = None, sequential: SequentialStop | None = None) -> list[Measure]:
    """The first player's win rate against 50 %; of three or four players, each seat's share of the wins against
    an even share (1/N), in seat order.  `games`: all games played, finished or not (the finished by default).
    With `fairness` and `sequential`, the first player's interval allows for the sequential test's stop."""
    seats = len(spec.players)
    equal = len(set(spec.players)) == 1
    alone = judged_alone(len(finished) if games is None else games, len(finished), spec.max_plies)
    if seats == 2:
        score = sum(_score(g) for g in finished)
        first = _rate(score, len(finished))
        name, short = "first player's win rate (a draw counting half)", "first player wins"
        if not finished:
            return [Measure("first_player", name, short, first, "%", _none_finished(spec), rate=True)]
        if fairness is None or sequential is None:
            return [Measure("first_player", name, short, first, "%", _first_sentence(first, equal, alone), rate=True)]
        drawn = sum(1 for g in finished if g.winner is None)
        stop = sequential.interval(fairness, score, len(finished), drawn)
        first = Estimate(first.value, stop.low, stop.high)
        return [Measure("first_player", f"{name}, after a sequential stop", "first player, stopped", first, "%",
                        _stopped_sentence(first, equal, sequential.played(fairness, len(finished)), alone), rate=True,
                        interval=INTERVAL_METHODS[stop.method])]
    out = []
    for seat in range(seats):
        letter = SEAT_LETTERS[seat]
        share = _rate(sum(_score(g, seat, seats) for g in finished), len(finished))
        out.append(Measure(f"seat_{letter.lower()}", f"player {letter}'s win rate ({_ordinal(seat)} to move, a draw "
                           f"counting 1/{seats})", f"player {letter} wins", share, "%",
                           _seat_sentence(letter, seat, share, seats, equal, alone) if finished else
                           _none_finished(spec), rate=True))
    return out



def is_seat_share(key: str) -> bool:
    """Whether a measure is who wins by seat: the first player's rate, or a seat's share of three or four."""
    return key == "first_player" or key.startswith("seat_")


def shares_sentence(version: Version) -> str:
    """Who wins by seat, in one sentence: the first player's measure's, of two; of three or four, every seat's
    share with its interval and which of them its printed interval puts above or below an even share, saying
    so when they are judged on the finished games alone with many unfinished."""
    shares = [m for m in version.measures if is_seat_share(m.key)]
    if version.seats == 2:
        return shares[0].sentence
    if not any(g.finished for g in version.games):
        return _none_finished(version.spec)
    even = 1 / version.seats
    letters = [m.key.removeprefix("seat_").upper() for m in shares]
    parts = [f"{letter} {percent(m.estimate.value)} ({_between(m.estimate)})" for letter, m in zip(letters, shares,
                                                                                                   strict=True)]
    above = [letter for letter, m in zip(letters, shares, strict=True) if clearly_above(m.estimate, even)]
    below = [letter for letter, m in zip(letters, shares, strict=True) if clearly_below(m.estimate, even)]
    if above or below:
        verdict = "; ".join([f"{' and '.join(above)} more than an even share of {percent(even)}"] if above else []) \
            + ("; " if above and below else "") + (f"{' and '.join(below)} less" + ("" if above else
                                                   f" than an even share of {percent(even)}") if below else "")
    else:
        verdict = f"no seat can be told to win more or less than an even share of {percent(even)}"
    equal = "With equal players, each" if len(set(version.spec.players)) == 1 else "Each"
    return f"{equal} seat's wins, A moving first: {', '.join(parts)}; {verdict}{version_judged_alone(version)}."


def _ordinal(seat: int) -> str:
    return ("first", "second", "third", "fourth")[seat]


def _seat_sentence(letter: str, seat: int, share: Estimate, seats: int, equal: bool, alone: str = "") -> str:
    even = 1 / seats
    players = "With equal players, player" if equal else "Player"
    said = f"{players} {letter} ({_ordinal(seat)} to move) wins {percent(share.value)} ({_between(share)})"
    if clearly_above(share, even):
        return f"{said}: more than an even share of {percent(even)}{alone}."
    if clearly_below(share, even):
        return f"{said}: less than an even share of {percent(even)}{alone}."
    return f"{said}: no advantage or disadvantage against an even share of {percent(even)} can be told{alone}."


def measure_games(label: str, spec: MatchSpec, games: tuple[MeasuredGame, ...], skill: tuple[tuple[str, str, Estimate,
                  int], ...], fairness: SprtResult | None, stopped: int,
                  sequential: SequentialStop | None = None) -> Version:
    """A version's measures of its games.  With `sequential` (--fair-within) the first player's interval allows
    for the sequential test's stop (`fairness`)."""
    finished = [g for g in games if g.finished]
    decided = [g for g in finished if g.winner is not None]
    seats = len(spec.players)
    draws = _rate(sum(1 for g in finished if g.winner is None), len(finished))
    unfinished = _rate(len(games) - len(finished), len(games))
    lengths = [g.plies for g in finished]
    length = _mean(lengths)
    thirds = [_mean([g.branching[n] for g in games if g.plies]) for n in range(3)]
    changes = _mean([float(g.lead_changes) for g in finished], 0.0)
    settled = _mean([g.settled_at for g in decided if g.settled_at is not None], 0.0, 1.0)
    measures = [
        *seat_measures(spec, finished, len(games), fairness, sequential),
        Measure("draws", "drawn games", "drawn", draws, "%",
                f"{percent(draws.value)} of the finished games are drawn ({_between(draws)})." if draws.value > 0
                else f"No game was drawn (at most {percent(draws.high)} would be, by the interval).", rate=True),
        Measure("unfinished", f"games not over after {spec.max_plies} moves", "unfinished", unfinished, "%",
                f"{percent(unfinished.value)} of games were not over after {spec.max_plies} moves "
                f"({_between(unfinished)})." if unfinished.value > 0 else
                f"Every game ended within {spec.max_plies} moves.", rate=True),
        Measure("length", "moves per finished game", "moves per game", length, "moves",
                _length_sentence(length, lengths, len(games), unfinished, spec.max_plies)),
        *[Measure(f"branching_{part}", f"moves to choose from, {part} in the game", f"moves to choose, {part}",
                  thirds[n], "", _branching_sentence(thirds) if n == 0 else "")
          for n, part in enumerate(("early", "middle", "late"))],
        Measure("lead_changes", "times the lead changes hands, read once a round", "lead changes", changes, "",
                f"Read once a round (where the first player is to move), by the game's own evaluation, the lead "
                f"changes hands {fixed(changes.value)} times a game ({_between(changes, '')})."),
        Measure("settled", "share of the rounds played when the winner took the lead for good",
                "winner leads for good", settled, "%",
                f"Read once a round, the winner takes the lead for good after {percent(settled.value)} of the game "
                f"({_between(settled)})" + ("; games are decided early." if clearly_below(settled, 0.5) else
                                             "; games stay open late." if clearly_above(settled, 0.5) else ".")),
        *[Measure(f"skill_{strong}_{weak}".replace(":", ""), f"{strong} beats {weak}", f"{strong} beats {weak}",
                  rate_, "%",
                  _skill_sentence(strong, weak, rate_, seats), rate=True) for strong, weak, rate_, _ in skill],
    ]
    return Version(label, spec, games, tuple(measures), histogram(lengths),
                   games[0].first_branching if games else 0, skill, fairness, stopped, ladder_sentence(skill, seats),
                   unfinished_warning(len(games), len(games) - len(finished), spec.max_plies), sequential)


def _length_sentence(length: Estimate, lengths: Sequence[int], games: int, unfinished: Estimate,
                     max_plies: int) -> str:
    if not lengths:
        return f"No game finished within {max_plies} moves, so no length can be given."
    median = f"{statistics.median(lengths):g}"
    left_out = (f"{percent(unfinished.value)} of the games ({games - len(lengths)} of {games}) were not over after "
                f"{max_plies} moves and are left out" if len(lengths) < games else
                f"every game finished within {max_plies} moves")
    return (f"Finished games last {fixed(length.value)} moves on average ({_between(length, 'moves')}), half of "
            f"them {median} moves or fewer; {left_out}.")


def _branching_sentence(thirds: Sequence[Estimate]) -> str:
    early, middle, late = (f"{fixed(e.value)} ({_between(e, '')})" for e in thirds)
    return f"A player chooses among {early} moves early in the game, {middle} in the middle and {late} late."


def _first_sentence(first: Estimate, equal: bool, alone: str = "") -> str:
    players = "With equal players, the" if equal else "The"
    rate = f"{percent(first.value)} ({_between(first)})"
    if clearly_above(first, 0.5):
        return f"{players} first player has an advantage: it wins {rate}{alone}."
    if clearly_below(first, 0.5):
        return f"{players} second player has an advantage: the first wins only {rate}{alone}."
    return f"{players} first player wins {rate}: no advantage either way can be told from these games{alone}."


def _stopped_sentence(first: Estimate, equal: bool, played: str, alone: str = "") -> str:
    """The first player's rate after a sequential stop: the share played, which the stop biases, and the
    interval that allows for it.  Where that interval holds 50 %, whether the game is fair is left to the
    test's decision (said with its error rates), which the interval alone does not overrule."""
    players = "With equal players, the" if equal else "The"
    rate = (f"{percent(first.value)} of {played} ({_between(first)}, an interval that allows for the stop; the "
            "share played is biased by it)")
    if clearly_above(first, 0.5):
        return f"{players} first player has an advantage: it wins {rate}{alone}."
    if clearly_below(first, 0.5):
        return f"{players} second player has an advantage: the first wins only {rate}{alone}."
    return (f"{players} first player wins {rate}: the interval alone tells no advantage either way, and whether the "
            f"game is fair is the sequential test's decision at its own error rates{alone}.")


def playing(player: str) -> str:
    """What a player does, in words: what a test of skill between two of them measures."""
    if player == "random":
        return "playing at random"
    if player == "greedy":
        return "looking one move ahead"
    return f"searching {player.partition(':')[2]} playouts a move" if player.startswith("mcts:") else player


def pays_off(rate: Estimate, seats: int = 2) -> bool:
    """The stronger player wins more than an even share (half, of two), by the interval as printed."""
    return clearly_above(rate, 1 / seats)


def _skill_sentence(strong: str, weak: str, rate: Estimate, seats: int = 2) -> str:
    others = weak if seats == 2 else f"{NUMBERS[seats - 1]} {weak} players"
    even = "" if seats == 2 else f", against an even share of {percent(1 / seats)}"
    said = f"{strong} wins {percent(rate.value)} of its games against {others} ({_between(rate)}){even}"
    what, than = playing(strong), playing(weak)
    if pays_off(rate, seats):
        return f"{what[0].upper()}{what[1:]} beats {than}: {said}."
    if clearly_below(rate, 1 / seats):
        return f"{than[0].upper()}{than[1:]} beats {what} here: {said}."
    return f"Whether {what} beats {than} cannot be told from these games: {said}."


def skill_pairs(texts: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """--skill's values as (stronger, weaker) pairs: STRONG,WEAK, or "ladder", each rung of LADDER against the one
    below it; greedy against random when none is given."""
    pairs: list[tuple[str, str]] = []
    for text in texts:
        if text.strip().lower() == "ladder":
            pairs += [(strong, weak) for weak, strong in zip(LADDER, LADDER[1:], strict=False)]
        else:
            strong, _, weak = text.partition(",")
            pairs.append((strong.strip().lower(), weak.strip().lower()))
    return tuple(dict.fromkeys(pairs)) or SKILL_PAIRS


def _is_ladder(skill: Sequence[tuple[str, str, Estimate, int]]) -> bool:
    return len(skill) > 1 and all(weak == below for (_, weak, _, _), (below, _, _, _) in zip(skill[1:], skill,
                                                                                                 strict=False))


def ladder_sentence(skill: Sequence[tuple[str, str, Estimate, int]], seats: int = 2) -> str:
    """How many rungs of a ladder of skill (each player against the one below it) still pay off: the depth of
    skill the game rewards.  Empty when the tests of skill are not a ladder."""
    if not _is_ladder(skill):
        return ""
    paying = [pays_off(rate, seats) for _, _, rate, _ in skill]
    depth = next((n for n, pays in enumerate(paying) if not pays), len(paying))
    count = f"{sum(paying)} of the ladder's {len(skill)} rungs still {'pays' if sum(paying) == 1 else 'pay'} off"
    if depth == len(skill):
        return f"{count}: each player beats the one below it, up to {skill[-1][0]}, the top of the ladder."
    if depth == 0:
        return f"{count}: not even {skill[0][0]} can be told to beat {skill[0][1]} from these games."
    return (f"{count}: skill is rewarded up to {skill[depth - 1][0]}; {skill[depth][0]} cannot be told to beat "
            f"{skill[depth][1]} from these games.")


def fairness_sentence(fairness: SprtResult, within: float, alone: str = "") -> str:
    """The sequential test's decision and its own error rates; `alone` (judged_alone), when many games were
    unfinished, ends the decision's sentence."""
    d = percent(within)
    unfair, fair = error_rates(within)
    rates = (f" Its own error rates: a fair game is called unfair about {percent(unfair)} of the time (each side's "
             f"alpha is 5 %), a game {d} from fair is called fair about {percent(fair)}.")
    if fairness.decision == "fair":
        return f"Fair within ±{d}: the sequential test said so after {fairness.games} games{alone}." + rates
    if fairness.decision in ("first", "second"):
        return (f"Not fair within ±{d}: the {fairness.decision} player wins more, the sequential test said after "
                f"{fairness.games} games{alone}." + rates)
    return f"Fairness within ±{d} is still open after {fairness.games} games{alone}: play more." + rates


def _difference_sentence(d: Estimate, unit: str, first: str, second: str) -> str:
    scale = 100.0 if unit == "%" else 1.0
    points = " points" if unit == "%" else ""

    shown = f"{signed(scale * d.value)}{points} ({signed(scale * d.low)} to {signed(scale * d.high)})"
    if clearly_above(d, 0.0, scale) or clearly_below(d, 0.0, scale):
        return f"{second} changes it by {shown}."
    return f"No difference can be told: {shown} with {second} against {first}."


def told_apart(measure: Measure) -> bool:
    """Whether a difference's interval, as printed, leaves 0 out."""
    scale = 100.0 if measure.unit == "%" else 1.0
    return clearly_above(measure.estimate, 0.0, scale) or clearly_below(measure.estimate, 0.0, scale)


def compared(first: Version, second: Version) -> tuple[Measure, ...]:
    """Each measure of the second version less the first's, with its interval (Newcombe's for rates)."""
    out = []
    for a, b in zip(first.measures, second.measures, strict=False):
        if a.key != b.key:
            continue
        if a.key in ("branching_middle", "branching_late", "settled"):
            continue  # said with the others of their kind, or too fine a thing to compare in a sentence
        d = difference(a.estimate, b.estimate)
        out.append(Measure(a.key, a.name, a.short, d, a.unit, _difference_sentence(d, a.unit, first.label,
                                                                                    second.label), a.rate))
    return tuple(out)


def build_report(game: str, title: str, plan: ReportPlan, executor: Executor,
                 progress: Callable[[int], None] = lambda played: None, in_flight: int = IN_FLIGHT,
                 boards: int = 1) -> GameReport:
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
    return GameReport(game, title, tuple(versions), differences, time.perf_counter() - started, boards)


__all__ = ["GameReport", "Measure", "ReportPlan", "SequentialStop", "Version", "build_report", "fairness_sentence",
           "fixed_games", "is_seat_share", "shares_sentence", "version_judged_alone"]
