"""An Isaac position: tiles on the board, tiles taken off, scores and who has passed."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...engine.grid import Field, Variant, field_name
from ...engine.position_file import SourceMap, read_to_move, read_variant, toml_string, type_name, unknown_keys
from ...engine.problems import PositionFileError, Problem
from .geometry import CLASSIC, PLAYERS, STOCK, VARIANTS, WINNING_SCORE, marker_field

LETTER: Mapping[str, str] = MappingProxyType({"dark": "d", "light": "l"})
PLAYER_OF: Mapping[str, str] = MappingProxyType({letter: player for player, letter in LETTER.items()})
PHASES = ("placement", "scoring")

_TILE = re.compile(r"^\s*([dl])(\d{1,2})\s+([a-z]\d{1,3})\s+([hv])\s*$")


@dataclass(frozen=True, order=True)
class Tile:
    owner: str  # "d" | "l"
    length: int
    origin: Field  # the lowest-left field
    horizontal: bool

    def fields(self) -> tuple[Field, ...]:
        c, r = self.origin
        return tuple((c + i, r) if self.horizontal else (c, r + i) for i in range(self.length))

    @property
    def text(self) -> str:
        return f"{self.owner}{self.length} {field_name(self.origin)} {'h' if self.horizontal else 'v'}"

    @property
    def value(self) -> int:
        return STOCK[self.length][1]


@dataclass(frozen=True)
class IsaacPosition:
    phase: str
    to_move: str
    tiles: tuple[Tile, ...]  # sorted
    removed: Mapping[str, tuple[int, ...]]  # player -> lengths taken off, in order
    score: Mapping[str, int]
    passed: tuple[str, ...]  # players who have passed in this phase, in order
    variant: Variant = CLASSIC

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IsaacPosition) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (self.phase, self.to_move, self.tiles, tuple(sorted(self.removed.items())),
                tuple(sorted(self.score.items())), self.passed, self.variant)


def parse_tile(text: Any, variant: Variant = CLASSIC) -> Tile | str:
    """'d7 a1 h' -> Tile, or a complaint for a person."""
    if not isinstance(text, str):
        return f"a tile is text like \"d7 a1 h\", not {type_name(text)}"
    match = _TILE.match(text.lower())
    if not match:
        return f"'{text}' is not a tile like \"d7 a1 h\" (owner d or l and length, lowest-left field, h or v)"
    owner, length, field, direction = match.groups()
    if int(length) not in STOCK:
        return f"'{text}': tiles are 3 to 7 fields long"
    try:
        origin = variant.grid.parse(field)
    except ValueError as error:
        return f"'{text}': {error}"
    return Tile(owner, int(length), origin, direction == "h")


def _per_player(value: Any, key: str, source: SourceMap, problems: list[Problem], default: Any,
                check: Callable[[Any], str | None]) -> dict[str, Any]:
    if value is None:
        return {p: default for p in PLAYERS}
    if not isinstance(value, dict):
        problems.append(Problem("wrong-type", f"{key} must be a table like {{ dark = ..., light = ... }}, not "
                                f"{type_name(value)}", source.where(key)))
        return {p: default for p in PLAYERS}
    result: dict[str, Any] = {}
    for player, item in value.items():
        if player not in PLAYERS:
            problems.append(Problem("unknown-player", f"{key} names '{player}'; the players are dark and light",
                                    source.where(key)))
            continue
        complaint = check(item)
        if complaint:
            problems.append(Problem("wrong-type", f"{key}.{player}: {complaint}", source.where(key)))
            item = default
        result[player] = item
    return {p: result.get(p, default) for p in PLAYERS}


def read_position(document: Mapping[str, Any], source: SourceMap) -> IsaacPosition:
    problems = unknown_keys(document, {"game", "variant", "phase", "to_move", "tiles", "removed", "score", "passed"},
                            "", source)
    variant = read_variant(document, source, VARIANTS, problems)
    phase = document.get("phase", "placement")
    if phase not in PHASES:
        problems.append(Problem("bad-phase", f"phase is '{phase}'; it must be \"placement\" or \"scoring\"",
                                source.where("phase")))
    to_move = read_to_move(document, PLAYERS, source, problems)
    tiles: list[Tile] = []
    raw_tiles = document.get("tiles", [])
    if not isinstance(raw_tiles, list):
        problems.append(Problem("wrong-type", "tiles must be a list like [\"d7 a1 h\", \"l3 c4 v\"]",
                                source.where("tiles")))
        raw_tiles = []
    for n, raw in enumerate(raw_tiles, start=1):
        tile = parse_tile(raw, variant)
        if isinstance(tile, str):
            problems.append(Problem("bad-tile", tile, f"tiles, item {n}"))
        else:
            tiles.append(tile)

    def lengths(item: Any) -> str | None:
        if not isinstance(item, list) or not all(type(v) is int for v in item):
            return "must be a list of tile lengths like [3, 4]"
        return None

    def whole(item: Any) -> str | None:
        return None if type(item) is int else f"must be a whole number, not {type_name(item)}"

    removed = _per_player(document.get("removed"), "removed", source, problems, [], lengths)
    score = _per_player(document.get("score"), "score", source, problems, 0, whole)
    passed = document.get("passed", [])
    # Checked item by item first: a list may hold lists, which a set cannot.
    if not isinstance(passed, list) or not all(isinstance(p, str) and p in PLAYERS for p in passed) \
            or len(set(passed)) != len(passed):
        problems.append(Problem("bad-passed", "passed lists the players who have passed, in order, each once, "
                                "like [\"light\"]", source.where("passed")))
        passed = []
    if problems:
        raise PositionFileError(problems)
    return IsaacPosition(phase, to_move, tuple(sorted(tiles)),
                         MappingProxyType({p: tuple(removed[p]) for p in PLAYERS}),
                         MappingProxyType(dict(score)), tuple(passed), variant)


def count_problems(position: IsaacPosition) -> list[Problem]:
    grid = position.variant.grid
    problems = []
    taken: dict[Field, Tile] = {}
    for tile in position.tiles:
        where = tile.text
        if not all(grid.contains(f) for f in tile.fields()):
            problems.append(Problem("tile-off-board", f"tile {tile.text} runs off the board", where))
            continue
        for f in tile.fields():
            if f in taken:
                problems.append(Problem("tiles-overlap", f"tiles {taken[f].text} and {tile.text} both cover "
                                        f"{grid.name(f)}", grid.name(f)))
            taken[f] = tile
    for player in PLAYERS:
        letter = LETTER[player]
        removed = position.removed[player]
        for length, (count, _) in STOCK.items():
            on_board = sum(1 for t in position.tiles if t.owner == letter and t.length == length)
            off = removed.count(length)
            if on_board + off > count:
                problems.append(Problem("tile-count", f"{player} has {on_board} tiles of length {length} on the "
                                        f"board and {off} taken off, but only {count} such tiles", ""))
        if any(length not in STOCK for length in removed):
            problems.append(Problem("bad-removed", f"removed for {player} lists a length that no tile has",
                                    "removed"))
        if list(removed) != sorted(removed):
            problems.append(Problem("removed-order", f"{player} took off {list(removed)}: each tile taken off must "
                                    "be at least as long as those before", "removed"))
        score = position.score[player]
        if not 0 <= score <= WINNING_SCORE:
            problems.append(Problem("bad-score", f"{player}'s score is {score}; scores run from 0 to 99 "
                                    "(100 records a win)", "score"))
    if position.phase == "placement" and (any(position.removed.values()) or any(position.score.values())):
        problems.append(Problem("scoring-in-placement", "in the placement phase no tile is taken off yet and both "
                                "scores are 0", "phase"))
    fields = [marker_field(p, position.score[p]) for p in PLAYERS]
    if fields[0] is not None and fields[0] == fields[1]:
        problems.append(Problem("markers-share-field", f"both markers would stand on {grid.name(fields[0])} "
                                f"(Dark {position.score['dark']}, Light {position.score['light']}); a marker never "
                                "moves onto the other's field", "score"))
    if sum(1 for p in PLAYERS if position.score[p] >= WINNING_SCORE) > 1:
        problems.append(Problem("both-won", "both players have 100 points; only one can reach it first", "score"))
    return problems


def unplaced_lengths(position: IsaacPosition, player: str) -> dict[int, int]:
    """How many tiles of each length a player still has in hand."""
    letter = LETTER[player]
    hand = {}
    for length, (count, _) in STOCK.items():
        used = sum(1 for t in position.tiles if t.owner == letter and t.length == length)
        hand[length] = count - used - position.removed[player].count(length)
    return hand


def format_position(position: IsaacPosition) -> str:
    def table(values: Mapping[str, Any], show: Callable[[Any], str]) -> str:
        return "{ " + ", ".join(f"{p} = {show(values[p])}" for p in PLAYERS) + " }"

    tiles = ",\n".join(f"  {toml_string(t.text)}" for t in position.tiles)
    lines = [
        'game = "isaac"',
        f"phase = {toml_string(position.phase)}",
        f"to_move = {toml_string(position.to_move)}",
        f"tiles = [\n{tiles},\n]" if position.tiles else "tiles = []",
        f"removed = {table(position.removed, lambda v: '[' + ', '.join(map(str, v)) + ']')}",
        f"score = {table(position.score, str)}",
        "passed = [" + ", ".join(toml_string(p) for p in position.passed) + "]",
    ]
    return "\n".join(lines) + "\n"
