"""Alea (Mauro Giorgi, 2006): 8x8, dice that are never thrown, stacked into doubles and towers."""

from ..registry import GameInfo, lazy
from .board import alea_board

GAME = GameInfo(
    name="alea",
    title="ALEA",
    designer="Mauro Giorgi",
    year=2006,
    summary="8x8 for two: dice never thrown, stacked into doubles and towers; three sixes in a row win",
    players=("white", "black"),
    board=alea_board,
    engine=lazy(f"{__name__}.rules", "ENGINE"),
    kit=lazy(f"{__name__}.pieces", "pieces_pages"),
)
