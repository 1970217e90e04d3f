"""Mechanism `captures`: custodial capture (between the piece that moved and another of the mover's, or a hostile
field), compulsory capture, and chains of jumps (a piece that has jumped jumps on, each jump a move of its own)."""

from __future__ import annotations

from ..declare import Key, Mechanism
from .moves import STOP, BoardMove
from .moving import jumps_from
from .position import BoardPosition, Next
from .tables import ORTHOGONAL, Chain, kind_of, owner

MECHANISM = Mechanism("captures", "Custodial capture, compulsory capture and chains of jumps.", (
    Key("custodial", "true or false", "false", "An opponent's piece left between the piece that moved and another "
        "of the mover's (or a hostile field), along a line, is captured.", "custodial = true"),
    Key("hostile", "a list of fields", "[]", "Fields that count as the mover's piece for custodial capture while "
        "empty (the throne).", 'hostile = ["e5"]'),
    Key("must-capture", "true or false", "false", "A player who can capture must.", "must-capture = true"),
    Key("chain", 'true, false or "must"', "false", "After a capturing jump the same piece may (true) or must "
        "(\"must\") jump on while it can, each jump a move of its own.", 'chain = "must"'),
), "board")


def going_on(position: BoardPosition) -> list[BoardMove] | None:
    """A chain's next jumps, while a piece that has jumped may go on (None when no chain is under way)."""
    if position.jumping < 0:
        return None
    found = jumps_from(position.tables, position.cells, position.mover, position.jumping)
    return found + [STOP] if position.tables.chain is Chain.MAY else found


def compulsory(position: BoardPosition, moves: list[BoardMove]) -> list[BoardMove]:
    capturing = [move for move in moves if move.captures]
    return capturing or moves


def chained(position: BoardPosition, move: BoardMove, made: Next) -> None:
    """After a jump that was not promoted, the piece goes on if it can jump again."""
    if move.kind == "jump" and move.becomes < 0 and jumps_from(position.tables, made.cells, position.mover,
                                                                move.target):
        made.jumping = move.target
        made.again = True


def custodial(position: BoardPosition, move: BoardMove, made: Next) -> None:
    """Capture every opponent's piece the moved piece has shut in against another of the mover's."""
    if move.target < 0 or move.kind == "remove":
        return
    tables = position.tables
    neighbour = tables.geometry.neighbour
    cells = made.cells
    me = position.mover
    at = move.target

    def hostile(index: int) -> bool:
        return index >= 0 and ((cells[index] != 0 and owner(cells[index]) == me)
                               or (index in tables.hostile and not cells[index]))

    for direction in range(8):
        victim = neighbour[direction][at]
        if victim < 0 or not cells[victim] or owner(cells[victim]) == me:
            continue
        if tables.kinds[kind_of(cells[victim])].surrounded:
            taken = all(hostile(neighbour[side][victim]) for side in ORTHOGONAL)
        else:
            taken = hostile(neighbour[direction][victim])
        if taken:
            made.captured.append(cells[victim])
            cells[victim] = 0
