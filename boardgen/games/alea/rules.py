"""Alea's rules engine, as the registry hands it to `check` and `diagram`."""

from __future__ import annotations

from ...engine import DiagramPiece, RulesEngine
from .engine import apply, legal_moves, move_json, reached_fields, winner
from .position import AleaPosition, PLAYER_OF, field_of, format_position, read_position, validate


def _pieces(position: AleaPosition) -> list[DiagramPiece]:
    return [
        DiagramPiece(field_of(i), PLAYER_OF[piece.owner], piece.face, level)
        for i, stack in enumerate(position.cells)
        for level, piece in enumerate(stack)
    ]


ENGINE = RulesEngine(
    read=read_position,
    validate=validate,
    winner=winner,
    legal_moves=legal_moves,
    apply=apply,
    format=format_position,
    move_json=move_json,
    summary=lambda position: f"{position.to_move} to move",
    pieces=_pieces,
    reached=lambda move: [field_of(i) for i in reached_fields(move)],
)
