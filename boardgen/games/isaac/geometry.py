"""ISAAC's board and stock: the score tracks along the edges, and the tiles each player owns."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ...engine.grid import Field, Variant

PLAYERS: tuple[str, str] = ("dark", "light")
CLASSIC = Variant("10x10", 10, 10, "the 2011 board: its edges are the score tracks 0-99")
VARIANTS = (CLASSIC,)
# length -> (tiles per player, value)
STOCK: Mapping[int, tuple[int, int]] = MappingProxyType({3: (5, 1), 4: (4, 2), 5: (3, 3), 6: (2, 4), 7: (1, 6)})
WINNING_SCORE = 100  # reaching it ends the game at once; a file records a win as exactly 100


def marker_field(player: str, score: int) -> Field | None:
    """Where a player's marker stands: its score read in its own track (none once it has won).

    Dark reads units along the bottom and tens up the left, so a1 is Dark's 00;
    Light's track is the same turned half a turn.
    """
    if score >= WINNING_SCORE:
        return None
    units, tens = score % 10, score // 10
    return (units, tens) if player == PLAYERS[0] else (9 - units, 9 - tens)
