"""IACTA's board: four corner homelands with pale borders, goal marks, arrows."""

from __future__ import annotations

from types import MappingProxyType

from ...grid import Arrow, BoardSpec, Field, FieldMark
from .homelands import BORDER_REACH, CORE_REACH, CORNERS, GRID, corner_distance

# Palette roles by player index, so palettes stay free of game names.
_PLAYER_ROLE = {"red": "p1", "yellow": "p2"}

CREDITS = (
    "IACTA, a dice game by Thorleif Bundgaard, 2001",
    "May be copied freely for personal use, classrooms and gifts",
)


def _zones() -> dict[Field, str]:
    zones: dict[Field, str] = {}
    for (player, end), corner in CORNERS.items():
        role = f"{_PLAYER_ROLE[player]}.{end}"
        for f in GRID.fields():
            distance = corner_distance(f, corner)
            if distance <= CORE_REACH:
                zones[f] = role
            elif distance == BORDER_REACH:
                zones[f] = f"{role}.pale"
    return zones


def _arrow(player: str) -> Arrow:
    (sx, sy), (gx, gy) = CORNERS[(player, "start")], CORNERS[(player, "goal")]
    step_x, step_y = (1 if gx > sx else -1), (1 if gy > sy else -1)
    # Along the diagonal, from the first plain field after the start homeland
    # to the last plain field before the goal: the arrow never covers a homeland.
    reach = BORDER_REACH // 2 + 1  # c3 is the first diagonal field beyond a1's homeland
    return Arrow(
        (sx + step_x * reach, sy + step_y * reach),
        (gx - step_x * reach, gy - step_y * reach),
        f"arrow.{_PLAYER_ROLE[player]}",
    )


def iacta_board() -> BoardSpec:
    goal_core = [
        f
        for (player, end), corner in CORNERS.items()
        if end == "goal"
        for f in GRID.fields()
        if corner_distance(f, corner) <= CORE_REACH
    ]
    return BoardSpec(
        title="IACTA board",
        grid=GRID,
        zones=MappingProxyType(_zones()),
        marks=tuple(FieldMark(f, "goal.mark") for f in sorted(goal_core)),
        arrows=(_arrow("red"), _arrow("yellow")),
        credits=CREDITS,
    )
