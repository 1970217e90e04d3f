"""The sowing engine's positions: the seeds on each field, the seeds kept beside the board, the player to move,
and the positions since the last capture (for the rule that a position come back ends the game).

Immutable; a position keeps what its rules work out about it once (its moves, its outcome) in `memo`.  Equality
and hashing ignore `memo` and `history`, as python-chess's boards ignore their move stacks: two positions are the
same when their seeds, captures and player to move are, though one may end the game by coming back and the other
not.  A position file holds no history, so a position read from one has none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....engine.grid import Variant
from .tables import SowingTables

PLAYER_NAMES = ("player 1", "player 2")
Key = tuple[tuple[int, ...], tuple[int, ...], int]  # what makes a position the same as another: seeds, kept, mover


@dataclass(frozen=True, slots=True)
class SowingPosition:
    tables: SowingTables
    mover: int  # from 0
    seeds: tuple[int, ...]  # by field: in pits and stores
    captured: tuple[int, ...] = (0, 0)  # by player: seeds kept beside the board (games without stores)
    # The positions since the last capture, before this one (kept only where [play] has repeat-ends).
    history: frozenset[Key] = field(default=frozenset(), compare=False, hash=False, repr=False)
    memo: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def to_move(self) -> str:
        return PLAYER_NAMES[self.mover]

    @property
    def variant(self) -> Variant:
        return self.tables.variant

    @property
    def players(self) -> int:
        return 2

    @property
    def key(self) -> Key:
        return (self.seeds, self.captured, self.mover)


class Next:
    """The position being made by a move: the seeds once sown, then what the mechanisms' effects change."""

    __slots__ = ("again", "gained", "last", "seeds", "taken")

    def __init__(self, seeds: list[int], last: int) -> None:
        self.seeds = seeds
        self.last = last  # the field the last seed went into
        self.again = False  # the same player moves again
        self.gained = 0  # the seeds captured, for the mover's store (or to keep beside the board)
        self.taken: tuple[int, ...] = ()  # the fields they were taken from
