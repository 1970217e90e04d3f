"""IACTA's rules engine, as the registry hands it to `check` and `diagram`."""

from __future__ import annotations

from ...engine import DiagramPiece, RulesEngine
from .engine import apply, legal_moves, move_json, reached_fields, winner, winners
from .position import DEFAULT_RULES, IactaPosition, field_of, format_position, read_position, validate

_COLOUR = {"r": "red", "y": "yellow"}


def _summary(position: IactaPosition) -> str:
    parts = [f"{position.to_move} to move"]
    if position.throw is not None:
        parts.append(f"throw {position.throw[0]} and {position.throw[1]}")
    rules = position.rules
    if dict(rules.homeland) != dict(DEFAULT_RULES.homeland):
        parts.append("homelands " + ", ".join(f"{p} {s}" for p, s in rules.homeland.items()))
    if dict(rules.dice) != dict(DEFAULT_RULES.dice):
        parts.append("dice " + ", ".join(f"{p} {n}" for p, n in rules.dice.items()))
    if rules.rocade:
        parts.append("rocade allowed")
    if rules.doubles != "off":
        parts.append(f"doubles: {rules.doubles}")
    return ", ".join(parts)


def _pieces(position: IactaPosition) -> list[DiagramPiece]:
    return [
        DiagramPiece(field_of(i), _COLOUR[piece.owner], piece.face)
        for i, piece in enumerate(position.cells)
        if piece is not None
    ]


ENGINE = RulesEngine(
    read=read_position,
    validate=lambda position: validate(position, winners(position)),
    winner=winner,
    legal_moves=legal_moves,
    apply=apply,
    format=format_position,
    move_json=move_json,
    summary=_summary,
    pieces=_pieces,
    reached=lambda move: [field_of(i) for i in reached_fields(move)],
)
