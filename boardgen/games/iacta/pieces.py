"""The IACTA matchstick-and-paper kit: 36 two-sided tokens and two throwing sticks.

Each player has 18 tokens, six each of 1/6, 2/5 and 3/4 (opposite sides of a
die add up to 7).  The sticks replace the two thrown dice: stick 1 shows
nothing, 1, nothing, 1 on its four sides; stick 2 shows 1, 3, 5 and a rethrow
sign.  Their sum is 1 to 6, each equally likely, once a rethrow sign means
throwing again; the sheet works that out from the sticks rather than claiming it.
"""

from ...engine.grid import Variant
from ...layout.piece_set import STICK_AGAIN, PieceSet, PieceSpec
from .geometry import PLAYERS

TOKEN_PAIRS = (("1", "6"), ("2", "5"), ("3", "4"))
TOKENS_PER_PAIR = 6  # per player: 6 x 3 pairs = 18 tokens each
STICKS = (("", "1", "", "1"), ("1", "3", "5", STICK_AGAIN))


def kit(variant: Variant) -> PieceSet:
    tokens = tuple(PieceSpec("token", TOKENS_PER_PAIR, front, back) for front, back in TOKEN_PAIRS)
    sticks = tuple(PieceSpec("stick", 1, faces=faces) for faces in STICKS)
    return PieceSet(PLAYERS, tokens + sticks)
