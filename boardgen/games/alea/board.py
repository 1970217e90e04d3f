"""ALEA's board: 8x8, the four prison fields in the middle, the starting rows."""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

from ...draw.board_spec import BoardSpec, FieldMark
from ...engine.grid import Field, Variant
from .geometry import PLAYERS, START_FACE, prison, start_row

CREDITS = (
    "ALEA, a dice game by Mauro Giorgi, 2006",
    "Printed for personal play with boardgen",
)


@cache  # asked for more than once a run; built once
def alea_board(variant: Variant) -> BoardSpec:
    grid = variant.grid
    zones: dict[Field, str] = {f: "special" for f in prison(grid)}
    marks = []
    for colour in PLAYERS:
        row = start_row(grid, colour)
        for column in range(grid.columns):
            zones[(column, row)] = f"start.{colour}"
            marks.append(FieldMark((column, row), "ink.soft", f"note:{START_FACE}"))
    return BoardSpec(title="ALEA board", grid=grid, zones=MappingProxyType(zones), marks=tuple(marks),
                     credits=CREDITS)
