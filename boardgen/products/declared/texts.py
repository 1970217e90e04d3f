"""`rules`, `lego`, `list` and `palettes`: a rule sheet, a LEGO list, and what boardgen knows."""

from __future__ import annotations

from typing import Any

from ...layout.paper import get_paper
from ...options import Kind, Option, Product, Refusal, Role, Shown, Values
from ...options.ranges import FIELD_SIZE
from ..document import RenderedFile, output_for, render_document
from ..lego import lego_document as document
from ..rule_sheet import rule_sheet_document
from . import common


def make_rules(values: Values) -> list[Any]:
    info, language = common.game_info(values), values["lang"]
    paper = get_paper(values["paper"])
    palette = "" if values["palette"] == "classic" else f"-{values['palette']}"
    stem = f"{info.name}-rules-{language}{palette}" + common.variation(values, *common.ON_PAPER)
    document = rule_sheet_document(info, language, paper, values["margin"], stem)
    return render_document(document, output_for("pdf", paper, values["margin"]), common.look_for(info,
                                                                                                   values["palette"]))


RULES = Product(
    "rules",
    "Write the rule sheet as a PDF, with diagrams drawn by the rules engine (for a game file: its own rule text).",
    (
        common.game_or_file(),
        common.lang(),
        common.palette("Colours of the diagrams.", applies_to_laser=True),
        *common.paper_options("Paper to print on."),
        common.output("output/GAME-rules-LANG[-OPTIONS].pdf"),
    ),
    make=make_rules,
    checks=(common.lang_check, common.pdf_only("a rule sheet")),
    title="The rules to print",
    subject_link="Its rules",
    sentence="The rule sheet, with its diagrams drawn from the game's own rules.",
)

LEGO_FORMATS = ("table", "csv", "json", "bricklink")
LEGO_EXTENSIONS = {".txt": "table", ".csv": "csv", ".json": "json", ".xml": "bricklink"}


def lego_format(values: Values) -> str:
    """--format; else the one the -o file's name says (bricks.csv: csv); else a table."""
    named = common.named_format(values, LEGO_EXTENSIONS)
    return str(values["format"]) if values.given("format") or named is None else named


def _lego_format_check(values: Values) -> Refusal | None:
    return common.name_and_format_disagree(values, LEGO_EXTENSIONS)


def _dice(name: str, help_text: str, label: str, sentence: str) -> Option:
    return Option(name, Kind.INTEGER, help_text, low=1, high=10, label=label, sentence=sentence)


def _dice_check(values: Values) -> Refusal | None:
    if values["dice"] is not None and (values["dice-red"] is not None or values["dice-yellow"] is not None):
        return Refusal("dice", "give either --dice for both players or --dice-red/--dice-yellow, not both")
    return None


def lego_document(values: Values) -> Any:
    per_player = {"red": values["dice-red"], "yellow": values["dice-yellow"]}
    info = common.game_info(values)
    field = values["field"] if values["field"] is not None else info.default_field
    return document(info, values["dice"], per_player, field, lego_format(values))


def make_lego(values: Values) -> list[Any]:
    document = lego_document(values)
    return [RenderedFile(f"{document.stem}.{document.extension}", document.text.encode("utf-8"))]


def _lego_shown(values: Values) -> Shown | None:
    """The brick count on the screen, unless -o names a file (always for a BrickLink list)."""
    if values["output"] is None and lego_format(values) != "bricklink":
        return Shown(lego_document(values).text)
    return None


LEGO = Product(
    "lego",
    "Count the 2x2 LEGO bricks for playing with towers instead of dice.",
    (
        common.game_or_file(),
        _dice("dice", "Dice per player (both players).", "Dice per player", "How many dice each player has."),
        _dice("dice-red", "Dice for red (a handicap).", "Dice for red", "Red's own number, as a handicap."),
        _dice("dice-yellow", "Dice for yellow (a handicap).", "Dice for yellow", "Yellow's own number, as a handicap."),
        Option("field", Kind.NUMBER, "Field size of your board, to check that bricks fit [default: the game's "
               "own].", low=FIELD_SIZE.low, high=FIELD_SIZE.high,
               unit=FIELD_SIZE.unit, metavar="MM", label="Field size (mm)",
               sentence="The side of one field of your board, to check that the bricks fit; empty: the game's own."),
        Option("format", Kind.CHOICE, "bricklink: a wanted-list XML file to order the bricks.", default="table",
               choices=LEGO_FORMATS, extensions={name: ext[1:] for ext, name in LEGO_EXTENSIONS.items()},
               role=Role.FORMAT, label="List as", sentence="table to read; csv or json for a spreadsheet or a program; "
               "bricklink to order the bricks."),
        common.output("the screen; for bricklink output/GAME-lego-bricklink.xml"),
    ),
    make=make_lego,
    checks=(_dice_check, _lego_format_check),
    show=_lego_shown,
    title="LEGO bricks instead of dice",
    sentence="The 2x2 LEGO bricks to build towers with, for playing without dice.",
)
