"""The sowing engine's compiled rules: plain tuples indexed by field and player.

Fields are indices (row * columns + column, a1 = 0) and players are numbered from 0.  A position holds a count of
seeds for every field (0 on fields that are no pit nor store).  Each player's way round is worked out once for
every pit it may sow from (`orders`): the fields its seeds go into, one by one, with the skipped fields left out,
so a move is a walk along a tuple.  Nothing here is text the engine would have to interpret.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ....engine.grid import Variant

if TYPE_CHECKING:  # the engine's own types, named by the hooks below: no import at run time, so no circle
    from .moves import SowMove
    from .position import Next, SowingPosition

NOBODY = -1  # the owner of a field that is no pit nor store


class SkipStores(Enum):
    """Which stores a sower passes by without dropping a seed."""

    OPPONENT = "opponent"  # the opponent's (Kalah)
    NONE = "none"  # none: seeds go into both stores


class GrandSlam(Enum):
    """What becomes of a capture that would take every seed in the opponent's row."""

    ALLOWED = "allowed"  # it takes them all
    NO_CAPTURE = "no-capture"  # the move is played, but captures nothing (Oware's Abapa rules)


class NoMove(Enum):
    """What becomes of a player to move who has no legal move."""

    END = "end"  # the game ends: each player takes the seeds left on its own side
    PASS = "pass"  # the other player moves; the game ends when neither can


# The hooks a mechanism contributes to the engine, each compiled only where the file uses the mechanism: a filter
# narrows the moves (feeding); an effect changes the position being made after the seeds are sown (a capture,
# another turn).
Filter = Callable[["SowingPosition", "list[SowMove]"], "list[SowMove]"]
Effect = Callable[["SowingPosition", "SowMove", "Next"], None]
Seeds = Callable[[Sequence[int]], tuple[int, ...]]  # a row's counts out of a position's (operator.itemgetter)
Plan = tuple[tuple[int, ...], int]  # what sowing a count of seeds from a pit adds to every field; the last one's field


@dataclass(frozen=True, eq=False, repr=False)
class SowingTables:
    """One set of rules (the file's, with one value of each rule option), compiled.  Compared by identity."""

    game: str
    variant: Variant
    names: tuple[str, ...]  # by field
    player_counts: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]  # by player: its pits, in the order seeds are sown into them
    stores: tuple[int, ...]  # by player: its store's field; () where captured seeds are kept beside the board
    owner: tuple[int, ...]  # by field: the player whose pit or store it is, or NOBODY
    row_of: tuple[int, ...]  # by field: the player whose row the pit is in, or NOBODY (a store, no field)
    start: tuple[int, ...]  # by field: the seeds there at the start
    total: int  # the seeds in the game
    cycle: tuple[int, ...]  # the fields seeds go round, in order, as the file gives it
    # By player, then field: the fields its seeds go into, one by one, sowing from that pit (() for any field that
    # is not one of its pits); and how many seeds it takes from there to reach the opponent's row (0: never).
    orders: tuple[tuple[tuple[int, ...], ...], ...]
    reach: tuple[tuple[int, ...], ...]
    plans: tuple[tuple[tuple[Plan, ...], ...], ...]  # by player, field and count: sowing.plans
    before: tuple[int, ...]  # by field: the pit before it in its row, against the sowing; -1 for a row's first
    opposite: tuple[int, ...]  # by field: the other row's pit in the same column, or -1
    skip_origin: bool
    store_again: bool
    capture_opposite: bool
    capture_counts: frozenset[int]
    capture_back: bool
    grand_slam: GrandSlam
    feed: bool
    empty_row_ends: bool
    majority_wins: bool
    repeat_ends: bool
    no_move: NoMove
    options: tuple[tuple[str, str], ...]
    # Looked up while playing, worked out once from the above: each player's row's counts out of a position's, and
    # the moves of sowing from each of its pits, in the same order.
    row_seeds: tuple[Seeds, ...] = ()
    row_moves: tuple[tuple[SowMove, ...], ...] = ()
    filters: tuple[Filter, ...] = ()
    effects: tuple[Effect, ...] = ()

    def __repr__(self) -> str:
        return f"SowingTables({self.game!r}, {dict(self.options)!r})"

    def score(self, seeds: Sequence[int], captured: Sequence[int], player: int) -> int:
        """The seeds `player` has captured: in its store, or kept beside the board."""
        return seeds[self.stores[player]] if self.stores else captured[player]


@dataclass(frozen=True)
class SowingPlay:
    """A game file's [play] for the sowing engine: the tables for every combination of its rule options."""

    options: tuple[tuple[str, tuple[str, ...]], ...]
    tables: tuple[tuple[tuple[str, ...], SowingTables], ...]

    @property
    def default(self) -> SowingTables:
        return self.tables[0][1]

    def chosen(self, values: tuple[str, ...]) -> SowingTables:
        for key, tables in self.tables:
            if key == values:
                return tables
        raise KeyError(values)
