"""What a board draws from the rules its game file plays: tracks, ladders and snakes, and the lines pieces move along.

The reader asks this once, for the file's default rules, and hands the answer to the drawing: the drawing never
reads the engine's tables itself.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[int, int]  # (column, row) from (0, 0) at a1


@dataclass(frozen=True)
class Drawn:
    tracks: tuple[tuple[Point, ...], ...] = ()  # each player's track (one, when everyone's is the same)
    shared: bool = False  # every player runs the same track
    ladders: tuple[tuple[Point, Point, str], ...] = ()  # (from, to, "ladder" or "snake")
    lines: tuple[tuple[Point, Point], ...] = ()  # each drawn line between two neighbouring points, once
    points: bool = False  # the board is drawn as points joined by these lines, not as squares
    # Lines only a rule option plays along (Fox and Geese's diagonals with lines = diagonal): drawn lighter, so
    # the board serves both; () where every set of rules moves along the same lines.
    option_lines: tuple[tuple[Point, Point], ...] = ()

