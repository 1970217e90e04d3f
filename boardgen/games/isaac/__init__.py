"""Isaac (Emiliano Venturini, 2011): place long tiles, then take them off for points."""

from ..registry import GameInfo, lazy
from .board import isaac_board

GAME = GameInfo(
    name="isaac",
    title="ISAAC",
    designer="Emiliano Venturini",
    year=2011,
    summary="10x10 for two: place long tiles, then score by taking them off; the edges are the score tracks",
    players=("dark", "light"),
    board=isaac_board,
    engine=lazy(f"{__name__}.rules", "ENGINE"),
    kit=lazy(f"{__name__}.pieces", "pieces_pages"),
)
