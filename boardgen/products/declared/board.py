"""`board`: a game's board on paper, at true size, or as laser files."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...layout.paper import get_paper
from ...options import Product, Values
from ..board import board_document, board_stem
from ..document import output_for, render_document
from ..laser_files import board_laser_files
from . import common


def make_board(values: Values) -> list[Any]:
    info = common.game_info(values)
    chosen = info.variant(values["variant"])
    drawn, arrows_note = common.arrows_noted(info, chosen, common.look(info, values))
    if common.laser(values):
        stem = board_stem(info, chosen, "laser", drawn.arrows) + common.variation(
            values, *common.LOOK, *common.LASER_SETTINGS)
        settings = common.laser_settings(values, info)
        plates = board_laser_files(info, chosen, drawn, settings, stem)
        return [replace(plates[0], notice=arrows_note), *plates[1:]] if arrows_note else plates
    fmt = common.chosen_format(values, "pdf")
    output = output_for(fmt, get_paper(values["paper"]), values["margin"], values["dpi"])
    stem = board_stem(info, chosen, values["palette"], drawn.arrows) + common.variation(
        values, *common.LOOK, *common.ON_PAPER, "dpi")
    document = board_document(info, chosen, drawn, output, stem)
    notices = (*info.notices(values["palette"]), *([arrows_note] if arrows_note else ()))
    if notices:
        document = replace(document, notice="; ".join([*notices, *([document.notice] if document.notice else [])]))
    return render_document(document, output, common.look_for(info, values["palette"]))


BOARD = Product(
    "board",
    "Write a game's board as PDF (true scale on paper, tiled when large), SVG or PNG, or with --laser as SVG or "
    "DXF for a laser cutter: the plate cut, the grid scored, zones, marks and labels engraved.",
    (
        common.game_or_file(),
        common.variant(),
        *common.look_options(),
        *common.paper_options("Paper for PDF.", default_format="pdf"),
        *common.format_options("pdf"),
        *common.laser_options(),
        common.output("output/GAME-board-PALETTE[-arrows][-OPTIONS].FORMAT"),
    ),
    make=make_board,
    checks=(common.variant_check, common.format_check, common.field_check),
    title="A board to print",
    subject_link="Its board to print",
    sentence="A game's board at its true size: to print on paper, as a drawing or a picture, or to cut on a laser "
    "cutter.",
)
