"""How IACTA positions and moves are shown: summaries, JSON, diagram items, marked fields."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ...draw.diagram_items import DiagramItem, DiagramPiece
from ...engine.grid import Field
from .position import DEFAULT_OPTIONS, PLAYER_OF, IactaPosition
from .rules import RULES, Move


class IactaPresentation:
    move_fields = MappingProxyType({"move": frozenset({"from", "to", "face"}),
                                    "strike": frozenset({"from", "to", "face", "home"}),
                                    "rocade": frozenset({"squares"}), "pass": frozenset()})

    def summary(self, position: IactaPosition) -> str:
        parts = [f"{position.to_move} to move"]
        if position.throw is not None:
            parts.append(f"throw {position.throw[0]} and {position.throw[1]}")
        options = position.options
        if dict(options.homeland) != dict(DEFAULT_OPTIONS.homeland):
            parts.append("homelands " + ", ".join(f"{p} {s}" for p, s in options.homeland.items()))
        if dict(options.dice) != dict(DEFAULT_OPTIONS.dice):
            parts.append("dice " + ", ".join(f"{p} {n}" for p, n in options.dice.items()))
        if options.rocade:
            parts.append("rocade allowed")
        if options.doubles != "off":
            parts.append(f"doubles: {options.doubles}")
        return ", ".join(parts)

    def standing(self, position: IactaPosition) -> dict[str, Any]:
        on_board = {player: 0 for player in PLAYER_OF.values()}
        for piece in position.cells:
            if piece is not None:
                on_board[PLAYER_OF[piece.owner]] += 1
        return {"dice_on_board": on_board}

    def no_moves_reason(self, position: IactaPosition) -> str:
        if position.throw is None:
            return "No throw is given, so no moves are listed (add throw = [a, b] to list them)."
        return ""

    def move_json(self, position: IactaPosition, move: Move) -> dict[str, Any]:
        name = position.variant.grid.index_name
        data: dict[str, Any]
        if move.kind == "move":
            data = {"kind": "move", "from": name(move.origin), "to": name(move.target), "face": move.face}
        elif move.kind == "strike":
            data = {"kind": "strike", "from": name(move.origin), "to": name(move.target), "face": move.face,
                    "home": name(move.home)}
        elif move.kind == "rocade":
            data = {"kind": "rocade", "squares": sorted([name(move.origin), name(move.target)])}
        else:
            data = {"kind": "pass"}
        data["notation"] = RULES.notation(position, move)
        return data

    def origin(self, position: IactaPosition, move: Move) -> Field | None:
        return position.variant.grid.field_at(move.origin) if move.kind in ("move", "strike") else None

    def reached(self, position: IactaPosition, move: Move) -> list[Field]:
        """Fields a diagram marks for this move: where the die lands, or both rocade fields."""
        field_at = position.variant.grid.field_at
        if move.kind in ("move", "strike"):
            return [field_at(move.target)]
        if move.kind == "rocade":
            return [field_at(move.origin), field_at(move.target)]
        return []

    def items(self, position: IactaPosition) -> list[DiagramItem]:
        field_at = position.variant.grid.field_at
        return [DiagramPiece(field_at(i), PLAYER_OF[piece.owner], piece.face)
                for i, piece in enumerate(position.cells) if piece is not None]


PRESENTATION = IactaPresentation()
