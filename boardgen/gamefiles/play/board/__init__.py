"""The board engine: games of pieces on fields (placing, stepping, sliding, jumping, capturing, rows and mills),
compiled from a game file's [play] by its mechanisms (registry.py) and played from the tables.

    tables, problems = compile_board(table, facts, where, paths, options)   # one set of rules
    engine = board_engine(BoardPlay(options, every_set))                    # the game's engine
"""

from __future__ import annotations

from dataclasses import dataclass

from ....games.game import Engine
from .compile import compile_board, kind_keys, play_keys
from .moves import BoardMove
from .position import BoardPosition
from .presentation import BoardPresentation
from .rules import BoardRules
from .tables import BoardPlay, BoardTables

__all__ = ["BoardEngine", "BoardMove", "BoardPlay", "BoardPosition", "BoardRules", "BoardTables",
           "board_engine", "compile_board", "kind_keys", "play_keys"]


@dataclass(frozen=True)
class BoardEngine(Engine[BoardPosition, BoardMove]):
    """A game file's engine for pieces on fields, as its own types."""

    rules: BoardRules
    presentation: BoardPresentation


def board_engine(play: BoardPlay) -> BoardEngine:
    rules = BoardRules(play)
    return BoardEngine(rules, BoardPresentation(rules), rules.random_position)

