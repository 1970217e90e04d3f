"""ALEA's rules: moving dice, doubles and towers, the prison, and who has won.

Fields are indices (row * columns + column, a1 = 0).  For each field, the
tables list, for each of the eight directions, the fields from it outwards
to the edge: a die walks along a ray and stops at the first die it meets.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import compress
from typing import Any

from ...engine.contract import GameRules, Outcome, OutcomeCode
from ...engine.grid import Grid, Variant
from ...engine.interning import InternTable
from ...engine.position_file import Piece, SourceMap, Stack
from ...engine.problems import Problem
from .geometry import PLAYERS, START_FACE, VARIANTS, prison, start_row
from .position import LETTER, AleaPosition, count_problems, format_position, read_position

_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_LINE_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # each line of three counted once


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


def _faces_after_walk(face: int, distance: int) -> tuple[int, ...]:
    """The faces a die may show after walking: unchanged, one less, or one more after a full walk."""
    faces = [face]
    if face > 1:
        faces.append(face - 1)
    if distance == face and face < 6:
        faces.append(face + 1)
    return tuple(faces)


# (face, walked the full distance?) -> the faces it may show, each with whether it turned.
_TURNS = {(face, full): tuple((f, f != face) for f in _faces_after_walk(face, face if full else 0))
          for face in range(1, 7) for full in (False, True)}
_KINDS = ("move", "descend")


Walks = tuple[tuple[int, tuple["Move", ...]], ...]  # along one ray: (field, the moves there), nearest first


class _Tables:
    """Rays, lines of three and interned moves, built once per board."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        size = grid.size
        self.rays = tuple(tuple(r for r in (grid.ray(i, dx, dy) for dx, dy in _DIRECTIONS) if r)
                          for i in range(size))
        # Every run of three fields in a line, from each field, for the win by three sixes.
        self.triples_from = tuple(
            tuple((grid.index((c + dx, r + dy)), grid.index((c + 2 * dx, r + 2 * dy)))
                  for dx, dy in _LINE_DIRECTIONS if grid.contains((c + 2 * dx, r + 2 * dy)))
            for c, r in (grid.field_at(i) for i in range(size)))
        self.prison = frozenset(grid.index(f) for f in prison(grid))
        self.names = tuple(grid.index_name(i) for i in range(size))
        # Moves are interned, as in IACTA: building a frozen dataclass costs over a
        # microsecond, and the same few thousand moves come up again and again.
        self.moves: InternTable[Move] = InternTable()
        self.singles: dict[int, Move] = {}
        self.walks: dict[int, tuple[Move, ...]] = {}
        self.walk_rays: dict[int, tuple[Walks, ...]] = {}
        self.stackings: InternTable[Move] = InternTable()  # (origin, target, mover, stack there) -> the move
        self.double_walks: InternTable[tuple[Walks, ...]] = InternTable()  # (origin, double) -> its walks

    def move(self, kind: str, origin: int, target: int, dice: int, result: Stack, turned: bool = False) -> Move:
        key = (kind, origin, target, dice, result, turned)
        move = self.moves.get(key)
        if move is None:
            move = self.moves.keep(key, Move(kind, origin, target, dice, result, turned))
        return move

    def single(self, kind_code: int, origin: int, target: int, owner: str, face: int, turned: bool) -> Move:
        """The commonest moves, one die to an empty field, interned under a plain integer key."""
        size = self.grid.size
        key = ((((kind_code * size + origin) * size + target) * 2 + (owner == "w")) * 8 + face) * 2 + turned
        move = self.singles.get(key)
        if move is None:
            move = self.singles[key] = Move(_KINDS[kind_code], origin, target, 1, (Piece(owner, face),), turned)
        return move

    def walks_from(self, kind_code: int, origin: int, owner: str, face: int) -> tuple[Walks, ...]:
        """For each ray from `origin`: the fields a die showing `face` may walk to, nearest first, each with
        its moves there.  Built once, so generating moves is mostly looking at the fields."""
        key = ((kind_code * self.grid.size + origin) * 2 + (owner == "w")) * 8 + face
        found = self.walk_rays.get(key)
        if found is None:
            found = self.walk_rays[key] = tuple(
                tuple((target, self.walk(kind_code, origin, target, owner, face, distance == face))
                      for distance, target in enumerate(ray[:face], start=1))
                for ray in self.rays[origin])
        return found

    def stacking(self, origin: int, target: int, mover: Piece, there: Stack) -> Move:
        """A lone die moving onto a lone die (making a double) or onto a double (making a tower)."""
        if len(there) == 1:
            move = Move("double", origin, target, 1, _stacked(mover, there[0]))
        else:
            move = Move("tower", origin, target, 1, there + (mover,))
        return self.stackings.keep((origin, target, mover, there), move)

    def walks_of_double(self, origin: int, double: Stack) -> tuple[Walks, ...]:
        """For each ray from `origin`: the fields a double may go to, nearest first, each with its moves there:
        the double whole, then its top die alone (descending)."""
        top = double[-1]
        found = tuple(tuple((target, (Move("move", origin, target, 2, double), *walking))
                            for target, walking in ray)
                      for ray in self.walks_from(1, origin, top.owner, top.face))
        return self.double_walks.keep((origin, double), found)

    def walk(self, kind_code: int, origin: int, target: int, owner: str, face: int, full: bool) -> tuple[Move, ...]:
        """The moves of one die walking to an empty field: one for each face it may show when it gets there."""
        size = self.grid.size
        key = ((((kind_code * size + origin) * size + target) * 2 + (owner == "w")) * 8 + face) * 2 + full
        moves = self.walks.get(key)
        if moves is None:
            moves = self.walks[key] = tuple(self.single(kind_code, origin, target, owner, shown, turned)
                                            for shown, turned in _TURNS[(face, full)])
        return moves


