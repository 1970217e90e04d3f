"""`check`, `simulate` and `study`: what a rules engine answers about positions and about many played games."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...options import FromValues, Kind, Mode, Option, Product, Refusal, Role, Shown, Values
from ...simulate.studies import studies
from ..check_report import after_moves, check_loaded, check_text, report_json, report_text
from ..inputs import read_source
from ..long_work import simulation_work, study_work
from ..played import DEFAULT_GAMES, SimulationValues, StudyValues
from . import common, playing

SIMULATION_FORMATS = ("table", "json", "csv")
PLOT_FORMATS = ("svg", "pdf", "png")


def _plot(path: object) -> object:
    assert isinstance(path, Path)
    if path.suffix.lower().lstrip(".") not in PLOT_FORMATS:
        raise ValueError(f"{path}: name an .svg, .pdf or .png file")
    return path


def _studies() -> tuple[str, ...]:
    return tuple(studies())


def _studies_help() -> str:
    names = "; ".join(f"{name}: {study.title}" for name, study in studies().items())
    return ("Answer a designer's open question by simulated games, in a one-page PDF report with a table, a chart "
            f"and the answer with its interval. NAME is one of: {names}.")


@dataclass(frozen=True)
class CheckValues(FromValues):
    """What `check` reads of its options."""

    file: str
    json: bool
    move: tuple[str, ...]


def _checked(values: Values) -> Shown:
    """The position's report, or the position after --move; exit status 1 for an invalid position."""
    asked = CheckValues.of(values)
    source = read_source(asked.file)
    if asked.move:
        loaded = after_moves(source.data, source.label, asked.move, source.folder)
        if asked.json:
            return Shown(report_json(check_loaded(loaded), with_position=True) + "\n")
        return Shown(loaded.rules.write(loaded.position))
    report = check_text(source.data, source.folder)
    return Shown((report_json(report) if asked.json else report_text(report, source.label)) + "\n",
                 0 if report.valid else 1)


CHECK = Product(
    "check",
    "Check a position file (or sample:GAME/NAME, or - for standard input); list the legal moves, or play some with "
    "--move.\n\nExit status 0: valid; 1: not a valid position, or a move that cannot be played; 2: the command "
    "itself is wrong; 3: an internal error.",
    (
        Option("file", Kind.TEXT, "A position file, sample:GAME/NAME, or - for standard input.", argument=True,
               metavar="FILE", role=Role.POSITION, label="Position", sentence="The position to check."),
        Option("json", Kind.FLAG, "Print one JSON object instead of text.", default=False, label="For programs",
               sentence="The answer for a program to read, instead of text."),
        Option("move", Kind.TEXT, "Play this move (in the game's notation, e.g. c1-e3=2; for IACTA with the throw "
               "first, 42: c1-e3=2) and print the position after it. Repeat for several moves.", repeated=True,
               metavar="MOVE", max_length=1000, label="Moves to play", sentence="Moves to play, one after another."),
    ),
    mode=Mode.COMMAND,
    show=_checked,
    reads=CheckValues,
    title="Check a position",  # what the page that does the same is called
    sentence="Is a position right? Its problems, its legal moves, and the position after a move.",
)

SIMULATE = Product(
    "simulate",
    "Play many games between two to four players and report the wins, draws, each seat's win rate with its 95 % "
    "interval, the games' length and the speed.",
    (
        common.game_or_file(),
        common.variant(),
        playing.rule(),
        playing.players("One player a seat, player A (who moves first) first: random, greedy (the move that "
                       "evaluates best) or mcts:N (Monte Carlo tree search, N simulations a move); as many names as "
                       "players, so random,random,random,random plays four (where the game allows it)."),
        Option("games", Kind.INTEGER, "How many games.", default=DEFAULT_GAMES, low=1, high=1_000_000, metavar="N",
               default_text=f"{DEFAULT_GAMES}, or as many as --until-ci needs", web_max=5_000,
               unbounded=lambda values: values["until-ci"] is not None, label="Games to play",
               sentence="How many games the two players play."),
        Option("until-ci", Kind.NUMBER, "Play rounds of 200 games until the 95 % interval of A's win rate is "
               "narrower than ±W (e.g. 0.02); with --games, at most that many.", low=0.001, high=0.5, metavar="W",
               label="Play until the first player's rate is within ±",
               sentence="Keep playing rounds of 200 games until the first player's win rate is known this closely, "
               "like 0.02; the games above are then the most it plays."),
        *playing.playing_options(),
        Option("max-plies", Kind.INTEGER, "A game not over after this many moves is counted as unfinished, apart "
               "from wins and draws.", default=1000, low=1, high=1_000_000, label="Longest game (moves)",
               sentence="A game not over after this many moves counts as unfinished."),
        Option("format", Kind.CHOICE, "table (for reading), json or csv (for a spreadsheet).", default="table",
               choices=SIMULATION_FORMATS, role=Role.FORMAT, label="Results as",
               sentence="table to read; json or csv for a program or a spreadsheet."),
        Option("plot", Kind.PATH, "Also draw the win rates with their intervals, as FILE.svg, FILE.pdf or FILE.png: "
               "the chart alone, at its own size, saying how many games it shows.", metavar="FILE", validate=_plot,
               label="Chart", sentence="The win rates drawn with their intervals."),
    ),
    checks=(common.variant_check, playing.rules_check),
    mode=Mode.JOB,
    work=simulation_work,
    reads=SimulationValues,
    title="Who wins? Many games played",
    sentence="Two computer players play many games: who wins how often, with its margin of error, and how long "
    "games last.",
)


def _quick_check(values: Values) -> Refusal | None:
    if values["quick"] and values["games"] is not None:
        return Refusal("games", "--quick plays a few games a setting and --games sets how many: give one of them")
    return None


def _pdf(path: object) -> object:
    assert isinstance(path, Path)
    if path.suffix.lower() != ".pdf":
        raise ValueError(f"{path}: a study's report is a PDF; name a .pdf file")
    return path


STUDY = Product(
    "study",
    _studies_help,
    (
        Option("name", Kind.CHOICE, "The question to answer.", choices=_studies, argument=True, metavar="NAME",
               label="Question", sentence="The designer's question to answer."),
        Option("output", Kind.PATH, "File to write [default: output/study-NAME.pdf].", short="-o",
               metavar="FILE.pdf", validate=_pdf, role=Role.OUTPUT, label="File name",
               sentence="Where the answer is written."),
        Option("quick", Kind.FLAG, "A few games a setting (wide intervals, said on the page): a first look in well "
               "under a minute.", default=False, label="Quick look",
               sentence="A few games a setting: a first answer in under a minute, less certain."),
        Option("games", Kind.INTEGER, "Games for each setting.", low=1, high=100_000, metavar="N",
               default_text="each study's own, a few hundred", web_max=400, label="Games for each setting",
               sentence="Empty: the question's own number, a few hundred."),
        *playing.playing_options(),
        *common.paper_options("Paper for the report."),
    ),
    checks=(_quick_check,),
    mode=Mode.JOB,
    work=study_work,
    reads=StudyValues,
    title="A designer's question answered",
    sentence="An open question about a game's design, answered by computer players on one page with a table and a "
    "chart.",
)
