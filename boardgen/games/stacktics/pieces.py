"""Paper pyramids in true Icehouse sizes, for players without a Looney Labs set: a tree of a large, a medium
and a small pyramid for each of a player's trees.  Each face carries its pyramid's pips at its foot, as the real
pyramids do; the base is left open so pyramids nest into trees and stack."""

from ...engine.grid import Variant
from ...layout.piece_set import PieceSet, PieceSpec
from .geometry import PIECE_PIPS, PLAYERS, SIZE_OF


def kit(variant: Variant) -> PieceSet:
    trees = SIZE_OF[variant.name]
    return PieceSet(PLAYERS, tuple(PieceSpec("pyramid", trees, pips=pips) for pips in PIECE_PIPS))
