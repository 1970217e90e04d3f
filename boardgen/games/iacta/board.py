"""IACTA's board: four corner homelands with pale borders, goal marks, arrows."""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

from ...draw.board_spec import Arrow, BoardSpec, FieldMark
from ...engine.grid import Field, Grid, Variant
from .geometry import BORDER_REACH, CORE_REACH, ENDS, PLAYERS, corner_distance, corners

# Palette roles by player index, so palettes stay free of game names.
_PLAYER_ROLE = {"red": "p1", "yellow": "p2"}

CREDITS = (
    "IACTA, a dice game by Thorleif Bundgaard, 2001",
    "May be copied freely for personal use, classrooms and gifts",
)


def _zones(grid: Grid) -> dict[Field, str]:
    zones: dict[Field, str] = {}
    for player in PLAYERS:
        for end in ENDS:
            corner = corners(grid)[(player, end)]
            role = f"{_PLAYER_ROLE[player]}.{end}"
            for f in grid.fields():
                distance = corner_distance(f, corner)
                if distance <= CORE_REACH:
                    zones[f] = role
                elif distance == BORDER_REACH:
                    zones[f] = f"{role}.pale"
    return zones


def _arrow(grid: Grid, player: str) -> Arrow:
    (sx, sy), (gx, gy) = corners(grid)[(player, "start")], corners(grid)[(player, "goal")]
    step_x, step_y = (1 if gx > sx else -1), (1 if gy > sy else -1)
    # Along the diagonal, from the first plain field after the start homeland
    # to the last plain field before the goal: the arrow never covers a homeland.
    reach = BORDER_REACH // 2 + 1  # c3 is the first diagonal field beyond a1's homeland
    return Arrow((sx + step_x * reach, sy + step_y * reach), (gx - step_x * reach, gy - step_y * reach),
                 f"arrow.{_PLAYER_ROLE[player]}")


@cache  # asked for more than once a run; built once
def iacta_board(variant: Variant) -> BoardSpec:
    grid = variant.grid
    goal_core = sorted(f for player in PLAYERS for f in grid.fields()
                       if corner_distance(f, corners(grid)[(player, "goal")]) <= CORE_REACH)
    return BoardSpec(
        title="IACTA board",
        grid=grid,
        zones=MappingProxyType(_zones(grid)),
        marks=tuple(FieldMark(f, "goal.mark") for f in goal_core),
        arrows=tuple(_arrow(grid, player) for player in PLAYERS),
        credits=CREDITS,
    )
