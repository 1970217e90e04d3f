"""How a game file's positions and moves are shown: summaries, each move's JSON, markers for diagrams."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from ...draw.diagram_items import DiagramItem, DiagramMarker
from ...engine.grid import Field
from ...games.game import move_fields
from .engine import FileRules, Move
from .model import FINISHED, WAITING
from .position import FilePosition

# Every kind of move has the same keys ("from" is a keyword, hence the functional form): `from` a field,
# "waiting" or None (a pass); `path` every field landed on in order, "finished" for leaving the board.
PlayMoveJson = TypedDict("PlayMoveJson", {"kind": str, "notation": str, "from": str | None, "path": list[str]})
KINDS: Mapping[str, type] = {kind: PlayMoveJson for kind in ("enter", "track", "back", "step", "jump", "pass")}


class FilePresentation:
    move_fields = move_fields(KINDS)

    def __init__(self, rules: FileRules) -> None:
        self.rules = rules

    def summary(self, position: FilePosition) -> str:
        parts = [f"player {position.mover + 1} of {position.players} to move"]
        if position.throw is not None:
            parts.append(f"throw {position.throw}")
        if position.dice:
            parts.append(f"dice to use: {', '.join(map(str, position.dice))}")
        for word, counts in (("waiting", position.waiting), ("finished", position.finished)):
            if any(counts):
                parts.append(f"{word}: " + ", ".join(f"player {p + 1} {n}" for p, n in enumerate(counts) if n))
        limits = position.tables.stall
        if any(limits):
            parts.append("moves without a move forward: " + ", ".join(
                f"player {p + 1} {position.stalled[p]} of {limits[p]}" for p in range(position.players) if limits[p]))
        changed = [f"{name} {value}" for name, value in position.tables.options
                   if dict(self.rules.play.options)[name][0] != value]
        if changed:
            parts.append("rules: " + ", ".join(changed))
        return ", ".join(parts)

    def no_moves_reason(self, position: FilePosition) -> str:
        if position.tables.each_die and not position.dice:
            return "No throw is given, so no moves are listed (add the dice to use, like throw = [5, 3])."
        if position.tables.has_throws and position.throw is None and not position.tables.each_die:
            return "No throw is given, so no moves are listed (add throw = N to list them)."
        return ""

    def move_json(self, position: FilePosition, move: Move) -> PlayMoveJson:
        names = position.tables.names
        if move.kind == "pass":
            origin = None
        else:
            origin = "waiting" if move.origin == WAITING else names[move.origin]
        return {"kind": move.kind, "from": origin,
                "path": ["finished" if f == FINISHED else names[f] for f in move.path],
                "notation": self.rules.notation(position, move)}

    def origin(self, position: FilePosition, move: Move) -> Field | None:
        tables = position.tables
        return position.variant.grid.field_at(tables.field_of(move.origin)) if move.origin >= 0 else None

    def reached(self, position: FilePosition, move: Move) -> list[Field]:
        tables = position.tables
        field_at = position.variant.grid.field_at
        return [field_at(tables.field_of(f)) for f in move.path if f >= 0]

    def items(self, position: FilePosition) -> list[DiagramItem]:
        tables = position.tables

        def field_at(cell: int) -> Field:  # a place passed again is drawn on its field
            return position.variant.grid.field_at(tables.field_of(cell))

        # Every piece of a stack, bottom first: the drawing shows the top one over the rest, and a reader of the
        # items (the Python API's board) sees the whole stack.
        return [DiagramMarker(field_at(i), f"p{player + 1}", level) for i, stack in enumerate(position.cells)
                for level, player in enumerate(stack)]

    def player_json(self, player: str) -> int:
        """A seat's number, as position files write it: "player 2" is 2."""
        return int(player.rsplit(" ", 1)[-1])

    def standing(self, position: FilePosition) -> dict[str, Any]:
        standing = {"players": position.players,
                    "waiting": {str(p + 1): n for p, n in enumerate(position.waiting)},
                    "finished": {str(p + 1): n for p, n in enumerate(position.finished)},
                    "on_board": {str(p + 1): sum(s.count(p) for s in position.cells) for p in range(position.players)}}
        if any(position.tables.stall):  # a game with a stall rule: each counted player's moves without a move forward
            standing["stalled"] = {str(p + 1): n for p, n in enumerate(position.stalled) if position.tables.stall[p]}
        return standing
