"""`pieces` (also `kit`): a game's printable pieces, for sets that lack them, or the same as laser parts."""

from __future__ import annotations

from typing import Any

from ...gamefiles import GAMES
from ...layout.paper import get_paper
from ...layout.piece_options import PiecesOptions
from ...options import Kind, Option, Product, Refusal, Values, not_used
from ..document import output_for, render_document
from ..laser_files import pieces_laser_files
from ..pieces import pieces_document, pieces_stem
from ..translations import catalogue_languages
from . import common

SIDES = ("duplex-long", "duplex-short", "fold")


def _help() -> str:
    lines = [f"{g.name}: {g.pieces.description}" for g in GAMES.values() if g.pieces is not None]
    return ("Write a game's printable pieces, for sets that lack them.\n\n" + "\n\n".join(lines) +
            "\n\nSVG and PNG give one file per page.")


def _sides_help() -> str:
    two_sided = ", ".join(g.name for g in GAMES.values() if g.pieces is not None and g.pieces.two_sided)
    return (f"For two-sided pieces ({two_sided}): duplex-long or duplex-short to print the backs on a duplex "
            "printer flipping on that edge, fold to fold each piece in half [default: duplex-long].")


def _sides_reason(values: Values) -> str:
    if common.laser(values):
        return f"{common.NOT_FOR_LASER}: a part's back is engraved after turning it over in its hole"
    info = common.game_info(values)
    if info.pieces is not None and info.pieces.two_sided:
        return ""
    return f"does not apply to {info.title}'s pieces: they are one-sided"


def _sheet_languages(subject: str | None) -> list[str]:
    """boardgen's own languages, whichever the game."""
    return catalogue_languages()


def _sheet_languages_help() -> str:
    return (f"Language of the sheets' titles and instructions, or of the laser files' titles and layers: "
            f"{', '.join(catalogue_languages())}.")


def _sheet_language_check(values: Values) -> Refusal | None:
    if values["lang"] in catalogue_languages():
        return None
    shown = values["lang"] if len(values["lang"]) <= 20 else values["lang"][:20] + "..."
    return Refusal("lang", f"--lang: the pieces' sheets are in {', '.join(catalogue_languages())}, not {shown!r}")


def make_pieces(values: Values) -> list[Any]:
    info = common.game_info(values)
    chosen = info.variant(values["variant"])
    size = values["field"] if values["field"] is not None else info.default_field
    if common.laser(values):
        options = PiecesOptions(size, get_paper("a4"), values["margin"], "duplex-long", chosen)
        stem = (f"{info.name}{'-' + chosen.name if len(info.variants) > 1 else ''}-pieces-laser"
                + common.variation(values, "lang", "field", *common.LASER_SETTINGS))
        settings = common.laser_settings(values, info)
        return pieces_laser_files(info, options, settings, stem, values["lang"])
    paper = get_paper(values["paper"])
    output = output_for(common.chosen_format(values, "pdf"), paper, values["margin"], values["dpi"],
                        values["bleed"] or 0.0)
    options = PiecesOptions(size, paper, values["margin"], values["sides"] or "duplex-long", chosen)
    stem = pieces_stem(info, options, values["palette"]) + common.variation(values, "lang", "field",
                                                                                *common.ON_PAPER, "dpi",
                                                                                "crop-marks", "bleed")
    document = pieces_document(info, options, stem, values["crop-marks"], values["lang"])
    return render_document(document, output, common.look_for(info, values["palette"]))


PIECES = Product(
    "pieces",
    _help,
    (
        common.game_or_file(),
        common.variant(),
        Option("sides", Kind.CHOICE, _sides_help, choices=SIDES, applies=_sides_reason, label="Two-sided pieces",
               sentence="For pieces with a back: print the backs on a printer that prints both sides, flipping on "
               "the long or short edge, or fold each piece in half."),
        common.palette("Colours of the pieces."),
        common.lang(_sheet_languages_help, suggestions=_sheet_languages,
                    sentence="The language of the sheets' titles and instructions, or of the laser files' titles."),
        common.field("The board's field size, which pieces that stand on fields follow [default: the game's own].",
                     "The board's field size, which pieces that stand on fields follow; empty: the game's own."),
        *common.paper_options("Paper to print on."),  # pieces are pages in every format
        Option("crop-marks", Kind.FLAG, "Marks in the margin in line with every edge of the tokens, tiles and "
               "sticks, to cut them with a guillotine or a ruler (pieces that are nets are cut along their "
               "outlines).", default=False, applies=not_used(common.NOT_FOR_LASER, common.laser),
               label="Cutting marks", sentence="Marks in the margin in line with the pieces' edges, to cut them "
               "with a guillotine or a ruler."),
        common.bleed(),
        *common.format_options("pdf"),
        *common.laser_options(),
        common.output("output/GAME-pieces-PALETTE[-SIDES][-OPTIONS].FORMAT"),
    ),
    make=make_pieces,
    checks=(common.variant_check, common.format_check, _sheet_language_check),
    title="Pieces to print or cut",
    subject_link="Its pieces",
    sentence="A game's pieces, for a set that lacks them: to print on card, or to cut on a laser cutter.",
)
