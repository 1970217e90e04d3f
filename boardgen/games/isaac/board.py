"""ISAAC's board: 10x10 whose edges are both players' score tracks.

Dark reads its score from its own side: units 0-9 along the bottom, tens along
the left, so a1 is Dark's 00 and j10 Dark's 99.  Light's track is the same
turned half a turn, printed upside down so Light reads it from across the table.
"""

from __future__ import annotations

from functools import cache

from ...draw.board_spec import BoardSpec, EdgeLabel
from ...engine.grid import Variant

CREDITS = ("ISAAC, a game by Emiliano Venturini, 2011", "Printed for personal play with boardgen")


@cache  # asked for more than once a run; built once
def isaac_board(variant: Variant) -> BoardSpec:
    labels = []
    for i in range(10):
        labels.append(EdgeLabel("bottom", i, str(i), "label.dark"))
        labels.append(EdgeLabel("left", i, f"{i}0", "label.dark"))
        labels.append(EdgeLabel("top", i, str(9 - i), "label.light", upside_down=True))
        labels.append(EdgeLabel("right", i, f"{9 - i}0", "label.light", upside_down=True))
    return BoardSpec(title="ISAAC board", grid=variant.grid, credits=CREDITS, edge_labels=tuple(labels))
