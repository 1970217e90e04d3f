"""The errors the API raises, every one boardgen's own (`BoardgenError`) and a `ValueError`, as python-chess's are:
a script catches `boardgen.api.BoardgenError` alone, or the kind it cares about.

- ChoiceError: a game, board, number of players or rule option the game does not have;
- MalformedMoveError: a text that is not a move in the game's notation at all;
- IllegalMoveError: a move (or a throw) the rules do not allow here: the game is over, a throw is due, ...;
- PositionFileError: a position's text that cannot be read, or a position the rules call impossible;
- GameFileError: a game file with problems, each at its line (a BoardgenError, not a ValueError).
"""

from __future__ import annotations

from ..engine.problems import IllegalMoveError, MalformedMoveError, MoveError, PositionFileError
from ..errors import BoardgenError
from ..products.games import GameFileError

__all__ = ["BoardgenError", "ChoiceError", "GameFileError", "IllegalMoveError", "MalformedMoveError", "MoveError",
           "PositionFileError"]


class ChoiceError(BoardgenError, ValueError):
    """A game, board, number of players or rule option that does not exist; the message says which do."""
