"""`report`'s steps, one function for the command line and the page: the plan the values ask for, its games
played with progress, then the one-page PDF with its chart and figures, and the sentences that answer "is my
game fair?"."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BoardgenError
from ..gamefiles import find_game
from ..games.game import require_engine
from ..layout.paper import get_paper
from ..options import Place, Progress, Values
from ..simulate.game_report import (
    ReportPlan,
    build_report,
    fairness_sentence,
    shares_sentence,
    skill_pairs,
    version_judged_alone,
)
from ..simulate.setup import match_spec
from .document import output_for
from .game_report import report_files
from .long_work import WROTE, Done, executor_at
from .played import MatchValues
from .writer import DEFAULT_FOLDER, prepare_target, write_files

DEFAULT_GAMES = 400  # without a stopping rule
MAX_STOPPING_GAMES = 20_000  # with one, unless --games says otherwise


@dataclass(frozen=True)
class ReportValues(MatchValues):
    """What `report` reads of its options (declared in declared/report.py)."""

    until: float | None
    fair_within: float | None
    compare: str | None
    skill: tuple[str, ...]
    skill_games: int
    seed: int
    max_plies: int
    paper: str
    margin: float
    output: Path | None

    @property
    def stops(self) -> bool:
        """Whether they ask to stop when an interval or a test says so, rather than after a number of games."""
        return self.until is not None or self.fair_within is not None


def stops(values: Values) -> bool:
    """Whether checked values ask to stop when an interval or a test says so (the declaration's question)."""
    return ReportValues.of(values).stops


def stem(asked: ReportValues) -> str:
    parts = ["report", find_game(asked.game).name]  # a game file's name, not its path
    if asked.variant:
        parts.append(asked.variant)
    parts += [rule.replace("=", "-") for rule in asked.rule]
    if asked.compare:
        parts += ["vs", asked.compare.replace("=", "-")]
    return re.sub(r"[^a-z0-9.-]+", "-", "-".join(parts).lower())


def plan(asked: ReportValues) -> ReportPlan:
    """The ReportPlan the values ask for."""
    info = find_game(asked.game)
    rules = list(asked.rule)

    def spec(variant: str | None, chosen: list[str]) -> Any:
        return match_spec(info, variant, chosen, asked.players, asked.seed, asked.max_plies,
                          default_players=not asked.players_given, game=asked.game)

    compare = asked.compare
    if compare and not compare.startswith("variant="):
        rules = _baseline(info, asked, compare, rules)
    first = spec(asked.variant, rules)
    label = ", ".join([first.variant, *rules]) if rules or compare else first.variant
    specs = [(label, first)]
    if compare:
        name, _, value = compare.partition("=")
        if name == "variant":
            specs.append((value, spec(value, rules)))
        else:
            others = [rule for rule in rules if rule.partition("=")[0].strip().lower() != name]
            specs.append((", ".join([first.variant, *others, compare]), spec(asked.variant, [*others, compare])))
    if asked.fair_within is not None and len(first.players) != 2:
        raise BoardgenError(f"--fair-within tests the first player's win rate against 50 %, a question of two "
                            f"players, not {len(first.players)}; --until W plays until every seat's share is known "
                            "within ±W")
    games = asked.games if asked.games_given or not asked.stops else MAX_STOPPING_GAMES
    pairs = skill_pairs(asked.skill)
    return ReportPlan(tuple(specs), games, asked.until, asked.fair_within, asked.skill_games, pairs)


def _baseline(info: Any, asked: ReportValues, compare: str, rules: list[str]) -> list[str]:
    """The first version's rules when --compare NAME=VALUE is what the board plays already (Stacktics 3x5 plays
    pie=off by default, so `--compare pie=off` asks about the pie rule): NAME's other value, where there is just
    one that plays differently; the rules as given otherwise (a --rule the same as --compare is refused)."""
    name, _, value = compare.partition("=")
    game_rules = require_engine(info).rules
    variant = info.variant(asked.variant)
    chosen = dict(rule.partition("=")[::2] for rule in rules)
    plays = game_rules.effective_rules(variant, {**chosen, name: value})[name]
    if game_rules.effective_rules(variant, chosen)[name] != plays:
        return rules
    if name in chosen:
        raise BoardgenError(f"--compare {compare}: --rule {name}={chosen[name]} plays the same on "
                            f"{variant.name}: give another value to one of them")
    others = {game_rules.effective_rules(variant, {**chosen, name: other})[name]: other
              for other in game_rules.rule_options()[name]}
    others.pop(plays, None)
    if len(others) != 1:
        raise BoardgenError(f"--compare {compare}: {variant.name} plays {name}={plays} already; give the "
                            f"first version's with --rule {name}=VALUE")
    return [*rules, f"{name}={next(iter(others.values()))}"]


@dataclass(frozen=True)
class ReportWork:
    """`report`'s steps: the plan from the values, the games played with progress, then its files (the PDF, its
    chart and its figures) and the sentences that answer "is it fair?"."""

    asked: ReportValues

    @property
    def title(self) -> str:
        return f"Playing {find_game(self.asked.game).title}"

    @property
    def steps(self) -> int:
        return int(self._plan().total())

    plays = True

    def _plan(self) -> ReportPlan:
        return plan(self.asked)

    def paths(self) -> list[Path]:
        pdf = self.asked.output or DEFAULT_FOLDER / f"{stem(self.asked)}.pdf"
        return [pdf, pdf.with_name(f"{pdf.stem}-chart.svg"), pdf.with_suffix(".json")]

    def prepare(self) -> None:
        for path in self.paths():
            prepare_target(path)

    def run(self, progress: Progress, place: Place) -> Done:
        info = find_game(self.asked.game)
        chosen = self._plan()
        total = chosen.total()
        settings: dict[str, Any] = {} if place.in_flight is None else {"in_flight": place.in_flight}
        with executor_at(place, total) as executor:
            made = build_report(info.name, info.title, chosen, executor,
                                lambda played: progress(min(played, total), f"{min(played, total):,} games"),
                                boards=len(info.variants), **settings)
        stopped = next((version.stopped for version in made.versions if version.stopped), 0)
        note = "no report written (a report counts every game it set out to play)"
        if stopped:
            return Done(stopped=stopped, stopped_note=note)
        paths = self.paths()
        output = output_for("pdf", get_paper(self.asked.paper), self.asked.margin)
        files = report_files(made, output, paths[0].stem, self.asked.fair_within)
        # most games unfinished: the first line says so (the game may never end), before any rate
        said: list[str] = [(f"{version.label}: " if len(made.versions) > 1 else "") + version.warning
                           for version in made.versions if version.warning]
        for version in made.versions:
            label = f"{version.label}: " if len(made.versions) > 1 else ""
            said.append(label + shares_sentence(version))
            if version.fairness is not None and self.asked.fair_within is not None:
                said.append(label + fairness_sentence(version.fairness, self.asked.fair_within,
                                                      version_judged_alone(version)))
            said += [label + measure.sentence for measure in version.measures if measure.key.startswith("skill")]
        said += [f"The difference in the {difference.name.split(' (')[0]}: {difference.sentence}"
                 for difference in made.differences if difference.key in ("first_player", "seat_a")]

        def write() -> list[tuple[Path, str, bool]]:
            write_files([(path, file.data) for path, file in zip(paths, files, strict=True)], paths[0])
            return [(path, WROTE, False) for path in paths]
        # the chart first: the page shows it
        return Done([files[1], files[0], files[2]], "".join(f"{line}\n" for line in said), paths[0].stem,
                    writer=write)


def report_work(values: Values) -> ReportWork:
    return ReportWork(ReportValues.of(values))
