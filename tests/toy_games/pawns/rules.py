"""Pawns' rules: steps forward, diagonal takes, and who has won."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from boardgen.engine.contract import GameRules, Outcome, OutcomeCode
from boardgen.engine.grid import Variant
from boardgen.engine.position_file import SourceMap
from boardgen.engine.problems import Problem

from .geometry import FORWARD, LETTER, PLAYERS, VARIANTS
from .position import PawnsPosition, count_problems, far_row, format_position, reached_far_row, read_position


class Move(NamedTuple):
    kind: str  # "step" (onto an empty field) or "take"
    origin: int
    target: int


class PawnsRules(GameRules[PawnsPosition, Move]):
    name = "pawns"
    players = PLAYERS
    variants = VARIANTS
    move_syntax = re.compile(r"[a-z]\d{1,2}[-x][a-z]\d{1,2}")
    move_example = "c2-c3 (a step) or c2xd3 (a take)"

    def read(self, document: Mapping[str, Any], source: SourceMap) -> PawnsPosition:
        return read_position(document, source)

    def write(self, position: PawnsPosition) -> str:
        return format_position(position)

    def start(self, variant: Variant | None = None) -> PawnsPosition:
        variant = variant or self.default_variant
        grid = variant.grid
        cells = [""] * grid.size
        for column in range(grid.columns):
            cells[grid.index((column, 0))] = "r"
            cells[grid.index((column, grid.rows - 1))] = "b"
        return PawnsPosition("red", tuple(cells), variant)

    def rule_options(self) -> Mapping[str, tuple[str, ...]]:
        # head-start=on rigs the game for the tests: red's pawns start right in front of blue's, so red's first
        # move, whichever it is, takes onto the far row and wins.
        return {"head-start": ("off", "on")}

    def start_with(self, variant: Variant, chosen: Mapping[str, str]) -> PawnsPosition:
        unknown = set(chosen) - {"head-start"}
        if unknown:
            raise ValueError(f"Pawns has no rule option {sorted(unknown)[0]!r}")
        position = self.start(variant)
        if chosen.get("head-start", "off") != "on":
            return position
        grid = variant.grid
        cells = [""] * grid.size
        for column in range(grid.columns):
            cells[grid.index((column, grid.rows - 2))] = "r"
            cells[grid.index((column, grid.rows - 1))] = "b"
        return PawnsPosition("red", tuple(cells), variant)

    def problems(self, position: PawnsPosition) -> list[Problem]:
        return count_problems(position)

    def legal_moves(self, position: PawnsPosition) -> list[Move]:
        if self.outcome(position) is not None:
            return []
        return _moves(position)

    def apply(self, position: PawnsPosition, move: Move) -> PawnsPosition:
        cells = list(position.cells)
        cells[move.target], cells[move.origin] = cells[move.origin], ""
        return PawnsPosition(self.opponent(position.to_move), tuple(cells), position.variant)

    def outcome(self, position: PawnsPosition) -> Outcome | None:
        for player in PLAYERS:
            if reached_far_row(position, player):
                return Outcome(player, "reached the far row", OutcomeCode.GOAL)
            if LETTER[player] not in position.cells:
                return Outcome(self.opponent(player), "took every pawn", OutcomeCode.CAPTURE)
        if not _moves(position):
            return Outcome(self.opponent(position.to_move), "cannot move", OutcomeCode.NO_MOVES)
        return None

    def notation(self, position: PawnsPosition, move: Move) -> str:
        name = position.variant.grid.index_name
        return f"{name(move.origin)}{'x' if move.kind == 'take' else '-'}{name(move.target)}"

    def estimate(self, position: PawnsPosition, player: str) -> float:
        """Pawns ahead and how far the leading pawn has come, each side's against the other's."""
        def strength(who: str) -> float:
            grid = position.variant.grid
            rows = [grid.field_at(i)[1] for i, owner in enumerate(position.cells) if owner == LETTER[who]]
            start = far_row(position, self.opponent(who))
            furthest = max((abs(row - start) for row in rows), default=0)
            return len(rows) + 2 * furthest
        mine, theirs = strength(player), strength(self.opponent(player))
        return (mine - theirs) / (abs(mine) + abs(theirs) + 1)


def _moves(position: PawnsPosition) -> list[Move]:
    grid = position.variant.grid
    mine, theirs = LETTER[position.to_move], LETTER[RULES.opponent(position.to_move)]
    step = FORWARD[position.to_move]
    moves = []
    for i, owner in enumerate(position.cells):
        if owner != mine:
            continue
        column, row = grid.field_at(i)
        for dx in (-1, 0, 1):
            target = (column + dx, row + step)
            if not grid.contains(target):
                continue
            there = position.cells[grid.index(target)]
            if there == "":
                moves.append(Move("step", i, grid.index(target)))
            elif dx and there == theirs:
                moves.append(Move("take", i, grid.index(target)))
    return moves


RULES = PawnsRules()
