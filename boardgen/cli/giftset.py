"""`boardgen giftset`: a whole boxed game in one folder, from one command."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .options import (
    MM_FIELD,
    FiniteFloat,
    choice,
    game_argument,
    kerf_and_bed_options,
    palette_option,
    paper_options,
    refuse_unused,
    variant_option,
)

if TYPE_CHECKING:
    from ..products.giftset_laser import LaserGiftOptions

MM_CARD = FiniteFloat(0.1, 2, unit="mm")
MM_SHEET = FiniteFloat(1, 12, unit="mm")
STEPS = ("board", "pieces", "rules", "box", "read-me", "pdf")


@click.command()
@game_argument()
@variant_option()
@palette_option("Colours of the board, pieces, box and diagrams.")
@click.option("--arrows/--no-arrows", default=False, show_default=True,
              help="Arrows from each start to its goal, where a game has a direction of play.")
@click.option("--lang", default="en", show_default=True, metavar="LANG",
              help="Language of the rule sheet (one of the game's: boardgen list shows them).")
@paper_options("Paper and card to print on.")
@click.option("--field", "field_size", type=MM_FIELD, default=None, metavar="MM",
              help="Side of one field in millimetres [default: the game's own].")
@click.option("--for", "made_for", type=choice(["print", "laser"]), default="print", show_default=True,
              help="print: PDFs to print on paper and card, with a card box. laser: cut files for the board, pieces "
                   "and a finger-jointed wooden box, with the rules to print.")
@click.option("--card", type=MM_CARD, default=None, metavar="MM",
              help="For print: the thickness of the card the box is made of, so the lid slides over the base "
                   "[default: 0.3].")
@kerf_and_bed_options("For laser")
@click.option("--thickness", type=MM_SHEET, default=None, metavar="MM",
              help="For laser: the thickness of the plywood or MDF the plate and box are cut from [default: 3].")
@click.option("--dedication", default="", metavar="TEXT",
              help='Printed inside the lid, e.g. "For Anna, Christmas 2026" (on the back of the lid\'s sheet).')
@click.option("--to", "folder", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="The folder to write the set into [default: output/GAME-giftset].")
@click.pass_context
def giftset(ctx: click.Context, game: str, variant_name: str | None, palette: str, arrows: bool, lang: str,
            paper: str, margin: float, field_size: float | None, made_for: str, card: float | None,
            kerf: float | None, bed: str | None, thickness: float | None, dedication: str,
            folder: Path | None) -> None:
    """Write a whole gift set into one folder, all or nothing: for print, the board, pieces, rule sheet and a card
    box sized to hold them; for a laser, the board plate, pieces and a finger-jointed box to cut, with the rules
    to print. Each set has a read-me, one PDF with everything to print in order, and a manifest."""
    from ..errors import BoardgenError
    from ..games import get_game
    from ..layout.paper import get_paper
    from ..products.giftset import GiftsetOptions, giftset_files, write_giftset
    from ..products.giftset_laser import laser_giftset_files
    from .shared import no_arrows, variant

    info = get_game(game)
    chosen = variant(info, variant_name)
    if arrows and no_arrows(info, chosen):
        raise BoardgenError(f"--arrows {no_arrows(info, chosen)}")
    if len(dedication) > 200 or any(ord(c) < 32 for c in dedication):
        raise BoardgenError("--dedication is one line of at most 200 characters")
    laser = made_for == "laser"
    if laser:
        refuse_unused(ctx, {"card": "is for a printed box: a laser box takes --thickness"})
    else:
        refuse_unused(ctx, {name: "is for --for laser" for name in ("kerf", "bed", "thickness")})
    options = GiftsetOptions(chosen, palette.lower(), arrows, lang.lower(), get_paper(paper), margin,
                             field_size if field_size is not None else info.default_field,
                             card if card is not None else 0.3, dedication.strip())
    target = folder if folder is not None else Path("output") / f"{info.name}-giftset{'-laser' if laser else ''}"
    hidden = not sys.stdout.isatty()
    with click.progressbar(length=len(STEPS), label=f"Making the {info.title} gift set", hidden=hidden) as bar:
        if laser:
            files = laser_giftset_files(info, options, _laser(kerf, bed, thickness, field_size is not None),
                                        lambda step: bar.update(1))
        else:
            files = giftset_files(info, options, lambda step: bar.update(1))
        bar.update(len(STEPS))
    for path in write_giftset(files, target, folder is None):
        click.echo(str(path))


def _laser(kerf: float | None, bed: str | None, thickness: float | None, field_given: bool) -> LaserGiftOptions:
    from ..errors import BoardgenError
    from ..layout.bed import DEFAULT_BED, parse_bed
    from ..products.giftset_laser import LaserGiftOptions
    from ..products.laser import DEFAULT_KERF

    try:
        chosen = parse_bed(bed if bed is not None else DEFAULT_BED)
    except ValueError as error:
        raise BoardgenError(f"--bed: {error}") from None
    return LaserGiftOptions(chosen, kerf if kerf is not None else DEFAULT_KERF,
                            thickness if thickness is not None else 3.0, field_given)
