"""IACTA's rules: legal moves, applying a move, throws, and who has won.

Fields are indices (row * columns + column, a1 = 0) so that the move
generator can use tables built once per board: the fields at each distance
from each field, and each homeland as a set of indices.
"""

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import compress
from random import Random
from types import MappingProxyType
from typing import Any, cast

from ...engine.contract import Chance, GameRules, Outcome, OutcomeCode
from ...engine.grid import Grid, Variant
from ...engine.position_file import Piece, SourceMap
from ...engine.problems import Problem
from .geometry import BORDER_REACH, CORE_REACH, PLAYERS, VARIANTS, corners, homeland_fields
from .position import (
    BORDERS,
    DEFAULT_OPTIONS,
    HOMELAND_SIZES,
    LETTER,
    IactaOptions,
    IactaPosition,
    count_problems,
    format_position,
    read_position,
)

STRIKE_SUMS = frozenset({6, 7, 8})
MAX_DISTANCE = 6
REACH = MappingProxyType({"small": CORE_REACH, "large": BORDER_REACH})


@dataclass(frozen=True, slots=True)
class Move:
    """One legal move.  Fields are indices into the position's cells.

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
_RING_STRIDE = (MAX_DISTANCE + 1) * 8  # ring keys: origin, then distance, then face


# The moves from one field to every field a given distance away, showing one face: the ring's fields as a
# bitmask (bit i: field i), and the moves in field order, which is bit order.  A plain tuple: generating
# moves looks one up for every die and distance.
RingMoves = tuple[int, tuple[Move, ...]]


class _Tables:
    """What move generation looks up, built once per board."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        size = grid.size
        # rings[d][i]: the fields exactly d steps (rows plus columns) from field i, in field order.
        self.rings = tuple(tuple(self._ring(i, d) for i in range(size)) for d in range(MAX_DISTANCE + 1))
        # Every plain move is built once, in its ring, and handed out again (moves are compared by
        # value, so this only saves building them).
        self.rings_moves: dict[int, RingMoves] = {}  # bounded: fields x distances x faces
        self.rocades: dict[int, Move] = {}  # bounded: pairs of fields
        self.names = tuple(grid.index_name(i) for i in range(size))

    def _ring(self, i: int, distance: int) -> tuple[int, ...]:
        columns, rows = self.grid.columns, self.grid.rows
        column, row = i % columns, i // columns
        # The (dx, dy) a distance away, each once (dy = +rest and -rest are one step when rest is 0).
        found = sorted((row + dy) * columns + column + dx
                       for dx in range(-distance, distance + 1)
                       for dy in {distance - abs(dx), abs(dx) - distance}
                       if 0 <= column + dx < columns and 0 <= row + dy < rows)
        return tuple(found)

    @staticmethod
    def ring_key(origin: int, distance: int, face: int) -> int:
        return origin * _RING_STRIDE + distance * 8 + face  # written out in _generate, which is hot

    def ring_moves(self, origin: int, distance: int, face: int) -> RingMoves:
        """Every field `distance` steps from `origin`, with the move there showing `face`: built once, so
        where the ring is empty, generating its moves is one look at a bitmask."""
        found = self.rings_moves.get(self.ring_key(origin, distance, face))
        if found is None:
            targets = self.rings[distance][origin]
            found = self.rings_moves[self.ring_key(origin, distance, face)] = (
                sum(1 << target for target in targets),
                tuple(Move("move", origin, target, face) for target in targets))
        return found

    def rocade(self, first: int, second: int) -> Move:
        key = first * self.grid.size + second
        move = self.rocades.get(key)
        if move is None:
            move = self.rocades[key] = Move("rocade", first, second)
        return move


@cache
def tables(grid: Grid) -> _Tables:
    return _Tables(grid)


@cache
def homeland(grid: Grid, player: str, end: str, size: str) -> frozenset[int]:
    return frozenset(grid.index(f) for f in homeland_fields(grid, player, end, REACH[size]))


@cache
def _start_fields(grid: Grid, player: str, size: str) -> tuple[int, ...]:
    return tuple(sorted(homeland(grid, player, "start", size)))


@cache
def _border_mask(grid: Grid) -> int:
    """Every pale field, of all four homelands, as a bitmask: with border = "safe" no die on one can be struck."""
    fields: set[int] = set()
    for player in PLAYERS:
        for end in ("start", "goal"):
            fields |= homeland(grid, player, end, "large") - homeland(grid, player, end, "small")
    return sum(1 << i for i in fields)


