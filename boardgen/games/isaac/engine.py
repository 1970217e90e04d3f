"""Isaac's rules: placing tiles, then taking them off for points.

Placement: the player to move puts one unplaced tile on empty fields.  A
player who cannot passes, and the other goes on; when both have passed the
scoring phase begins with the player who passed first.

Scoring: a player takes off one of its tiles that is at least as long as any
it took off before and carries no marker.  It scores value x (other tiles
along or across its line) x 2 for each marker on that line (so x4 for both),
and may advance its marker by 0 to that many points, never onto the other
marker.  Reaching 100 wins at once; a player with no removal passes for the
rest of the game, and when both have passed the higher score wins, then the
longer total length of unplaced tiles, then Dark.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType

from ...grid import Field
from .position import (
    GRID, LETTER, PLAYERS, WINNING_SCORE, IsaacPosition, Tile, marker_field, unplaced_lengths,
)


@dataclass(frozen=True)
class Move:
    """kind place | remove | pass.  A removal lists every allowed advance; `advance` is the one applied."""

    kind: str
    tile: Tile | None = None
    points: int = 0
    options: tuple[int, ...] = ()
    advance: int | None = None  # None: the largest allowed

    def advancing(self, steps: int) -> Move:
        if steps not in self.options:
            raise ValueError(f"the marker may move {list(self.options)} fields, not {steps}")
        return replace(self, advance=steps)


PASS = Move("pass")


def _other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def markers(position: IsaacPosition) -> dict[str, Field]:
    found = {}
    for player in PLAYERS:
        field = marker_field(player, position.score[player])
        if field is not None:
            found[player] = field
    return found


def _mask(fields) -> int:
    bits = 0
    for f in fields:
        bits |= 1 << GRID.index(f)
    return bits


@lru_cache(maxsize=None)
def _tile_mask(tile: Tile) -> int:
    return _mask(tile.fields())


@lru_cache(maxsize=None)
def _all_placements(owner: str, length: int) -> tuple[tuple[int, Move], ...]:
    """Every placement of one tile on an empty board, as (fields bitmask, move), built once."""
    found = []
    for row in range(GRID.rows):
        for column in range(GRID.columns):
            for horizontal in (True, False):
                tile = Tile(owner, length, (column, row), horizontal)
                if all(GRID.contains(f) for f in tile.fields()):
                    found.append((_tile_mask(tile), Move("place", tile)))
    return tuple(found)


def _placements(position: IsaacPosition) -> list[Move]:
    player = position.to_move
    occupied = 0
    for tile in position.tiles:
        occupied |= _tile_mask(tile)
    moves = []
    for length, count in sorted(unplaced_lengths(position, player).items()):
        if count > 0:
            moves.extend(move for mask, move in _all_placements(LETTER[player], length) if not mask & occupied)
    return moves


def _line(tile: Tile) -> set[Field]:
    c, r = tile.origin
    return {(x, r) for x in range(GRID.columns)} if tile.horizontal else {(c, y) for y in range(GRID.rows)}


def points_for(position: IsaacPosition, tile: Tile) -> int:
    line = _line(tile)
    others = sum(1 for t in position.tiles if t != tile and line.intersection(t.fields()))
    on_line = sum(1 for field in markers(position).values() if field in line)
    return tile.value * others * (1, 2, 4)[on_line]


def _removals(position: IsaacPosition) -> list[Move]:
    player = position.to_move
    letter = LETTER[player]
    floor = max(position.removed[player], default=0)
    marked = set(markers(position).values())
    other_marker = markers(position).get(_other(player))
    score = position.score[player]
    moves = []
    for tile in position.tiles:
        if tile.owner != letter or tile.length < floor or marked.intersection(tile.fields()):
            continue
        points = points_for(position, tile)
        options = tuple(k for k in range(points + 1)
                        if score + k >= WINNING_SCORE or marker_field(player, score + k) != other_marker)
        moves.append(Move("remove", tile, points, options))
    return moves


def _finished(position: IsaacPosition) -> bool:
    won = any(position.score[p] >= WINNING_SCORE for p in PLAYERS)
    return won or (position.phase == "scoring" and len(position.passed) == len(PLAYERS))


def winner(position: IsaacPosition) -> str | None:
    for player in PLAYERS:
        if position.score[player] >= WINNING_SCORE:
            return player
    if not _finished(position):
        return None
    dark, light = (position.score[p] for p in PLAYERS)
    if dark != light:
        return "dark" if dark > light else "light"
    hand = {p: sum(length * n for length, n in unplaced_lengths(position, p).items()) for p in PLAYERS}
    if hand["dark"] != hand["light"]:
        return "dark" if hand["dark"] > hand["light"] else "light"
    return "dark"


def legal_moves(position: IsaacPosition) -> list[Move]:
    if _finished(position) or position.to_move in position.passed:
        return []
    moves = _placements(position) if position.phase == "placement" else _removals(position)
    return moves or [PASS]


def _next_player(position: IsaacPosition, passed: tuple[str, ...]) -> str:
    other = _other(position.to_move)
    return position.to_move if other in passed else other


def apply(position: IsaacPosition, move: Move) -> IsaacPosition:
    player = position.to_move
    if move.kind == "pass":
        passed = position.passed + (player,)
        if position.phase == "placement" and len(passed) == len(PLAYERS):
            # Both are done placing: scoring begins with the player who passed first.
            return replace(position, phase="scoring", to_move=passed[0], passed=())
        return replace(position, to_move=_next_player(position, passed), passed=passed)
    if move.kind == "place":
        tiles = tuple(sorted(position.tiles + (move.tile,)))
        return replace(position, tiles=tiles, to_move=_next_player(position, position.passed))
    if move.kind == "remove":
        steps = max(move.options) if move.advance is None else move.advance
        tiles = tuple(t for t in position.tiles if t != move.tile)
        removed = {**position.removed, player: position.removed[player] + (move.tile.length,)}
        score = {**position.score, player: min(WINNING_SCORE, position.score[player] + steps)}
        return replace(position, tiles=tiles, removed=MappingProxyType(removed), score=MappingProxyType(score),
                       to_move=_next_player(position, position.passed))
    raise ValueError(f"unknown move kind {move.kind!r}")


def notation(move: Move) -> str:
    """+d7 a1 h (place), -l3 c4 v (remove; the points follow in brackets), pass."""
    if move.kind == "place":
        return f"+{move.tile.text}"
    if move.kind == "remove":
        return f"-{move.tile.text} ({move.points})"
    return "pass"


def move_json(move: Move) -> dict:
    if move.kind == "place":
        data = {"kind": "place", "tile": move.tile.text}
    elif move.kind == "remove":
        data = {"kind": "remove", "tile": move.tile.text, "points": move.points, "advance": list(move.options)}
    else:
        data = {"kind": "pass"}
    data["notation"] = notation(move)
    return data


def reached_fields(move: Move) -> list[Field]:
    return list(move.tile.fields()) if move.tile is not None else []


