"""Mechanism `pits`: each player's row of pits and its store, and the seeds each pit holds at the start.

Seeds belong to no one: a pit's seeds are sown by the player whose row it is in, a store's are its owner's
captures.  Without stores, captured seeds are kept beside the board.  Pits face each other across the board: the
pit opposite one is the other row's pit in the same column (Kalah's b1 faces b2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..declare import Key, Mechanism
from ..reading import Reading, shown

MAX_SEEDS = 30  # seeds in a pit at the start, at most: 12 pits of them, 360, are beads enough for any table

MECHANISM = Mechanism("pits", "Each player's row of pits and its store, holding seeds of no one.", (
    Key("pits", "a table by player: fields, lines of them (\"b1-g1\") or a zone's name", "",
        "Each player's row of pits: the pits it sows from, and the row whose seeds are its own at the end.",
        'pits = { 1 = ["b1-g1"], 2 = ["g2-b2"] }'),
    Key("stores", "a table by player: a field", "(none: captured seeds are kept beside the board)",
        "Each player's store, where the seeds it captures go.", 'stores = { 1 = "h1", 2 = "a2" }'),
    Key("seeds", "a number", "4", "The seeds in every pit at the start; a sowing game's pieces (if given) are "
        "all its seeds, every pit's together.", "seeds = 4"),
), "sowing")


@dataclass(frozen=True)
class Pits:
    rows: tuple[tuple[int, ...], ...]  # by player: its pits, as the file lists them
    stores: tuple[int, ...]  # by player, or ()
    seeds: int  # in every pit at the start


def compile_pits(reading: Reading) -> Pits | None:
    rows = _rows(reading)
    stores = _stores(reading) if "stores" in reading.table else ()
    seeds = reading.whole(reading.table.get("seeds", 4), 1, MAX_SEEDS, "seeds", "seeds")
    if rows is None or stores is None or seeds is None:
        return None
    seen: dict[int, str] = {}
    for player, row in enumerate(rows):
        for index in row:
            name = reading.grid.index_name(index)
            if index in seen:
                reading.problem("twice", f"pits names {name} twice (in {seen[index]} and in player {player + 1}'s "
                                "row): a pit is in one row, once", "pits", str(player + 1))
                return None
            seen[index] = f"player {player + 1}'s row"
    for player, store in enumerate(stores):
        name = reading.grid.index_name(store)
        if store in seen:
            reading.problem("twice", f"stores names {name}, which is already {seen[store]}: a store is a field of "
                            "its own", "stores", str(player + 1))
            return None
        seen[store] = f"player {player + 1}'s store"
    pieces = reading.table.get("pieces")
    total = seeds * sum(len(row) for row in rows)
    if pieces is not None and (isinstance(pieces, bool) or not isinstance(pieces, int)):
        reading.problem("wrong-type", f"pieces is a whole number, every seed in the game ({total} here), or left "
                        f"out; not {shown(pieces)}", "pieces")
    elif pieces is not None and pieces != total:
        reading.problem("seed-count", f"pieces = {shown(pieces)}, but {sum(len(row) for row in rows)} pits of "
                        f"{seeds} seeds hold {total}: in a sowing game, pieces is every seed in the game (or leave "
                        "it out)", "pieces")
    return Pits(rows, stores, seeds)


def _by_player(reading: Reading, key: str, example: str) -> dict[str, Any] | None:
    value = reading.table.get(key)
    if not isinstance(value, dict):
        reading.problem("wrong-type" if value is not None else "missing-key",
                        f"{key} is a table by player, like {key} = {example}" if value is not None else
                        f"[play] needs {key} = {example}: each player's row of pits, in the order seeds are sown",
                        key)
        return None
    for name in value:
        if name not in ("1", "2"):
            reading.problem("bad-player", f"{key} names player {shown(name)}; the players are 1 and 2", key, name)
            return None
    reading.every_player(key, 2, example)
    return value if all(name in value for name in ("1", "2")) else None


def _rows(reading: Reading) -> tuple[tuple[int, ...], ...] | None:
    value = _by_player(reading, "pits", '{ 1 = ["b1-g1"], 2 = ["g2-b2"] }')
    if value is None:
        return None
    rows = []
    for name in ("1", "2"):
        row = reading.fields(value[name], "pits", name)
        if row is None:
            return None
        if not row:
            reading.problem("no-pits", f"pits gives player {name} no pits", "pits", name)
            return None
        rows.append(tuple(row))
    return tuple(rows)


def _stores(reading: Reading) -> tuple[int, ...] | None:
    value = _by_player(reading, "stores", '{ 1 = "h1", 2 = "a2" }')
    if value is None:
        return None
    stores = []
    for name in ("1", "2"):
        if not isinstance(value[name], str):
            reading.problem("wrong-type", f"stores gives each player one field, like \"h1\", not "
                            f"{shown(value[name])}", "stores", name)
            return None
        store = reading.field(value[name], "stores", name)
        if store is None:
            return None
        stores.append(store)
    return tuple(stores)


def opposite(reading: Reading, rows: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """By field: the other row's pit in the same column, or -1 (none, or more than one)."""
    found = [-1] * reading.grid.size
    columns = reading.grid.columns
    for player, row in enumerate(rows):
        other = rows[1 - player]
        for index in row:
            facing = [pit for pit in other if pit % columns == index % columns]
            if len(facing) == 1:
                found[index] = facing[0]
    return tuple(found)
