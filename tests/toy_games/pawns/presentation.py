"""How Pawns positions and moves are shown: summaries, JSON, counters in diagrams."""

from __future__ import annotations

from typing import Any, TypedDict

from boardgen.draw.diagram_items import DiagramItem, DiagramMarker
from boardgen.engine.grid import Field
from boardgen.games.game import move_fields

from .geometry import LETTER, PLAYER_OF, PLAYERS
from .position import PawnsPosition
from .rules import RULES, Move

PawnsMoveJson = TypedDict("PawnsMoveJson", {"kind": str, "notation": str, "from": str, "to": str})


class PawnsPresentation:
    move_fields = move_fields({"step": PawnsMoveJson, "take": PawnsMoveJson})

    def summary(self, position: PawnsPosition) -> str:
        counts = ", ".join(f"{p} {position.cells.count(LETTER[p])}" for p in PLAYERS)
        return f"{position.to_move} to move; pawns: {counts}"

    def no_moves_reason(self, position: PawnsPosition) -> str:
        return ""

    def player_json(self, player: str) -> str:
        return player

    def standing(self, position: PawnsPosition) -> dict[str, Any]:
        return {"pawns": {p: position.cells.count(LETTER[p]) for p in PLAYERS}}

    def move_json(self, position: PawnsPosition, move: Move) -> PawnsMoveJson:
        name = position.variant.grid.index_name
        return {"kind": move.kind, "from": name(move.origin), "to": name(move.target),
                "notation": RULES.notation(position, move)}

    def origin(self, position: PawnsPosition, move: Move) -> Field | None:
        return position.variant.grid.field_at(move.origin)

    def reached(self, position: PawnsPosition, move: Move) -> list[Field]:
        return [position.variant.grid.field_at(move.target)]

    def items(self, position: PawnsPosition) -> list[DiagramItem]:
        field_at = position.variant.grid.field_at
        return [DiagramMarker(field_at(i), PLAYER_OF[owner]) for i, owner in enumerate(position.cells) if owner]


PRESENTATION = PawnsPresentation()