@cache
def tables(grid: Grid) -> _Tables:
    return _Tables(grid)


def _stacked(mover: Piece, target: Piece) -> Stack:
    """A die put on a lone die: on an opponent's, the sum stays and the upper die shows the most it can."""
    if mover.owner == target.owner:
        return (target, mover)
    total = mover.face + target.face
    upper = min(6, total - 1)
    return (Piece(target.owner, total - upper), Piece(mover.owner, upper))


def generate(position: AleaPosition) -> list[Move]:
    """Every move the player to move has, ignoring whether the game is already over."""
    table = tables(position.variant.grid)
    me = LETTER[position.to_move]
    cells = position.cells
    in_prison = table.prison
    make, single, walks_from = table.move, table.single, table.walks_from
    stackings, stacking, double_walks = table.stackings, table.stacking, table.double_walks
    known_walks, white = table.walk_rays, me == "w"
    moves: list[Move] = []
    add, extend = moves.append, moves.extend
    for origin, stack in compress(enumerate(cells), cells):  # the fields with dice
        top = stack[-1]
        if top.owner != me:
            continue
        reach = top.face
        height = len(stack)
        if height == 1:
            if origin in in_prison:
                continue  # a lone die in prison cannot move
            # walks_from's key for a lone die, written out: this is the hottest loop
            for ray in known_walks.get((origin * 2 + white) * 8 + reach) or walks_from(0, origin, me, reach):
                for target, walking in ray:
                    there = cells[target]
                    if there:  # no die jumps over another, but it may go onto a lone die or a double
                        if len(there) <= 2 and there[-1].face >= reach:
                            add(stackings.get((origin, target, top, there)) or stacking(origin, target, top, there))
                        break
                    extend(walking)
            continue
        if height == 2:  # the double moves whole, or its top die descends
            for ray in double_walks.get((origin, stack)) or table.walks_of_double(origin, stack):
                for target, walking in ray:
                    if cells[target]:
                        break  # no die jumps over another
                    extend(walking)
            continue
        for line in table.rays[origin]:  # a tower: its top die moves alone, or the two upper dice together
            for field in line[:reach]:
                if cells[field]:
                    break  # no die jumps over another
                add(single(1, origin, field, me, top.face, False))
                add(make("descend", origin, field, 2, stack[1:]))
    return moves


def can_move(position: AleaPosition) -> bool:
    """Whether the player to move has any move: `generate`'s rules, stopping at the first move found.
    Every move goes at least one field, so only each ray's first field needs looking at."""
    table = tables(position.variant.grid)
    me = LETTER[position.to_move]
    cells = position.cells
    for origin, stack in enumerate(cells):
        if not stack or stack[-1].owner != me:
            continue
        height = len(stack)
        if height == 1 and origin in table.prison:
            continue
        face = stack[-1].face
        for ray in table.rays[origin]:
            there = cells[ray[0]]
            if not there or (height == 1 and len(there) <= 2 and there[-1].face >= face):
                return True
    return False


