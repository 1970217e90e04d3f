"""What can be wrong with a position file or a move, said for people and coded for programs."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidPositionError


@dataclass(frozen=True)
class Place:
    """Where something is written in a file: its line and column, from 1."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}"


@dataclass(frozen=True)
class Problem:
    code: str  # stable, for programs: "bad-token", "dice-count", ...
    message: str  # for people
    where: str = ""  # "e5", "line 4, column 7", or "" for the whole file
    place: Place | None = None  # the line and column `where` names, when it names one (for sorting, marking)

    @classmethod
    def at(cls, code: str, message: str, place: Place | None, otherwise: str = "") -> Problem:
        """A problem at `place`; where that is not known, at `otherwise` (a section's name, or "": no line)."""
        return cls(code, message, str(place) if place else otherwise, place)

    def as_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "where": self.where}


# Both are the project's own error (a face catches BoardgenError alone) and, as python-chess's are, ValueErrors.
class PositionFileError(InvalidPositionError, ValueError):
    """The file is not a readable position; `problems` lists every reason found, and the message names each with
    its place."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"{p.where}: {p.message}" if p.where else p.message for p in problems))
        self.problems = tuple(problems)


class MoveError(InvalidPositionError, ValueError):
    """A move in notation that cannot be played here; the message says why, in one line."""


class MalformedMoveError(MoveError):
    """The text is not a move in this game's notation at all (a typo, another game's move)."""


class IllegalMoveError(MoveError):
    """The text is a move, but not one the rules allow in this position."""
