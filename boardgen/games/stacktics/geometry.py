"""Stacktics' boards, armies and start fields: shared by the rules and the board drawing.

A game's *size* is how many trees each player has (2 to 5); each size is
played on one or two boards, and the board's shape names the game's variant.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from ...engine.grid import Field, Grid, Variant

PLAYERS: tuple[str, str] = ("red", "blue")
PIECE_PIPS = (3, 2, 1)  # a tree, bottom to top: a large, a medium and a small pyramid
TREE_PIPS = sum(PIECE_PIPS)
SIZES = range(2, 6)

VOLCANO = Variant("5x5", 5, 5, "size 3: three trees each, the Volcano board (the standard game)")
VARIANTS = (
    VOLCANO,
    Variant("4x4", 4, 4, "size 2: two trees each, a quarter chessboard (introductory; pie rule on)"),
    Variant("3x5", 3, 5, "size 2: two trees each, 3 columns by 5 rows, trees in the corners"),
    Variant("6x6", 6, 6, "size 4: four trees each"),
    Variant("7x6", 7, 6, "size 5: five trees each, the 7-field edges to the players"),
    Variant("7x7", 7, 7, "size 5: five trees each (never playtested by the designer)"),
)
# variant name -> trees per player
SIZE_OF: Mapping[str, int] = MappingProxyType({"5x5": 3, "4x4": 2, "3x5": 2, "6x6": 4, "7x6": 5, "7x7": 5})
PIE_BY_DEFAULT = frozenset({"4x4"})  # the designer requires the pie rule on the small square board only


def boards_for(size: int) -> tuple[Variant, ...]:
    return tuple(v for v in VARIANTS if SIZE_OF[v.name] == size)


def loaded_reach(size: int) -> int:
    """How far a loaded base may go: 2 fields in the small games, 3 in the large ones."""
    return 2 if size <= 3 else 3


def winning_pips(size: int) -> int:
    """Half the opponent's force by pips (each tree has 6): 6, 9, 12 or 15."""
    return 3 * size


def home_row(grid: Grid, player: str) -> int:
    """Red sits at row 1, blue at the far row."""
    return 0 if player == PLAYERS[0] else grid.rows - 1


@cache
def start_fields(variant: Variant, player: str) -> tuple[Field, ...]:
    """The fields a player's trees start on: the home row from the b column, corners empty; on a board too
    narrow for that (3x5), the two corners."""
    grid = variant.grid
    size = SIZE_OF[variant.name]
    row = home_row(grid, player)
    if grid.columns - 2 >= size:
        return tuple((column, row) for column in range(1, 1 + size))
    return ((0, row), (grid.columns - 1, row))
