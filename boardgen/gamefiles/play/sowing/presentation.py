"""How the sowing engine's positions and moves are shown: summaries, each move's JSON, the seeds for diagrams.

A pit or store's seeds are a stack of counters, one a seed, in the colour of the player whose pit or store it is
(the seeds themselves belong to no one), the top one showing the count: a diagram shows the count, and the Python
API's board the seeds, one Piece a seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from ....draw.diagram_items import DiagramItem, DiagramMarker
from ....engine.grid import Field
from ....games.game import move_fields
from .moves import SowMove
from .position import SowingPosition
from .rules import SowingRules, played
from .sowing import sown_into

# Every kind of move has the same keys ("from" is a keyword, hence the functional form): `from` the pit sown from
# (None for a pass); `path` the field the last seed goes into; `sown` every field a seed goes into, in order (a
# field twice where the seeds go round twice); `captures` every pit whose seeds the move captures; `again` whether
# the same player moves next.
SowMoveJson = TypedDict("SowMoveJson", {"kind": str, "notation": str, "from": str | None, "path": list[str],
                                        "sown": list[str], "captures": list[str], "again": bool})
KINDS: Mapping[str, type] = {kind: SowMoveJson for kind in ("sow", "pass")}
SEED = "counter"  # the kind of piece a seed is, as [[pieces]] prints it and the Python API's board names it


class SowingPresentation:
    move_fields = move_fields(KINDS)

    def __init__(self, rules: SowingRules) -> None:
        self.rules = rules

    def summary(self, position: SowingPosition) -> str:
        tables = position.tables
        scores = [tables.score(position.seeds, position.captured, p) for p in range(2)]
        where = "in the stores" if tables.stores else "captured"
        parts = [f"player {position.mover + 1} to move", f"seeds {where}: player 1 {scores[0]}, player 2 "
                 f"{scores[1]}"]
        changed = [f"{name} {value}" for name, value in tables.options
                   if dict(self.rules.play.options)[name][0] != value]
        if changed:
            parts.append("rules: " + ", ".join(changed))
        return ", ".join(parts)

    def no_moves_reason(self, position: SowingPosition) -> str:
        return ""

    def move_json(self, position: SowingPosition, move: SowMove) -> SowMoveJson:
        names = position.tables.names
        notation = self.rules.notation(position, move)
        if move.origin < 0:
            return {"kind": move.kind, "notation": notation, "from": None, "path": [], "sown": [], "captures": [],
                    "again": False}
        made = played(position, move)
        return {"kind": move.kind, "notation": notation, "from": names[move.origin], "path": [names[made.last]],
                "sown": [names[index] for index in sown_into(position, move.origin)],
                "captures": [names[index] for index in sorted(set(made.taken))], "again": made.again}

    def origin(self, position: SowingPosition, move: SowMove) -> Field | None:
        return position.variant.grid.field_at(move.origin) if move.origin >= 0 else None

    def reached(self, position: SowingPosition, move: SowMove) -> list[Field]:
        """The field the last seed goes into (every field sown would mark half the board)."""
        if move.origin < 0:
            return []
        return [position.variant.grid.field_at(played(position, move).last)]

    def items(self, position: SowingPosition) -> list[DiagramItem]:
        field_at = position.variant.grid.field_at
        owner = position.tables.owner
        return [DiagramMarker(field_at(index), f"p{owner[index] + 1}", level, SEED,
                              str(count) if level == count - 1 else "")
                for index, count in enumerate(position.seeds) for level in range(count)]

    def player_json(self, player: str) -> int:
        return int(player.rsplit(" ", 1)[-1])

    def standing(self, position: SowingPosition) -> dict[str, Any]:
        tables = position.tables
        return {"players": 2,
                "captured": {str(p + 1): tables.score(position.seeds, position.captured, p) for p in range(2)},
                "on_side": {str(p + 1): sum(tables.row_seeds[p](position.seeds)) for p in range(2)}}
