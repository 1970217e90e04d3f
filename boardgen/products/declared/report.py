"""`report`: is my game fair?  The measures game researchers use, with intervals, on one page."""

from __future__ import annotations

from pathlib import Path

from ...games.game import require_engine
from ...options import Kind, Mode, Option, Product, Refusal, Role, Values
from ...simulate.players import parse_player
from ..fairness_report import DEFAULT_GAMES, MAX_STOPPING_GAMES, ReportValues, report_work, stops
from . import common, playing


def _compare(text: str) -> str:
    name, equals, value = text.partition("=")
    if not equals or not name.strip() or not value.strip():
        raise ValueError(f"{text!r}: write NAME=VALUE (a rule option, like pie=off) or variant=BOARD (like "
                         "variant=4x4)")
    return f"{name.strip().lower()}={value.strip().lower()}"


def _pair(text: str) -> str:
    if text.strip().lower() == "ladder":
        return "ladder"
    names = [part.strip().lower() for part in text.split(",")]
    if len(names) != 2:
        raise ValueError(f"{text!r}: give two players, STRONG,WEAK, like mcts:32,greedy; or ladder")
    for name in names:
        parse_player(name)  # ValueError naming the players otherwise
    return ",".join(names)


def _pdf(path: object) -> object:
    assert isinstance(path, Path)
    if path.suffix.lower() != ".pdf":
        raise ValueError(f"{path}: the report is a PDF (its chart and JSON go beside it); name a .pdf file")
    return path


def _compare_check(values: Values) -> Refusal | None:
    if values["compare"] is None:
        return None
    name, _, value = values["compare"].partition("=")
    info = common.game_info(values)
    if name == "variant":
        try:
            info.variant(value)
        except ValueError as error:
            return Refusal("compare", f"--compare: {error}")
        return None
    options = require_engine(info).rules.rule_options()
    if name not in options:
        known = ", ".join(options) or "none"
        return Refusal("compare", f"--compare {values['compare']}: {info.title}'s rule options are {known}; or "
                       "variant=BOARD")
    if value not in options[name]:
        return Refusal("compare", f"--compare {name}: {value!r} is not one of {', '.join(options[name])}")
    return None


REPORT = Product(
    "report",
    "Is the game fair? Play games and write a one-page PDF report (with its chart as SVG and the figures as JSON "
    "beside it): the first player's advantage, draws and unfinished games, length, branching, how much skill "
    "matters and how the lead goes, each with its 95 % interval and a plain sentence. --compare plays a second "
    "version with the same seeds and gives each difference.",
    (
        common.game_or_file(),
        common.variant(),
        playing.rule(),
        playing.players("The players for the main games, one a seat: random, greedy or mcts:N; equal players "
                       "measure the first player's advantage (with three or four names, each seat's share against "
                       "an even share)."),
        Option("games", Kind.INTEGER, "Games to play.", default=DEFAULT_GAMES, low=1, high=1_000_000, metavar="N",
               default_text=f"{DEFAULT_GAMES}; with --until or --fair-within, at most {MAX_STOPPING_GAMES:,}",
               web_max=5_000, unbounded=stops, label="Games to play",
               sentence="How many games the players play; more games give narrower intervals."),
        Option("until", Kind.NUMBER, "Play rounds of games until every rate's 95 % interval is narrower than ±W "
               "(e.g. 0.03).", low=0.005, high=0.5, metavar="W", label="Play until the intervals are within ±",
               sentence="Keep playing until every rate is known this closely, like 0.03; empty: a set number."),
        Option("fair-within", Kind.NUMBER, "Stop as soon as a sequential test can say whether the first player's "
               "win rate lies within 50 % ± D (e.g. 0.05), and say how many games it took. Each of its two sides "
               "has alpha = beta = 0.05, so a fair game is called unfair about 9 to 10 % of the time (9.6 % at "
               "D = 0.05, 9.3 % at 0.1) and a game D from fair is called fair about 5 %.", low=0.01, high=0.4,
               metavar="D", label="Stop once fair within ±",
               sentence="Stop as soon as it is clear whether the first player wins 50 % give or take this, like 0.05."),
        Option("compare", Kind.TEXT, "A second version to play with the same seeds: a rule option NAME=VALUE "
               "(pie=off) or variant=BOARD; the report gives each measure's difference.", metavar="NAME=VALUE",
               max_length=100, validate=_compare, label="Compare with",
               sentence="A second version played with the same dice, like pie=off or variant=4x4: the report gives "
               "each difference."),
        Option("skill", Kind.TEXT, "A test of skill, STRONG,WEAK: how often the stronger player beats the weaker, "
               "half the games moving first; repeat for several (mcts:32,greedy, slower); or ladder: random, "
               "greedy, mcts:16 and mcts:64, each against the one below, and how many rungs still pay off (slow) "
               "[default: greedy,random: whether looking one move ahead beats playing at random].",
               repeated=True, metavar="STRONG,WEAK|ladder", max_length=100, validate=_pair, label="Tests of skill",
               sentence="Pairs of a stronger and a weaker player, like mcts:32,greedy; or ladder; empty: greedy "
               "against random."),
        Option("skill-games", Kind.INTEGER, "Games for each test of skill; 0 leaves skill out.", default=100, low=0,
               high=100_000, metavar="N", web_max=5_000, label="Games for each test of skill",
               sentence="0 leaves skill out."),
        *playing.playing_options(),
        Option("max-plies", Kind.INTEGER, "A game not over after this many moves is counted as unfinished.",
               default=1000, low=1, high=1_000_000, label="Longest game (moves)",
               sentence="A game not over after this many moves counts as unfinished."),
        *common.paper_options("Paper for the report."),
        Option("output", Kind.PATH, "The report's file; its chart (-chart.svg) and figures (.json) go beside it "
               "[default: output/report-GAME[-...].pdf].", short="-o", metavar="FILE.pdf", validate=_pdf,
               role=Role.OUTPUT, label="File name", sentence="Where the report is written on this computer."),
    ),
    checks=(common.variant_check, playing.rules_check, _compare_check),
    mode=Mode.JOB,
    work=report_work,
    reads=ReportValues,
    title="Is my game fair? A report",
    sentence="Computer players play your game many times; a one-page report says how much moving first helps, how "
    "long games last and how much skill matters, each with its margin of error.",
)
