"""Isaac's rules: placing tiles, then taking them off for points.

Placement: the player to move puts one unplaced tile on empty fields.  A
player who cannot passes, and the other goes on; when both have passed the
scoring phase begins with the player who passed first.

Scoring: a player takes off one of its tiles that is at least as long as any
it took off before and carries no marker.  It scores value x (other tiles
along or across its line) x 2 for each marker on that line (so x4 for both),
and advances its marker by 0 to that many points (each its own move),
never onto the other marker.  Reaching 100 wins at once; a player with no removal passes for the
rest of the game, and when both have passed the higher score wins, then the
longer total length of unplaced tiles; equal in both, the game is a draw.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from itertools import compress
from types import MappingProxyType
from typing import Any

from ...engine.contract import GameRules, Outcome, OutcomeCode
from ...engine.grid import Field, Grid, Variant
from ...engine.position_file import SourceMap
from ...engine.problems import Problem
from .geometry import PLAYERS, STOCK, VARIANTS, WINNING_SCORE, marker_field
from .position import (
    LETTER,
    IsaacPosition,
    Tile,
    count_problems,
    format_position,
    read_position,
    unplaced_lengths,
)


@dataclass(frozen=True)
class Move:
    """kind place | remove | pass.  A removal scores `points` and advances the marker by `advance` of them.

    Each allowed advance is its own move, so a notation names exactly one choice.
    """

    kind: str
    tile: Tile | None = None
    points: int = 0
    advance: int = 0


PASS = Move("pass")


def markers(position: IsaacPosition) -> dict[str, Field]:
    found = {}
    for player in PLAYERS:
        field = marker_field(player, position.score[player])
        if field is not None:
            found[player] = field
    return found


@cache
def _tile_mask(tile: Tile, grid: Grid) -> int:
    bits = 0
    for f in tile.fields():
        bits |= 1 << grid.index(f)
    return bits


@cache
def _all_placements(owner: str, length: int, grid: Grid) -> tuple[tuple[int, Move], ...]:
    """Every placement of one tile on an empty board, as (fields bitmask, move), built once per board."""
    found = []
    for row in range(grid.rows):
        for column in range(grid.columns):
            for horizontal in (True, False):
                tile = Tile(owner, length, (column, row), horizontal)
                if all(grid.contains(f) for f in tile.fields()):
                    found.append((_tile_mask(tile, grid), Move("place", tile)))
    return tuple(found)


class _PlacementLayout:
    """Every placement of a player's tiles on an empty board, in the order they are listed (shortest tiles
    first, then field by field), each one byte of a bytemask: byte n is placement n.  A position's
    placements are then picked at C speed, by `compress` over the bytes of a mask, not one by one."""

    def __init__(self, owner: str, grid: Grid) -> None:
        moves: list[Move] = []
        self.by_length: dict[int, int] = {}  # length -> its placements
        self.covering = [0] * grid.size  # field -> the placements that cover it
        for length in sorted(STOCK):
            start = len(moves)
            for mask, move in _all_placements(owner, length, grid):
                for field in range(grid.size):
                    if mask >> field & 1:
                        self.covering[field] |= 1 << (8 * len(moves))
                moves.append(move)
            self.by_length[length] = int.from_bytes(bytes(start) + b"\x01" * (len(moves) - start), "little")
        self.moves = tuple(moves)


@cache
def _placement_layout(owner: str, grid: Grid) -> _PlacementLayout:
    return _PlacementLayout(owner, grid)


def _placements(position: IsaacPosition) -> list[Move]:
    grid = position.variant.grid
    player = position.to_move
    layout = _placement_layout(LETTER[player], grid)
    allowed = 0
    for length, count in unplaced_lengths(position, player).items():
        if count > 0:
            allowed |= layout.by_length[length]
    for tile in position.tiles:
        allowed &= _not_covered(tile, layout, grid)
    return list(compress(layout.moves, allowed.to_bytes(len(layout.moves), "little")))


@cache
def _not_covered(tile: Tile, layout: _PlacementLayout, grid: Grid) -> int:
    """The placements in `layout` that `tile` leaves possible (those that use none of its fields)."""
    covered = 0
    for field in tile.fields():
        covered |= layout.covering[grid.index(field)]
    return ~covered


def _line(tile: Tile, grid: Grid) -> set[Field]:
    c, r = tile.origin
    return {(x, r) for x in range(grid.columns)} if tile.horizontal else {(c, y) for y in range(grid.rows)}


def _removals(position: IsaacPosition) -> list[Move]:
    player = position.to_move
    letter = LETTER[player]
    floor = max(position.removed[player], default=0)
    marked = set(markers(position).values())
    other_marker = markers(position).get(RULES.opponent(player))
    score = position.score[player]
    grid = position.variant.grid
    masks = [_tile_mask(t, grid) for t in position.tiles]
    marker_bits = sum(1 << grid.index(field) for field in marked)
    moves: list[Move] = []
    for n, tile in enumerate(position.tiles):
        if tile.owner != letter or tile.length < floor or masks[n] & marker_bits:
            continue
        # value x the other tiles along or across its line, x2 for each marker on that line
        line = _line_mask(tile, grid)
        others = sum(1 for m, mask in enumerate(masks) if m != n and mask & line)
        points = tile.value * others * (1, 2, 4)[bin(line & marker_bits).count("1")]
        moves.extend(Move("remove", tile, points, k) for k in range(points + 1)
                     if score + k >= WINNING_SCORE or marker_field(player, score + k) != other_marker)
    return moves


def _finished(position: IsaacPosition) -> bool:
    won = any(position.score[p] >= WINNING_SCORE for p in PLAYERS)
    return won or (position.phase == "scoring" and len(position.passed) == len(PLAYERS))


def _outcome(position: IsaacPosition) -> Outcome | None:
    for player in PLAYERS:
        if position.score[player] >= WINNING_SCORE:
            return Outcome(player, "reached 100", OutcomeCode.SCORE)
    if not _finished(position):
        return None
    dark, light = (position.score[p] for p in PLAYERS)
    if dark != light:
        return Outcome(PLAYERS[0] if dark > light else PLAYERS[1], "higher score", OutcomeCode.SCORE)
    hand = {p: sum(length * n for length, n in unplaced_lengths(position, p).items()) for p in PLAYERS}
    if hand[PLAYERS[0]] != hand[PLAYERS[1]]:
        return Outcome(PLAYERS[0] if hand[PLAYERS[0]] > hand[PLAYERS[1]] else PLAYERS[1],
                       "equal scores, more tile length never placed", OutcomeCode.TIE_BREAK)
    # The source breaks a tie by the tiles never placed and is silent beyond that: boardgen calls it a draw.
    return Outcome(None, "equal scores and equal tile length never placed", OutcomeCode.DRAW)


# Only part of what a tile could score is ever scored: the other side takes off crossing tiles first and
# markers move.  A fifth keeps a placement that sets up points worth less than points on the track.
POTENTIAL_SHARE = 0.2


@cache
def _line_mask(tile: Tile, grid: Grid) -> int:
    bits = 0
    for field in _line(tile, grid):
        bits |= 1 << grid.index(field)
    return bits


def _left_to_score(position: IsaacPosition) -> dict[str, int]:
    """For each player, the points its tiles still on the board (long enough to be taken off) score now,
    without the markers' doubling: value x the other tiles along or across the tile's line."""
    grid = position.variant.grid
    masks = [_tile_mask(tile, grid) for tile in position.tiles]
    floors = {LETTER[p]: max(position.removed[p], default=0) for p in PLAYERS}
    left = {LETTER[p]: 0 for p in PLAYERS}
    for n, tile in enumerate(position.tiles):
        if tile.length < floors[tile.owner]:
            continue
        line = _line_mask(tile, grid)
        others = sum(1 for m, mask in enumerate(masks) if m != n and mask & line)
        left[tile.owner] += tile.value * others
    return {p: left[LETTER[p]] for p in PLAYERS}


def _legal_moves(position: IsaacPosition) -> list[Move]:
    if _finished(position) or position.to_move in position.passed:
        return []
    moves = _placements(position) if position.phase == "placement" else _removals(position)
    return moves or [PASS]


def _next_player(position: IsaacPosition, passed: tuple[str, ...]) -> str:
    other = RULES.opponent(position.to_move)
    return position.to_move if other in passed else other


def _apply(position: IsaacPosition, move: Move) -> IsaacPosition:
    player = position.to_move
    if move.kind == "pass":
        passed = position.passed + (player,)
        if position.phase == "placement" and len(passed) == len(PLAYERS):
            # Both are done placing: scoring begins with the player who passed first.
            return replace(position, phase="scoring", to_move=passed[0], passed=())
        return replace(position, to_move=_next_player(position, passed), passed=passed)
    if move.tile is None:
        raise ValueError(f"a {move.kind} move needs a tile")
    if move.kind == "place":
        tiles = tuple(sorted(position.tiles + (move.tile,)))
        return replace(position, tiles=tiles, to_move=_next_player(position, position.passed))
    if move.kind == "remove":
        tiles = tuple(t for t in position.tiles if t != move.tile)
        removed = {**position.removed, player: position.removed[player] + (move.tile.length,)}
        score = {**position.score, player: min(WINNING_SCORE, position.score[player] + move.advance)}
        return replace(position, tiles=tiles, removed=MappingProxyType(removed), score=MappingProxyType(score),
                       to_move=_next_player(position, position.passed))
    raise ValueError(f"unknown move kind {move.kind!r}")


_TILE = r"[dl]\d [a-z]\d{1,2} [hv]"
_MOVE_SYNTAX = re.compile(rf"\+{_TILE}|-{_TILE} \+\d{{1,3}}|pass")


class IsaacRules(GameRules[IsaacPosition, Move]):
    name = "isaac"
    players = PLAYERS
    variants = VARIANTS
    move_syntax = _MOVE_SYNTAX
    move_example = ("+d7 a1 h (place Dark's 7-tile from a1 across), -l3 c4 v +5 (take off Light's 3-tile on c4 "
                    "and advance 5), pass")

    def fields_named(self, text: str) -> list[str]:
        return text.split()[1:2]  # "+d7 a1 h": the tile's owner and length come first, then its field

    def read(self, document: Mapping[str, Any], source: SourceMap) -> IsaacPosition:
        return read_position(document, source)

    def write(self, position: IsaacPosition) -> str:
        return format_position(position)

    def start(self, variant: Variant | None = None) -> IsaacPosition:
        """An empty board, both scores 0; Dark places first."""
        return IsaacPosition("placement", PLAYERS[0], (), MappingProxyType({p: () for p in PLAYERS}),
                             MappingProxyType({p: 0 for p in PLAYERS}), (), variant or self.default_variant)

    def problems(self, position: IsaacPosition) -> list[Problem]:
        return count_problems(position)

    def legal_moves(self, position: IsaacPosition) -> list[Move]:
        return _legal_moves(position)

    def apply(self, position: IsaacPosition, move: Move) -> IsaacPosition:
        return _apply(position, move)

    def outcome(self, position: IsaacPosition) -> Outcome | None:
        return _outcome(position)

    def estimate(self, position: IsaacPosition, player: str) -> float:
        """The score lead and a share of what is left to score (each side's tiles it may still take off, at
        their points now), a lead of a quarter of the way to 100 counting as most of a win."""
        other = self.opponent(player)
        left = _left_to_score(position)
        lead = position.score[player] - position.score[other] + POTENTIAL_SHARE * (left[player] - left[other])
        return math.tanh(lead / (WINNING_SCORE / 4))

    def notation(self, position: IsaacPosition, move: Move) -> str:
        """+d7 a1 h (place), -l3 c4 v +5 (take off and advance the marker 5 of the points scored), pass."""
        if move.tile is None:
            return "pass"
        if move.kind == "place":
            return f"+{move.tile.text}"
        return f"-{move.tile.text} +{move.advance}"

    def normalise(self, text: str) -> str:
        compact = "".join(text.split()).lower()
        tile = re.fullmatch(r"([+-])([dl]\d)([a-z]\d{1,2})([hv])(\+\d{1,3})?", compact)
        if tile is None:
            return compact
        sign, piece, field, direction, advance = tile.groups()
        return f"{sign}{piece} {field} {direction}" + (f" {advance}" if advance else "")


RULES = IsaacRules()
