"""Pawns' counters to print and cut out: 5 square ones for each player, sized to the board's fields."""

from __future__ import annotations

from boardgen.engine.grid import Variant
from boardgen.layout.piece_set import PieceSet, PieceSpec

from .geometry import PLAYERS


def kit(variant: Variant) -> PieceSet:
    return PieceSet(PLAYERS, (PieceSpec("token", 5),))
