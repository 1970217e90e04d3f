"""Alea's board: 8x8, the four prison fields in the middle, the starting rows."""

from __future__ import annotations

from types import MappingProxyType

from ...grid import BoardSpec, Field, FieldMark, Grid

GRID = Grid(8, 8)
PRISON: frozenset[Field] = frozenset({(3, 3), (4, 3), (3, 4), (4, 4)})  # d4, e4, d5, e5
START_ROWS = {"white": 0, "black": 7}  # row 1 and row 8
START_FACE = 3

CREDITS = (
    "ALEA, a dice game by Mauro Giorgi, 2006",
    "Printed for personal play with boardgen",
)


def alea_board() -> BoardSpec:
    zones = {f: "special" for f in PRISON}
    marks = []
    for colour, row in START_ROWS.items():
        for column in range(GRID.columns):
            zones[(column, row)] = f"start.{colour}"
            marks.append(FieldMark((column, row), f"ghost.{colour}", f"die:{START_FACE}"))
    return BoardSpec(
        title="ALEA board",
        grid=GRID,
        zones=MappingProxyType(zones),
        marks=tuple(marks),
        credits=CREDITS,
    )
