"""Alea's rules: moving dice, doubles and towers, the prison, and who has won.

Fields are indices 0-63 (row * 8 + column, a1 = 0).  RAYS[i] lists, for each
of the eight directions, the fields from i outwards to the edge: a die walks
along a ray and stops at the first die it meets.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...positions import Piece, Stack
from .board import GRID, PRISON
from .position import LETTER, PLAYERS, AleaPosition, field_of, index, name, stack_token

_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_LINE_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # each line of three counted once
PRISON_INDICES = frozenset(index(f) for f in PRISON)


def _ray(i: int, dx: int, dy: int) -> tuple[int, ...]:
    column, row = field_of(i)
    out = []
    column, row = column + dx, row + dy
    while GRID.contains((column, row)):
        out.append(index((column, row)))
        column, row = column + dx, row + dy
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(r for r in (_ray(i, dx, dy) for dx, dy in _DIRECTIONS) if r) for i in range(GRID.columns * GRID.rows)
)
# Every run of three fields in a line, for the win by three sixes.
TRIPLES: tuple[tuple[int, int, int], ...] = tuple(
    (i, index((c + dx, r + dy)), index((c + 2 * dx, r + 2 * dy)))
    for i in range(GRID.columns * GRID.rows)
    for c, r in [field_of(i)]
    for dx, dy in _LINE_DIRECTIONS
    if GRID.contains((c + 2 * dx, r + 2 * dy))
)


@dataclass(frozen=True, slots=True)
class Move:
    """kind: move (a lone die or a whole double), double, tower, or descend (leaving a stack).

    `dice` is how many dice travel; `result` is the stack on the target afterwards.
    """

    kind: str
    origin: int
    target: int
    dice: int
    result: Stack
    turned: bool = False  # the travelling die shows a new face


TRIPLES_FROM: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(t for t in TRIPLES if t[0] == i) for i in range(GRID.columns * GRID.rows)
)

# Moves are interned, as in IACTA: building a frozen dataclass costs over a
# microsecond, and the same few thousand moves come up again and again.
_INTERNED: dict[tuple, "Move"] = {}


def _move(kind: str, origin: int, target: int, dice: int, result: Stack, turned: bool = False) -> "Move":
    key = (kind, origin, target, dice, result, turned)
    move = _INTERNED.get(key)
    if move is None:
        move = _INTERNED[key] = Move(kind, origin, target, dice, result, turned)
    return move


_SINGLE: dict[int, "Move"] = {}
_KINDS = ("move", "descend")
_SIZE = GRID.columns * GRID.rows


def _single(kind_code: int, origin: int, target: int, piece: Piece, turned: bool) -> "Move":
    """The commonest moves, one die to an empty field, interned under a plain integer key."""
    key = ((((kind_code * _SIZE + origin) * _SIZE + target) * 2 + (piece.owner == "w")) * 8 + piece.face) * 2 + turned
    move = _SINGLE.get(key)
    if move is None:
        move = _SINGLE[key] = Move(_KINDS[kind_code], origin, target, 1, (piece,), turned)
    return move


def _other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def _faces_after_walk(face: int, distance: int) -> tuple[int, ...]:
    """The faces a die may show after walking: unchanged, one less, or one more after a full walk."""
    faces = [face]
    if face > 1:
        faces.append(face - 1)
    if distance == face and face < 6:
        faces.append(face + 1)
    return tuple(faces)


# (face, walked the full distance?) -> the dice it may show, each with whether it turned.
_TURNS = {(face, full): tuple((Piece("", f), f != face) for f in _faces_after_walk(face, face if full else 0))
          for face in range(1, 7) for full in (False, True)}


def _stacked(mover: Piece, target: Piece) -> Stack:
    """A die put on a lone die: on an opponent's, the sum stays and the upper die shows the most it can."""
    if mover.owner == target.owner:
        return (target, mover)
    total = mover.face + target.face
    upper = min(6, total - 1)
    return (Piece(target.owner, total - upper), Piece(mover.owner, upper))


def generate(position: AleaPosition) -> list[Move]:
    """Every move the player to move has, ignoring whether the game is already over."""
    me = LETTER[position.to_move]
    cells = position.cells
    moves: list[Move] = []
    add = moves.append
    for origin, stack in enumerate(cells):
        if not stack or stack[-1].owner != me:
            continue
        top = stack[-1]
        reach = top.face
        height = len(stack)
        if height == 1 and origin in PRISON_INDICES:
            continue  # a lone die in prison cannot move
        for ray in RAYS[origin]:
            for distance, target in enumerate(ray[:reach], start=1):
                there = cells[target]
                if there:
                    if height == 1:
                        if len(there) == 1 and there[0].face >= top.face:
                            add(_move("double", origin, target, 1, _stacked(top, there[0])))
                        elif len(there) == 2 and there[1].face >= top.face:
                            add(_move("tower", origin, target, 1, there + (top,)))
                    break  # no die jumps over another
                if height <= 2:
                    if height == 2:
                        add(_move("move", origin, target, 2, stack))
                    kind_code = height - 1  # a lone die moves; the top of a double descends
                    for shown, turned in _TURNS[(top.face, distance == top.face)]:
                        add(_single(kind_code, origin, target, Piece(me, shown.face), turned))
                else:
                    add(_single(1, origin, target, top, False))
                    add(_move("descend", origin, target, 2, stack[1:]))
    return moves


def has_won(cells: tuple[Stack, ...], letter: str) -> bool:
    """Three of the player's sixes in a row (any level, any controller), or a tower of three of its sixes."""
    six = Piece(letter, 6)
    sixes = set()
    for i, stack in enumerate(cells):
        if six in stack:
            if len(stack) == 3 and stack[0] == stack[1] == stack[2] == six:
                return True
            sixes.add(i)
    if len(sixes) < 3:
        return False
    return any(b in sixes and c in sixes for i in sixes for _, b, c in TRIPLES_FROM[i])


def _pattern_winner(position: AleaPosition) -> str | None:
    # The player who moved last is checked first: a move that makes both patterns wins for the mover.
    for player in (_other(position.to_move), position.to_move):
        if has_won(position.cells, LETTER[player]):
            return player
    return None


def winner(position: AleaPosition) -> str | None:
    found = _pattern_winner(position)
    if found is None and not generate(position):
        return _other(position.to_move)  # the player to move cannot move, and loses
    return found


def legal_moves(position: AleaPosition) -> list[Move]:
    if _pattern_winner(position) is not None:
        return []
    return generate(position)  # empty exactly when the player to move has lost


def apply(position: AleaPosition, move: Move) -> AleaPosition:
    cells = list(position.cells)
    stack = cells[move.origin]
    if move.kind in ("double", "tower"):
        cells[move.origin] = ()
        cells[move.target] = move.result
    else:
        cells[move.origin] = stack[: len(stack) - move.dice]
        cells[move.target] = move.result
    return AleaPosition(_other(position.to_move), tuple(cells))


def notation(move: Move) -> str:
    """c5-c7 one die to an empty field, c5:c7 two dice, c5^d6 stacking; =4 when the die turned to 4."""
    if move.kind in ("double", "tower"):
        return f"{name(move.origin)}^{name(move.target)}"
    separator = "-" if move.dice == 1 else ":"
    text = f"{name(move.origin)}{separator}{name(move.target)}"
    return text + (f"={move.result[-1].face}" if move.turned else "")


def move_json(move: Move) -> dict:
    return {"kind": move.kind, "from": name(move.origin), "to": name(move.target), "dice": move.dice,
            "result": stack_token(move.result), "notation": notation(move)}


def reached_fields(move: Move) -> list[int]:
    return [move.target]
