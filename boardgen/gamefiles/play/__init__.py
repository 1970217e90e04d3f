"""A game file's [play] section: its rules, compiled once into tables, played by one generic engine.

The entry point, for the game-file reader:

    engine, problems = compile_play(data["play"], facts, where)

`facts` is a `BoardFacts`: the game's name (as position files give it), the map's columns and rows, the fields
the map leaves out, the zones by name (a zone's name may stand for its fields in any list of fields), and
[about] players.  `where("play.tracks.1")` gives "line L, column C" for a dotted key path, or "" where it is not
known (`where_in(source)` makes one from the shared TOML reader's TomlSource).  The answer is the game's
`FileEngine` (a games.game.Engine[FilePosition, Move] whose rules are the FileRules, holding the compiled
tables) and no problems, or None and every problem found, each a Problem with a stable code, one plain line and
where it is.  Nothing is interpreted as text once compiled: the engine (engine.py) reads tuples indexed by
field and player.

    rules = engine.rules                   # a FileRules: GameRules[FilePosition, Move], for the file's fewest players
    rules.seated(4)                        # the same rules for 4 (ValueError if the file does not allow 4)
    rules.rule_options()                   # {"rosettes": ("safe", "open")}: the file's rule options, default first

Positions (position.py) are `FilePosition`s; moves (engine.py) are `Move`s whose JSON (presentation.py) has
`from` (a field, "waiting", or None for a pass), `path` (every field landed on, "finished" for leaving the board)
and `notation`.  Players are named "player 1" to "player 4".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.problems import Problem
from ...engine.toml_source import TomlSource
from ...games.game import Engine
from .compile import BoardFacts, compile_tables
from .engine import FileRules, Move
from .model import Play, Tables
from .position import FilePosition
from .presentation import FilePresentation

__all__ = ["BoardFacts", "FileEngine", "FilePosition", "FileRules", "Move", "Play", "Tables", "compile_play",
           "where_in"]


@dataclass(frozen=True)
class FileEngine(Engine[FilePosition, Move]):
    """A game file's engine, as its own types: the reader draws the board's tracks from `rules.play`."""

    rules: FileRules
    presentation: FilePresentation


def compile_play(table: Mapping[str, Any], board: BoardFacts,
                 where: Callable[[str], str]) -> tuple[FileEngine | None, list[Problem]]:
    """[play] -> the game's rules engine, or None and every problem found (each at its key)."""
    play, problems = compile_tables(table, board, where)
    if play is None:
        return None, problems
    rules = FileRules(play)
    return FileEngine(rules, FilePresentation(rules), rules.random_position), []


def where_in(source: TomlSource) -> Callable[[str], str]:
    """A `where` for compile_play from the shared TOML reader's places: "play.tracks.1" -> "line 9, column 1"."""

    def where(path: str) -> str:
        parts = path.split(".")
        found = source.where(tuple(parts))
        if not found:  # a list's items are placed by their index
            found = source.where(tuple(int(p) if p.isdigit() else p for p in parts))
        return found

    return where
