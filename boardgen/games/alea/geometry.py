"""Where ALEA's prison and starting rows lie: shared by the rules and the board drawing."""

from __future__ import annotations

from functools import cache

from ...engine.grid import Field, Grid, Variant

PLAYERS: tuple[str, str] = ("white", "black")
CLASSIC = Variant("8x8", 8, 8, "the 2006 board")
VARIANTS = (CLASSIC,)
START_FACE = 3


@cache
def prison(grid: Grid) -> frozenset[Field]:
    """The four fields in the middle of the board (d4, e4, d5, e5 on 8x8)."""
    c, r = grid.columns // 2 - 1, grid.rows // 2 - 1
    return frozenset({(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)})


def start_row(grid: Grid, player: str) -> int:
    """White starts on row 1, black on the far row."""
    return 0 if player == PLAYERS[0] else grid.rows - 1