@cache
def _homeland_mask(grid: Grid, player: str, size: str) -> int:
    """The player's start and goal homelands, where its dice cannot be struck, as a bitmask."""
    return sum(1 << i for i in homeland(grid, player, "start", size) | homeland(grid, player, "goal", size))


@cache
def _goals(grid: Grid, sizes: tuple[str, ...]) -> dict[str, frozenset[int]]:
    return {LETTER[p]: homeland(grid, p, "goal", size) for p, size in zip(PLAYERS, sizes, strict=True)}


Dice = list[tuple[int, Piece]]  # (field, die) for every die on the board, in field order


def _dice(cells: Sequence[Piece | None]) -> Dice:
    # compress keeps the fields whose cell is true: a die (a non-empty tuple), never None.
    return cast(Dice, list(compress(enumerate(cells), cells)))


def winners(position: IactaPosition, dice: Dice | None = None) -> list[str]:
    """Players whose dice all stand in their goal homeland."""
    homelands = position.options.homeland
    goals = _goals(position.variant.grid, tuple(homelands[p] for p in PLAYERS))
    has_dice: set[str] = set()
    outside: set[str] = set()
    for i, piece in _dice(position.cells) if dice is None else dice:
        has_dice.add(piece.owner)
        if i not in goals[piece.owner]:
            outside.add(piece.owner)
            if len(outside) == len(PLAYERS):
                return []  # the usual answer, found once each side has a die on its way
    return [p for p in PLAYERS if LETTER[p] in has_dice and LETTER[p] not in outside]


@cache
def _steps(throw: tuple[int, int], doubles: str) -> tuple[tuple[int, int | None], ...]:
    """(distance, face shown) choices for a throw; face None keeps the die's own face."""
    a, b = throw
    if a != b:
        return ((a, b), (b, a))
    if doubles == "throw":
        return tuple((d, a) for d in range(1, MAX_DISTANCE + 1))
    if doubles == "keep":
        return ((a, a), *((d, None) for d in range(1, MAX_DISTANCE + 1)))
    return ((a, a),)


def _generate(position: IactaPosition, throw: tuple[int, int], dice: Dice) -> list[Move]:
    """Every die's moves in field order, each ring's targets in field order, strikes where they stand
    among them, then rocades, then pass.  (Players choose by index, so this order is part of a seeded game.)"""
    grid = position.variant.grid
    table = tables(grid)
    cells = position.cells
    options = position.options
    me = LETTER[position.to_move]
    other = RULES.opponent(position.to_move)
    other_size = options.homeland[other]
    other_safe = _homeland_mask(grid, other, other_size)
    if options.border == "safe":
        other_safe |= _border_mask(grid)
    other_start = _start_fields(grid, other, other_size)
    steps = _steps(throw, options.doubles)
    keep = options.doubles == "keep"
    known_rings, ring_moves = table.rings_moves, table.ring_moves
    occupied = 0
    for i, _ in dice:
        occupied |= 1 << i
    moves: list[Move] = []
    add, extend = moves.append, moves.extend
    for origin, piece in dice:
        if piece.owner != me:
            continue
        free_homes: list[int] | None = None
        done: set[tuple[int, int]] = set()
        base = origin * _RING_STRIDE
        for distance, shown in steps:
            face = piece.face if shown is None else shown
            if keep:
                # "keep" can reach the same fields showing the same face two ways: a ring is walked once.
                if (distance, face) in done:
                    continue
                done.add((distance, face))
            ring_fields, ring = known_rings.get(base + distance * 8 + face) or ring_moves(origin, distance, face)
            blocked = occupied & ring_fields
            if not blocked:  # the usual case on a board of 100 fields and a dozen dice
                extend(ring)
                continue
            # The empty stretches of the ring whole, and at each die in it a strike if one is allowed.
            start = 0
            while blocked:
                lowest = blocked & -blocked
                blocked ^= lowest
                at = (ring_fields & (lowest - 1)).bit_count()  # the die's place in the ring
                extend(ring[start:at])
                start = at + 1
                target = ring[at].target
                occupant = cells[target]
                assert occupant is not None
                if occupant.owner != me and face + occupant.face in STRIKE_SUMS and not other_safe & lowest:
                    if free_homes is None:
                        # Where a struck die may go: free start fields once the mover has left its own field.
                        free_homes = [h for h in other_start if cells[h] is None or h == origin]
                    for home in free_homes:
                        add(Move("strike", origin, target, face, home))
            extend(ring[start:])
    if options.rocade and 2 in throw:
        extend(_rocades(position, table, dice))
    add(PASS)
    return moves


