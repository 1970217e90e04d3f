"""The rules framework: the game contract, boards and their field names, position files.

Nothing here draws; games build on it, and `boardgen.games` holds the registry.
The names below are the public API.
"""

from __future__ import annotations

from .contract import Chance, GameRules, Outcome, OutcomeCode, Position, play
from .grid import Field, Grid, Variant
from .problems import IllegalMoveError, MalformedMoveError, MoveError, PositionFileError, Problem

__all__ = [
    "Chance", "GameRules", "Outcome", "OutcomeCode", "Position", "play", "Field", "Grid", "Variant",
    "IllegalMoveError", "MalformedMoveError", "MoveError", "PositionFileError", "Problem",
]
