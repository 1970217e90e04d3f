"""The sowing engine's positions: the seeds on each field, the seeds kept beside the board, the player to move,
and the positions since the last capture (for the rule that a position come back ends the game).

Immutable.  Equality and hashing ignore `history`, as python-chess's boards ignore their move stacks: two
positions are the same when their rules, seeds, captures and player to move are, though one may end the game by
coming back and the other not.  A position file holds no history, so a position read from one has none.
"""

from __future__ import annotations

from typing import Final

from ....engine.contract import Outcome
from ....engine.grid import Variant
from .moves import SowMove
from .tables import SowingTables

PLAYER_NAMES = ("player 1", "player 2")
# By player to move, the seeds of every position since the last capture with that player to move.  The seeds
# captured are the same in all of them (none were captured since), so the seeds in the pits and stores and the
# player to move say whether a position came back.
History = tuple[frozenset[tuple[int, ...]], ...]
NO_HISTORY: History = (frozenset(), frozenset())


class SowingPosition:
    """A position, made once per move of every game played, so made cheaply: a class with slots whose fields are
    Final (mypy --strict refuses any assignment after __init__), not a frozen dataclass, whose guarded __init__
    costs a sixth of a random game's move.  `found_moves` and `found_outcome` are what the rules work out about
    it, once (rules.py), and no part of what it is."""

    __slots__ = ("captured", "found_moves", "found_outcome", "history", "mover", "seeds", "tables")

    def __init__(self, tables: SowingTables, mover: int, seeds: tuple[int, ...], captured: tuple[int, ...] = (0, 0),
                 history: History = NO_HISTORY) -> None:
        self.tables: Final = tables
        self.mover: Final = mover  # from 0
        self.seeds: Final = seeds  # by field: in pits and stores
        self.captured: Final = captured  # by player: seeds kept beside the board (games without stores)
        self.history: Final = history  # kept only where [play] has repeat-ends
        self.found_moves: list[SowMove] | None = None  # the legal moves, once worked out
        self.found_outcome: Outcome | None = None  # and the outcome, worked out with them

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SowingPosition) and self.tables is other.tables and self.mover == other.mover \
            and self.seeds == other.seeds and self.captured == other.captured

    def __hash__(self) -> int:
        return hash((self.seeds, self.captured, self.mover))

    def __repr__(self) -> str:
        return f"SowingPosition({self.tables.game!r}, mover={self.mover}, seeds={self.seeds}, " \
               f"captured={self.captured})"

    @property
    def to_move(self) -> str:
        return PLAYER_NAMES[self.mover]

    @property
    def variant(self) -> Variant:
        return self.tables.variant

    @property
    def players(self) -> int:
        return 2


class Next:
    """The position being made by a move: the seeds once sown, then what the mechanisms' effects change (a capture
    makes a new tuple of them: most moves capture nothing, and a tuple is what the next position holds)."""

    __slots__ = ("again", "captured", "gained", "last", "seeds", "taken")

    def __init__(self, seeds: tuple[int, ...], last: int, captured: tuple[int, ...]) -> None:
        self.seeds = seeds  # in the pits and the stores, the seeds captured by the move in the mover's store
        self.last = last  # the field the last seed went into
        self.captured = captured  # by player: seeds kept beside the board, those the move captured among them
        self.again = False  # the same player moves again
        self.gained = 0  # the seeds the move captured
        self.taken: tuple[int, ...] = ()  # the fields they were taken from
