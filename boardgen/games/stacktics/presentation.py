"""How Stacktics positions and moves are shown: summaries, JSON, pyramids for diagrams, marked fields."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ...draw.diagram_items import DiagramItem, DiagramPyramid
from ...engine.grid import Field
from .geometry import PLAYERS, winning_pips
from .position import PLAYER_OF, StackticsPosition, captured_pips, stack_token
from .rules import RULES, Move


class StackticsPresentation:
    move_fields = MappingProxyType({"move": frozenset({"from", "to", "pieces", "result"}),
                                    "stack": frozenset({"from", "to", "pieces", "result"}),
                                    "capture": frozenset({"from", "to", "pieces", "result", "captured"}),
                                    "swap": frozenset()})

    def summary(self, position: StackticsPosition) -> str:
        needed = winning_pips(position.size)
        taken = ", ".join(f"{p} {captured_pips(position, p)}" for p in PLAYERS)
        pie = "; the pie rule is on" if position.pie else ""
        offer = f", so {position.to_move} may swap armies" if position.pie_offer else ""
        return (f"size {position.size} on {position.variant.name}, {position.to_move} to move; pips captured: "
                f"{taken} (a win needs {needed}){pie}{offer}")

    def no_moves_reason(self, position: StackticsPosition) -> str:
        return ""

    def standing(self, position: StackticsPosition) -> dict[str, Any]:
        needed = winning_pips(position.size)
        return {"captured": {p: captured_pips(position, p) for p in PLAYERS},
                "still_needed": {p: max(0, needed - captured_pips(position, p)) for p in PLAYERS},
                "pie": position.pie, "pie_offer": position.pie_offer}

    def move_json(self, position: StackticsPosition, move: Move) -> dict[str, Any]:
        if move.kind == "swap":
            return {"kind": "swap", "notation": "swap"}
        name = position.variant.grid.index_name
        data: dict[str, Any] = {"kind": move.kind, "from": name(move.origin), "to": name(move.target),
                                "pieces": move.pieces, "result": stack_token(move.result)}
        if move.kind == "capture":
            data["captured"] = stack_token(move.captured)
        data["notation"] = RULES.notation(position, move)
        return data

    def origin(self, position: StackticsPosition, move: Move) -> Field | None:
        return None if move.kind == "swap" else position.variant.grid.field_at(move.origin)

    def reached(self, position: StackticsPosition, move: Move) -> list[Field]:
        return [] if move.kind == "swap" else [position.variant.grid.field_at(move.target)]

    def items(self, position: StackticsPosition) -> list[DiagramItem]:
        field_at = position.variant.grid.field_at
        return [DiagramPyramid(field_at(i), PLAYER_OF[piece.owner], piece.face, level, len(stack))
                for i, stack in enumerate(position.cells) for level, piece in enumerate(stack)]


PRESENTATION = StackticsPresentation()
