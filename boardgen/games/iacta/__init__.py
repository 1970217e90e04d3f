"""IACTA (Thorleif Bundgaard, 2001): a 10x10 race in which the dice are the pieces."""

from types import MappingProxyType

from ...lego import LegoColour
from ..registry import GameInfo, lazy
from .board import iacta_board

GAME = GameInfo(
    name="iacta",
    title="IACTA",
    designer="Thorleif Bundgaard",
    year=2001,
    summary="10x10 dice race for two: red a1 to j10, yellow j1 to a10",
    players=("red", "yellow"),
    board=iacta_board,
    engine=lazy(f"{__name__}.rules", "ENGINE"),
    kit=lazy(f"{__name__}.kit", "kit_pages"),
    # BrickLink's colour numbers: 5 is Red, 3 is Yellow.
    lego_colours=MappingProxyType({"red": LegoColour(5, "Red"), "yellow": LegoColour(3, "Yellow")}),
)
