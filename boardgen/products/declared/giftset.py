"""`giftset`: a whole boxed game in one folder, from one command, for the printer or the laser."""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...draw.fonts import describe_character, missing_characters
from ...layout.paper import get_paper
from ...options import Kind, Mode, Option, Place, Product, Progress, Role, Values, not_used
from ..giftset import BOARD_CARD, GiftsetOptions, giftset_files, write_giftset
from ..giftset_laser import LaserGiftOptions, laser_giftset_files
from ..long_work import Done
from ..writer import check_folder_name
from . import common

STEPS = ("board", "pieces", "rules", "box", "read-me", "pdf")
MAX_DEDICATION = 200


def _dedication(text: str) -> str:
    """One line of text every face of the font can print; refused before anything is made otherwise."""
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
    info = common.game_info(values)
    options = giftset_options(info, values)
    step = progress or (lambda name: None)
    if for_laser(values):
        made = laser_giftset_files(info, options, laser_gift_options(values, info), step)
    else:
        made = giftset_files(info, options, step)
    reason = common.arrows_reason(info, options.variant) if values["arrows"] else ""
    if reason and made:  # drawn without arrows (giftset_options), and said, as the board says it
        made = [replace(made[0], notice="; ".join(filter(None, (f"--arrows {reason}; drawn without arrows",
                                                                 made[0].notice)))), *made[1:]]
    return made


def giftset_options(info: Any, values: Values) -> Any:
    """GiftsetOptions from checked values: the gift set's, or its box's alone."""
    size = values["field"] if values["field"] is not None else info.default_field
    card = values["card"] if values["card"] is not None else BOARD_CARD
    variant = info.variant(values["variant"])
    arrows = values["arrows"] and not common.arrows_reason(info, variant)  # a board with no direction of play
    return GiftsetOptions(variant, values["palette"], arrows, values["lang"],
                          get_paper(values["paper"]), values["margin"], size, card, values["dedication"].strip())


def laser_gift_options(values: Values, info: Any) -> Any:
    settings = common.laser_settings(values, info)
    return LaserGiftOptions(settings, values["field"] is not None)


def dedication() -> Option:
    return Option("dedication", Kind.TEXT, 'Printed inside the lid, e.g. "For Anna, Christmas 2026" (on the back of '
                  "the lid's sheet; engraved on the underside of a laser lid).", default="", metavar="TEXT",
                  validate=_dedication, label="Dedication",
                  sentence='Printed inside the lid, like "For Anna, Christmas 2026".')


def card(applies: Any) -> Option:
    return Option("card", Kind.NUMBER, "For print: the thickness of the card the box is made of, so the lid slides "
                  "over the base.", default=BOARD_CARD, low=0.1, high=2, unit="mm", metavar="MM", applies=applies,
                  label="Card thickness (mm)", sentence="How thick the card is, so the lid slides over the base.")


_FOR_LASER = not_used("is for --for laser", lambda values: not for_laser(values))

@dataclass(frozen=True)
class GiftsetWork:
    """A gift set as a job: each of its steps made in turn, then written as one folder, all or nothing."""

    values: Values

    @property
    def title(self) -> str:
        return f"Making the {common.game_info(self.values).title} gift set"

    @property
    def steps(self) -> int:
        return len(STEPS)

    plays = False

    def prepare(self) -> None:
        """A folder name too long is refused before the set is made; write_giftset checks the rest as it writes,
        all or nothing."""
        check_folder_name(target(self.values))

    def run(self, progress: Progress, place: Place) -> Done:
        done = itertools.count(1)  # a laser set takes steps of its own: the bar stops at its end
        files = make_giftset(self.values, lambda step: progress(min(next(done), len(STEPS)), step))
        if files and files[0].notice:  # what the set's making found worth telling (--arrows drawn without)
            place.note(files[0].notice)
        name = f"{common.game_info(self.values).name}-giftset{'-laser' if for_laser(self.values) else ''}"

        def write() -> list[tuple[Path, str, bool]]:
            folder = target(self.values)
            written = write_giftset(files, folder, self.values["to"] is None, self.values["replace"])
            return [(path, "", False) for path in written]
        return Done(files, "", name, writer=write)  # the command line lists the files written



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
        common.lang("Language of the rule sheet (one of the game's: boardgen list shows them)."),
        *common.paper_options("Paper and card to print on."),
        common.field("Side of one field in millimetres [default: the game's own]."),
        Option("for", Kind.CHOICE, "print: PDFs to print on paper and card, with a card box. laser: cut files for the "
               "board, pieces and a finger-jointed wooden box, with the rules to print.", default="print",
               choices=("print", "laser"), label="Made by",
               sentence="print: on paper and card, with a card box; laser: cut from wood, with the rules to print."),
        card(not_used("is for a printed box: a laser box takes --thickness", for_laser)),
        *common.kerf_and_bed("For laser", _FOR_LASER),
        Option("format", Kind.CHOICE, "For laser: the cut files' format.", default="svg", choices=("svg", "dxf"),
               applies=_FOR_LASER, role=Role.FORMAT, label="Laser file type",
               sentence="svg or dxf, as your laser's program takes."),
        *common.laser_file_options("For laser", _FOR_LASER),
        dedication(),
        Option("to", Kind.FOLDER, "The folder to write the set into [default: output/GAME-giftset].", metavar="PATH",
               label="Folder", sentence="Where the set is written on this computer."),
        Option("replace", Kind.FLAG, "Replace the --to folder even if it holds files boardgen did not write (they are "
               "removed with it).", default=False, role=Role.REPLACE, label="Replace the folder",
               sentence="Replace the folder even if it holds other files."),
    ),
    mode=Mode.JOB,
    make=make_giftset,
    checks=(common.variant_check, common.lang_check, common.field_check),
    work=GiftsetWork,
    preview="board",  # drawn as the set draws it
    extension="zip",
    title="A whole boxed game",
    subject_link="All of it, boxed",
    sentence="Everything for one game in one download: the board, pieces, rule sheet and a box to hold them, for the "
    "printer or the laser cutter.",
)
