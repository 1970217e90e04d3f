"""Stacktics' boards: every size's grid, each army's start fields tinted, the credits line."""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

from ...draw.board_spec import BoardSpec
from ...engine.grid import Field, Variant
from .geometry import PLAYERS, SIZE_OF, start_fields

CREDITS = (
    "Stacktics, a game for Icehouse pyramids by Adam B. Norberg, 2006",
    "Printed for personal play with boardgen",
)


@cache  # asked for more than once a run; built once
def stacktics_board(variant: Variant) -> BoardSpec:
    zones: dict[Field, str] = {}
    for player in PLAYERS:
        for field in start_fields(variant, player):
            zones[field] = f"start.{player}"
    size = SIZE_OF[variant.name]
    return BoardSpec(title=f"Stacktics board, size {size} ({variant.name})", grid=variant.grid,
                     zones=MappingProxyType(zones), credits=CREDITS)
