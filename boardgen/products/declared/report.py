"""`report`: is my game fair?  The measures game researchers use, with intervals, on one page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...errors import BoardgenError
from ...options import Kind, Option, Product, Values
from . import common

DEFAULT_GAMES = 400  # without a stopping rule
MAX_STOPPING_GAMES = 20_000  # with one, unless --games says otherwise


def _compare(text: str) -> str:
    name, equals, value = text.partition("=")
    if not equals or not name.strip() or not value.strip():
        raise ValueError(f"{text!r}: write NAME=VALUE (a rule option, like pie=off) or variant=BOARD (like "
                         "variant=4x4)")
    return f"{name.strip().lower()}={value.strip().lower()}"


def _pair(text: str) -> str:
    from ...simulate.players import parse_player

    names = [part.strip().lower() for part in text.split(",")]
    if len(names) != 2:
        raise ValueError(f"{text!r}: give two players, STRONG,WEAK, like mcts:32,greedy")
    for name in names:
        parse_player(name)  # ValueError naming the players otherwise
    return ",".join(names)


def _pdf(path: object) -> object:
    assert isinstance(path, Path)
    if path.suffix.lower() != ".pdf":
        raise ValueError(f"{path}: the report is a PDF (its chart and JSON go beside it); name a .pdf file")
    return path


def _compare_check(values: Values) -> str:
    if values["compare"] is None:
        return ""
    name, _, value = values["compare"].partition("=")
    info = common.game_info(values)
    if name == "variant":
        try:
            info.variant(value)
        except ValueError as error:
            return f"--compare: {error}"
        return ""
    options = info.rules().rule_options()
    if name not in options:
        known = ", ".join(options) or "none"
        return f"--compare {values['compare']}: {info.title}'s rule options are {known}; or variant=BOARD"
    if value not in options[name]:
        return f"--compare {name}: {value!r} is not one of {', '.join(options[name])}"
    return ""


def stem(values: Values) -> str:
    parts = ["report", values["game"]]
    if values["variant"]:
        parts.append(values["variant"])
    parts += [rule.replace("=", "-") for rule in values["rule"]]
    if values["compare"]:
        parts += ["vs", values["compare"].replace("=", "-")]
    return re.sub(r"[^a-z0-9.-]+", "-", "-".join(parts).lower())


def plan(values: Values) -> Any:
    """The ReportPlan the values ask for."""
    from ...games import get_game
    from ...simulate.game_report import SKILL_PAIRS, ReportPlan
    from ...simulate.setup import match_spec

    info = get_game(values["game"])
    rules = list(values["rule"])

    def spec(variant: str | None, chosen: list[str]) -> Any:
        return match_spec(info, variant, chosen, values["players"], values["seed"], values["max-plies"])

    if values["compare"] and not values["compare"].startswith("variant="):
        rules = _baseline(info, values, rules)
    first = spec(values["variant"], rules)
    label = ", ".join([first.variant, *rules]) if rules or values["compare"] else first.variant
    specs = [(label, first)]
    if values["compare"]:
        name, _, value = values["compare"].partition("=")
        if name == "variant":
            specs.append((value, spec(value, rules)))
        else:
            others = [rule for rule in rules if rule.partition("=")[0].strip().lower() != name]
            specs.append((", ".join([first.variant, *others, values["compare"]]), spec(values["variant"],
                                                                                         [*others, values["compare"]])))
    stops = values["until"] is not None or values["fair-within"] is not None
    games = values["games"] if values["games"] is not None else (MAX_STOPPING_GAMES if stops else DEFAULT_GAMES)
    pairs = tuple((strong, weak) for strong, weak in (pair.split(",") for pair in values["skill"])) or SKILL_PAIRS
    return ReportPlan(tuple(specs), games, values["until"], values["fair-within"], values["skill-games"], pairs)


def _baseline(info: Any, values: Values, rules: list[str]) -> list[str]:
    """The first version's rules when --compare NAME=VALUE is what the board plays already (Stacktics 3x5 plays
    pie=off by default, so `--compare pie=off` asks about the pie rule): NAME's other value, where there is just
    one that plays differently; the rules as given otherwise (a --rule the same as --compare is refused)."""
    name, _, value = values["compare"].partition("=")
    game_rules = info.rules()
    variant = info.variant(values["variant"])
    chosen = dict(rule.partition("=")[::2] for rule in rules)
    plays = game_rules.effective_rules(variant, {**chosen, name: value})[name]
    if game_rules.effective_rules(variant, chosen)[name] != plays:
        return rules
    if name in chosen:
        raise BoardgenError(f"--compare {values['compare']}: --rule {name}={chosen[name]} plays the same on "
                            f"{variant.name}: give another value to one of them")
    others = {game_rules.effective_rules(variant, {**chosen, name: other})[name]: other
              for other in game_rules.rule_options()[name]}
    others.pop(plays, None)
    if len(others) != 1:
        raise BoardgenError(f"--compare {values['compare']}: {variant.name} plays {name}={plays} already; give the "
                            f"first version's with --rule {name}=VALUE")
    return [*rules, f"{name}={next(iter(others.values()))}"]


REPORT = Product(
    "report",
    "Is the game fair? Play games and write a one-page PDF report (with its chart as SVG and the figures as JSON "
    "beside it): the first player's advantage, draws and unfinished games, length, branching, how much skill "
    "matters and how the lead goes, each with its 95 % interval and a plain sentence. --compare plays a second "
    "version with the same seeds and gives each difference.",
    (
        common.game(),
        common.variant(),
        common.rule(),
        common.players("The two players for the main games: random, greedy or mcts:N; equal players measure the "
                       "first player's advantage."),
        Option("games", Kind.INTEGER, f"Games to play [default: {DEFAULT_GAMES}; with --until or --fair-within, "
               f"at most {MAX_STOPPING_GAMES:,}].", low=1, high=1_000_000, metavar="N"),
        Option("until", Kind.NUMBER, "Play rounds of games until every rate's 95 % interval is narrower than ±W "
               "(e.g. 0.03).", low=0.005, high=0.5, metavar="W"),
        Option("fair-within", Kind.NUMBER, "Stop as soon as a sequential test (alpha = beta = 0.05) can say "
               "whether the first player's win rate lies within 50 % ± D (e.g. 0.05), and say how many games it "
               "took.", low=0.01, high=0.4, metavar="D"),
        Option("compare", Kind.TEXT, "A second version to play with the same seeds: a rule option NAME=VALUE "
               "(pie=off) or variant=BOARD; the report gives each measure's difference.", metavar="NAME=VALUE",
               max_length=100, validate=_compare),
        Option("skill", Kind.TEXT, "A test of skill, STRONG,WEAK: how often the stronger player beats the weaker, "
               "half the games moving first; repeat for several (mcts:32,greedy, slower) [default: greedy,random].",
               repeated=True, metavar="STRONG,WEAK", max_length=100, validate=_pair),
        Option("skill-games", Kind.INTEGER, "Games for each test of skill; 0 leaves skill out.", default=100, low=0,
               high=100_000, metavar="N"),
        *common.playing_options(),
        Option("max-plies", Kind.INTEGER, "A game not over after this many moves is counted as unfinished.",
               default=1000, low=1, high=1_000_000),
        *common.paper_options("Paper for the report."),
        Option("output", Kind.PATH, "The report's file; its chart (-chart.svg) and figures (.json) go beside it "
               "[default: output/report-GAME[-...].pdf].", short="-o", metavar="FILE.pdf", validate=_pdf),
    ),
    checks=(common.variant_check, _compare_check),
)
