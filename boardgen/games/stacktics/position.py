"""A Stacktics position: stacks of pyramids on a board whose shape says the game's size."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import compress
from types import MappingProxyType
from typing import Any

from ...engine.grid import Variant
from ...engine.position_file import (
    Piece,
    SourceMap,
    Stack,
    board_shape,
    format_board,
    read_required_board,
    read_to_move,
    toml_string,
    type_name,
    unknown_keys,
)
from ...engine.problems import PositionFileError, Problem
from .geometry import (
    PIE_BY_DEFAULT,
    PIECE_PIPS,
    PLAYERS,
    SIZE_OF,
    SIZES,
    TREE_PIPS,
    VARIANTS,
    VOLCANO,
    boards_for,
    start_fields,
)

LETTER: Mapping[str, str] = MappingProxyType({"red": "r", "blue": "b"})
PLAYER_OF: Mapping[str, str] = MappingProxyType({letter: player for player, letter in LETTER.items()})
SIZE_NAMES: Mapping[int, str] = MappingProxyType({1: "small", 2: "medium", 3: "large"})


@dataclass(frozen=True)
class StackticsPosition:
    to_move: str  # the army to move: "red" | "blue"
    cells: tuple[Stack, ...]  # one per field, index = row * columns + column, a1 first; each bottom to top
    variant: Variant = VOLCANO
    pie: bool = False  # whether the pie rule is played
    pie_offer: bool = False  # the last move was the game's first: the player to move may swap armies
    opening: bool = False  # no move has been made yet: the next move is the game's first (the pie rule's cue)

    @property
    def size(self) -> int:
        return SIZE_OF[self.variant.name]


def default_pie(variant: Variant) -> bool:
    return variant.name in PIE_BY_DEFAULT


_TOP_KEYS = {"game", "size", "variant", "to_move", "pie_offer", "opening", "board", "rules"}


def _board_names(size: int) -> str:
    return " or ".join(v.name for v in boards_for(size))


def _read_size(document: Mapping[str, Any], source: SourceMap, problems: list[Problem]) -> int | None:
    size = document.get("size")
    if size is None:
        problems.append(Problem("missing-key", "the file needs size = 2, 3, 4 or 5 (trees per player)", ""))
    elif type(size) is not int:
        problems.append(Problem("bad-size", f"size must be a whole number from 2 to 5, not {type_name(size)}",
                                source.where("size")))
    elif size not in SIZES:
        problems.append(Problem("bad-size", f"size is {size}; Stacktics is played with 2 to 5 trees per player",
                                source.where("size")))
    else:
        return size
    return None


def _read_variant(document: Mapping[str, Any], size: int | None, source: SourceMap,
                  problems: list[Problem]) -> Variant:
    """The board's shape, read from its rows and columns; it must be one of the size's boards."""
    shape = board_shape(document.get("board"))
    named = document.get("variant")
    if named is not None and not (isinstance(named, str) and named in SIZE_OF):
        shown = named if isinstance(named, str) else type_name(named)
        problems.append(Problem("bad-variant", f"variant is '{shown}'; Stacktics boards are "
                                f"{', '.join(v.name for v in VARIANTS)}", source.where("variant")))
    if shape is None:
        return VOLCANO  # read_required_board says what is wrong with the board itself
    name = f"{shape[0]}x{shape[1]}"
    if isinstance(named, str) and named in SIZE_OF and named != name:
        problems.append(Problem("bad-variant", f"variant is '{named}' but the board is {name} ({shape[0]} columns, "
                                f"{shape[1]} rows)", source.where("variant")))
    variant = next((v for v in VARIANTS if v.name == name), None)
    if variant is None or (size is not None and SIZE_OF[variant.name] != size):
        boards = _board_names(size) if size is not None else ", ".join(v.name for v in VARIANTS)
        game = f"a size-{size} game is played on" if size is not None else "Stacktics boards are"
        problems.append(Problem("board-shape", f"the board is {name} ({shape[0]} columns, {shape[1]} rows); {game} "
                                f"{boards}", source.where("board")))
        # The board's tokens are still read on its own shape, so their problems are told without a cascade.
        return Variant(name, *shape) if shape[0] <= 26 else VOLCANO
    return variant


def _read_flag(table: Mapping[str, Any], key: str, path: str, default: bool, code: str, source: SourceMap,
               problems: list[Problem]) -> bool:
    value = table.get(key, default)
    if type(value) is not bool:
        problems.append(Problem(code, f"'{path}' must be true or false, not {type_name(value)}", source.where(path)))
        return default
    return bool(value)


def read_position(document: Mapping[str, Any], source: SourceMap) -> StackticsPosition:
    problems = unknown_keys(document, _TOP_KEYS, "", source)
    size = _read_size(document, source, problems)
    variant = _read_variant(document, size, source, problems)
    to_move = read_to_move(document, PLAYERS, source, problems)
    pie_offer = _read_flag(document, "pie_offer", "pie_offer", False, "bad-pie-offer", source, problems)
    rules = document.get("rules", {})
    pie = default_pie(variant)
    if isinstance(rules, dict):
        problems.extend(unknown_keys(rules, {"pie"}, "rules", source))
        pie = _read_flag(rules, "pie", "rules.pie", pie, "bad-rule", source, problems)
    else:
        problems.append(Problem("wrong-type", f"rules must be a [rules] table, not {type_name(rules)}",
                                source.where("rules")))
    cells = read_required_board(document, variant.grid, "".join(LETTER.values()), source, problems)
    if problems:
        raise PositionFileError(problems)
    board: list[Stack] = [()] * variant.grid.size
    for field, stack in cells.items():
        board[variant.grid.index(field)] = stack
    # A file showing the start with red to move is the game's start, unless it says no move is left to make
    # first (opening = false: the game came back to its start).
    at_start = to_move == PLAYERS[0] and tuple(board) == start_cells(variant)
    opening = _read_flag(document, "opening", "opening", at_start, "bad-opening", source, problems)
    if problems:
        raise PositionFileError(problems)
    return StackticsPosition(to_move, tuple(board), variant, pie, pie_offer, opening)


def count_problems(position: StackticsPosition) -> list[Problem]:
    """Mixed stacks, larger on smaller, pips out of range, too many pieces, a pie offer without the rule."""
    name = position.variant.grid.index_name
    problems = []
    counts = {(player, pips): 0 for player in PLAYERS for pips in PIECE_PIPS}
    for i, stack in enumerate(position.cells):
        if len({piece.owner for piece in stack}) > 1:
            problems.append(Problem("mixed-stack", f"the stack on {name(i)} holds both colours; a stack is one "
                                    "player's", name(i)))
        for below, above in zip(stack, stack[1:], strict=False):
            if above.face > below.face and below.face in SIZE_NAMES and above.face in SIZE_NAMES:
                problems.append(Problem("larger-on-smaller", f"on {name(i)} a {SIZE_NAMES[above.face]} pyramid "
                                        f"stands on a {SIZE_NAMES[below.face]} one; a piece is never larger than "
                                        "the one beneath it", name(i)))
        for piece in stack:
            if piece.face not in SIZE_NAMES:
                problems.append(Problem("pips-out-of-range", f"a piece on {name(i)} has {piece.face} pips; "
                                        "pyramids have 1 (small), 2 (medium) or 3 (large)", name(i)))
            else:
                counts[(PLAYER_OF[piece.owner], piece.face)] += 1
    for (player, pips), count in counts.items():
        if count > position.size:
            problems.append(Problem("too-many-pieces", f"{player} has {count} {SIZE_NAMES[pips]} pyramids; in a "
                                    f"size-{position.size} game each player has {position.size}", ""))
    if position.opening and (position.to_move != PLAYERS[0] or position.pie_offer
                             or position.cells != start_cells(position.variant)):
        problems.append(Problem("opening-not-at-start", "opening = true says no move has been made yet, so the "
                                "board must be the start with red to move", "opening"))
    if position.pie_offer and not position.pie:
        problems.append(Problem("pie-offer-without-pie", "pie_offer = true, but the pie rule is off in this game; "
                                "turn it on with [rules] pie = true", "pie_offer"))
    return problems


def format_position(position: StackticsPosition) -> str:
    grid = position.variant.grid
    cells = {grid.field_at(i): stack for i, stack in enumerate(position.cells) if stack}
    lines = ['game = "stacktics"', f"size = {position.size}", f"to_move = {toml_string(position.to_move)}"]
    if position.pie_offer:
        lines.append("pie_offer = true")
    if position.opening != (position.to_move == PLAYERS[0] and position.cells == start_cells(position.variant)):
        lines.append(f"opening = {'true' if position.opening else 'false'}")
    lines += ['board = """', format_board(cells, grid), '"""']
    if position.pie != default_pie(position.variant):
        lines += ["", "[rules]", f"pie = {'true' if position.pie else 'false'}"]
    return "\n".join(lines) + "\n"


def stack_token(stack: Stack) -> str:
    return "".join(f"{p.owner}{p.face}" for p in stack)


def all_captured_pips(position: StackticsPosition) -> dict[str, int]:
    """What each player has taken, by player, from one look at the board (the rules ask on every move):
    the opponent's force at the start (6 pips a tree) less what it has left."""
    left = dict.fromkeys(PLAYER_OF, 0)
    for stack in compress(position.cells, position.cells):
        for piece in stack:
            left[piece.owner] += piece.face
    force = TREE_PIPS * position.size
    first, second = PLAYERS
    return {first: max(0, force - left[LETTER[second]]), second: max(0, force - left[LETTER[first]])}


def captured_pips(position: StackticsPosition, player: str) -> int:
    return all_captured_pips(position)[player]


@cache  # a simulation asks on every file it reads; one tuple per board
def start_cells(variant: Variant) -> tuple[Stack, ...]:
    """Each army's trees on the row nearest its player, corners empty (the outer fields on 3x5)."""
    grid = variant.grid
    board: list[Stack] = [()] * grid.size
    for player in PLAYERS:
        for field in start_fields(variant, player):
            board[grid.index(field)] = tuple(Piece(LETTER[player], pips) for pips in PIECE_PIPS)
    return tuple(board)
