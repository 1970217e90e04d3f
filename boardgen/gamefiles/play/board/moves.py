"""A move of the board engine: one player's action, a short sequence of actions on fields.

A placement, a step, a slide, a jump or a take puts a piece on `target` (from `origin`, or from the hand when
`origin` is HAND), captures the pieces on `captures`, turns those on `flips` and promotes the piece to `becomes`;
a removal takes the piece on `target` away; "stop" ends a chain of jumps, "pass" does nothing.  Another turn for
the same player (a jump that goes on, a removal after a mill) is the engine's effect, not part of the move.
"""

from __future__ import annotations

from dataclasses import dataclass

HAND = -1  # a move's origin: a piece from the player's hand
NOWHERE = -1  # the target of a move that puts no piece anywhere (stop, pass)


@dataclass(frozen=True, slots=True)
class BoardMove:
    kind: str  # "place", "step", "slide", "fly", "jump", "take", "remove", "stop" or "pass"
    origin: int
    target: int
    captures: tuple[int, ...] = ()
    flips: tuple[int, ...] = ()
    becomes: int = -1  # the kind the piece is promoted to, or -1

    @property
    def actions(self) -> tuple[tuple[str, int], ...]:
        """The move as its actions in order, each with its field: ("move", 12), ("capture", 20), ("promote", 28)."""
        if self.kind in ("stop", "pass"):
            return ((self.kind, NOWHERE),)
        if self.kind == "remove":
            return (("remove", self.target),)
        first = ("place", self.target) if self.origin == HAND else ("move", self.target)
        return (first, *(("capture", f) for f in self.captures), *(("flip", f) for f in self.flips),
                *((("promote", self.target),) if self.becomes >= 0 else ()))


PASS = BoardMove("pass", NOWHERE, NOWHERE)
STOP = BoardMove("stop", NOWHERE, NOWHERE)
