"""Mechanism `moves`: how a kind of piece moves along the lines: steps, slides, jumps over a piece, takes; flying.

A kind's `steps` go to an empty neighbour, `slides` any distance through empty fields, `jumps` over a neighbouring
opponent's piece to the empty field beyond (capturing it), `takes` onto a neighbouring opponent's piece (capturing
it); each along a line, in the kind's directions for its player.  A piece that arrives where its kind is promoted
becomes the kind it is promoted to.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..declare import Key, Mechanism, Table
from .moves import BoardMove
from .position import BoardPosition
from .tables import KIND_SHIFT, OWNER_MASK, BoardTables, Kind, kind_of, owner

_DIRECTIONS = "a list of directions, or a table of them by player"
MECHANISM = Mechanism("moves", "How each kind of piece moves along the lines; flying when few are left.", (
    Key("steps", _DIRECTIONS, "[]", "The directions a piece steps in, to an empty neighbouring field.",
        'steps = ["forward-left", "forward-right"]', Table.KIND),
    Key("slides", _DIRECTIONS, "[]", "The directions a piece slides in, any distance through empty fields.",
        'slides = ["orthogonal"]', Table.KIND),
    Key("jumps", _DIRECTIONS, "[]", "The directions a piece jumps in: over a neighbouring opponent's piece to the "
        "empty field beyond, capturing it.", 'jumps = ["diagonal"]', Table.KIND),
    Key("takes", _DIRECTIONS, "[]", "The directions a piece captures in by moving onto a neighbouring opponent's "
        "piece.", 'takes = ["forward-left", "forward-right"]', Table.KIND),
    Key("fly", "a number", "", "A player with exactly this many pieces, none in hand, moves a piece to any empty "
        "field.", "fly = 3"),
), "board")


def promoted(kind: Kind, player: int, target: int) -> int:
    return kind.promote_to if kind.promote_to >= 0 and target in kind.promote_on[player] else -1


def jumps_from(tables: BoardTables, cells: Sequence[int], me: int, origin: int) -> list[BoardMove]:
    """The jumps of the piece on `origin`, over a neighbouring opponent's piece to the empty field beyond."""
    neighbour = tables.geometry.neighbour
    kind = tables.kinds[kind_of(cells[origin])]
    found = []
    for direction in kind.jumps[me]:
        over = neighbour[direction][origin]
        if over < 0 or not cells[over] or owner(cells[over]) == me:
            continue
        land = neighbour[direction][over]
        if land >= 0 and not cells[land] and land not in kind.barred:
            found.append(BoardMove("jump", origin, land, (over,), (), promoted(kind, me, land)))
    return found


def piece_moves(position: BoardPosition) -> list[BoardMove]:
    """Every move of the mover's pieces on the board (the moving phase: its hand is empty)."""
    tables = position.tables
    me = position.mover
    mine = me + 1  # a content's owner bits, as owner() reads them (inlined here: this loop is the engine's hottest)
    cells = position.cells
    neighbour = tables.geometry.neighbour
    kinds = tables.kinds
    found: list[BoardMove] = []
    flying = tables.fly and not position.hand[me] and \
        sum(1 for c in cells if c & OWNER_MASK == mine) == tables.fly
    empty = [i for i, c in enumerate(cells) if not c and tables.geometry.present[i]] if flying else []
    for origin, content in enumerate(cells):
        if content & OWNER_MASK != mine:
            continue
        kind = kinds[content >> KIND_SHIFT]
        barred = kind.barred
        if flying:
            if kind.promote_to < 0:
                found += [BoardMove("fly", origin, to) for to in empty if to not in barred]
            else:
                found += [BoardMove("fly", origin, to, (), (), promoted(kind, me, to)) for to in empty
                          if to not in barred]
            continue
        for direction in kind.steps[me]:
            to = neighbour[direction][origin]
            if to >= 0 and not cells[to] and to not in barred:
                found.append(BoardMove("step", origin, to, (), (), promoted(kind, me, to)))
        for direction in kind.slides[me]:
            to = neighbour[direction][origin]
            while to >= 0 and not cells[to]:
                if to not in barred:
                    found.append(BoardMove("slide", origin, to, (), (), promoted(kind, me, to)))
                to = neighbour[direction][to]
        for direction in kind.takes[me]:
            to = neighbour[direction][origin]
            if to >= 0 and cells[to] and cells[to] & OWNER_MASK != mine and to not in barred:
                found.append(BoardMove("take", origin, to, (to,), (), promoted(kind, me, to)))
        if kind.jumps[me]:
            found += jumps_from(tables, cells, me, origin)
    return found
