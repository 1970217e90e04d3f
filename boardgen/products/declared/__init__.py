"""Every product a user can ask for, each with its options declared once (boardgen.options).

The command line (boardgen.cli) and any other front end build their inputs
from these declarations; a product's module is imported only when it is
asked for, so a command pays for its own declarations only.
"""

from __future__ import annotations

from typing import NamedTuple

from ...lazy import load
from ...options import Product


class Listed(NamedTuple):
    where: str  # "module:NAME" within this package
    summary: str  # one line, for `boardgen --help`: the list of commands needs no declaration loaded


PRODUCTS = {
    "board": Listed("board:BOARD", "A game's board as PDF, SVG or PNG at true size, or laser files."),
    "pieces": Listed("pieces:PIECES", "A game's pieces to print, or to cut on a laser."),
    "diagram": Listed("diagram:DIAGRAM", "A position drawn on its board, with the fields its moves reach."),
    "rules": Listed("texts:RULES", "The rule sheet, with diagrams drawn by the rules engine."),
    "lego": Listed("texts:LEGO", "The LEGO bricks for playing with towers instead of dice."),
    "box": Listed("box:BOX", "A gift set's box alone: card nets to print, or a wooden box to cut."),
    "new": Listed("new:NEW", "A game file to start your own game from; board, pieces, rules and giftset take it."),
    "giftset": Listed("giftset:GIFTSET", "A whole boxed game in one folder, for the printer or the laser."),
    "check": Listed("play:CHECK", "Is a position right, what can be played, and what follows a move."),
    "simulate": Listed("play:SIMULATE", "Many games between two players: who wins, with its interval."),
    "study": Listed("play:STUDY", "A designer's question, answered by simulated games on one page."),
    "report": Listed("report:REPORT", "Is my game fair? The researchers' measures, with intervals, on one page."),
    "list": Listed("texts:LIST", "The games, their boards and samples; palettes and papers."),
    "palettes": Listed("texts:PALETTES", "Each palette's colours and its colour-blind contrast table."),
    "serve": Listed("serve:SERVE", "The web page: every product in the browser, with a preview and links."),
}


def product(name: str) -> Product:
    module, attribute = PRODUCTS[name].where.split(":")
    declared: Product = load(f".{module}", attribute, __name__)
    return declared
