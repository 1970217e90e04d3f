"""How the board engine's positions and moves are shown: summaries, each move's JSON, the pieces for diagrams."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from ....draw.diagram_items import DiagramItem, DiagramMarker
from ....engine.grid import Field
from ....games.game import move_fields
from .moves import HAND, BoardMove
from .position import BoardPosition
from .rules import BoardRules
from .tables import kind_of, owner

# Every kind of move has the same keys ("from" is a keyword, hence the functional form): `from` a field, "hand"
# (a placement) or None (a removal, a stop, a pass); `path` the field the move puts a piece on or removes it
# from; `captures` every field whose piece is captured, `flips` every piece turned; `actions` the move as its
# short sequence of actions, each with its field: [["move", "e5"], ["capture", "d4"], ["promote", "e5"]].
BoardMoveJson = TypedDict("BoardMoveJson", {"kind": str, "notation": str, "from": str | None, "path": list[str],
                                            "captures": list[str], "flips": list[str],
                                            "actions": list[list[str]]})
KINDS: Mapping[str, type] = {kind: BoardMoveJson for kind in ("place", "step", "slide", "fly", "jump", "take",
                                                                "remove", "stop", "pass")}


class BoardPresentation:
    move_fields = move_fields(KINDS)

    def __init__(self, rules: BoardRules) -> None:
        self.rules = rules

    def summary(self, position: BoardPosition) -> str:
        parts = [f"player {position.mover + 1} to move"]
        if position.removing:
            parts.append("removing a piece after a mill")
        if position.jumping >= 0:
            parts.append(f"the piece on {position.tables.names[position.jumping]} jumps on")
        if any(position.hand):
            parts.append("in hand: " + ", ".join(f"player {p + 1} {n}" for p, n in enumerate(position.hand) if n))
        tables = position.tables
        if tables.draw_after:
            parts.append(f"moves without a capture: {position.quiet} of {tables.draw_after}")
        if any(tables.stall):
            parts.append("moves without a move forward: " + ", ".join(
                f"player {p + 1} {position.stalled[p]} of {tables.stall[p]}" for p in range(2) if tables.stall[p]))
        changed = [f"{name} {value}" for name, value in tables.options
                   if dict(self.rules.play.options)[name][0] != value]
        if changed:
            parts.append("rules: " + ", ".join(changed))
        return ", ".join(parts)

    def no_moves_reason(self, position: BoardPosition) -> str:
        return ""

    def move_json(self, position: BoardPosition, move: BoardMove) -> BoardMoveJson:
        names = position.tables.names
        origin = "hand" if move.origin == HAND and move.kind == "place" else \
            (names[move.origin] if move.origin >= 0 else None)
        return {"kind": move.kind, "from": origin, "path": [names[move.target]] if move.target >= 0 else [],
                "captures": [names[f] for f in move.captures], "flips": [names[f] for f in move.flips],
                "actions": [[verb, names[f]] if f >= 0 else [verb] for verb, f in move.actions],
                "notation": self.rules.notation(position, move)}

    def origin(self, position: BoardPosition, move: BoardMove) -> Field | None:
        return position.variant.grid.field_at(move.origin) if move.origin >= 0 else None

    def reached(self, position: BoardPosition, move: BoardMove) -> list[Field]:
        return [position.variant.grid.field_at(move.target)] if move.target >= 0 else []

    def items(self, position: BoardPosition) -> list[DiagramItem]:
        field_at = position.variant.grid.field_at
        kinds = position.tables.kinds
        return [DiagramMarker(field_at(i), f"p{owner(c) + 1}", 0, kinds[kind_of(c)].name,
                              kinds[kind_of(c)].mark[owner(c)]) for i, c in enumerate(position.cells) if c]

    def player_json(self, player: str) -> int:
        return int(player.rsplit(" ", 1)[-1])

    def standing(self, position: BoardPosition) -> dict[str, Any]:
        standing: dict[str, Any] = {
            "players": 2, "waiting": {str(p + 1): n for p, n in enumerate(position.hand)},  # in hand, to place
            "on_board": {str(p + 1): sum(1 for c in position.cells if c and owner(c) == p) for p in range(2)}}
        if position.tables.draw_after:
            standing["quiet"] = position.quiet
        if any(position.tables.stall):
            standing["stalled"] = {str(p + 1): n for p, n in enumerate(position.stalled) if position.tables.stall[p]}
        if position.jumping >= 0:
            standing["jumping"] = position.tables.names[position.jumping]
        if position.removing:
            standing["removing"] = True
        return standing
