"""`boardgen check`: one report for any game, as text for people or JSON for programs."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .engine import engine_for, parse
from .positions import PositionFileError, Problem


@dataclass(frozen=True)
class CheckReport:
    game: str | None
    valid: bool
    errors: tuple[Problem, ...]
    to_move: str | None
    winner: str | None
    moves: tuple[dict[str, Any], ...]
    summary: str = ""
    position: Any = None

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "valid": self.valid,
            "errors": [p.as_json() for p in self.errors],
            "to_move": self.to_move,
            "winner": self.winner,
            "moves": list(self.moves),
        }


def _natural(text: str) -> tuple:
    """Sort key that puts e2 before e10."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def check_text(text: str | bytes) -> CheckReport:
    try:
        position = parse(text)
    except PositionFileError as error:
        return CheckReport(_game_name(text), False, error.problems, None, None, ())
    engine = engine_for(position.game)
    problems = engine.validate(position)
    if problems:
        return CheckReport(position.game, False, tuple(problems), position.to_move, None, (), position=position)
    moves = [engine.move_json(m) for m in engine.legal_moves(position)]
    # Kinds in the order the engine first lists them, passing last; within a kind, by notation.
    rank: dict[str, int] = {}
    for move in moves:
        rank.setdefault(move["kind"], len(rank) if move["kind"] != "pass" else len(moves))
    moves.sort(key=lambda m: (rank[m["kind"]], _natural(m["notation"])))
    return CheckReport(position.game, True, (), position.to_move, engine.winner(position), tuple(moves),
                       engine.summary(position), position)


def _game_name(text: str | bytes) -> str | None:
    """The game a broken file is for, when that much can be read."""
    import tomllib

    try:
        value = tomllib.loads(text.decode("utf-8") if isinstance(text, bytes) else text).get("game")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        return None
    return value if isinstance(value, str) else None


def report_json(report: CheckReport) -> str:
    return json.dumps(report.as_json(), indent=2, ensure_ascii=False)


def report_text(report: CheckReport, label: str) -> str:
    if not report.valid:
        lines = [f"{label}: not a valid position ({len(report.errors)} problem{'s' if len(report.errors) != 1 else ''})"]
        for problem in report.errors:
            where = f"{problem.where}: " if problem.where else ""
            lines.append(f"  {where}{problem.message} [{problem.code}]")
        return "\n".join(lines)
    lines = [f"{label}: valid {report.game.upper()} position, {report.summary}"]
    if report.winner:
        lines.append(f"{report.winner} has won: no moves are listed.")
        return "\n".join(lines)
    if not report.moves:
        lines.append("No throw is given, so no moves are listed (add throw = [a, b] to list them).")
        return "\n".join(lines)
    lines.append(f"{len(report.moves)} legal moves for {report.to_move}:")
    groups: dict[str, list[str]] = {}
    for move in report.moves:
        groups.setdefault(move["kind"], []).append(move["notation"])
    for kind, notations in groups.items():
        lines.append(f"  {kind} ({len(notations)}):")
        lines.extend(_wrap(notations, indent=4, width=88))
    return "\n".join(lines)


def _wrap(words: list[str], indent: int, width: int) -> list[str]:
    lines, current = [], ""
    for word in words:
        if current and len(current) + 1 + len(word) + indent > width:
            lines.append(" " * indent + current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(" " * indent + current)
    return lines
