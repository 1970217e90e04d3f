"""The games boardgen knows, found rather than listed.

A game is a package that defines GAME (a GameInfo): every package in this
folder, and any installed package that names one in the entry-point group
`boardgen.games` (so a game can come from a package of its own).  Adding a
game therefore changes no shared file; docs/adding-a-game.md says how.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping

from ..errors import BoardgenError
from .registry import GameInfo

ENTRY_POINTS = "boardgen.games"


def _own() -> Iterator[GameInfo]:
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            yield importlib.import_module(f"{__name__}.{module.name}").GAME


def _installed() -> Iterator[GameInfo]:
    from importlib.metadata import entry_points

    for entry in entry_points(group=ENTRY_POINTS):
        game = entry.load()
        if not isinstance(game, GameInfo):
            raise TypeError(f"the entry point {entry.name!r} in {ENTRY_POINTS} is not a GameInfo")
        yield game


class GameRegistry(Mapping[str, GameInfo]):
    """Every game by name, oldest first: boardgen's own, found in this folder, and other packages' games,
    found through their entry points the first time a name is not one of boardgen's own or all are listed
    (reading the installed packages' entry points takes longer than drawing a board)."""

    def __init__(self) -> None:
        self._own = {game.name: game for game in _own()}
        self._all: dict[str, GameInfo] | None = None

    def _everything(self) -> dict[str, GameInfo]:
        if self._all is None:
            games = dict(self._own)
            for game in _installed():
                if game.name in games:
                    raise TypeError(f"two games are called {game.name!r}")
                games[game.name] = game
            self._all = dict(sorted(games.items(), key=lambda item: (item[1].year, item[0])))
        return self._all

    def __getitem__(self, name: str) -> GameInfo:
        own = self._own.get(name)
        return own if own is not None else self._everything()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._everything())

    def __len__(self) -> int:
        return len(self._everything())


GAMES: Mapping[str, GameInfo] = GameRegistry()


def get_game(name: str) -> GameInfo:
    try:
        return GAMES[name.lower()]
    except KeyError:
        import difflib

        close = difflib.get_close_matches(name.lower(), list(GAMES), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise BoardgenError(f"unknown game {name!r}{hint}; games: {', '.join(GAMES)}") from None
