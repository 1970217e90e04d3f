"""What a game says about its board: zones, symbols on fields, arrows, edge labels, the lines of a board of points.

A description only: `draw.board` draws any such spec.  Games import this
module, never the drawing, so describing a board costs next to nothing.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..engine.grid import Field, Grid

PLAIN = "field"
DARK = "field.dark"  # a chequered board's dark square (the light ones are PLAIN)


@dataclass(frozen=True)
class FieldMark:
    """A symbol on a field: "target" (a goal), or "note:TEXT" (a small note in a corner: a start field's face)."""

    field: Field
    role: str
    symbol: str = "target"


@dataclass(frozen=True)
class Arrow:
    """A hollow arrow from the centre of one field to the centre of another; beside the centres where several
    players' arrows share the fields (`lane`), narrower (`width`).  It is drawn clear of the marks and notes on
    its fields: where one is in the way the arrow stops short of it, or goes on beyond it."""

    start: Field
    end: Field
    role: str
    lane: float = 0.0  # across the way it points, as a share of a field: -0.25 is a quarter field to its right
    width: float = 1.0  # as a share of a lone arrow's width


@dataclass(frozen=True)
class Jump:
    """A ladder or a snake drawn across the board, from the field it starts on to where it leads."""

    start: Field
    end: Field
    role: str
    kind: str  # "ladder" or "snake"


@dataclass(frozen=True)
class EdgeLabel:
    """Text beside the grid, e.g. a score track: side bottom|top|left|right, index from a / row 1."""

    side: str
    place: int  # which field along that side: 0 is column a or row 1
    text: str
    role: str
    upside_down: bool = False  # read from the far side of the table


@dataclass(frozen=True)
class BoardSpec:
    title: str
    grid: Grid
    zones: Mapping[Field, str] = field(default_factory=lambda: MappingProxyType({}))
    marks: tuple[FieldMark, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    credits: tuple[str, ...] = ()
    edge_labels: tuple[EdgeLabel, ...] = ()
    absent: frozenset[Field] = frozenset()  # no field here: a board shaped as a cross, a ring, with holes
    jumps: tuple[Jump, ...] = ()
    coordinates: bool = True  # False: the game asks for no letters and numbers round its board, whatever the look
    # Lines drawn from field to field, each between two neighbouring fields ((column, row) from a1); on a board of
    # points (`points`), each field is drawn as a point (a ring a piece stands in) and these are its only lines.
    lines: tuple[tuple[Field, Field], ...] = ()
    points: bool = False
    option_lines: tuple[tuple[Field, Field], ...] = ()  # lines only a rule option moves along: drawn lighter
    # Every field the board leaves out (`absent`) is a light square within the board's frame, never a gap in its
    # outline: a draughts board, whose light squares are no fields and whose dark ones are zoned DARK.
    chequered: bool = False

    def zone(self, f: Field) -> str:
        return self.zones.get(f, PLAIN)
