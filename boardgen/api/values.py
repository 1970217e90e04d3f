"""What the API hands back besides games, positions and moves: a piece on the board, and how a game ended.

Players are numbers here, 1 to 4 in the order the game's rules name them (the first to move first), as a
position file writes a game file's players; `Game.players` gives each number's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.contract import OutcomeCode

__all__ = ["Outcome", "OutcomeCode", "Piece"]


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece on a field: its player (1 to 4), its kind and the number it shows.

    The kinds are the piece kinds game files name: "counter" (a round piece: a game file's pieces, ISAAC's score
    markers), "die" (IACTA, ALEA: `value` is the face up), "pyramid" (Stacktics: `value` is its pips, 1 small to
    3 large) and "tile" (ISAAC: `value` is the number printed on it; a tile lies on every field it covers).
    `value` is None for a piece that shows no number.
    """

    player: int
    kind: str
    value: int | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winners (players' numbers; () for a draw), why in a few words, and why as a code."""

    winners: tuple[int, ...]
    reason: str  # "all pieces finished", "player 2 cannot move"
    code: OutcomeCode  # the same few kinds in every game: OutcomeCode.GOAL, OutcomeCode.NO_MOVES, ...

    @property
    def draw(self) -> bool:
        """Whether nobody won."""
        return not self.winners