def _rocades(position: IactaPosition, table: _Tables, dice: Dice) -> Iterator[Move]:
    grid = position.variant.grid
    guarded = 0
    for player in PLAYERS:
        guarded |= _homeland_mask(grid, player, position.options.homeland[player])
    loose = [(i, piece) for i, piece in dice if not guarded >> i & 1]
    known, size = table.rocades, grid.size
    for n, (first, piece) in enumerate(loose):
        for second, other in loose[n + 1:]:
            if piece != other:  # swapping twins changes nothing
                yield known.get(first * size + second) or table.rocade(first, second)


# Every throw of two dice, the larger first as backgammon players write it, with its chance.
_THROWS = tuple((a, b, Fraction(1 if a == b else 2, 36)) for a in range(6, 0, -1) for b in range(a, 0, -1))
_THROW_PAIRS = tuple((a, b) for a, b, _ in _THROWS)
_THROW_WEIGHTS = tuple(float(weight) for _, _, weight in _THROWS)

_SQUARE = r"[a-z]\d{1,2}"
_MOVE_SYNTAX = re.compile(
    rf"{_SQUARE}-{_SQUARE}=\d|{_SQUARE}x{_SQUARE}=\d>{_SQUARE}|{_SQUARE}<>{_SQUARE}|pass")


