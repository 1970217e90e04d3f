"""Every product a user can ask for, each with its options declared once (boardgen.options).

The command line (boardgen.cli) and the web page (boardgen.web) build their inputs from these declarations.
This registry is the one place that chooses one of many modules late: a command imports its own product's
declaration only, and `boardgen --help` lists the commands from their summaries without importing any.  It holds
the products' own declarations only, each a module of this package: the faces sit above the products, so a
command that runs a face (serve) is registered by the command line.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ...options import Product


@dataclass(frozen=True)
class Listed:
    summary: str  # one line, for `boardgen --help`: the list of commands needs no declaration loaded
    # The module that declares it, in this package (".name"): a module named by a string is one import-linter
    # cannot see, so no entry names one outside it (tests/test_layering.py).  A command that runs a face rather
    # than make a product (serve: the web page) is the command line's own (boardgen.cli.app.COMMANDS).
    module: str
    attribute: str  # the Product's name in that module


PRODUCTS = {
    "board": Listed("A game's board as PDF, SVG or PNG at true size, or laser files.",
                    ".board", "BOARD"),
    "pieces": Listed("A game's pieces to print, or to cut on a laser.",
                     ".pieces", "PIECES"),
    "diagram": Listed("A position drawn on its board, with the fields its moves reach.",
                      ".diagram", "DIAGRAM"),
    "rules": Listed("The rule sheet, with diagrams drawn by the rules engine.",
                    ".texts", "RULES"),
    "lego": Listed("The LEGO bricks for playing with towers instead of dice.",
                   ".texts", "LEGO"),
    "box": Listed("A gift set's box alone: card nets to print, or a wooden box to cut.",
                  ".box", "BOX"),
    "new": Listed("A game file to start your own game from; board, pieces, rules and giftset take it.",
                  ".new", "NEW"),
    "giftset": Listed("A whole boxed game in one folder, for the printer or the laser.",
                      ".giftset", "GIFTSET"),
    "check": Listed("Is a position right, what can be played, and what follows a move.",
                    ".play", "CHECK"),
    "simulate": Listed("Many games between two to four players: who wins, with its interval.",
                       ".play", "SIMULATE"),
    "study": Listed("A designer's question, answered by simulated games on one page.",
                    ".play", "STUDY"),
    "report": Listed("Is my game fair? The researchers' measures, with intervals, on one page.",
                     ".report", "REPORT"),
    "list": Listed("The games, their boards and samples; palettes and papers.",
                   ".catalogue", "LIST"),
    "palettes": Listed("Each palette's colours and its colour-blind contrast table.",
                       ".catalogue", "PALETTES"),
}

# Other names a command answers to: `kit` is what the first versions called `pieces`.
ALIASES = {"kit": "pieces"}


def product(name: str) -> Product:
    """The product `name` declares (KeyError for a name not in PRODUCTS)."""
    listed = PRODUCTS[name]
    declared = getattr(importlib.import_module(listed.module, __name__), listed.attribute)
    if not isinstance(declared, Product):  # a wrong entry above: said at once, by the test over every product
        raise TypeError(f"{listed.module}.{listed.attribute} is not a Product")
    return declared
