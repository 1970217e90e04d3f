"""A designer's question about a game, as data: the settings to play and how to word the answer.

Each game keeps its own questions (games/<game>/studies.py); `boardgen study`
plays them (simulate.studies) and writes the answer from the measured
figures, so it says what the intervals allow and no more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# What is read from every arm: the first player's win rate, the second player's, or the game's length.
Measure = Literal["rate_a", "rate_b", "length"]
# How the answer reads: each arm against the one it is compared with ("compare"), or each arm's first-player
# advantage on its own ("first-player").
Answer = Literal["compare", "first-player"]


@dataclass(frozen=True)
class Arm:
    label: str  # what differs in this setting, for the table and the chart
    variant: str
    rules: tuple[tuple[str, str], ...] = ()
    players: tuple[str, str] | None = None  # the study's own players unless given
    compare_with: int = 0  # the arm this one's effect is measured against


@dataclass(frozen=True)
class StudySpec:
    name: str  # what `boardgen study NAME` takes
    game: str
    title: str
    question: str  # what was asked, and by whom
    measure: Measure
    players: tuple[str, str]
    arms: tuple[Arm, ...]
    games: int  # per arm; the default run finishes in minutes on two cores
    quick_games: int  # per arm with --quick: a first look, with wide intervals
    answer: Answer = "first-player"
    baseline: str = ""  # how a "compare" answer names the first arm's setting ("on equal terms")
