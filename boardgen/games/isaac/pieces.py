"""Isaac's tiles and score markers, to cut from paper, card or plywood.

Each tile is one field wide and as long as its fields, less a millimetre each
way so it sits between its neighbours' tiles; it shows its value.  A score
marker is a round counter with a ring, as markers are drawn on the board.
"""

from ...engine.grid import Variant
from ...layout.piece_set import PieceSet, PieceSpec
from .geometry import PLAYERS, STOCK


def kit(variant: Variant) -> PieceSet:
    tiles = tuple(PieceSpec("tile", count, str(value), length=length)
                  for length, (count, value) in sorted(STOCK.items(), reverse=True))
    return PieceSet(PLAYERS, tiles + (PieceSpec("counter", 1),))
