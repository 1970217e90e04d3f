"""Mechanism `sowing`: a move takes every seed from one of the mover's pits and sows them one by one into the
fields that follow round the cycle, passing by the fields the rules skip (the opponent's store; the pit sown from,
where the rules say so); the last seed in the mover's own store may give another turn.

The way round is worked out once per player and pit (tables.orders): n seeds into a way of L fields put n // L into
each and one more into the first n % L.  What that does to every field is worked out once too, for every count a
pit may hold up to a few times round (tables.plans): sowing them is adding two tuples, field by field.
"""

from __future__ import annotations

from operator import add

from ..declare import Key, Mechanism
from ..reading import Reading, shown
from .moves import SowMove
from .pits import Pits
from .position import Next, SowingPosition
from .tables import Plan, SkipStores

PLANNED_LAPS = 4  # counts planned: up to this many times round the way (more in one pit is sown seed by seed)
PLANNED_MOST = 400_000  # numbers in all the plans of one set of rules, at most: a big board sows seed by seed

MECHANISM = Mechanism("sowing", "A move sows every seed of one of the mover's pits, one by one, round the cycle.", (
    Key("sow", "a list of fields and lines of them (\"b1-h1\"): every pit and store once",
        "each player's pits, then its store, player by player",
        "The cycle seeds go round, in order, from the last field back to the first.", 'sow = ["b1-h1", "g2-a2"]'),
    Key("skip-stores", '"opponent" or "none"', '"opponent"', "The stores a sower passes by: the opponent's, or "
        "none (a seed goes into either).", 'skip-stores = "none"', choices=tuple(s.value for s in SkipStores)),
    Key("skip-origin", "true or false", "false", "The pit sown from is passed by when the sowing comes round to it "
        "(so a pit of 12 seeds or more on a board of 12 pits gets none back).", "skip-origin = true"),
    Key("store-again", "true or false", "false", "The last seed sown into the mover's own store gives it another "
        "turn.", "store-again = true"),
), "sowing")


def compile_cycle(reading: Reading, pits: Pits) -> tuple[int, ...] | None:
    """sow -> the cycle of fields: every pit and store once, nothing else (each player's pits, then its store,
    where the file leaves it out)."""
    stores = pits.stores
    wanted = {index: f"player {p + 1}'s pit" for p, row in enumerate(pits.rows) for index in row}
    wanted.update({index: f"player {p + 1}'s store" for p, index in enumerate(stores)})
    if "sow" not in reading.table:
        return tuple(index for p, row in enumerate(pits.rows) for index in (*row, *stores[p:p + 1]))
    cycle = reading.fields(reading.table["sow"], "sow")
    if cycle is None:
        return None
    names = reading.grid.index_name
    for index in cycle:
        if index not in wanted:
            reading.problem("not-a-pit", f"sow goes through {names(index)}, which is no pit nor store (pits and "
                            "stores say which fields are)", "sow")
            return None
    twice = sorted({index for index in cycle if cycle.count(index) > 1})
    if twice:
        reading.problem("twice", f"sow passes {names(twice[0])} twice: the cycle goes through each pit and store "
                        "once", "sow")
        return None
    left_out = [index for index in wanted if index not in cycle]
    if left_out:
        reading.problem("left-out", f"sow leaves out {names(left_out[0])} ({wanted[left_out[0]]}): the cycle goes "
                        f"through every pit and store, like sow = {shown(_example(reading, pits))}", "sow")
        return None
    return tuple(cycle)


def _example(reading: Reading, pits: Pits) -> list[str]:
    names = reading.grid.index_name
    return [names(i) for p, row in enumerate(pits.rows) for i in (*row, *pits.stores[p:p + 1])]


def along(cycle: tuple[int, ...], members: tuple[int, ...]) -> tuple[int, ...]:
    """A row's pits in the order seeds are sown into them: round the cycle from the pit that follows no pit of the
    row (whatever order the file lists them in)."""
    place = {index: n for n, index in enumerate(cycle)}
    inside = set(members)
    starts = [index for index in members if cycle[place[index] - 1] not in inside]
    first = place[min(starts or members, key=place.__getitem__)]
    return tuple(sorted(members, key=lambda index: (place[index] - first) % len(cycle)))


