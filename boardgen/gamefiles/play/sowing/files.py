"""The sowing engine's position files: the seeds in every pit and store, the seeds captured and kept beside the
board (games without stores), and the player to move.

    game = "oware"
    to_move = 1
    [seeds]                 # by field: every pit and store (a field left out holds none)
    a1 = 4
    f2 = 0
    [captured]              # by player: seeds captured and kept beside the board (games without stores)
    1 = 2
    2 = 0
    [rules]                 # the rule options, where not the defaults

A position file holds no history: read from one, a position has no earlier positions, so the rule that ends a
game when a position comes back counts from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine.position_file import SourceMap, toml_string, unknown_keys
from ....engine.problems import PositionFileError, Problem
from ....engine.toml_source import toml_text
from ..position import field_order, read_mover_of_two, read_rules, rules_lines
from .position import SowingPosition
from .tables import NOBODY, SowingPlay, SowingTables

_TOP_KEYS = {"game", "to_move", "players", "seeds", "captured", "rules"}
MAX_COUNT = 999  # seeds in one field, or captured by one player: more than any board holds


def start_position(tables: SowingTables) -> SowingPosition:
    return SowingPosition(tables, 0, tables.start, (0, 0))


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def read_position(play: SowingPlay, document: Mapping[str, Any], source: SourceMap) -> SowingPosition:
    """A position file's document -> a position, or PositionFileError listing every problem found."""
    problems = unknown_keys(document, _TOP_KEYS, "", source)
    tables = read_rules(play, document.get("rules", {}), source, problems)
    grid = tables.variant.grid
    seeds = [0] * grid.size
    table = document.get("seeds", {})
    if not isinstance(table, dict):
        problems.append(Problem("wrong-type", f"seeds must be a [seeds] table of counts by field, not "
                                f"{toml_text(table)}", source.where("seeds")))
        table = {}
    for name, count in table.items():
        where = source.where(f"seeds.{name}")
        try:
            index = grid.index(grid.parse(name))
        except ValueError as error:
            problems.append(Problem("off-board", f"[seeds] {error}", where))
            continue
        if tables.owner[index] == NOBODY:
            problems.append(Problem("not-a-pit", f"[seeds] names {name}, which is no pit nor store of this game",
                                    where))
        elif not _count(count):
            problems.append(Problem("bad-count", f"[seeds] {name} = {toml_text(count)}: a count of seeds, 0 to "
                                    f"{MAX_COUNT}", where))
        else:
            seeds[index] = count
    captured = [0, 0]
    kept = document.get("captured", {})
    if not isinstance(kept, dict):
        problems.append(Problem("wrong-type", f"captured must be a [captured] table of counts by player, not "
                                f"{toml_text(kept)}", source.where("captured")))
        kept = {}
    for name, count in kept.items():
        where = source.where(f"captured.{name}")
        if name not in ("1", "2"):
            problems.append(Problem("bad-player", f"[captured] names player {toml_text(name)}; the players are 1 "
                                    "and 2", where))
        elif not _count(count):
            problems.append(Problem("bad-count", f"[captured] {name} = {toml_text(count)}: a count of seeds, 0 to "
                                    f"{MAX_COUNT}", where))
        else:
            captured[int(name) - 1] = count
    mover = read_mover_of_two(document, source, problems)
    if problems:
        raise PositionFileError(problems)
    return SowingPosition(tables, mover, tuple(seeds), tuple(captured))


def position_problems(position: SowingPosition) -> list[Problem]:
    """More seeds than the game has, or seeds kept beside a board that has stores: [] means valid (which does not
    mean a game could reach it: a position of fewer seeds is a study of its own)."""
    tables = position.tables
    problems = []
    on_board = sum(position.seeds)
    held = on_board + sum(position.captured)
    if held > tables.total:
        problems.append(Problem("seed-count", f"the pits and stores hold {on_board} seeds and {sum(position.captured)} "
                                f"are captured, {held} in all; this game has {tables.total}", "seeds"))
    if tables.stores and any(position.captured):
        problems.append(Problem("cannot-keep", "[captured] counts seeds kept beside the board, but this game puts "
                                "captured seeds in its stores: give them in [seeds], at each player's store",
                                "captured"))
    return problems


def write_position(play: SowingPlay, position: SowingPosition) -> str:
    """The position as file text; read_position gives it back."""
    tables = position.tables
    lines = [f"game = {toml_string(tables.game)}", f"to_move = {position.mover + 1}"]
    lines += rules_lines(play.options, tables.options)
    fields = sorted((index for index in range(len(position.seeds)) if tables.owner[index] != NOBODY),
                    key=lambda index: field_order(tables.names[index]))
    lines += ["", "[seeds]", *(f"{tables.names[index]} = {position.seeds[index]}" for index in fields)]
    if not tables.stores or any(position.captured):
        lines += ["", "[captured]", *(f"{p + 1} = {n}" for p, n in enumerate(position.captured))]
    return "\n".join(lines) + "\n"
