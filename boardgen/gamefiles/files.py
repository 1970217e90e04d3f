"""Reading a game file into a Game: the reader, the board, the looks and the pieces, loaded only when a file is
named (boardgen.gamefiles.find_game)."""

from __future__ import annotations

import glob
from functools import lru_cache
from pathlib import Path

from ..games.game import Game
from .game import file_game
from .reader import read_game_file


def load_game_file(path: Path, known_as: str | None = None) -> Game:
    """The game a file describes; BoardgenError listing every problem in it, each at its line.  `known_as`: the
    name position files give it, where it is not its file name (a game boardgen ships)."""
    return file_game(read_game_file(path, known_as))


def game_from_file(path: Path, known_as: str | None = None) -> Game:
    """The game a file describes, read once for as long as the file and the rule texts beside it (NAME.LANG.md)
    are unchanged: a simulation asks for its game at every game it plays."""
    try:
        versions = tuple((str(each), each.stat().st_mtime_ns, each.stat().st_size)
                         for each in (path, *sorted(path.parent.glob(f"{glob.escape(path.stem)}.*.md"))))
    except OSError:
        return load_game_file(path, known_as)  # says, in the reader's words, why the file cannot be read
    return _read_once(str(path.resolve()), versions, known_as)


@lru_cache(maxsize=16)
def _read_once(path: str, versions: tuple[tuple[str, int, int], ...], known_as: str | None) -> Game:
    return load_game_file(Path(path), known_as)
