"""How Stacktics positions and moves are shown: summaries, JSON, pyramids for diagrams, marked fields."""

from __future__ import annotations

from typing import Any, TypedDict

from ...draw.diagram_items import DiagramItem, DiagramPyramid
from ...engine.grid import Field
from ..game import MoveJson, move_fields
from .geometry import PLAYERS, winning_pips
from .position import PLAYER_OF, StackticsPosition, captured_pips, stack_token
from .rules import RULES, Move

# Each kind of move's JSON ("from" is a keyword, hence the functional form).
TravelJson = TypedDict("TravelJson", {"kind": str, "notation": str, "from": str, "to": str, "pieces": int,
                                      "result": str})
CaptureJson = TypedDict("CaptureJson", {"kind": str, "notation": str, "from": str, "to": str, "pieces": int,
                                        "result": str, "captured": str})


class StackticsPresentation:
    move_fields = move_fields({"move": TravelJson, "stack": TravelJson, "capture": CaptureJson, "swap": MoveJson})

    def summary(self, position: StackticsPosition) -> str:
        needed = winning_pips(position.size)
        taken = ", ".join(f"{p} {captured_pips(position, p)}" for p in PLAYERS)
        pie = "; the pie rule is on" if position.pie else ""
        offer = f", so {position.to_move} may swap armies" if position.pie_offer else ""
        return (f"size {position.size} on {position.variant.name}, {position.to_move} to move; pips captured: "
                f"{taken} (a win needs {needed}){pie}{offer}")

    def no_moves_reason(self, position: StackticsPosition) -> str:
        return ""

    def player_json(self, player: str) -> str:
        return player

    def standing(self, position: StackticsPosition) -> dict[str, Any]:
        needed = winning_pips(position.size)
        return {"captured": {p: captured_pips(position, p) for p in PLAYERS},
                "still_needed": {p: max(0, needed - captured_pips(position, p)) for p in PLAYERS},
                "pie": position.pie, "pie_offer": position.pie_offer}

    def move_json(self, position: StackticsPosition, move: Move) -> TravelJson | CaptureJson | MoveJson:
        if move.kind == "swap":
            return {"kind": "swap", "notation": "swap"}
        name = position.variant.grid.index_name
        notation = RULES.notation(position, move)
        if move.kind == "capture":
            return {"kind": "capture", "from": name(move.origin), "to": name(move.target), "pieces": move.pieces,
                    "result": stack_token(move.result), "captured": stack_token(move.captured), "notation": notation}
        return {"kind": move.kind, "from": name(move.origin), "to": name(move.target), "pieces": move.pieces,
                "result": stack_token(move.result), "notation": notation}

    def origin(self, position: StackticsPosition, move: Move) -> Field | None:
        return None if move.kind == "swap" else position.variant.grid.field_at(move.origin)

    def reached(self, position: StackticsPosition, move: Move) -> list[Field]:
        return [] if move.kind == "swap" else [position.variant.grid.field_at(move.target)]

    def items(self, position: StackticsPosition) -> list[DiagramItem]:
        field_at = position.variant.grid.field_at
        return [DiagramPyramid(field_at(i), PLAYER_OF[piece.owner], piece.face, level, len(stack))
                for i, stack in enumerate(position.cells) for level, piece in enumerate(stack)]


PRESENTATION = StackticsPresentation()
