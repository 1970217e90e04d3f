"""Commands that write text: rule sheets, LEGO lists, and what boardgen knows (list, palettes)."""

from __future__ import annotations

from pathlib import Path

import click

from ..games import GAMES
from .options import MM_FIELD, game_argument, output_option, palette_option, paper_options


def _languages_help() -> str:
    per_game = "; ".join(f"{g.name}: {', '.join(g.languages)}" for g in GAMES.values())
    return f"Language of the rule sheet ({per_game})."


@click.command()
@game_argument()
@click.option("--lang", default="en", show_default=True, metavar="LANG", help=_languages_help())
@palette_option("Colours of the diagrams.")
@paper_options("Paper to print on.")
@output_option("output/GAME-rules-LANG.pdf")
def rules(game: str, lang: str, palette: str, paper: str, margin: float, output_path: Path | None) -> None:
    """Write the rule sheet as a PDF, with diagrams drawn by the rules engine."""
    from ..draw.palettes import get_palette
    from ..games import get_game
    from ..layout.paper import get_paper
    from ..products.delivery import deliver
    from ..products.document import output_for
    from ..products.rule_sheet import rule_sheet_document

    info, lang = get_game(game), lang.lower()
    sheet_paper = get_paper(paper)
    document = rule_sheet_document(info, lang, sheet_paper, margin, f"{info.name}-rules-{lang}")
    for path in deliver([document], output_for("pdf", sheet_paper, margin), get_palette(palette.lower()),
                        output_path):
        click.echo(str(path))


@click.command()
@game_argument()
@click.option("--dice", type=click.IntRange(1, 10), default=None, help="Dice per player (both players).")
@click.option("--dice-red", type=click.IntRange(1, 10), default=None, help="Dice for red (a handicap).")
@click.option("--dice-yellow", type=click.IntRange(1, 10), default=None, help="Dice for yellow (a handicap).")
@click.option("--field", "field_size", type=MM_FIELD, default=15.8, show_default=True, metavar="MM",
              help="Field size of your board, to check that bricks fit.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json", "bricklink"], case_sensitive=False),
              default="table", show_default=True, help="bricklink: a wanted-list XML file to order the bricks.")
@output_option("the screen; for bricklink output/GAME-lego-bricklink.xml")
def lego(game: str, dice: int | None, dice_red: int | None, dice_yellow: int | None, field_size: float, fmt: str,
         output_path: Path | None) -> None:
    """Count the 2x2 LEGO bricks for playing with towers instead of dice."""
    from ..errors import BoardgenError
    from ..games import get_game
    from ..layout.paper import PAPERS
    from ..products.delivery import deliver
    from ..products.document import output_for
    from ..products.lego import lego_document

    info = get_game(game)
    per_player = {"red": dice_red, "yellow": dice_yellow}
    if dice is not None and any(v is not None for v in per_player.values()):
        raise BoardgenError("give either --dice for both players or --dice-red/--dice-yellow, not both")
    document = lego_document(info, dice, per_player, field_size, fmt.lower())
    if output_path is None and fmt.lower() != "bricklink":
        click.echo(document.text, nl=False)
        return
    for path in deliver([document], output_for("pdf", PAPERS["a4"]), None, output_path):
        click.echo(str(path))


@click.command("list")
def list_games() -> None:
    """Show the games, their boards and what boardgen makes for each; palettes and papers."""
    from ..products.catalogue import catalogue_text

    click.echo(catalogue_text(), nl=False)


@click.command()
def palettes() -> None:
    """Print each palette's colours and its colour-blind contrast table."""
    from ..products.catalogue import palettes_text

    click.echo(palettes_text(), nl=False)
