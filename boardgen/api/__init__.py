"""boardgen's Python API: play any game boardgen knows from a script, as python-chess plays chess.

    import boardgen
    game = boardgen.game("ur")              # a name, or a game file's path; players=, board=, rules={...}
    position = game.start()                 # also game.read_position(text); position.to_toml() writes one
    position = position.thrown("2")         # a game with throws: game.throws, position.throw
    position.to_move                        # 1 to 4, or None once the game is over
    move = position.moves()[0]              # Move: .notation, .origin, .path, .kind
    position = position.play(move)          # or position.play("in-b1"): a new, immutable Position
    position.outcome                        # None, or Outcome(winners, reason, code) with .draw
    position.board                          # {"d1": (Piece(1, "counter"),), ...} bottom first
    position.hand, position.finished        # {player: count} off the board: still to enter, and done

Documented in docs/api.md.  It is a face, as the command line is: it finds games through the products
(products.games) and plays them through the rules contract every engine keeps (engine.contract, games.game's
Engine), never naming a game, so a game added to the registry is scripted with no change here.
"""

from __future__ import annotations

from .errors import (
    BoardgenError,
    ChoiceError,
    GameFileError,
    IllegalMoveError,
    MalformedMoveError,
    MoveError,
    PositionFileError,
)
from .games import Game, game
from .position import Move, Position
from .values import Outcome, OutcomeCode, Piece

__all__ = ["BoardgenError", "ChoiceError", "Game", "GameFileError", "IllegalMoveError", "MalformedMoveError", "Move",
           "MoveError", "Outcome", "OutcomeCode", "Piece", "Position", "PositionFileError", "game"]
