"""`check`, `simulate` and `study`: what a rules engine answers about positions and about many played games."""

from __future__ import annotations

from ...options import Kind, Option, Product, Values
from . import common

SIMULATION_FORMATS = ("table", "json", "csv")
PLOT_FORMATS = ("svg", "pdf", "png")


def _plot(path: object) -> object:
    from pathlib import Path

    assert isinstance(path, Path)
    if path.suffix.lower().lstrip(".") not in PLOT_FORMATS:
        raise ValueError(f"{path}: name an .svg, .pdf or .png file")
    return path


def _studies() -> tuple[str, ...]:
    from ...simulate.studies import studies

    return tuple(studies())


def _studies_help() -> str:
    from ...simulate.studies import studies

    names = "; ".join(f"{name}: {study.title}" for name, study in studies().items())
    return ("Answer a designer's open question by simulated games, in a one-page PDF report with a table, a chart "
            f"and the answer with its interval. NAME is one of: {names}.")


CHECK = Product(
    "check",
    "Check a position file (or sample:GAME/NAME, or - for standard input); list the legal moves, or play some with "
    "--move.\n\nExit status 0: valid; 1: not a valid position, or a move that cannot be played; 2: the command "
    "itself is wrong; 3: an internal error.",
    (
        Option("file", Kind.TEXT, "A position file, sample:GAME/NAME, or - for standard input.", argument=True,
               metavar="FILE"),
        Option("json", Kind.FLAG, "Print one JSON object instead of text.", default=False),
        Option("move", Kind.TEXT, "Play this move (in the game's notation, e.g. c1-e3=2; for IACTA with the throw "
               "first, 42: c1-e3=2) and print the position after it. Repeat for several moves.", repeated=True,
               metavar="MOVE", max_length=1000),
    ),
)

SIMULATE = Product(
    "simulate",
    "Play many games between two players and report the wins, draws, A's win rate with its 95 % interval, the "
    "games' length and the speed.",
    (
        common.game(),
        common.variant(),
        common.rule(),
        common.players("Player A (who moves first) and player B: random, greedy (the move that evaluates best) or "
                       "mcts:N (Monte Carlo tree search, N simulations a move)."),
        Option("games", Kind.INTEGER, "How many games [default: 200, or as many as --until-ci needs].", low=1,
               high=1_000_000, metavar="N"),
        Option("until-ci", Kind.NUMBER, "Play rounds of 200 games until the 95 % interval of A's win rate is "
               "narrower than ±W (e.g. 0.02); with --games, at most that many.", low=0.001, high=0.5, metavar="W"),
        *common.playing_options(),
        Option("max-plies", Kind.INTEGER, "A game not over after this many moves is counted as unfinished, apart "
               "from wins and draws.", default=1000, low=1, high=1_000_000),
        Option("format", Kind.CHOICE, "table (for reading), json or csv (for a spreadsheet).", default="table",
               choices=SIMULATION_FORMATS),
        Option("plot", Kind.PATH, "Also draw the win rates with their intervals, as FILE.svg, FILE.pdf or FILE.png: "
               "the chart alone, at its own size, saying how many games it shows.", metavar="FILE", validate=_plot),
    ),
    checks=(common.variant_check,),
)


def _quick_check(values: Values) -> str:
    if values["quick"] and values["games"] is not None:
        return "--quick plays a few games a setting and --games sets how many: give one of them"
    return ""


def _pdf(path: object) -> object:
    from pathlib import Path

    assert isinstance(path, Path)
    if path.suffix.lower() != ".pdf":
        raise ValueError(f"{path}: a study's report is a PDF; name a .pdf file")
    return path


STUDY = Product(
    "study",
    _studies_help,
    (
        Option("name", Kind.CHOICE, "The question to answer.", choices=_studies, argument=True, metavar="NAME"),
        Option("output", Kind.PATH, "File to write [default: output/study-NAME.pdf].", short="-o",
               metavar="FILE.pdf", validate=_pdf),
        Option("quick", Kind.FLAG, "A few games a setting (wide intervals, said on the page): a first look in well "
               "under a minute.", default=False),
        Option("games", Kind.INTEGER, "Games for each setting [default: each study's own, a few hundred].", low=1,
               high=100_000, metavar="N"),
        *common.playing_options(),
        *common.paper_options("Paper for the report."),
    ),
    checks=(_quick_check,),
)
