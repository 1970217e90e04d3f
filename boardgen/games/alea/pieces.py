"""Alea's dice as fold-up cubes, for sets without real dice: 8 white and 8 black, 16 mm."""

from ...engine.grid import Variant
from ...layout.piece_set import PIPS, PieceSet, PieceSpec
from .geometry import PLAYERS

DIE_SIDE = 16.0  # mm


def kit(variant: Variant) -> PieceSet:
    return PieceSet(PLAYERS, (PieceSpec("die", 8, size=DIE_SIDE, faces=PIPS),))
