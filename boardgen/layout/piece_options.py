"""What a game's printable pieces are laid out for: the field they stand in, the paper and how it is printed."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.grid import Variant
from .paper import Paper


@dataclass(frozen=True)
class PiecesOptions:
    field_size: float  # mm: pieces that stand on fields are sized to them
    paper: Paper
    margin: float
    sides: str  # duplex-long | duplex-short | fold, for two-sided pieces
    variant: Variant