def ways_round(cycle: tuple[int, ...], rows: tuple[tuple[int, ...], ...], stores: tuple[int, ...], size: int,
               skip: SkipStores, skip_origin: bool) -> tuple[tuple[tuple[tuple[int, ...], ...], ...],
                                                          tuple[tuple[int, ...], ...]]:
    """By player and field: the fields its seeds go into from that pit, and how many seeds reach the opponent's
    row from there (0: none ever)."""
    orders = []
    reach = []
    for player, row in enumerate(rows):
        passed = {stores[1 - player]} if stores and skip is SkipStores.OPPONENT else set()
        way = [index for index in cycle if index not in passed]
        theirs = set(rows[1 - player])
        by_field: list[tuple[int, ...]] = [()] * size
        reaching = [0] * size
        for origin in row:
            n = way.index(origin)
            order = tuple(way[n + 1:] + way[:n] + ([] if skip_origin else [origin]))
            by_field[origin] = order
            reaching[origin] = next((k + 1 for k, index in enumerate(order) if index in theirs), 0)
        orders.append(tuple(by_field))
        reach.append(tuple(reaching))
    return tuple(orders), tuple(reach)


def plans(orders: tuple[tuple[tuple[int, ...], ...], ...], size: int,
          total: int) -> tuple[tuple[tuple[Plan, ...], ...], ...]:
    """By player, field and count: what sowing that many seeds from there adds to each field (the pit itself losing
    them), and where the last one goes, for counts up to a few times round (and up to every seed in the game);
    (): no plans for a field that is not one of the player's pits, or where they would take too much room."""
    pits = sum(1 for by_field in orders for order in by_field if order)
    longest = max((len(order) for by_field in orders for order in by_field), default=0)
    if pits * size * min(PLANNED_LAPS * longest, total) > PLANNED_MOST:
        return tuple(((),) * size for _ in orders)
    found = []
    for by_field in orders:
        planned: list[tuple[Plan, ...]] = []
        for origin, order in enumerate(by_field):
            if not order:
                planned.append(())
                continue
            counts = [((0,) * size, origin)]  # no move sows nothing: a place holder, so a count is its index
            for count in range(1, min(PLANNED_LAPS * len(order), total) + 1):
                change = [0] * size
                change[origin] -= count
                laps, rest = divmod(count, len(order))
                for index in order:
                    change[index] += laps
                for index in order[:rest]:
                    change[index] += 1
                counts.append((tuple(change), order[rest - 1] if rest else order[-1]))
            planned.append(tuple(counts))
        found.append(tuple(planned))
    return tuple(found)


def sow(position: SowingPosition, origin: int) -> Next:
    """Every seed of `origin` sown, one by one, along the mover's way round from there."""
    count = position.seeds[origin]
    planned = position.tables.plans[position.mover][origin]
    if count < len(planned):
        change, last = planned[count]
        return Next(tuple(map(add, position.seeds, change)), last, position.captured)
    seeds = list(position.seeds)  # more seeds than planned for (many times round, or a big board): seed by seed
    seeds[origin] = 0
    order = position.tables.orders[position.mover][origin]
    laps, rest = divmod(count, len(order))
    for index in order if laps else ():
        seeds[index] += laps
    for index in order[:rest]:
        seeds[index] += 1
    return Next(tuple(seeds), order[rest - 1] if rest else order[-1], position.captured)


def sown_into(position: SowingPosition, origin: int) -> list[int]:
    """The fields the seeds of `origin` go into, in order, one a seed (a field twice where they go round twice)."""
    order = position.tables.orders[position.mover][origin]
    count = position.seeds[origin]
    laps, rest = divmod(count, len(order))
    return list(order) * laps + list(order[:rest])


def again_in_store(position: SowingPosition, move: SowMove, made: Next) -> None:
    """The last seed in the mover's own store: the mover sows again."""
    if made.last == position.tables.stores[position.mover]:
        made.again = True
