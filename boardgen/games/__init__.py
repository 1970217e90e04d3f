"""The games boardgen knows, found rather than listed.

A game is a package that defines GAME (a GameInfo): every package in this
folder, and any installed package that names one in the entry-point group
`boardgen.games` (so a game can come from a package of its own).  Adding a
game therefore changes no shared file; docs/adding-a-game.md says how.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points
from types import MappingProxyType

from ..errors import BoardgenError
from .registry import GameInfo

ENTRY_POINTS = "boardgen.games"


def _found() -> Iterator[GameInfo]:
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            yield importlib.import_module(f"{__name__}.{module.name}").GAME
    for entry in entry_points(group=ENTRY_POINTS):
        game = entry.load()
        if not isinstance(game, GameInfo):
            raise TypeError(f"the entry point {entry.name!r} in {ENTRY_POINTS} is not a GameInfo")
        yield game


def _registry() -> Mapping[str, GameInfo]:
    games: dict[str, GameInfo] = {}
    for game in sorted(_found(), key=lambda g: (g.year, g.name)):  # oldest first, as a catalogue would list them
        if game.name in games:
            raise TypeError(f"two games are called {game.name!r}")
        games[game.name] = game
    return MappingProxyType(games)


GAMES: Mapping[str, GameInfo] = _registry()


def get_game(name: str) -> GameInfo:
    try:
        return GAMES[name.lower()]
    except KeyError:
        close = difflib.get_close_matches(name.lower(), list(GAMES), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise BoardgenError(f"unknown game {name!r}{hint}; games: {', '.join(GAMES)}") from None
