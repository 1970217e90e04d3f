"""How ALEA positions and moves are shown: summaries, JSON, diagram items, marked fields."""

from __future__ import annotations

from typing import Any, TypedDict

from ...draw.diagram_items import DiagramItem, DiagramPiece
from ...engine.grid import Field
from ..game import move_fields
from .position import PLAYER_OF, AleaPosition, stack_token
from .rules import RULES, Move

# Every kind of move's JSON ("from" is a keyword, hence the functional form).
AleaMoveJson = TypedDict("AleaMoveJson", {"kind": str, "notation": str, "from": str, "to": str, "dice": int,
                                          "result": str})


class AleaPresentation:
    move_fields = move_fields(dict.fromkeys(("move", "double", "tower", "descend"), AleaMoveJson))

    def summary(self, position: AleaPosition) -> str:
        return f"{position.to_move} to move"

    def player_json(self, player: str) -> str:
        return player

    def standing(self, position: AleaPosition) -> dict[str, Any]:
        return {}  # ALEA keeps no score: a position is won by a pattern or not at all

    def no_moves_reason(self, position: AleaPosition) -> str:
        return ""

    def move_json(self, position: AleaPosition, move: Move) -> AleaMoveJson:
        name = position.variant.grid.index_name
        return {"kind": move.kind, "from": name(move.origin), "to": name(move.target), "dice": move.dice,
                "result": stack_token(move.result), "notation": RULES.notation(position, move)}

    def origin(self, position: AleaPosition, move: Move) -> Field | None:
        return position.variant.grid.field_at(move.origin)

    def reached(self, position: AleaPosition, move: Move) -> list[Field]:
        return [position.variant.grid.field_at(move.target)]

    def items(self, position: AleaPosition) -> list[DiagramItem]:
        field_at = position.variant.grid.field_at
        return [DiagramPiece(field_at(i), PLAYER_OF[piece.owner], piece.face, level)
                for i, stack in enumerate(position.cells) for level, piece in enumerate(stack)]


PRESENTATION = AleaPresentation()
