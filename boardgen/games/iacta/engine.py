"""IACTA's rules: legal moves, applying a move, and who has won.

Fields are indices 0-99 (row * 10 + column, a1 = 0) so that the move
generator can use tables built once: the fields at each distance from each
field, and each homeland as a set of indices.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from ...positions import Piece
from .homelands import BORDER_REACH, CORE_REACH, CORNERS, GRID, corner_distance
from .position import LETTER, PLAYERS, IactaPosition, field_of, index, name

STRIKE_SUMS = frozenset({6, 7, 8})
MAX_DISTANCE = 6
_SIZE = GRID.columns * GRID.rows
_REACH = {"small": CORE_REACH, "large": BORDER_REACH}


@dataclass(frozen=True, slots=True)
class Move:
    """One legal move.  Fields are indices; `name()` turns them into a1 ... j10.

    kind "move": origin -> target showing face.  "strike": the same onto an
    opponent die, which goes to `home`.  "rocade": origin and target swap
    (origin < target).  "pass": nothing moves.
    """

    kind: str
    origin: int = -1
    target: int = -1
    face: int = 0
    home: int = -1


PASS = Move("pass")

# Moves are interned: the same move is the same object every time.  There are
# at most a few hundred thousand distinct moves, and building a frozen
# dataclass costs over a microsecond, which was nine tenths of move generation.
_INTERNED: dict[int, Move] = {}


def _move(origin: int, target: int, face: int) -> Move:
    key = (origin * _SIZE + target) * 8 + face
    move = _INTERNED.get(key)
    if move is None:
        move = _INTERNED[key] = Move("move", origin, target, face)
    return move


def _strike(origin: int, target: int, face: int, home: int) -> Move:
    key = -(((origin * _SIZE + target) * 8 + face) * _SIZE + home) - 1
    move = _INTERNED.get(key)
    if move is None:
        move = _INTERNED[key] = Move("strike", origin, target, face, home)
    return move


def _ring(i: int, distance: int) -> tuple[int, ...]:
    column, row = field_of(i)
    found = set()
    for dx in range(-distance, distance + 1):
        rest = distance - abs(dx)
        for dy in {rest, -rest}:
            if GRID.contains((column + dx, row + dy)):
                found.add(index((column + dx, row + dy)))
    return tuple(sorted(found))


# RINGS[d][i]: the fields exactly d steps (rows plus columns) from field i, in field order.
RINGS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ring(i, d) for i in range(_SIZE)) for d in range(MAX_DISTANCE + 1)
)


@lru_cache(maxsize=None)
def homeland(player: str, end: str, size: str) -> frozenset[int]:
    corner = CORNERS[(player, end)]
    return frozenset(index(f) for f in GRID.fields() if corner_distance(f, corner) <= _REACH[size])


def _opponent(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def winners(position: IactaPosition) -> list[str]:
    """Players whose dice all stand in their goal homeland."""
    goals = {LETTER[p]: homeland(p, "goal", position.rules.homeland[p]) for p in PLAYERS}
    has_dice = dict.fromkeys(goals, False)
    outside = dict.fromkeys(goals, False)
    for i, piece in enumerate(position.cells):
        if piece is not None:
            has_dice[piece.owner] = True
            if i not in goals[piece.owner]:
                outside[piece.owner] = True
    return [p for p in PLAYERS if has_dice[LETTER[p]] and not outside[LETTER[p]]]


def winner(position: IactaPosition) -> str | None:
    found = winners(position)
    return found[0] if len(found) == 1 else None


def _steps(throw: tuple[int, int], doubles: str) -> list[tuple[int, int | None]]:
    """(distance, face shown) choices for a throw; face None keeps the die's own face."""
    a, b = throw
    if a != b:
        return [(a, b), (b, a)]
    if doubles == "throw":
        return [(d, a) for d in range(1, MAX_DISTANCE + 1)]
    if doubles == "keep":
        return [(a, a)] + [(d, None) for d in range(1, MAX_DISTANCE + 1)]
    return [(a, a)]


def legal_moves(position: IactaPosition) -> list[Move]:
    """Every legal move, pass last; none without a throw or once the game is won."""
    if position.throw is None or winners(position):
        return []
    return _generate(position)


