"""Every game by name, and games from a file: a TOML game file becomes a Game that every product takes.

    boardgen board racers.toml            # a board from the file's map, legend and colours
    boardgen report ur                    # a game boardgen ships as a file (templates/games/ur.toml)
    boardgen new racers                   # a starter file that is already a small game

The reader (reader.py) checks the whole file and reports every problem at
once, each at its line and column; the game (game.py) turns what it read
into a FileGame, with styles for its zones in every palette (styles.py),
and its [play] compiled into a rules engine (play/).  Nothing in a file
runs code or reads another file.

`GAMES` is the one registry of games a user can name: the built-in
games' folders (boardgen.games.BUILT_IN) and the game files boardgen ships.
`find_game` looks a GAME argument up in it, or reads the game file it
names.  As a registry choosing one of many, it loads the game-file
machinery (the reader, and the colour science its looks are checked with)
only when a file is asked for: `boardgen board iacta` never pays for it.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Protocol

from ..errors import BoardgenError
from ..games import BUILT_IN
from ..games.game import Game

SUFFIX = ".toml"
# The games boardgen ships as game files: templates/games/NAME.toml.
SHIPPED = Path(__file__).resolve().parent.parent / "templates" / "games"


def is_game_file(name: str) -> bool:
    """Whether a GAME argument names a game file rather than a game by its name."""
    return name.lower().endswith(SUFFIX)


class AllGames(Mapping[str, Game]):
    """Every game by name: the built-in games first (oldest first), then the shipped game files by name."""

    def __init__(self) -> None:
        self._shipped = tuple(sorted(path.stem for path in SHIPPED.glob(f"*{SUFFIX}")))

    def __getitem__(self, name: str) -> Game:
        if name in self._shipped:
            return game_from_file(SHIPPED / f"{name}{SUFFIX}", name)
        return BUILT_IN[name]

    def __iter__(self) -> Iterator[str]:
        yield from BUILT_IN
        yield from (name for name in self._shipped if name not in BUILT_IN)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, name: object) -> bool:
        return name in self._shipped or name in BUILT_IN


GAMES = AllGames()


def find_game(name: str, folder: Path | None = None) -> Game:
    """The game a GAME argument names: a game file by its path (ending in .toml; relative to `folder` where
    given), else a game by its name; BoardgenError saying what is wrong otherwise."""
    if is_game_file(name):
        path = Path(name)
        return game_from_file(folder / path if folder is not None and not path.is_absolute() else path)
    if name.lower() in GAMES:
        return GAMES[name.lower()]
    close = difflib.get_close_matches(name.lower(), list(GAMES), n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise BoardgenError(f"unknown game {name!r}{hint}; games: {', '.join(GAMES)}")


class _Reader(Protocol):
    """What the registry asks of the game-file machinery (gamefiles.files, which satisfies this as a module)."""

    def game_from_file(self, path: Path, known_as: str | None = None) -> Game: ...

    def load_game_file(self, path: Path, known_as: str | None = None) -> Game: ...


def _reader() -> _Reader:
    """The game-file machinery: the registry's one late choice, made only when a file is named."""
    from . import files

    return files


def game_from_file(path: Path, known_as: str | None = None) -> Game:
    """The game a file describes, read once for as long as the file is unchanged; `known_as` is the name
    position files give it, where that is not its file name (a game boardgen ships)."""
    return _reader().game_from_file(path, known_as)


def load_game_file(path: Path) -> Game:
    """The game a file describes, read now; BoardgenError listing every problem in it, each at its line."""
    return _reader().load_game_file(path)
