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
from .position import BoardPosition, on_board
from .tables import KIND_SHIFT, OWNER_MASK, BoardTables, Geometry, Jumps, Kind, KindMoves, Rays, Steps

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


def compile_moves(kinds: tuple[Kind, ...], geometry: Geometry, players: int, fly: bool) -> tuple[KindMoves, ...]:
    """Each kind's moves by player and origin, made once: playing then only checks the fields they need."""
    made = []
    for kind in kinds:
        by_player = [_player_moves(kind, geometry, me) for me in range(players)]
        flights = tuple(tuple(tuple((to, BoardMove("fly", origin, to, (), (), promoted(kind, me, to)))
                                    for to in geometry.fields if to != origin and to not in kind.barred)
                              for origin in range(geometry.size)) for me in range(players)) if fly else ()
        made.append(KindMoves(tuple(p[0] for p in by_player), tuple(p[1] for p in by_player),
                              tuple(p[2] for p in by_player), tuple(p[3] for p in by_player), flights))
    return tuple(made)


def _player_moves(kind: Kind, geometry: Geometry, me: int) -> tuple[Steps, Rays, Jumps, Steps]:
    """One kind's steps, slides, jumps and takes for player `me`, each by origin."""
    neighbour = geometry.neighbour
    barred = kind.barred

    def arrive(what: str, origin: int, to: int, captures: tuple[int, ...] = ()) -> BoardMove:
        return BoardMove(what, origin, to, captures, (), promoted(kind, me, to))

    steps: list[tuple[tuple[int, BoardMove], ...]] = []
    takes: list[tuple[tuple[int, BoardMove], ...]] = []
    jumps: list[tuple[tuple[int, int, BoardMove], ...]] = []
    slides: list[tuple[tuple[tuple[int, BoardMove | None], ...], ...]] = []
    for origin in range(geometry.size):
        here = geometry.present[origin]
        ahead = [(d, neighbour[d][origin]) for d in range(8)] if here else []
        steps.append(tuple((to, arrive("step", origin, to)) for d, to in ahead
                           if d in kind.steps[me] and to >= 0 and to not in barred))
        takes.append(tuple((to, arrive("take", origin, to, (to,))) for d, to in ahead
                           if d in kind.takes[me] and to >= 0 and to not in barred))
        jumps.append(tuple((over, neighbour[d][over], arrive("jump", origin, neighbour[d][over], (over,)))
                           for d, over in ahead if d in kind.jumps[me] and over >= 0
                           and neighbour[d][over] >= 0 and neighbour[d][over] not in barred))
        rays: list[tuple[tuple[int, BoardMove | None], ...]] = []
        for d, first in ahead:
            if d not in kind.slides[me]:
                continue
            ray: list[tuple[int, BoardMove | None]] = []
            to = first
            while to >= 0:
                ray.append((to, None if to in barred else arrive("slide", origin, to)))
                to = neighbour[d][to]
            rays.append(tuple(ray))
        slides.append(tuple(rays))
    return tuple(steps), tuple(slides), tuple(jumps), tuple(takes)


def jumps_from(tables: BoardTables, cells: Sequence[int], me: int, origin: int) -> list[BoardMove]:
    """The jumps of the piece on `origin`, over a neighbouring opponent's piece to the empty field beyond."""
    mine = me + 1
    return [move for over, land, move in tables.kind_moves[cells[origin] >> KIND_SHIFT].jumps[me][origin]
            if cells[over] and cells[over] & OWNER_MASK != mine and not cells[land]]


def piece_moves(position: BoardPosition) -> list[BoardMove]:
    """Every move of the mover's pieces on the board (the moving phase: its hand is empty)."""
    tables = position.tables
    me = position.mover
    mine = me + 1  # a content's owner bits, as owner() reads them (inlined here: this loop is the engine's hottest)
    cells = position.cells
    kind_moves = tables.kind_moves
    found: list[BoardMove] = []
    flying = tables.fly and not position.hand[me] and on_board(position)[me] == tables.fly
    for origin in tables.geometry.fields:
        content = cells[origin]
        if content & OWNER_MASK != mine:
            continue
        moves = kind_moves[content >> KIND_SHIFT]
        if flying:
            found += [move for to, move in moves.flights[me][origin] if not cells[to]]
            continue
        for to, move in moves.steps[me][origin]:
            if not cells[to]:
                found.append(move)
        for ray in moves.slides[me][origin]:
            for to, maybe in ray:
                if cells[to]:
                    break
                if maybe is not None:
                    found.append(maybe)
        for to, move in moves.takes[me][origin]:
            taken = cells[to]
            if taken and taken & OWNER_MASK != mine:
                found.append(move)
        for over, land, move in moves.jumps[me][origin]:
            taken = cells[over]
            if taken and taken & OWNER_MASK != mine and not cells[land]:
                found.append(move)
    return found
