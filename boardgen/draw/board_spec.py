"""What a game says about its board: zones, symbols on fields, arrows, edge labels.

A description only: `draw.board` draws any such spec.  Games import this
module, never the drawing, so describing a board costs next to nothing.
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from ..engine.grid import Field, Grid

PLAIN = "field"


class FieldMark(NamedTuple):
    """A symbol on a field: "target" (a goal), or "note:TEXT" (a small note in a corner: a start field's face)."""

    field: Field
    role: str
    symbol: str = "target"


class Arrow(NamedTuple):
    """A hollow arrow from the centre of one field to the centre of another."""

    start: Field
    end: Field
    role: str


class EdgeLabel(NamedTuple):
    """Text beside the grid, e.g. a score track: side bottom|top|left|right, index from a / row 1."""

    side: str
    place: int  # which field along that side: 0 is column a or row 1
    text: str
    role: str
    upside_down: bool = False  # read from the far side of the table


class BoardSpec(NamedTuple):
    title: str
    grid: Grid
    zones: Mapping[Field, str] = MappingProxyType({})
    marks: tuple[FieldMark, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    credits: tuple[str, ...] = ()
    edge_labels: tuple[EdgeLabel, ...] = ()
    absent: frozenset[Field] = frozenset()  # no field here: a board shaped as a cross, a ring, with holes

    def zone(self, f: Field) -> str:
        return self.zones.get(f, PLAIN)