def _patterns(position: AleaPosition) -> dict[str, str]:
    """Each player's winning pattern, by letter, from one look at the board (asked on every move)."""
    sixes: dict[str, set[int]] = {}
    found: dict[str, str] = {}
    for i, stack in compress(enumerate(position.cells), position.cells):  # the fields with dice
        for piece in stack:
            if piece.face == 6:
                sixes.setdefault(piece.owner, set()).add(i)
        if len(stack) == 3 and stack[0].face == 6 and stack[0] == stack[1] == stack[2]:
            found[stack[0].owner] = "a tower of three sixes"
    for letter, fields in sixes.items():
        if letter not in found and len(fields) >= 3:
            triples_from = tables(position.variant.grid).triples_from
            if any(b in fields and c in fields for i in fields for b, c in triples_from[i]):
                found[letter] = "three sixes in a row"
    return found


def _pattern_outcome(position: AleaPosition) -> Outcome | None:
    # The player who moved last is checked first: a move that makes both patterns wins for the mover.
    found = _patterns(position)
    if not found:
        return None
    other = RULES.opponent(position.to_move)
    for player in (other, position.to_move):
        reason = found.get(LETTER[player])
        if reason:
            return Outcome(player, reason, OutcomeCode.PATTERN)
    return None


_SQUARE = r"[a-z]\d{1,2}"
_MOVE_SYNTAX = re.compile(rf"{_SQUARE}-{_SQUARE}(=\d)?|{_SQUARE}:{_SQUARE}(=\d)?|{_SQUARE}\^{_SQUARE}")


class AleaRules(GameRules[AleaPosition, Move]):
    name = "alea"
    players = PLAYERS
    variants = VARIANTS
    move_syntax = _MOVE_SYNTAX
    move_example = "c5-c7 (one die), c5-c7=4 (it turns to 4), c5:c7 (two dice), c5^d6 (onto a die)"

    def read(self, document: Mapping[str, Any], source: SourceMap) -> AleaPosition:
        return read_position(document, source)

    def write(self, position: AleaPosition) -> str:
        return format_position(position)

    def start(self, variant: Variant | None = None) -> AleaPosition:
        """Each player's eight dice on its starting row, all showing 3; white moves first."""
        variant = variant or self.default_variant
        grid = variant.grid
        cells: list[Stack] = [()] * grid.size
        for player in PLAYERS:
            row = start_row(grid, player)
            for column in range(grid.columns):
                cells[grid.index((column, row))] = (Piece(LETTER[player], START_FACE),)
        return AleaPosition(PLAYERS[0], tuple(cells), variant)

    def problems(self, position: AleaPosition) -> list[Problem]:
        return count_problems(position)

    def legal_moves(self, position: AleaPosition) -> list[Move]:
        if _pattern_outcome(position) is not None:
            return []
        return generate(position)  # empty exactly when the player to move has lost

    def apply(self, position: AleaPosition, move: Move) -> AleaPosition:
        cells = list(position.cells)
        stack = cells[move.origin]
        if move.kind in ("double", "tower"):
            cells[move.origin] = ()
        else:
            cells[move.origin] = stack[: len(stack) - move.dice]
        cells[move.target] = move.result
        return AleaPosition(self.opponent(position.to_move), tuple(cells), position.variant)

    def estimate(self, position: AleaPosition, player: str) -> float:
        """Sixes (worth more on top, where they are free to line up) and the stacks each side controls."""
        def strength(letter: str) -> float:
            value = 0.0
            for stack in position.cells:
                for level, piece in enumerate(stack):
                    if piece.owner == letter:
                        on_top = level == len(stack) - 1
                        value += (1.0 if piece.face == 6 else 0.05 * piece.face) + (0.3 if on_top else 0.0)
            return value

        lead = strength(LETTER[player]) - strength(LETTER[self.opponent(player)])
        return math.tanh(lead / 4)

    def outcome(self, position: AleaPosition) -> Outcome | None:
        found = _pattern_outcome(position)
        if found is None and not can_move(position):
            return Outcome(self.opponent(position.to_move), f"{position.to_move} cannot move", OutcomeCode.NO_MOVES)
        return found

    def notation(self, position: AleaPosition, move: Move) -> str:
        """c5-c7 one die to an empty field, c5:c7 two dice, c5^d6 stacking; =4 when the die turned to 4."""
        names = tables(position.variant.grid).names
        if move.kind in ("double", "tower"):
            return f"{names[move.origin]}^{names[move.target]}"
        separator = "-" if move.dice == 1 else ":"
        text = f"{names[move.origin]}{separator}{names[move.target]}"
        return text + (f"={move.result[-1].face}" if move.turned else "")

    def normalise(self, text: str) -> str:
        return "".join(text.split()).lower()


RULES = AleaRules()
