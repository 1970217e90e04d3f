"""Mechanism `sowing ends`: how a sowing game ends, and who wins.

It ends when a player has captured more than half the seeds (majority-wins: it wins; half each is a draw), as soon
as either row is empty (empty-row-ends), when a position comes back since the last capture (repeat-ends), or when
the player to move has no legal move (no-move = "end"; with "pass" the other moves on, and the game ends when
neither can).  Except when a player has more than half, each player then takes the seeds left on its own side
(its row: a move that ends the game so leaves them in their owners' stores, or kept beside the board), and the
most seeds captured wins; equal counts draw.
"""

from __future__ import annotations

from collections.abc import Callable

from ....engine.contract import Outcome, OutcomeCode
from ..declare import Key, Mechanism
from .position import NO_HISTORY, PLAYER_NAMES, History, SowingPosition
from .tables import NoMove

# How the game ends: its outcome, and whether each player takes the seeds left on its side.
Ending = tuple[Outcome, bool]

MECHANISM = Mechanism("sowing ends", "How a sowing game ends: an empty row, more than half the seeds, a position "
                      "come back, no move.", (
    Key("empty-row-ends", "true or false", "false", "The game ends as soon as either row is empty, whoever is to "
        "move.", "empty-row-ends = true"),
    Key("majority-wins", "true or false", "false", "A player who has captured more than half the seeds wins at "
        "once; half each is a draw.", "majority-wins = true"),
    Key("repeat-ends", "true or false", "false", "The game ends when a position (the seeds in every pit and "
        "store, those captured, the player to move) comes back since the last capture.", "repeat-ends = true"),
    Key("no-move", '"end" or "pass"', '"end"', "The player to move has no legal move: the game ends, or the other "
        "player moves on (the game ends when neither can).", 'no-move = "pass"',
        choices=tuple(n.value for n in NoMove)),
), "sowing")


def decided(position: SowingPosition) -> Ending | None:
    """The endings a look at the position gives (a player without a move is the rules' to find)."""
    tables = position.tables
    seeds = position.seeds
    if tables.majority_wins:
        stores = tables.stores
        first, second = (seeds[stores[0]], seeds[stores[1]]) if stores else position.captured
        total = tables.total
        if 2 * first > total or 2 * second > total:
            winner, most = (0, first) if first > second else (1, second)
            return Outcome(PLAYER_NAMES[winner], f"captured more than half the seeds, {most} of {total}",
                           OutcomeCode.SCORE), False
        if 2 * first == 2 * second == total:
            return Outcome(None, f"half the seeds each, {first}", OutcomeCode.DRAW), False
    if tables.empty_row_ends:
        row_seeds = tables.row_seeds
        if not any(row_seeds[0](seeds)):
            return ended(position, "player 1's row is empty"), True
        if not any(row_seeds[1](seeds)):
            return ended(position, "player 2's row is empty"), True
    if tables.repeat_ends and position.seeds in position.history[position.mover]:
        return ended(position, "the position came back"), True
    return None


def ended(position: SowingPosition, why: str) -> Outcome:
    """The game over: each player takes the seeds on its side to those it captured; the most wins."""
    tables = position.tables
    seeds = position.seeds
    totals = [tables.score(seeds, position.captured, p) + sum(tables.row_seeds[p](seeds)) for p in range(2)]
    if totals[0] == totals[1]:
        return Outcome(None, f"{why}, {totals[0]} seeds each", OutcomeCode.DRAW)
    winner = 0 if totals[0] > totals[1] else 1
    return Outcome(PLAYER_NAMES[winner], f"{why}, {totals[winner]} seeds to {totals[1 - winner]}",
                   OutcomeCode.SCORE)


def stuck(position: SowingPosition, others_can: Callable[[], bool]) -> Ending | None:
    """A player to move without a legal move: the game's end, or None where it passes to an opponent who can move
    (`others_can`, asked only where the rules pass)."""
    tables = position.tables
    if tables.no_move is NoMove.PASS:
        return None if others_can() else (ended(position, "neither player can move"), True)
    me = position.mover
    if any(tables.row_seeds[me](position.seeds)):  # seeds, but none it may sow: it cannot feed the opponent
        return ended(position, f"player {me + 1} cannot give player {2 - me} seeds"), True
    return ended(position, f"player {me + 1} cannot move"), True


def taken(position: SowingPosition) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seeds and those kept beside the board once each player has taken the seeds on its side: into its store,
    or beside the board."""
    tables = position.tables
    seeds = list(position.seeds)
    kept = list(position.captured)
    for player, row in enumerate(tables.rows):
        left = 0
        for index in row:
            left += seeds[index]
            seeds[index] = 0
        if tables.stores:
            seeds[tables.stores[player]] += left
        else:
            kept[player] += left
    return tuple(seeds), tuple(kept)


def remembered(position: SowingPosition, captured: bool) -> History:
    """The history the next position carries: none after a capture, else this one's and this position."""
    if not position.tables.repeat_ends or captured:
        return NO_HISTORY
    history = position.history
    mover = position.mover
    seen = history[mover] | {position.seeds}
    return (seen, history[1]) if mover == 0 else (history[0], seen)
