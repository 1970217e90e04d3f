"""Isaac's rules engine, as the registry hands it to `check` and `diagram`."""

from __future__ import annotations

from ...engine import DiagramMarker, DiagramTile, RulesEngine
from .engine import apply, legal_moves, markers, move_json, reached_fields, winner
from .position import PLAYER_OF, IsaacPosition, format_position, read_position, validate


def _summary(position: IsaacPosition) -> str:
    scores = ", ".join(f"{p} {s}" for p, s in position.score.items())
    out = f" ({', '.join(position.passed)} passed)" if position.passed else ""
    return f"{position.phase} phase, {position.to_move} to move, score {scores}{out}"


def _pieces(position: IsaacPosition) -> list:
    shapes: list = [DiagramTile(t.origin, t.length, t.horizontal, PLAYER_OF[t.owner], str(t.value))
                    for t in position.tiles]
    if position.phase == "scoring":
        shapes += [DiagramMarker(field, player) for player, field in markers(position).items()]
    return shapes


ENGINE = RulesEngine(
    read=read_position,
    validate=validate,
    winner=winner,
    legal_moves=legal_moves,
    apply=apply,
    format=format_position,
    move_json=move_json,
    summary=_summary,
    pieces=_pieces,
    reached=reached_fields,
)
