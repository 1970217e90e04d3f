"""`box`: the gift set's box alone, sized as in the set: two card nets to print, or a finger-jointed box to cut."""

from __future__ import annotations

from typing import Any

from ...options import Product, Values, not_used
from ..document import output_for, render_document
from ..giftset import box_document
from ..giftset_laser import laser_box_files
from . import common
from .giftset import card, dedication, giftset_options, laser_gift_options


def make_box(values: Values) -> list[Any]:
    info = common.game_info(values)
    options = giftset_options(info, values)
    variant = f"-{options.variant.name}" if len(info.variants) > 1 else ""
    if common.laser(values):
        stem = f"{info.name}{variant}-box-laser" + common.variation(values, "field", "paper",
                                                                      *common.LASER_SETTINGS)
        return laser_box_files(info, options, laser_gift_options(values, info), stem)
    output = output_for(common.chosen_format(values, "pdf"), options.paper, options.margin, values["dpi"],
                        values["bleed"] or 0.0)
    stem = (f"{info.name}{variant}-box{'' if values['palette'] == 'classic' else '-' + values['palette']}"
            + common.variation(values, "field", *common.ON_PAPER, "dpi", "bleed"))
    return render_document(box_document(info, options, stem), output, common.look_for(info, values["palette"]))


BOX = Product(
    "box",
    "Write the box of a game's gift set alone, sized to hold the board, the rules folded and the pieces: two card "
    "nets to print, cut and fold (base and lid, the lid with the game's name and a picture), or with --laser a "
    "finger-jointed wooden box to cut, its lid engraved.",
    (
        common.game_or_file(),
        common.variant(),
        common.palette("Colours of the lid's picture.", applies_to_laser=True),
        common.look_options()[1],  # --arrows
        common.lang("Language of the lid and the notes on the box (one of the game's: boardgen list shows them).",
             sentence="The language of the lid and the notes on the box."),
        # the nets are pages in every format, and a wooden box's size follows the rules' paper too
        *common.paper_options("Paper of the board and rules the box holds, and of the card it is printed on.",
                              laser_too=True),
        common.field("Side of one field of the board it holds, in millimetres [default: the game's own]."),
        card(not_used("is for a printed box: a laser box takes --thickness", common.laser)),
        dedication(),
        common.bleed(),
        *common.format_options("pdf"),
        *common.laser_options(),
        common.output("output/GAME-box[-OPTIONS].FORMAT"),
    ),
    make=make_box,
    checks=(common.variant_check, common.lang_check, common.format_check, common.field_check),
    title="A box for the game",
    subject_link="Its box",
    sentence="The box of a gift set alone, sized to hold the board, the folded rules and the pieces: card to print, "
    "cut and fold, or a wooden box to cut on a laser cutter.",
)
