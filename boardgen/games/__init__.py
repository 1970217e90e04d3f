"""The games boardgen knows.  Adding one means a folder here and one entry in GAMES."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..errors import BoardgenError
from . import alea, iacta, isaac, stacktics
from .registry import GameInfo

GAMES: Mapping[str, GameInfo] = MappingProxyType({game.name: game for game in (iacta.GAME, alea.GAME, isaac.GAME,
                                                                   stacktics.GAME)})


def get_game(name: str) -> GameInfo:
    try:
        return GAMES[name.lower()]
    except KeyError:
        raise BoardgenError(f"unknown game {name!r}; games: {', '.join(GAMES)}") from None
