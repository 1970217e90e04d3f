"""How ISAAC positions and moves are shown: summaries, JSON, diagram items, marked fields."""

from __future__ import annotations

from typing import Any

from ...draw.diagram_items import DiagramItem, DiagramMarker, DiagramTile
from ...engine.grid import Field
from ..game import MoveJson, move_fields
from .position import PLAYER_OF, IsaacPosition
from .rules import RULES, Move, markers


class PlaceJson(MoveJson):
    tile: str


class RemoveJson(MoveJson):
    tile: str
    points: int
    advance: int


class IsaacPresentation:
    move_fields = move_fields({"place": PlaceJson, "remove": RemoveJson, "pass": MoveJson})

    def summary(self, position: IsaacPosition) -> str:
        scores = ", ".join(f"{p} {s}" for p, s in position.score.items())
        out = f" ({', '.join(position.passed)} passed)" if position.passed else ""
        return f"{position.phase} phase, {position.to_move} to move, score {scores}{out}"

    def player_json(self, player: str) -> str:
        return player

    def standing(self, position: IsaacPosition) -> dict[str, Any]:
        return {"phase": position.phase, "score": dict(position.score), "passed": list(position.passed)}

    def no_moves_reason(self, position: IsaacPosition) -> str:
        if position.to_move in position.passed:
            return f"{position.to_move} has passed and is out of this phase, so no moves are listed."
        return ""

    def move_json(self, position: IsaacPosition, move: Move) -> PlaceJson | RemoveJson | MoveJson:
        notation = RULES.notation(position, move)
        if move.tile is None:
            return {"kind": "pass", "notation": notation}
        if move.kind == "place":
            return {"kind": "place", "tile": move.tile.text, "notation": notation}
        return {"kind": "remove", "tile": move.tile.text, "points": move.points, "advance": move.advance,
                "notation": notation}

    def origin(self, position: IsaacPosition, move: Move) -> Field | None:
        return move.tile.origin if move.kind == "remove" and move.tile is not None else None

    def reached(self, position: IsaacPosition, move: Move) -> list[Field]:
        return list(move.tile.fields()) if move.tile is not None else []

    def items(self, position: IsaacPosition) -> list[DiagramItem]:
        shown: list[DiagramItem] = [DiagramTile(t.origin, t.length, t.horizontal, PLAYER_OF[t.owner], str(t.value))
                                    for t in position.tiles]
        if position.phase == "scoring":
            shown += [DiagramMarker(field, player) for player, field in markers(position).items()]
        return shown


PRESENTATION = IsaacPresentation()
