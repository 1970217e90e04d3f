"""What a game says about its board: zones, symbols on fields, arrows, edge labels, the lines of a board of points,
the shape each field is drawn in (a square, a backgammon point, a mancala pit or store, a bar) and the trays pieces
leave the board into.

A description only: `draw.board` draws any such spec.  Games import this
module, never the drawing, so describing a board costs next to nothing.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..engine.grid import Field, Grid

PLAIN = "field"
DARK = "field.dark"  # a chequered board's dark square (the light ones are PLAIN)

# How a field is drawn.  A square fills its field; the others stand on the board's surface, the field's zone colour
# where the shape has an inside of its own (a pit's, a store's) or round it (a point's, whose two colours alternate):
SQUARE = "square"
POINT = "point"  # a long triangle from the board's edge towards its middle, a row of them as long as POINT_LENGTH
PIT = "pit"  # a round cup
STORE = "store"  # a long cup over its field and the fields left out beside it in its column (a mancala store)
BAR = "bar"  # the bar between a backgammon board's halves: a run of them in a column is one bar
SHAPES = (SQUARE, POINT, PIT, STORE, BAR)
# A row of points (nothing else but a bar) is this many fields long, so that about five pieces stand along a point
# as on a backgammon board; the fields keep their width, which the pieces are sized to.
POINT_LENGTH = 4.5


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
class Tray:
    """A tray beside the board that a player's pieces leave the board into (bearing off): beyond the left or right
    edge, along the row of `field` (the last field of the player's track), in the look of `role` (its zone's)."""

    field: Field
    side: str  # "left" or "right"
    role: str


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
    shapes: Mapping[Field, str] = field(default_factory=lambda: MappingProxyType({}))  # by field, where not SQUARE
    trays: tuple[Tray, ...] = ()

    def zone(self, f: Field) -> str:
        return self.zones.get(f, PLAIN)

    def shape(self, f: Field) -> str:
        return self.shapes.get(f, SQUARE)

    def row_heights(self) -> tuple[float, ...]:
        """Each row's height, in fields, from row 1: POINT_LENGTH for a row of points, 1 for any other."""
        def long(row: int) -> bool:
            shapes = {self.shape((column, row)) for column in range(self.grid.columns)
                      if (column, row) not in self.absent}
            return POINT in shapes and shapes <= {POINT, BAR}

        return tuple(POINT_LENGTH if long(row) else 1.0 for row in range(self.grid.rows))
