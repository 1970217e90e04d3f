"""Stacktics' rules: moving pyramids and stacks, captures, the pie rule, and who has won.

Fields are indices (row * columns + column, a1 = 0).  For each field the
tables list the rays outwards to the edge, diagonal and straight apart: the
base piece's size picks the rays, the weight riding on it how far along.
"""

from __future__ import annotations

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
from .geometry import PLAYERS, VARIANTS, loaded_reach, winning_pips
from .position import (
    LETTER,
    StackticsPosition,
    all_captured_pips,
    captured_pips,
    count_problems,
    default_pie,
    format_position,
    read_position,
    start_cells,
)

_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_STRAIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True, slots=True)
class Move:
    """kind: move (to an empty field), stack (onto one's own stack), capture, or swap (the pie rule).

    `pieces` travel, counted from the top of the origin's stack; `result` is the stack on the target
    afterwards and `captured` the stack a capture removed.
    """

    kind: str
    origin: int = -1
    target: int = -1
    pieces: int = 0
    result: Stack = ()
    captured: Stack = ()


SWAP = Move("swap")
# Along one ray from a field, as far as a travelling stack may go: each field, nearest first, with the
# stack's move there should the field be empty.
Walk = tuple[tuple[int, Move], ...]


class _Tables:
    """Rays by shape, built once per board: small pyramids use the diagonal ones, mediums the straight ones,
    larges both."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        diagonal = tuple(tuple(r for r in (grid.ray(i, *d) for d in _DIAGONAL) if r) for i in range(grid.size))
        straight = tuple(tuple(r for r in (grid.ray(i, *d) for d in _STRAIGHT) if r) for i in range(grid.size))
        self.rays = {1: diagonal, 2: straight,
                     3: tuple(d + s for d, s in zip(diagonal, straight, strict=True))}
        self.names = tuple(grid.index_name(i) for i in range(grid.size))
        # Moves are interned, as in the other engines: building a frozen dataclass costs over a microsecond,
        # and the same moves come up again and again.
        self.moves: InternTable[Move] = InternTable()
        self.walks: InternTable[tuple[Walk, ...]] = InternTable()  # (origin, travelling, limit) -> its walks

    def move(self, kind: str, origin: int, target: int, count: int, result: Stack, captured: Stack = ()) -> Move:
        key = (kind, origin, target, count, result, captured)  # one result can come from different splits
        move = self.moves.get(key)
        if move is None:
            move = self.moves.keep(key, Move(kind, origin, target, count, result, captured))
        return move

    def walks_from(self, origin: int, travelling: Stack, limit: int) -> tuple[Walk, ...]:
        """The rays `travelling` may go along from `origin` (the base's shape picks them, `limit` how far),
        each field with the move there: one look for a stack and its reach, not one for each field."""
        count = len(travelling)
        found = tuple(tuple((target, Move("move", origin, target, count, travelling))
                            for target in ray[:limit])
                      for ray in self.rays[travelling[0].face][origin])
        return self.walks.keep((origin, travelling, limit), found)


@cache
def tables(grid: Grid) -> _Tables:
    return _Tables(grid)


def reach(base: Piece, weight: int, size: int) -> int:
    """How far a base may go with `weight` pips riding on it: alone any distance, loaded 2 or 3, overloaded 1."""
    if weight == 0:
        return 1_000
    if weight < base.face:
        return loaded_reach(size)
    return 1


def generate(position: StackticsPosition) -> list[Move]:
    """Every move of the army to move, the pie swap first when it is offered."""
    letter = LETTER[position.to_move]
    cells = position.cells
    table = tables(position.variant.grid)
    size = position.size
    moves = [SWAP] if position.pie_offer else []
    add = moves.append
    make = table.move
    known_walks, walks_from = table.walks, table.walks_from
    for origin, stack in compress(enumerate(cells), cells):  # the fields with pieces
        if stack[-1].owner != letter:
            continue
        height = len(stack)
        weight = 0
        for level in range(height - 1, -1, -1):  # from the top piece down to the whole stack
            base = stack[level]
            travelling = stack[level:]
            count = height - level
            limit = reach(base, weight, size)
            lone_top = count == 1 and height >= 2  # only a piece peeled off a stack captures
            for ray in known_walks.get((origin, travelling, limit)) or walks_from(origin, travelling, limit):
                for target, move in ray:
                    there = cells[target]
                    if not there:
                        add(move)
                        continue
                    if there[-1].owner == letter:
                        if base.face <= there[-1].face:
                            add(make("stack", origin, target, count, there + travelling))
                    elif lone_top:
                        add(make("capture", origin, target, 1, travelling, there))
                    break  # nothing passes over a piece
            weight += base.face
    return moves


def _winner_by_captures(position: StackticsPosition) -> Outcome | None:
    # The army that moved last is looked at first: its move is what can have won.
    needed = winning_pips(position.size)
    captured = all_captured_pips(position)
    for player in (RULES.opponent(position.to_move), position.to_move):
        if captured[player] >= needed:
            return Outcome(player, f"captured {captured[player]} pips", OutcomeCode.CAPTURE)
    return None


_SQUARE = r"[a-z]\d{1,2}"
_MOVE_SYNTAX = re.compile(rf"swap|{_SQUARE}(/\d{{1,2}})?[-x]{_SQUARE}")


class StackticsRules(GameRules[StackticsPosition, Move]):
    name = "stacktics"
    players = PLAYERS
    variants = VARIANTS
    move_syntax = _MOVE_SYNTAX
    move_example = "b1-b3 (the whole stack), b1/2-b3 (its top two pieces), c2/1xc4 (a capture), swap"

    def read(self, document: Mapping[str, Any], source: SourceMap) -> StackticsPosition:
        return read_position(document, source)

    def write(self, position: StackticsPosition) -> str:
        return format_position(position)

    def start(self, variant: Variant | None = None) -> StackticsPosition:
        """Each army's trees on the row nearest its player, corners empty; red moves first."""
        variant = variant or self.default_variant
        return StackticsPosition(PLAYERS[0], start_cells(variant), variant, default_pie(variant), opening=True)

    def problems(self, position: StackticsPosition) -> list[Problem]:
        problems = count_problems(position)
        if problems:
            return problems
        needed = winning_pips(position.size)
        if all(captured_pips(position, player) >= needed for player in PLAYERS):
            problems.append(Problem("both-won", f"both players have captured {needed} pips or more; the first to "
                                    "get there ends the game", ""))
        if position.pie_offer and (position.to_move != PLAYERS[1] or any(captured_pips(position, p)
                                                                          for p in PLAYERS)):
            problems.append(Problem("pie-offer-late", "pie_offer = true says red has just made the game's first "
                                    "move, so blue must be to move and nothing captured yet", "pie_offer"))
        return problems

    def legal_moves(self, position: StackticsPosition) -> list[Move]:
        if _winner_by_captures(position) is not None:
            return []
        return generate(position)  # empty exactly when the army to move has lost

    def apply(self, position: StackticsPosition, move: Move) -> StackticsPosition:
        if move.kind == "swap":
            # The players trade armies; the board and the army to move stay as they are.
            return StackticsPosition(position.to_move, position.cells, position.variant, position.pie, False)
        cells = list(position.cells)
        origin = cells[move.origin]
        cells[move.origin] = origin[: len(origin) - move.pieces]
        cells[move.target] = move.result
        # The pie rule offers a swap as the answer to the game's first move only, never again, even should the
        # armies come back to where they started.
        offer = position.pie and position.opening
        return StackticsPosition(self.opponent(position.to_move), tuple(cells), position.variant, position.pie, offer)

    def swaps_seats(self, move: Move) -> bool:
        return move.kind == "swap"

    def estimate(self, position: StackticsPosition, player: str) -> float:
        """The share of the winning pips each side has captured, mine less theirs."""
        needed = winning_pips(position.size)
        mine = captured_pips(position, player) / needed
        theirs = captured_pips(position, self.opponent(player)) / needed
        return 0.9 * max(-1.0, min(1.0, mine - theirs))

    def rule_options(self) -> Mapping[str, tuple[str, ...]]:
        return {"pie": ("default", "on", "off")}

    def effective_rules(self, variant: Variant, chosen: Mapping[str, str]) -> dict[str, str]:
        pie = chosen.get("pie", "default")
        return {"pie": ("on" if default_pie(variant) else "off") if pie == "default" else pie}

    def start_with(self, variant: Variant, chosen: Mapping[str, str]) -> StackticsPosition:
        start = self.start(variant)
        pie = chosen.get("pie", "default")
        return start if pie == "default" else StackticsPosition(start.to_move, start.cells, variant, pie == "on",
                                                                 opening=True)

    def outcome(self, position: StackticsPosition) -> Outcome | None:
        found = _winner_by_captures(position)
        if found is None and not generate(position):
            return Outcome(self.opponent(position.to_move), f"{position.to_move} cannot move", OutcomeCode.NO_MOVES)
        return found

    def notation(self, position: StackticsPosition, move: Move) -> str:
        """b1-b3 the whole stack, b1/2-b3 its top two pieces, c2/1xc4 a capture, swap."""
        if move.kind == "swap":
            return "swap"
        names = tables(position.variant.grid).names
        whole = move.pieces == len(position.cells[move.origin])
        part = "" if whole else f"/{move.pieces}"
        separator = "x" if move.kind == "capture" else "-"
        return f"{names[move.origin]}{part}{separator}{names[move.target]}"

    def normalise(self, text: str) -> str:
        return "".join(text.split()).lower()


RULES = StackticsRules()
