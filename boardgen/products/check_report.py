"""`boardgen check`: one report for any game, as text for people or JSON for programs."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ..engine.contract import Outcome, Position
from ..engine.problems import MoveError, PositionFileError, Problem
from ..errors import InvalidPositionError
from ..gamefiles.position_files import game_named_in, load_position
from ..games.game import MoveJson
from ..games.loading import Loaded, SomeLoaded
from ..terminal import printable
from .diagram import valid_position

P = TypeVar("P", bound=Position)
M = TypeVar("M")


@dataclass(frozen=True)
class CheckReport:
    """What `check` says of a position file: plain values, the same for every game."""

    game: str | None
    valid: bool
    errors: tuple[Problem, ...]
    to_move: str | None
    outcome: Outcome | None
    moves: tuple[MoveJson, ...]
    summary: str = ""
    no_moves_reason: str = ""
    standing: dict[str, Any] | None = None  # scores, captures: what the game says of how it stands
    title: str = ""  # the game's title; "" where the file's game could not be read
    position_text: str = ""  # the valid position as its file's text (what --json shows after --move); "" if invalid
    # A player as programs read it: the game's own word for it ("red", or 1 for a game file's first).
    player_json: Callable[[str], str | int] = str

    @property
    def winner(self) -> str | None:
        return self.outcome.winner if self.outcome else None

    def _player(self, player: str | None) -> str | int | None:
        return None if player is None else self.player_json(player)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "valid": self.valid,
            "errors": [p.as_json() for p in self.errors],
            "to_move": self._player(self.to_move),
            "winner": self._player(self.winner),
            "outcome": None if self.outcome is None else {"winner": self._player(self.outcome.winner),
                                                           "reason": self.outcome.reason,
                                                           "code": self.outcome.code.value},
            "standing": self.standing,
            "moves": list(self.moves),
        }


def _natural(text: str) -> tuple[Any, ...]:
    """Sort key that puts e2 before e10."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def check_text(text: str | bytes, folder: Path | None = None) -> CheckReport:
    try:
        loaded = load_position(text, folder)
    except PositionFileError as error:
        return CheckReport(game_named_in(text), False, error.problems, None, None, ())
    return check_loaded(loaded)


def check_loaded(loaded: Loaded[P, M]) -> CheckReport:
    rules, presentation, position = loaded.rules, loaded.presentation, loaded.position
    game, player_json = loaded.game, presentation.player_json
    problems = loaded.problems()
    if problems:
        return CheckReport(game.name, False, tuple(problems), position.to_move, None, (), title=game.title,
                           player_json=player_json)
    moves = [presentation.move_json(position, m) for m in rules.legal_moves(position)]
    # Kinds in the order the engine first lists them, passing last; within a kind, by notation.
    rank: dict[str, int] = {}
    for move in moves:
        rank.setdefault(move["kind"], len(rank) if move["kind"] != "pass" else len(moves))
    moves.sort(key=lambda m: (rank[m["kind"]], _natural(m["notation"])))
    return CheckReport(game.name, True, (), position.to_move, loaded.outcome(), tuple(moves),
                       presentation.summary(position), presentation.no_moves_reason(position),
                       presentation.standing(position), game.title, loaded.text(), player_json)


def after_moves(text: str | bytes, label: str, notations: Sequence[str], folder: Path | None = None) -> SomeLoaded:
    """The file's position after the moves given in notation, or InvalidPositionError saying which failed."""
    loaded = valid_position(text, label, folder)
    for number, notation in enumerate(notations, start=1):
        try:
            loaded = loaded.played([notation])
        except MoveError as error:
            raise InvalidPositionError(f"move {number}: {error}") from None
    return loaded


def report_json(report: CheckReport, with_position: bool = False) -> str:
    """The report as JSON; `with_position` adds the position file's text (after --move)."""
    data = report.as_json()
    if with_position and report.position_text:
        data["position"] = report.position_text
    # JSON escapes C0 controls itself; DEL and the C1 ones (a one-byte CSI on some terminals) it leaves raw.
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return re.sub(r"[\x7f-\x9f]", lambda m: f"\\u{ord(m.group()):04x}", text)


def report_text(report: CheckReport, label: str) -> str:
    """The report for people; values from the file are shown with their control characters escaped."""
    return printable(_report_text(report, label))


def _report_text(report: CheckReport, label: str) -> str:
    if not report.valid:
        count = len(report.errors)
        lines = [f"{label}: not a valid position ({count} problem{'s' if count != 1 else ''})"]
        for problem in report.errors:
            where = f"{problem.where}: " if problem.where else ""
            lines.append(f"  {where}{problem.message} [{problem.code}]")
        return "\n".join(lines)
    title = report.title or report.game or ""
    lines = [f"{label}: valid {title} position, {report.summary}"]
    if report.outcome:
        lines.append(f"{report.outcome.describe()}: no moves are listed.")
        return "\n".join(lines)
    if not report.moves:
        lines.append(report.no_moves_reason or "No legal moves.")
        return "\n".join(lines)
    count = len(report.moves)
    lines.append(f"{count} legal move{'s' if count != 1 else ''} for {report.to_move}:")
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
