"""Every product a user can ask for, each with its options declared once (boardgen.options).

The command line (boardgen.cli) and any other front end build their inputs
from these declarations; a product's module is imported only when it is
asked for, so a command pays for its own declarations only.
"""

from __future__ import annotations

from ...lazy import load
from ...options import Product

# Each product and where it is declared: "module:NAME" within this package.
PRODUCTS = {
    "board": "board:BOARD", "pieces": "pieces:PIECES", "diagram": "diagram:DIAGRAM", "rules": "texts:RULES",
    "lego": "texts:LEGO", "giftset": "giftset:GIFTSET", "check": "play:CHECK", "simulate": "play:SIMULATE",
    "study": "play:STUDY", "list": "texts:LIST", "palettes": "texts:PALETTES",
}


def product(name: str) -> Product:
    module, attribute = PRODUCTS[name].split(":")
    declared: Product = load(f".{module}", attribute, __name__)
    return declared
