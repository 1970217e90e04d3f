"""A move of the sowing engine: the pit a player sows from, or a pass.

What the move does (where its last seed lands, what it captures, another turn) follows from the position; the
engine works it out when the move is played (rules.py), and the presentation when it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

NOWHERE = -1  # a pass's origin


@dataclass(frozen=True, slots=True)
class SowMove:
    kind: str  # "sow" or "pass"
    origin: int  # the pit sown from; NOWHERE for a pass


PASS = SowMove("pass", NOWHERE)
