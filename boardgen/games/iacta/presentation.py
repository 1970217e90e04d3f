"""How IACTA positions and moves are shown: summaries, JSON, diagram items, marked fields."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from ...draw.diagram_items import DiagramItem, DiagramPiece
from ...engine.grid import Field
from ..game import MoveJson, move_fields
from .position import DEFAULT_OPTIONS, PLAYER_OF, IactaPosition
from .rules import RULES, Move

# Each kind of move's JSON ("from" is a keyword, hence the functional form).
StepJson = TypedDict("StepJson", {"kind": str, "notation": str, "from": str, "to": str, "face": int})
StrikeJson = TypedDict("StrikeJson", {"kind": str, "notation": str, "from": str, "to": str, "face": int,
                                      "home": str})
class RocadeJson(TypedDict):
    kind: str
    notation: str
    squares: list[str]
KINDS: Mapping[str, type] = {"move": StepJson, "strike": StrikeJson, "rocade": RocadeJson, "pass": MoveJson}


class IactaPresentation:
    move_fields = move_fields(KINDS)

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
        if options.border == "safe":
            parts.append("no die on a pale field can be struck (2001)")
        return ", ".join(parts)

    def player_json(self, player: str) -> str:
        return player

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

    def move_json(self, position: IactaPosition, move: Move) -> StepJson | StrikeJson | RocadeJson | MoveJson:
        name = position.variant.grid.index_name
        notation = RULES.notation(position, move)
        if move.kind == "move":
            return {"kind": "move", "from": name(move.origin), "to": name(move.target), "face": move.face,
                    "notation": notation}
        if move.kind == "strike":
            return {"kind": "strike", "from": name(move.origin), "to": name(move.target), "face": move.face,
                    "home": name(move.home), "notation": notation}
        if move.kind == "rocade":
            return {"kind": "rocade", "squares": sorted([name(move.origin), name(move.target)]), "notation": notation}
        return {"kind": "pass", "notation": notation}

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
