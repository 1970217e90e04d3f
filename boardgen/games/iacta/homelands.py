"""Where IACTA's homelands lie: the board and the rules engine share this."""

from __future__ import annotations

from types import MappingProxyType
from typing import Literal, Mapping

from ...grid import Field, Grid

GRID = Grid(10, 10)
CORE_REACH = 2  # fields at |dx|+|dy| <= 2 from the corner field: 6 fields
BORDER_REACH = 3  # the pale border row: 4 more fields

Player = Literal["red", "yellow"]
End = Literal["start", "goal"]

CORNERS: Mapping[tuple[Player, End], Field] = MappingProxyType(
    {
        ("red", "start"): (0, 0),  # a1
        ("red", "goal"): (9, 9),  # j10
        ("yellow", "start"): (9, 0),  # j1
        ("yellow", "goal"): (0, 9),  # a10
    }
)


def corner_distance(f: Field, corner: Field) -> int:
    return abs(f[0] - corner[0]) + abs(f[1] - corner[1])


def homeland_fields(corner: Field, reach: int) -> frozenset[Field]:
    """Fields within `reach` of the corner field, counted along rows and columns."""
    return frozenset(f for f in GRID.fields() if corner_distance(f, corner) <= reach)
