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

A [play] using a key only the board engine knows (pieces on fields) compiles to a `BoardEngine` (board/), one
using a key only the sowing engine knows (pits holding seeds) to a `SowingEngine` (sowing/).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.problems import Problem
from ...engine.toml_source import TomlSource
from ...games.game import Engine
from .board import BoardEngine, BoardPlay, BoardTables, board_engine, compile_board
from .board import kind_keys as board_kind_keys
from .board import play_keys as board_play_keys
from .compile import compile_sets, compile_tables
from .drawn import Drawn
from .engine import FileRules, Move
from .model import Play, Tables
from .position import FilePosition
from .presentation import FilePresentation
from .race_keys import KEYS as RACE_KEYS
from .reading import BoardFacts
from .sowing import SowingEngine, SowingPlay, SowingTables, compile_sowing, sowing_engine
from .sowing import play_keys as sowing_play_keys

__all__ = ["BoardEngine", "BoardFacts", "Drawn", "FileEngine", "FilePosition", "FileRules", "Move", "Play",
           "PlayEngine", "SowingEngine", "Tables", "compile_play", "drawn_from", "where_in"]


@dataclass(frozen=True)
class FileEngine(Engine[FilePosition, Move]):
    """A game file's engine, as its own types: the reader draws the board's tracks from `rules.play`."""

    rules: FileRules
    presentation: FilePresentation


# A game file's engine: a race's (tracks and throws), pieces on fields, or seeds sown round pits.
PlayEngine = FileEngine | BoardEngine | SowingEngine

# The keys only the board engine knows: a [play] using one of them, or drawing its lines one by one, is a game of
# pieces on fields.
BOARD_ONLY = frozenset((*board_play_keys(), *board_kind_keys())) - frozenset(RACE_KEYS)
RACE_ONLY = frozenset(RACE_KEYS) - frozenset((*board_play_keys(), *board_kind_keys()))

# The keys only the sowing engine knows: a [play] using one of them is a mancala game.
SOWING_ONLY = frozenset(sowing_play_keys()) - frozenset(RACE_KEYS) - BOARD_ONLY


def _keys_used(table: Mapping[str, Any]) -> set[str]:
    """The keys of [play] and of its options' values."""
    used = set(table)
    options = table.get("options", {})
    for values in options.values() if isinstance(options, dict) else ():
        for overrides in values.values() if isinstance(values, dict) else ():
            used |= set(overrides) if isinstance(overrides, dict) else set()
    return used


def compile_play(table: Mapping[str, Any], board: BoardFacts,
                 where: Callable[[str], str]) -> tuple[PlayEngine | None, list[Problem]]:
    """[play] -> the game's rules engine, or None and every problem found (each at its key)."""
    if isinstance(table, Mapping) and _keys_used(table) & SOWING_ONLY:
        return _compile_sowing(table, board, where)
    if isinstance(table, Mapping) and (_keys_used(table) & BOARD_ONLY or isinstance(table.get("lines"), list)):
        return _compile_board(table, board, where)
    play, problems = compile_tables(table, board, where)
    if play is None:
        if isinstance(table, Mapping) and not _keys_used(table) & RACE_ONLY:
            # Only keys both engines know (steps, goal, no-move, ...): where the race engine cannot read them
            # ("forward", "far row"), the board engine may; if neither can, the race engine's problems are told.
            engine, _ = _compile_board(table, board, where)
            if engine is not None:
                return engine, []
        return None, problems
    rules = FileRules(play)
    return FileEngine(rules, FilePresentation(rules), rules.random_position), []


def _compile_board(table: Mapping[str, Any], board: BoardFacts,
                   where: Callable[[str], str]) -> tuple[BoardEngine | None, list[Problem]]:
    def compile_one(merged: Mapping[str, Any], paths: Mapping[str, str],
                    options: tuple[tuple[str, str], ...]) -> tuple[BoardTables | None, list[Problem]]:
        return compile_board(merged, board, where, paths, options)

    options, compiled, problems = compile_sets(table, where, compile_one)
    if problems:
        return None, problems
    return board_engine(BoardPlay(options, compiled)), []


def _compile_sowing(table: Mapping[str, Any], board: BoardFacts,
                    where: Callable[[str], str]) -> tuple[SowingEngine | None, list[Problem]]:
    def compile_one(merged: Mapping[str, Any], paths: Mapping[str, str],
                    options: tuple[tuple[str, str], ...]) -> tuple[SowingTables | None, list[Problem]]:
        return compile_sowing(merged, board, where, paths, options)

    options, compiled, problems = compile_sets(table, where, compile_one)
    if problems:
        return None, problems
    return sowing_engine(SowingPlay(options, compiled)), []


def where_in(source: TomlSource) -> Callable[[str], str]:
    """A `where` for compile_play from the shared TOML reader's places: "play.tracks.1" -> "line 9, column 1"."""

    def where(path: str) -> str:
        parts = path.split(".")
        found = source.where(tuple(parts))
        if not found:  # a list's items are placed by their index
            found = source.where(tuple(int(p) if p.isdigit() else p for p in parts))
        return found

    return where


def drawn_from(engine: PlayEngine, columns: int) -> Drawn:
    """What the board draws from the file's rules: each player's track as fields (one, when everyone's is the
    same), the ladders and snakes, the lines pieces move along, and the lines only a rule option moves along."""

    def at(index: int) -> tuple[int, int]:
        return (index % columns, index // columns)

    if isinstance(engine, SowingEngine):  # its pits and stores are the map's own fields, drawn as they are
        return Drawn()
    if isinstance(engine, BoardEngine):
        sets = [_board_lines(tables) for _, tables in engine.rules.play.tables]
        default = engine.rules.play.default
        return Drawn(lines=tuple((at(a), at(b)) for a, b in sets[0]), points=default.geometry.drawn,
                     option_lines=tuple((at(a), at(b)) for a, b in _beyond(sets)))
    tables = engine.rules.play.default
    tracks = tuple(tuple(at(tables.field_of(i)) for i in track) for track in tables.tracks if track)
    shared = len(tracks) > 1 and len(set(tracks)) == 1
    ladders = tuple((at(start), at(end), kind) for kind, pairs in (("ladder", tables.ladders),
                                                                   ("snake", tables.snakes))
                    for start, end in pairs)
    # On the grid the squares are the rows and columns; a diagonal step only some rule option allows is drawn.
    diagonals = [_diagonals(race, columns) for _, race in engine.rules.play.tables]
    return Drawn(tracks[:1] if shared else tracks, shared, ladders,
                 option_lines=tuple((at(a), at(b)) for a, b in _beyond(diagonals)))


def _board_lines(tables: BoardTables) -> list[tuple[int, int]]:
    """Each line between two neighbouring points, once (the way up, up-right, right or down-right)."""
    return [(index, neighbour) for direction in range(4)
            for index, neighbour in enumerate(tables.geometry.neighbour[direction]) if neighbour >= 0]


def _diagonals(tables: Tables, columns: int) -> list[tuple[int, int]]:
    """The diagonal steps any player of a grid game may take, each pair of fields once."""
    found = {tuple(sorted((origin, land))) for by_field in tables.grid_steps for origin, lands in enumerate(by_field)
             for land in lands if origin % columns != land % columns and origin // columns != land // columns}
    return sorted((a, b) for a, b in found)


def _beyond(sets: list[list[tuple[int, int]]]) -> list[tuple[int, int]]:
    """The lines some set of rules has and the default (the first) has not, in order, each once."""
    default = set(sets[0])
    return sorted({line for lines in sets[1:] for line in lines if line not in default})
