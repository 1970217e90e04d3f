"""The games boardgen knows, found rather than listed.

A game is a package that defines GAME (a GameFolder): every package in this
folder, and any installed package that names one in the entry-point group
`boardgen.games` (so a game can come from a package of its own).  Adding a
game therefore changes no shared file; docs/adding-a-game.md says how.

This is a registry choosing one of many, so it imports a game's package
only when that game is asked for: `boardgen board iacta` loads IACTA's
rules and drawing, not ALEA's.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping

from .game import Game, GameFolder

ENTRY_POINTS = "boardgen.games"


def _own_names() -> tuple[str, ...]:
    return tuple(module.name for module in pkgutil.iter_modules(__path__) if module.ispkg)


def _own(name: str) -> GameFolder:
    game = _checked(importlib.import_module(f"{__name__}.{name}").GAME, f"boardgen.games.{name}")
    if game.name != name:
        raise TypeError(f"boardgen.games.{name}: its GAME is called {game.name!r}; a game's folder has its name")
    return game


def _installed() -> Iterator[GameFolder]:
    # Late, as the registry's choice: reading the installed packages' entry points costs more than drawing a
    # board, and is needed only when a game is not one of boardgen's own, or all are listed.
    from importlib.metadata import entry_points

    for entry in entry_points(group=ENTRY_POINTS):
        yield _checked(entry.load(), f"the entry point {entry.name!r} in {ENTRY_POINTS}")


def _checked(game: object, where: str) -> GameFolder:
    if not isinstance(game, GameFolder):
        raise TypeError(f"{where}: GAME is not a GameFolder")
    return game


class GameRegistry(Mapping[str, Game]):
    """Every game by name, oldest first: boardgen's own, found in this folder, and other packages' games,
    found through their entry points the first time a name is not one of boardgen's own or all are listed
    (reading the installed packages' entry points takes longer than drawing a board)."""

    def __init__(self) -> None:
        self._own_names = _own_names()
        self._loaded: dict[str, GameFolder] = {}
        self._all: dict[str, Game] | None = None

    def _one_of_own(self, name: str) -> GameFolder | None:
        if name not in self._own_names:
            return None
        if name not in self._loaded:
            self._loaded[name] = _own(name)
        return self._loaded[name]

    def _everything(self) -> dict[str, Game]:
        if self._all is None:
            games: dict[str, Game] = {}
            for name in self._own_names:
                own = self._one_of_own(name)
                assert own is not None
                games[own.name] = own
            for game in _installed():
                if game.name in games:
                    raise TypeError(f"two games are called {game.name!r}")
                games[game.name] = game
            self._all = dict(sorted(games.items(), key=lambda item: (item[1].year or 0, item[0])))
        return self._all

    def __getitem__(self, name: str) -> Game:
        own = self._one_of_own(name)
        return own if own is not None else self._everything()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._everything())

    def __len__(self) -> int:
        return len(self._everything())


# The game folders only: the one registry a user's GAME is looked up in is boardgen.gamefiles.GAMES, which holds
# these and the games boardgen ships as files.  Nothing above gamefiles reads this one.
BUILT_IN: Mapping[str, Game] = GameRegistry()

