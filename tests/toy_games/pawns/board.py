"""Pawns' board: each army's home row tinted, the credits line."""

from __future__ import annotations

from types import MappingProxyType

from boardgen.draw.board_spec import BoardSpec
from boardgen.engine.grid import Variant


def pawns_board(variant: Variant) -> BoardSpec:
    grid = variant.grid
    zones = {(column, 0): "start.red" for column in range(grid.columns)}
    zones.update({(column, grid.rows - 1): "start.blue" for column in range(grid.columns)})
    return BoardSpec(title="Pawns board", grid=grid, zones=MappingProxyType(zones),
                     credits=("Pawns, a toy game written for boardgen's tests",))
