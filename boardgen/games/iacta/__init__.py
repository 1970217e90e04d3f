"""IACTA (Thorleif Bundgaard, 2001): a 10x10 race in which the dice are the pieces."""

from types import MappingProxyType

from ..registry import GameInfo, LazyFunction, LegoColour, Loader
from .geometry import PLAYERS, VARIANTS

GAME = GameInfo(
    name="iacta",
    title="IACTA",
    designer="Thorleif Bundgaard",
    year=2001,
    summary="10x10 dice race for two: red a1 to j10, yellow j1 to a10",
    players=PLAYERS,
    variants=VARIANTS,
    board=LazyFunction(f"{__name__}.board", "iacta_board"),
    rules=Loader(f"{__name__}.rules", "RULES"),
    presentation=Loader(f"{__name__}.presentation", "PRESENTATION"),
    languages=("en", "da"),
    default_field=15.8,  # a 2x2 LEGO brick's width; ten fields fit A4 and Letter inside 10 mm margins
    pieces=Loader(f"{__name__}.pieces", "pieces_pages"),
    laser_parts=Loader(f"{__name__}.pieces", "laser_parts"),
    pieces_description="36 two-sided paper tokens and two throwing sticks, to play without dice",
    two_sided_pieces=True,
    box_depth=14.0,  # 36 card tokens in piles and two 8 mm sticks
    to_buy="nothing: the tokens and sticks replace dice (or add 12 ordinary dice, 6 red and 6 yellow)",
    # BrickLink's colour numbers: 5 is Red, 3 is Yellow.
    lego_colours=MappingProxyType({"red": LegoColour(5, "Red"), "yellow": LegoColour(3, "Yellow")}),
)
