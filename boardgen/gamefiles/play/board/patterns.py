"""Mechanism `patterns`: N in a row along a line wins; a mill (N along a drawn line) made by a placement or a move
lets the mover remove an opponent's piece that is not in a mill (any, where all are), as a move of its own."""

from __future__ import annotations

from ..declare import Key, Mechanism
from .moves import NOWHERE, BoardMove
from .position import NO_ARRIVAL, BoardPosition, Next
from .tables import DIRECTIONS, OWNER_MASK, Geometry, owner

MECHANISM = Mechanism("patterns", "Rows that win, and mills that remove a piece.", (
    Key("line-of", "a number", "", "This many of a player's pieces in a row along a line win (on a grid: rows, "
        "columns and diagonals).", "line-of = 4"),
    Key("mill", "a number", "", "This many of a player's pieces along a drawn line, made by a placement or a "
        "move, let the player remove an opponent's piece not in a mill (any, where all are).", "mill = 3"),
), "board")


def runs(geometry: Geometry, length: int, every_diagonal: bool) -> tuple[tuple[int, ...], ...]:
    """Every run of `length` fields in a row: along the drawn lines, or (on a grid, `every_diagonal`) along its
    rows, columns and diagonals whatever lines it plays along."""
    found = []
    for start in range(geometry.size):
        if not geometry.present[start]:
            continue
        column, row = start % geometry.columns, start // geometry.columns
        for direction in range(4):  # up, up-right, right, down-right: each run once
            if every_diagonal:
                dc, dr = DIRECTIONS[direction]
                places = [(column + n * dc, row + n * dr) for n in range(length)]
                if all(0 <= c < geometry.columns and 0 <= r < geometry.rows
                       and geometry.present[r * geometry.columns + c] for c, r in places):
                    found.append(tuple(r * geometry.columns + c for c, r in places))
                continue
            run = [start]
            while len(run) < length and geometry.neighbour[direction][run[-1]] >= 0:
                run.append(geometry.neighbour[direction][run[-1]])
            if len(run) == length:
                found.append(tuple(run))
    return tuple(found)


def by_field(size: int, all_runs: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(run for run in all_runs if index in run) for index in range(size))


def line_winner(position: BoardPosition) -> int:
    """The player with line-of pieces in a row, or -1.  Only a piece just placed or moved can make a row (one
    made before would have ended the game), so only the rows through its field are looked at, where known."""
    cells = position.cells
    last = position.last
    if last == NO_ARRIVAL:
        return -1
    for run in position.tables.lines_through[last] if last >= 0 else position.tables.lines_of:
        first = cells[run[0]]
        if not first:
            continue
        who = first & OWNER_MASK
        for index in run:
            if cells[index] & OWNER_MASK != who:
                break
        else:
            return who - 1
    return -1


def in_mill(position_cells: list[int] | tuple[int, ...], mills: tuple[tuple[int, ...], ...], index: int) -> bool:
    who = position_cells[index] & OWNER_MASK
    for mill in mills:
        for field in mill:
            if position_cells[field] & OWNER_MASK != who:
                break
        else:
            return True
    return False


def milled(position: BoardPosition, move: BoardMove, made: Next) -> None:
    """A mill made by the move: the mover removes a piece next, if any opponent has one on the board."""
    if move.target < 0 or move.kind == "remove":
        return
    me = position.mover
    if in_mill(made.cells, position.tables.mills[move.target], move.target) and \
            any(c and owner(c) != me for c in made.cells):
        made.removing = True
        made.again = True


def removals(position: BoardPosition) -> list[BoardMove] | None:
    """The pieces the mover may remove after a mill (None when no removal is due)."""
    if not position.removing:
        return None
    cells = position.cells
    mills = position.tables.mills
    theirs = [i for i, c in enumerate(cells) if c and owner(c) != position.mover]
    free = [i for i in theirs if not in_mill(cells, mills[i], i)]
    return [BoardMove("remove", NOWHERE, i, (i,)) for i in (free or theirs)]
