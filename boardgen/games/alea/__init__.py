"""Alea (Mauro Giorgi, 2006): 8x8, dice that are never thrown, stacked into doubles and towers."""

from ..registry import GameInfo
from .board import alea_board


def _engine():
    # Loaded on first use: `boardgen board` never needs the rules.
    from .rules import ENGINE

    return ENGINE


def _pieces():
    from .pieces import pieces_pages

    return pieces_pages


GAME = GameInfo(
    name="alea",
    title="ALEA",
    designer="Mauro Giorgi",
    year=2006,
    summary="8x8 for two: dice never thrown, stacked into doubles and towers; three sixes in a row win",
    players=("white", "black"),
    board=alea_board,
    engine=_engine,
    kit=_pieces,
)
