"""An ALEA position: eight white and eight black dice, stacked at most three high."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...engine.grid import Variant
from ...engine.position_file import (
    SourceMap,
    Stack,
    format_board,
    read_required_board,
    read_to_move,
    read_variant,
    toml_string,
    unknown_keys,
)
from ...engine.problems import PositionFileError, Problem
from .geometry import CLASSIC, PLAYERS, VARIANTS

LETTER: Mapping[str, str] = MappingProxyType({"white": "w", "black": "b"})
PLAYER_OF: Mapping[str, str] = MappingProxyType({letter: player for player, letter in LETTER.items()})
DICE_PER_PLAYER = 8
MAX_HEIGHT = 3
FACES = range(1, 7)


@dataclass(frozen=True)
class AleaPosition:
    to_move: str  # "white" | "black"
    cells: tuple[Stack, ...]  # one per field, index = row * columns + column, a1 first; each bottom to top
    variant: Variant = CLASSIC


def read_position(document: Mapping[str, Any], source: SourceMap) -> AleaPosition:
    problems = unknown_keys(document, {"game", "variant", "to_move", "board"}, "", source)
    variant = read_variant(document, source, VARIANTS, problems)
    to_move = read_to_move(document, PLAYERS, source, problems)
    cells = read_required_board(document, variant.grid, "".join(LETTER.values()), source, problems)
    if problems:
        raise PositionFileError(problems)
    board: list[Stack] = [()] * variant.grid.size
    for field, stack in cells.items():
        board[variant.grid.index(field)] = stack
    return AleaPosition(to_move, tuple(board), variant)


def count_problems(position: AleaPosition) -> list[Problem]:
    name = position.variant.grid.index_name
    problems = []
    counts = {player: 0 for player in PLAYERS}
    for i, stack in enumerate(position.cells):
        if len(stack) > MAX_HEIGHT:
            problems.append(Problem("stack-too-high", f"{name(i)} holds {len(stack)} dice; a stack has at most "
                                    f"{MAX_HEIGHT} (a tower)", name(i)))
        for piece in stack:
            counts[PLAYER_OF[piece.owner]] += 1
            if piece.face not in FACES:
                problems.append(Problem("face-out-of-range", f"a die on {name(i)} shows {piece.face}; a die shows "
                                        "1 to 6", name(i)))
    for player in PLAYERS:
        if counts[player] != DICE_PER_PLAYER:
            problems.append(Problem("dice-count", f"{player} has {counts[player]} dice on the board; each player "
                                    f"has {DICE_PER_PLAYER}", ""))
    return problems


def format_position(position: AleaPosition) -> str:
    grid = position.variant.grid
    cells = {grid.field_at(i): stack for i, stack in enumerate(position.cells) if stack}
    return "\n".join([
        'game = "alea"', f"to_move = {toml_string(position.to_move)}", 'board = """', format_board(cells, grid),
        '"""',
    ]) + "\n"


def stack_token(stack: Stack) -> str:
    return "".join(f"{p.owner}{p.face}" for p in stack)