def _generate(position: IactaPosition) -> list[Move]:
    cells = position.cells
    rules = position.rules
    me = LETTER[position.to_move]
    other = _opponent(position.to_move)
    other_size = rules.homeland[other]
    other_safe = homeland(other, "start", other_size) | homeland(other, "goal", other_size)
    other_start = sorted(homeland(other, "start", other_size))
    steps = _steps(position.throw, rules.doubles)
    seen: set[Move] | None = set() if rules.doubles == "keep" else None
    moves: list[Move] = []
    add = moves.append
    for origin, piece in enumerate(cells):
        if piece is None or piece.owner != me:
            continue
        # Where a struck die may go: free start fields once the mover has left its own field.
        free_homes = [h for h in other_start if cells[h] is None or h == origin]
        for distance, shown in steps:
            face = piece.face if shown is None else shown
            for target in RINGS[distance][origin]:
                occupant = cells[target]
                if seen is not None:
                    # "keep" can reach the same field showing the same face two ways.
                    key = _move(origin, target, face)
                    if key in seen:
                        continue
                    seen.add(key)
                if occupant is None:
                    add(_move(origin, target, face))
                elif occupant.owner != me and face + occupant.face in STRIKE_SUMS and target not in other_safe:
                    for home in free_homes:
                        add(_strike(origin, target, face, home))
    if rules.rocade and 2 in position.throw:
        moves.extend(_rocades(position))
    add(PASS)
    return moves


def _rocades(position: IactaPosition) -> Iterator[Move]:
    guarded: set[int] = set()
    for player in PLAYERS:
        size = position.rules.homeland[player]
        guarded |= homeland(player, "start", size) | homeland(player, "goal", size)
    loose = [i for i, piece in enumerate(position.cells) if piece is not None and i not in guarded]
    for n, first in enumerate(loose):
        for second in loose[n + 1 :]:
            if position.cells[first] != position.cells[second]:  # swapping twins changes nothing
                yield Move("rocade", first, second)


def apply(position: IactaPosition, move: Move) -> IactaPosition:
    """The position after `move`, with the other player to move and no throw yet."""
    cells = list(position.cells)
    me = LETTER[position.to_move]
    if move.kind in ("move", "strike"):
        struck = cells[move.target]
        cells[move.origin] = None
        cells[move.target] = Piece(me, move.face)
        if move.kind == "strike":
            cells[move.home] = struck
    elif move.kind == "rocade":
        cells[move.origin], cells[move.target] = cells[move.target], cells[move.origin]
    elif move.kind != "pass":
        raise ValueError(f"unknown move kind {move.kind!r}")
    return IactaPosition(_opponent(position.to_move), tuple(cells), None, position.rules)


def notation(move: Move) -> str:
    """c1-e3=2 (move, showing 2), c1xe3=2>j1 (strike, struck die to j1), e5<>f6 (rocade), pass."""
    if move.kind == "move":
        return f"{name(move.origin)}-{name(move.target)}={move.face}"
    if move.kind == "strike":
        return f"{name(move.origin)}x{name(move.target)}={move.face}>{name(move.home)}"
    if move.kind == "rocade":
        first, second = sorted([name(move.origin), name(move.target)])
        return f"{first}<>{second}"
    return "pass"


def move_json(move: Move) -> dict:
    if move.kind == "move":
        data = {"kind": "move", "from": name(move.origin), "to": name(move.target), "face": move.face}
    elif move.kind == "strike":
        data = {"kind": "strike", "from": name(move.origin), "to": name(move.target), "face": move.face,
                "home": name(move.home)}
    elif move.kind == "rocade":
        data = {"kind": "rocade", "squares": sorted([name(move.origin), name(move.target)])}
    else:
        data = {"kind": "pass"}
    data["notation"] = notation(move)
    return data


def reached_fields(move: Move) -> list[int]:
    """Fields a diagram marks for this move: where the die lands, or both rocade fields."""
    if move.kind in ("move", "strike"):
        return [move.target]
    if move.kind == "rocade":
        return [move.origin, move.target]
    return []
