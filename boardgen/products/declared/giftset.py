"""`giftset`: a whole boxed game in one folder, from one command, for the printer or the laser."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...options import Kind, Option, Product, Values, not_used
from . import common
from .texts import lang, lang_check

STEPS = ("board", "pieces", "rules", "box", "read-me", "pdf")
MAX_DEDICATION = 200


def _dedication(text: str) -> str:
    """One line of text every face of the font can print; refused before anything is made otherwise."""
    import unicodedata

    from ...draw.fonts import describe_character, missing_characters

    if len(text) > MAX_DEDICATION:
        raise ValueError(f"give one line of at most {MAX_DEDICATION} characters")
    controls = [c for c in text if unicodedata.category(c) in ("Cc", "Cf")]
    if controls:
        raise ValueError(f"give one line of plain text: {describe_character(controls[0])} is a control character")
    missing = missing_characters(text)
    if missing:
        raise ValueError(f"boardgen's font has no {describe_character(missing[0])}: it prints Latin, Greek and "
                         "Cyrillic letters and common symbols; leave it out")
    return text


def for_laser(values: Values) -> bool:
    return bool(values["for"] == "laser")


def target(values: Values) -> Path:
    """The folder the set goes into."""
    if values["to"] is not None:
        return Path(values["to"])
    return Path("output") / f"{common.game_info(values).name}-giftset{'-laser' if for_laser(values) else ''}"


def make_giftset(values: Values, progress: Callable[[str], None] | None = None) -> list[Any]:
    """Every file of the set, in memory; `progress` hears the name of each step as it is done."""
    from ..giftset import giftset_files
    from ..giftset_laser import laser_giftset_files

    info = common.game_info(values)
    options = giftset_options(info, values)
    step = progress or (lambda name: None)
    if for_laser(values):
        return laser_giftset_files(info, options, laser_gift_options(values, info), step)
    return giftset_files(info, options, step)


def giftset_options(info: Any, values: Values) -> Any:
    """GiftsetOptions from checked values: the gift set's, or its box's alone."""
    from ...layout.paper import get_paper
    from ..giftset import BOARD_CARD, GiftsetOptions

    size = values["field"] if values["field"] is not None else info.default_field
    card = values["card"] if values["card"] is not None else BOARD_CARD
    return GiftsetOptions(info.variant(values["variant"]), values["palette"], values["arrows"], values["lang"],
                          get_paper(values["paper"]), values["margin"], size, card, values["dedication"].strip())


def laser_gift_options(values: Values, info: Any) -> Any:
    from ..giftset_laser import LaserGiftOptions

    settings = common.laser_settings(values, info)
    return LaserGiftOptions(settings, values["field"] is not None)


def dedication() -> Option:
    return Option("dedication", Kind.TEXT, 'Printed inside the lid, e.g. "For Anna, Christmas 2026" (on the back of '
                  "the lid's sheet; engraved on the underside of a laser lid).", default="", metavar="TEXT",
                  validate=_dedication)


def card(applies: Any) -> Option:
    return Option("card", Kind.NUMBER, "For print: the thickness of the card the box is made of, so the lid slides "
                  "over the base [default: 0.3].", low=0.1, high=2, unit="mm", metavar="MM", applies=applies)


_FOR_LASER = not_used("is for --for laser", lambda values: not for_laser(values))

GIFTSET = Product(
    "giftset",
    "Write a whole gift set into one folder, all or nothing: for print, the board, pieces, rule sheet and a card box "
    "sized to hold them; for a laser, the board plate, pieces and a finger-jointed box to cut, with the rules to "
    "print. Each set has a read-me, one PDF with everything to print in order, and a manifest.",
    (
        common.game_or_file(),
        common.variant(),
        common.palette("Colours of the board, pieces, box and diagrams.", applies_to_laser=True),
        common.look_options()[1],  # --arrows
        lang("Language of the rule sheet (one of the game's: boardgen list shows them)."),
        *common.paper_options("Paper and card to print on."),
        common.field("Side of one field in millimetres [default: the game's own]."),
        Option("for", Kind.CHOICE, "print: PDFs to print on paper and card, with a card box. laser: cut files for the "
               "board, pieces and a finger-jointed wooden box, with the rules to print.", default="print",
               choices=("print", "laser")),
        card(not_used("is for a printed box: a laser box takes --thickness", for_laser)),
        *common.kerf_and_bed("For laser", _FOR_LASER),
        Option("format", Kind.CHOICE, "For laser: the cut files' format [default: svg].", choices=("svg", "dxf"),
               applies=_FOR_LASER),
        *common.laser_file_options("For laser", _FOR_LASER),
        dedication(),
        Option("to", Kind.FOLDER, "The folder to write the set into [default: output/GAME-giftset].", metavar="PATH"),
        Option("replace", Kind.FLAG, "Replace the --to folder even if it holds files boardgen did not write (they are "
               "removed with it).", default=False),
    ),
    make=make_giftset,
    checks=(common.variant_check, lang_check),
)
