"""Games from a file: a TOML game file becomes a GameInfo every board product can draw.

    boardgen board racers.toml            # a board from the file's map, legend and colours
    boardgen new racers                   # a starter file that is already a small game

The reader (reader.py) checks the whole file and reports every problem at
once, each at its line and column; the game (game.py) turns what it read
into the registry's GameInfo, with styles for its zones in every palette
(styles.py).  Nothing in a file runs code or reads another file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..games.registry import GameInfo

SUFFIX = ".toml"


def is_game_file(name: str) -> bool:
    """Whether a GAME argument names a game file rather than a built-in game."""
    return name.lower().endswith(SUFFIX)


def load_game_file(path: Path) -> GameInfo:
    """The game a file describes; BoardgenError listing every problem in it, each at its line."""
    from .game import game_info
    from .reader import read_game_file

    return game_info(read_game_file(path))
