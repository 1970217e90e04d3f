"""Mechanism `feeding`: a player whose opponent has no seeds must sow some into the opponent's row; where none of
its moves does, it has no legal move (and the rules' no-move says what follows: in Oware, the game ends and each
player takes the seeds on its side, so the mover takes every seed left, as the Abapa rules and OpenSpiel have it)."""

from __future__ import annotations

from ..declare import Key, Mechanism
from .moves import SowMove
from .position import SowingPosition

MECHANISM = Mechanism("feeding", "An opponent without seeds must be given some.", (
    Key("feed", "true or false", "false", "A player whose opponent's row is empty must make a move that sows "
        "seeds into it; where none does, it has no legal move (see no-move).", "feed = true"),
), "sowing")


def fed(position: SowingPosition, moves: list[SowMove]) -> list[SowMove]:
    """The moves that give the opponent seeds, where it has none (maybe none of them); else every move."""
    tables = position.tables
    me = position.mover
    if any(tables.row_seeds[1 - me](position.seeds)):
        return moves
    seeds = position.seeds
    reach = tables.reach[me]
    return [move for move in moves if 0 < reach[move.origin] <= seeds[move.origin]]
