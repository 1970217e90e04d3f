"""A game file's [play] for the sowing engine -> its tables, or every problem found, each at its key.

Each mechanism compiles its own part (pits.py the rows and stores, sowing.py the cycle and each player's way
round) and names the hooks it adds to the engine; this module checks the keys against the registry's
declarations, puts the parts together and asks the whole file's questions (a rule that needs stores, or counts).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ....engine.problems import Problem
from ..board.registry import key_names as board_keys
from ..declare import Table
from ..race_keys import GAME
from ..race_keys import KEYS as RACE_KEYS
from ..reading import BoardFacts, Reading, did_you_mean, shown
from . import capturing, feeding, sowing
from .moves import SowMove
from .pits import compile_pits, opposite
from .registry import key_names
from .tables import NOBODY, Effect, Filter, GrandSlam, NoMove, Seeds, SkipStores, SowingTables


def play_keys() -> tuple[str, ...]:
    """Every key [play] may hold for the sowing engine: the game's (players, pieces, options) and its mechanisms'."""
    return (*(key.name for key in GAME.keys), *key_names())


def known_keys() -> dict[str, frozenset[str]]:
    """Every kind of game's keys, to tell a key of another kind as such."""
    game = tuple(key.name for key in GAME.keys)
    return {"sowing": frozenset(play_keys()), "race": frozenset(RACE_KEYS),
            "board": frozenset((*game, *board_keys(Table.PLAY), *board_keys(Table.KIND)))}


class SowingCompiler(Reading):
    """One set of rules: the [play] table with one value of each option laid over it."""

    def compile(self) -> SowingTables | None:
        allowed = play_keys()
        told, another_game = self.one_kind_of_game("sowing", known_keys(), isinstance(self.table.get("lines"), list))
        if another_game:
            return None
        for key in self.table:
            if key not in allowed and key not in told:
                self.problem("unknown-key", f"unknown rule '{key}' in [play] of a sowing game"
                             f"{did_you_mean(key, allowed)}", key)
        counts = self.player_counts()
        if max(counts) != 2:
            self.problem("two-players-only", "a sowing game is played by two: players = 2", "players")
        pits = compile_pits(self)
        skip = self.choice("skip-stores", SkipStores, SkipStores.OPPONENT)
        skip_origin = self.flag("skip-origin", False)
        store_again = self.flag("store-again", False)
        capture_opposite = self.flag("capture-opposite", False)
        capture_counts = self._capture_counts()
        capture_back = self.flag("capture-back", False)
        grand_slam = self.choice("grand-slam", GrandSlam, GrandSlam.ALLOWED)
        feed = self.flag("feed", False)
        empty_row_ends = self.flag("empty-row-ends", False)
        majority_wins = self.flag("majority-wins", False)
        repeat_ends = self.flag("repeat-ends", False)
        no_move = self.choice("no-move", NoMove, NoMove.END)
        cycle = sowing.compile_cycle(self, pits) if pits is not None else None
        if pits is not None and store_again and not pits.stores:
            self.problem("needs-stores", "store-again = true gives another turn for the last seed in the mover's "
                         "store, but [play] has no stores: add stores = { 1 = \"h1\", 2 = \"a2\" }, or remove "
                         "store-again", "store-again")
        for key, used in (("capture-back", capture_back), ("grand-slam", grand_slam is not GrandSlam.ALLOWED)):
            if used and "capture-counts" not in self.table:  # (a wrong one is told already)
                self.problem("needs-counts", f"{key} is about captures by the count the last seed makes, but [play] "
                             "has no capture-counts: add capture-counts = [2, 3], or remove it", key)
        if self.problems or pits is None or cycle is None:
            return None
        size = self.grid.size
        rows = tuple(sowing.along(cycle, row) for row in pits.rows)
        stores = pits.stores
        orders, reach = sowing.ways_round(cycle, rows, stores, size, skip, skip_origin)
        owner = [NOBODY] * size
        row_of = [NOBODY] * size
        before = [-1] * size
        start = [0] * size
        for player, row in enumerate(rows):
            for n, index in enumerate(row):
                owner[index] = row_of[index] = player
                before[index] = row[n - 1] if n else -1
                start[index] = pits.seeds
        for player, store in enumerate(stores):
            owner[store] = player
        effects: list[Effect] = [effect for effect, used in (
            (sowing.again_in_store, store_again), (capturing.opposite_capture, capture_opposite),
            (capturing.count_capture, bool(capture_counts))) if used]
        filters: list[Filter] = [feeding.fed] if feed else []
        return SowingTables(
            game=self.board.name, variant=self.board.variant,
            names=tuple(self.grid.index_name(i) for i in range(size)), player_counts=counts, rows=rows,
            stores=stores, owner=tuple(owner), row_of=tuple(row_of), start=tuple(start),
            total=pits.seeds * sum(len(row) for row in rows), cycle=cycle, orders=orders, reach=reach,
            plans=sowing.plans(orders, size, pits.seeds * sum(len(row) for row in rows)),
            before=tuple(before), opposite=opposite(self, rows), skip_origin=skip_origin,
            store_again=store_again, capture_opposite=capture_opposite, capture_counts=capture_counts,
            capture_back=capture_back, grand_slam=grand_slam, feed=feed, empty_row_ends=empty_row_ends,
            majority_wins=majority_wins, repeat_ends=repeat_ends, no_move=no_move, options=self.options,
            row_seeds=tuple(_counts_of(row) for row in rows),
            row_moves=tuple(tuple(SowMove("sow", index) for index in row) for row in rows),
            filters=tuple(filters), effects=tuple(effects))

    def _capture_counts(self) -> frozenset[int]:
        value = self.table.get("capture-counts", [])
        if not isinstance(value, list):
            self.problem("wrong-type", f"capture-counts is a list of numbers, like [2, 3], not {shown(value)}",
                         "capture-counts")
            return frozenset()
        found = [self.whole(item, 1, 99, "each of capture-counts", "capture-counts") for item in value]
        return frozenset(n for n in found if n is not None)


def _counts_of(row: tuple[int, ...]) -> Seeds:
    """A row's counts out of a position's seeds, fast (operator.itemgetter gives a bare value for one field)."""
    if len(row) > 1:
        return operator.itemgetter(*row)
    only = row[0]

    def one(seeds: Sequence[int]) -> tuple[int, ...]:
        return (seeds[only],)

    return one


def compile_sowing(table: Mapping[str, Any], board: BoardFacts, where: Callable[[str], str],
                   paths: Mapping[str, str], options: tuple[tuple[str, str], ...]) -> tuple[SowingTables | None,
                                                                                           list[Problem]]:
    compiler = SowingCompiler(table, board, where, paths, options)
    return compiler.compile(), compiler.problems
