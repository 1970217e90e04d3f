"""A Pawns position: which player's pawn stands on each field, and whose turn it is."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardgen.engine.grid import Variant
from boardgen.engine.position_file import (
    Piece,
    SourceMap,
    format_board,
    read_required_board,
    read_to_move,
    read_variant,
    toml_string,
    unknown_keys,
)
from boardgen.engine.problems import PositionFileError, Problem

from .geometry import LETTER, PLAYERS, VARIANTS


@dataclass(frozen=True)
class PawnsPosition:
    to_move: str
    cells: tuple[str, ...]  # "r", "b" or "" for each field, a1 first, row by row
    variant: Variant = VARIANTS[0]


def read_position(document: Mapping[str, Any], source: SourceMap) -> PawnsPosition:
    problems = unknown_keys(document, {"game", "variant", "to_move", "board"}, "", source)
    variant = read_variant(document, source, VARIANTS, problems)
    to_move = read_to_move(document, PLAYERS, source, problems)
    cells = read_required_board(document, variant.grid, "".join(LETTER.values()), source, problems)
    board = [""] * variant.grid.size
    for field, stack in cells.items():
        name = variant.grid.name(field)
        if len(stack) != 1 or stack[0].face != 1:
            token = "".join(f"{piece.owner}{piece.face}" for piece in stack)
            problems.append(Problem("bad-pawn", f"the field {name} holds '{token}'; a field holds one pawn, r1 or b1",
                                    name))
        else:
            board[variant.grid.index(field)] = stack[0].owner
    if problems:
        raise PositionFileError(problems)
    return PawnsPosition(to_move, tuple(board), variant)


def format_position(position: PawnsPosition) -> str:
    grid = position.variant.grid
    cells = {grid.field_at(i): (Piece(owner, 1),) for i, owner in enumerate(position.cells) if owner}
    return "\n".join(['game = "pawns"', f"to_move = {toml_string(position.to_move)}", 'board = """',
                      format_board(cells, grid), '"""']) + "\n"


def count_problems(position: PawnsPosition) -> list[Problem]:
    problems = []
    for player in PLAYERS:
        count = position.cells.count(LETTER[player])
        if count > 5:
            problems.append(Problem("too-many-pawns", f"{player} has {count} pawns; each player has 5", ""))
    if all(reached_far_row(position, player) for player in PLAYERS):
        problems.append(Problem("both-won", "both players have a pawn on the far row; only one can get there first",
                                ""))
    return problems


def far_row(position: PawnsPosition, player: str) -> int:
    return position.variant.grid.rows - 1 if player == "red" else 0


def reached_far_row(position: PawnsPosition, player: str) -> bool:
    grid = position.variant.grid
    row = far_row(position, player)
    return any(position.cells[grid.index((column, row))] == LETTER[player] for column in range(grid.columns))
