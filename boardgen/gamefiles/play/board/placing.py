"""Mechanism `place`: pieces placed from the hand, anywhere, in the lowest empty field of a column, or outflanking
a line of the opponent's pieces, which turn (Reversi).  A player places while its hand holds pieces, then moves."""

from __future__ import annotations

from ..declare import Key, Mechanism
from .moves import HAND, BoardMove
from .position import BoardPosition
from .tables import OWNER_MASK, Place, kind_of, piece

MECHANISM = Mechanism("place", "Placing pieces from the hand: anywhere, in a column, or outflanking.", (
    Key("place", '"anywhere", "column" or "flank"', "", "Where a piece from the hand goes: any empty field, the "
        "lowest empty field of a column, or an empty field that outflanks opponent pieces, which turn.",
        'place = "column"', choices=tuple(p.value for p in Place)),
    Key("hand", "a number, or a table of them by player", "pieces less those the start puts on the board",
        "How many pieces each player has to place.", "hand = 9"),
    Key("borrow", "true or false", "false", "A player whose hand is empty places one of the opponent's.",
        "borrow = true"),
), "board")


def placing(position: BoardPosition) -> list[BoardMove] | None:
    """The placements, while the mover has pieces to place (None once it has none: it moves its pieces)."""
    tables = position.tables
    me = position.mover
    if not position.hand[me] and not (tables.borrow and any(position.hand)):
        return None
    cells = position.cells
    present = tables.geometry.present
    made = tables.place_moves
    if tables.place is Place.ANYWHERE:
        return [made[i] for i, c in enumerate(cells) if not c and present[i]]
    if tables.place is Place.COLUMN:
        found = []
        columns = tables.geometry.columns
        for column in range(columns):
            for index in range(column, len(cells), columns):
                if present[index] and not cells[index]:
                    found.append(made[index])
                    break
        return found
    assert tables.place is Place.FLANK  # the third way of placing: outflanking
    return [move for index, c in enumerate(cells) if not c and present[index]
            for move in _outflanking(position, index)]


def _outflanking(position: BoardPosition, index: int) -> list[BoardMove]:
    cells = position.cells
    mine = position.mover + 1
    turned: list[int] = []
    for ray in position.tables.geometry.rays[index]:
        first = cells[ray[0]]
        if not first or first & OWNER_MASK == mine:
            continue
        for reach, at in enumerate(ray):
            content = cells[at]
            if not content:
                break
            if content & OWNER_MASK == mine:
                turned += ray[:reach]
                break
    return [BoardMove("place", HAND, index, (), tuple(sorted(turned)))] if turned else []


def placed(position: BoardPosition, hand: list[int]) -> int:
    """Take the piece placed from the mover's hand (or, borrowing, from another's): what lands on the field."""
    me = position.mover
    if hand[me]:
        hand[me] -= 1
    else:
        lender = next(p for p in range(len(hand)) if hand[p])
        hand[lender] -= 1
    return piece(me, 0)


def turned(content: int, player: int) -> int:
    return piece(player, kind_of(content))
