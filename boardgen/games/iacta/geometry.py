"""Where IACTA's homelands lie on a board: shared by the rules and the board drawing."""

from __future__ import annotations

from functools import cache
from typing import Literal

from ...engine.grid import Field, Grid, Variant

PLAYERS: tuple[str, str] = ("red", "yellow")
CLASSIC = Variant("10x10", 10, 10, "the 2001 board")
VARIANTS = (CLASSIC,)
CORE_REACH = 2  # fields at |dx|+|dy| <= 2 from the corner field: 6 fields
BORDER_REACH = 3  # the pale border row: 4 more fields

Player = Literal["red", "yellow"]
End = Literal["start", "goal"]
ENDS: tuple[End, End] = ("start", "goal")


@cache
def corners(grid: Grid) -> dict[tuple[str, str], Field]:
    """Red races from the a1 corner to the far one, yellow from the right-hand corner to the left."""
    right, top = grid.columns - 1, grid.rows - 1
    return {("red", "start"): (0, 0), ("red", "goal"): (right, top),
            ("yellow", "start"): (right, 0), ("yellow", "goal"): (0, top)}


def corner_distance(f: Field, corner: Field) -> int:
    return abs(f[0] - corner[0]) + abs(f[1] - corner[1])


@cache
def homeland_fields(grid: Grid, player: str, end: str, reach: int) -> frozenset[Field]:
    """Fields within `reach` of the player's corner, counted along rows and columns."""
    corner = corners(grid)[(player, end)]
    return frozenset(f for f in grid.fields() if corner_distance(f, corner) <= reach)
