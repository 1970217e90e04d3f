"""Mechanism `sowing captures`: what the last seed captures by where it lands.

In an empty pit of the mover's own row, with seeds in the pit opposite, it takes both (Kalah); in an opponent's
pit making one of the counts (2 or 3 in Oware), it takes that pit's seeds, and on back along that row, against
the sowing, while each pit holds one of the counts.  A count capture that would take every seed in the opponent's
row may capture nothing instead (Oware's grand slam).
"""

from __future__ import annotations

from ..declare import Key, Mechanism
from .moves import SowMove
from .position import Next, SowingPosition
from .tables import GrandSlam

MECHANISM = Mechanism("sowing captures", "What the last seed sown captures, by where it lands.", (
    Key("capture-opposite", "true or false", "false", "The last seed in an empty pit of the mover's own row, with "
        "seeds in the pit opposite (the other row's pit in the same column), takes both for the mover; with the pit "
        "opposite empty, nothing is taken.", "capture-opposite = true"),
    Key("capture-counts", "a list of numbers", "[]", "The last seed in an opponent's pit making one of these "
        "counts there captures that pit's seeds.", "capture-counts = [2, 3]"),
    Key("capture-back", "true or false", "false", "A count capture goes on back along the opponent's row, against "
        "the sowing, taking each pit that holds one of the counts, until one does not.", "capture-back = true"),
    Key("grand-slam", '"allowed" or "no-capture"', '"allowed"', "A count capture that would take every seed in "
        "the opponent's row: takes them all, or the move is played and captures nothing.",
        'grand-slam = "no-capture"', choices=tuple(g.value for g in GrandSlam)),
), "sowing")


def opposite_capture(position: SowingPosition, move: SowMove, made: Next) -> None:
    """The last seed alone in a pit of the mover's row takes itself and the seeds of the pit opposite, if any."""
    tables = position.tables
    last = made.last
    seeds = made.seeds
    if tables.row_of[last] != position.mover or seeds[last] != 1:
        return
    facing = tables.opposite[last]
    if facing < 0 or not seeds[facing]:
        return
    banked(position, made, (facing, last))


def count_capture(position: SowingPosition, move: SowMove, made: Next) -> None:
    """The last seed making a capturing count in an opponent's pit takes it, and (capture-back) the pits before
    it in that row while they hold a capturing count; unless that is every seed the opponent has and the rules
    refuse a grand slam."""
    tables = position.tables
    last = made.last
    seeds = made.seeds
    counts = tables.capture_counts
    other = 1 - position.mover
    if tables.row_of[last] != other or seeds[last] not in counts:
        return
    taken = [last]
    if tables.capture_back:
        before = tables.before
        at = before[last]
        while at >= 0 and seeds[at] in counts:
            taken.append(at)
            at = before[at]
    if tables.grand_slam is GrandSlam.NO_CAPTURE and \
            sum(seeds[index] for index in taken) == sum(tables.row_seeds[other](seeds)):
        return
    banked(position, made, tuple(taken))


def banked(position: SowingPosition, made: Next, taken: tuple[int, ...]) -> None:
    """The seeds of the pits `taken` captured by the mover: into its store, or kept beside the board."""
    tables = position.tables
    me = position.mover
    seeds = list(made.seeds)
    gained = 0
    for index in taken:
        gained += seeds[index]
        seeds[index] = 0
    if tables.stores:
        seeds[tables.stores[me]] += gained
    else:
        kept = made.captured
        made.captured = (kept[0] + gained, kept[1]) if me == 0 else (kept[0], kept[1] + gained)
    made.seeds = tuple(seeds)
    made.gained += gained
    made.taken += taken