class IactaRules(GameRules[IactaPosition, Move]):
    name = "iacta"
    players = PLAYERS
    variants = VARIANTS
    move_syntax = _MOVE_SYNTAX
    move_example = "c1-e3=2 (move, showing 2), c1xe3=2>j1 (strike, the struck die to j1), e5<>f6 (rocade), pass"

    def read(self, document: Mapping[str, Any], source: SourceMap) -> IactaPosition:
        return read_position(document, source)

    def write(self, position: IactaPosition) -> str:
        return format_position(position)

    def start(self, variant: Variant | None = None) -> IactaPosition:
        """Six dice each in the small homelands, showing 1 to 6 from the corner out; red throws first."""
        grid = (variant or self.default_variant).grid
        cells: list[Piece | None] = [None] * grid.size
        for player in PLAYERS:
            corner_fields = sorted(homeland_fields(grid, player, "start", CORE_REACH),
                                   key=lambda f: (f[1], abs(f[0] - (0 if player == "red" else grid.columns - 1))))
            for face, field in enumerate(corner_fields, start=1):
                cells[grid.index(field)] = Piece(LETTER[player], face)
        return IactaPosition(PLAYERS[0], tuple(cells), None, DEFAULT_OPTIONS, variant or self.default_variant)

    def estimate(self, position: IactaPosition, player: str) -> float:
        """How far each side's dice still have to go to its goal (a struck die starts again), mine against
        theirs: 15 fields behind is most of a loss."""
        grid = position.variant.grid
        left = {}
        for side in PLAYERS:
            distance = _goal_distances(grid, side, position.options.homeland[side])
            letter = LETTER[side]
            left[side] = sum(distance[i] for i, piece in enumerate(position.cells)
                             if piece is not None and piece.owner == letter)
        return math.tanh((left[self.opponent(player)] - left[player]) / 15)

    def rule_options(self) -> Mapping[str, tuple[str, ...]]:
        sizes, counts = tuple(HOMELAND_SIZES), tuple(str(n) for n in range(6, 11))
        return {"homeland.red": sizes, "homeland.yellow": sizes, "dice.red": counts, "dice.yellow": counts,
                "rocade": ("off", "on"), "doubles": ("off", "throw", "keep"), "border": BORDERS}

    def start_with(self, variant: Variant, chosen: Mapping[str, str]) -> IactaPosition:
        """The start with the options: each player's dice fill its start homeland from the corner out, faces 1
        to 6 and again from 1."""
        homelands = {p: chosen.get(f"homeland.{p}", "small") for p in PLAYERS}
        dice = {p: int(chosen.get(f"dice.{p}", "6")) for p in PLAYERS}
        for player in PLAYERS:
            if dice[player] > HOMELAND_SIZES[homelands[player]]:
                raise ValueError(f"{player} plays with {dice[player]} dice, but a {homelands[player]} homeland "
                                 f"holds only {HOMELAND_SIZES[homelands[player]]}: set homeland.{player}=large")
        grid = variant.grid
        # A player on the 2001 terms keeps the 2001 start; the others' dice are laid out again.
        changed = [p for p in PLAYERS if (homelands[p], dice[p]) != ("small", 6)]
        cells = [None if piece is not None and piece.owner in {LETTER[p] for p in changed} else piece
                 for piece in self.start(variant).cells]
        for player in changed:
            corner = 0 if player == "red" else grid.columns - 1
            fields = sorted(homeland_fields(grid, player, "start", REACH[homelands[player]]),
                            key=lambda f: (abs(f[0] - corner) + f[1], f[1], abs(f[0] - corner)))
            for n, field in enumerate(fields[: dice[player]]):
                cells[grid.index(field)] = Piece(LETTER[player], n % 6 + 1)
        options = IactaOptions(MappingProxyType(homelands), MappingProxyType(dice), chosen.get("rocade") == "on",
                               chosen.get("doubles", "off"), chosen.get("border", "homeland"))
        return IactaPosition(PLAYERS[0], tuple(cells), None, options, variant)

    def problems(self, position: IactaPosition) -> list[Problem]:
        return count_problems(position, winners(position))

    def legal_moves(self, position: IactaPosition) -> list[Move]:
        """Every legal move, pass last; none without a throw or once the game is won."""
        if position.throw is None:
            return []
        dice = _dice(position.cells)
        if winners(position, dice):
            return []
        return _generate(position, position.throw, dice)

    def apply(self, position: IactaPosition, move: Move) -> IactaPosition:
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
        return IactaPosition(self.opponent(position.to_move), tuple(cells), None, position.options,
                             position.variant)

    def outcome(self, position: IactaPosition) -> Outcome | None:
        found = winners(position)
        return Outcome(found[0], "all dice home", OutcomeCode.GOAL) if len(found) == 1 else None

    def chance(self, position: IactaPosition) -> Sequence[Chance[IactaPosition]]:
        if position.throw is not None or winners(position):
            return ()
        return tuple(Chance(f"{a}{b}", weight, self._thrown(position, (a, b))) for a, b, weight in _THROWS)

    def throw_due(self, position: IactaPosition) -> bool:
        return position.throw is None and not winners(position)

    def sample_throw(self, position: IactaPosition, rng: Random) -> IactaPosition:
        # The same draw as the contract's (rng.choices over the same weights), without building 21 positions.
        return self._thrown(position, rng.choices(_THROW_PAIRS, _THROW_WEIGHTS)[0])

    @staticmethod
    def _thrown(position: IactaPosition, throw: tuple[int, int]) -> IactaPosition:
        # Built directly: dataclasses.replace costs four times as much, and a simulation throws every move.
        return IactaPosition(position.to_move, position.cells, throw, position.options, position.variant)

    def chance_example(self) -> str:
        return "42: c1-e3=2"

    def notation(self, position: IactaPosition, move: Move) -> str:
        """c1-e3=2 (move, showing 2), c1xe3=2>j1 (strike, struck die to j1), e5<>f6 (rocade), pass."""
        names = tables(position.variant.grid).names
        if move.kind == "move":
            return f"{names[move.origin]}-{names[move.target]}={move.face}"
        if move.kind == "strike":
            return f"{names[move.origin]}x{names[move.target]}={move.face}>{names[move.home]}"
        if move.kind == "rocade":
            first, second = sorted([names[move.origin], names[move.target]])
            return f"{first}<>{second}"
        return "pass"

    def normalise(self, text: str) -> str:
        text = "".join(text.split()).lower()
        swap = re.fullmatch(rf"({_SQUARE})<>({_SQUARE})", text)
        if swap:  # a rocade names the same two fields either way round
            first, second = sorted(swap.groups())
            return f"{first}<>{second}"
        return text


RULES = IactaRules()


@cache
def _goal_distances(grid: Grid, player: str, size: str) -> tuple[int, ...]:
    """Each field's distance (king's moves) to the player's goal corner, less one inside the goal homeland:
    dice that press on into the corner leave the goal's edge free for those still coming."""
    goal = homeland(grid, player, "goal", size)
    x, y = corners(grid)[(player, "goal")]
    return tuple(max(abs(i % grid.columns - x), abs(i // grid.columns - y)) - (1 if i in goal else 0)
                 for i in range(grid.size))
