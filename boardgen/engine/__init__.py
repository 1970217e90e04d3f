"""The rules framework: the game contract, boards and their field names, position files.

Nothing here draws; games build on it, and `boardgen.games` holds the registry.
The names below are the public API; they load on first use, so that drawing
a board (which needs only `Grid`) never pays for the TOML reader.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "Chance": "contract", "GameRules": "contract", "Outcome": "contract", "OutcomeCode": "contract",
    "Position": "contract", "play": "contract",
    "Field": "grid", "Grid": "grid", "Variant": "grid",
    "IllegalMoveError": "problems", "MalformedMoveError": "problems", "MoveError": "problems",
    "PositionFileError": "problems", "Problem": "problems",
}

__all__ = [
    "Chance", "GameRules", "Outcome", "OutcomeCode", "Position", "play", "Field", "Grid", "Variant",
    "IllegalMoveError", "MalformedMoveError", "MoveError", "PositionFileError", "Problem",
]

if TYPE_CHECKING:
    from .contract import Chance, GameRules, Outcome, OutcomeCode, Position, play
    from .grid import Field, Grid, Variant
    from .problems import IllegalMoveError, MalformedMoveError, MoveError, PositionFileError, Problem


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
