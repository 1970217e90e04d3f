"""`boardgen giftset`: a whole boxed game in one folder, from one command."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .options import MM_FIELD, FiniteFloat, game_argument, palette_option, paper_options, variant_option

MM_CARD = FiniteFloat(0.1, 2, unit="mm")
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
@click.option("--card", type=MM_CARD, default=0.3, show_default=True, metavar="MM",
              help="Thickness of the card the box is made of: the lid is sized to slide over the base.")
@click.option("--dedication", default="", metavar="TEXT",
              help='Printed inside the lid, e.g. "For Anna, Christmas 2026" (on the back of the lid\'s sheet).')
@click.option("--to", "folder", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="The folder to write the set into [default: output/GAME-giftset].")
def giftset(game: str, variant_name: str | None, palette: str, arrows: bool, lang: str, paper: str, margin: float,
            field_size: float | None, card: float, dedication: str, folder: Path | None) -> None:
    """Write a whole gift set: board, pieces, rule sheet, a card box sized to hold them, a read-me, one PDF with
    everything in print order and a manifest, all into one folder, all or nothing."""
    from ..errors import BoardgenError
    from ..games import get_game
    from ..layout.paper import get_paper
    from ..products.giftset import GiftsetOptions, giftset_files, write_giftset
    from .shared import no_arrows, variant

    info = get_game(game)
    chosen = variant(info, variant_name)
    if arrows and no_arrows(info, chosen):
        raise BoardgenError(f"--arrows {no_arrows(info, chosen)}")
    if len(dedication) > 200 or any(ord(c) < 32 for c in dedication):
        raise BoardgenError("--dedication is one line of at most 200 characters")
    options = GiftsetOptions(chosen, palette.lower(), arrows, lang.lower(), get_paper(paper), margin,
                             field_size if field_size is not None else info.default_field, card, dedication.strip())
    target = folder if folder is not None else Path("output") / f"{info.name}-giftset"
    hidden = not sys.stdout.isatty()
    with click.progressbar(length=len(STEPS), label=f"Making the {info.title} gift set", hidden=hidden) as bar:
        files = giftset_files(info, options, lambda step: bar.update(1))
        bar.update(len(STEPS))
    for path in write_giftset(files, target, folder is None):
        click.echo(str(path))
