"""The board engine's positions: what stands on each field, the hands, the player to move and the counters.

Immutable; a position keeps what its rules work out about it once (its moves, its outcome) in `memo`, which
equality and hashing ignore.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....engine.grid import Variant
from .tables import OWNER_MASK, BoardTables

PLAYER_NAMES = tuple(f"player {n}" for n in range(1, 5))
NO_FIELD = -1
NO_ARRIVAL = -2  # a position's `last` after a move that put no piece anywhere (a removal, a pass)


@dataclass(frozen=True, slots=True)
class BoardPosition:
    tables: BoardTables
    players: int
    mover: int  # from 0
    cells: tuple[int, ...]  # by field: 0, or tables.piece(player, kind)
    hand: tuple[int, ...]  # by player: pieces still to place
    quiet: int = 0  # moves in a row (every player's) without a capture
    stalled: tuple[int, ...] = (0, 0)  # by player: moves in a row without a move forward (where [play] has stall)
    jumping: int = NO_FIELD  # the field of the piece that must (or may) jump on, or -1
    removing: bool = False  # the mover removes an opponent's piece (a mill was made)
    # The field the last move put a piece on, so the rows through it are the only ones to look at: -1 where it is
    # not known (a position read from a file: every row is looked at), NO_ARRIVAL where no piece arrived.
    last: int = field(default=-1, compare=False, hash=False, repr=False)
    # By player, its pieces on the board, where the move that made the position counted them; () where it did
    # not (on_board() counts them then).
    counts: tuple[int, ...] = field(default=(), compare=False, hash=False, repr=False)
    memo: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def to_move(self) -> str:
        return PLAYER_NAMES[self.mover]

    @property
    def variant(self) -> Variant:
        return self.tables.variant


class Next:
    """The position being made by a move: what the move and the mechanisms' effects change, before it is frozen."""

    __slots__ = ("again", "captured", "cells", "hand", "jumping", "quiet", "removing", "stalled")

    def __init__(self, position: BoardPosition) -> None:
        self.cells = list(position.cells)
        self.hand = list(position.hand)
        self.captured: list[int] = []  # the contents of the fields captured, as they stood
        self.jumping = NO_FIELD
        self.removing = False
        self.again = False  # the same player moves again
        self.quiet = position.quiet
        self.stalled = position.stalled


def on_board(position: BoardPosition) -> tuple[int, ...]:
    """By player, its pieces on the board."""
    if position.counts:
        return position.counts
    found: tuple[int, ...] | None = position.memo.get("counts")
    if found is None:
        counts = [0] * position.players
        for content in position.cells:
            if content:
                counts[(content & OWNER_MASK) - 1] += 1
        found = position.memo["counts"] = tuple(counts)
    return found
