"""Ranges that an option and a game file's key share, written once.

The command line's --field and a game file's `[board] field` take the same
millimetres; a game file's players and counts have their ranges here beside
them, so the reader, the docs and any form that asks for them agree.  The
palettes' names are the keys of `boardgen.draw.palettes.PALETTES`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Range:
    """Numbers from `low` to `high`, both allowed; `whole`: whole numbers only."""

    low: float
    high: float
    unit: str = ""
    whole: bool = False

    def holds(self, value: object) -> bool:
        """Whether `value` is a number of this range (true and false are not numbers here)."""
        if isinstance(value, bool) or not isinstance(value, (int, float) if not self.whole else int):
            return False
        return self.low <= value <= self.high

    def text(self) -> str:
        """ "a number from 5 to 100 mm", "a whole number from 2 to 4" """
        kind = "a whole number" if self.whole else "a number"
        return f"{kind} from {self.low:g} to {self.high:g}{' ' + self.unit if self.unit else ''}"


# The side of one field.  5 mm: the smallest field every product draws, prints and cuts right (a coordinate, a pip,
# a token 1 mm smaller than its field, a plate's label); below it laser text and pieces had nothing left to draw.
FIELD_SIZE = Range(5.0, 100.0, "mm")
PLAYERS = Range(2, 4, whole=True)  # a game's players: the looks keep four players apart, no more
PIECE_COUNT = Range(1, 60, whole=True)  # pieces of one kind for each player (or for the table)
PIECE_SIZE = Range(5.0, 60.0, "mm")  # a piece's side, when a game file gives one
LEGO_DICE = Range(1, 20, whole=True)  # dice a player has as towers of LEGO bricks
