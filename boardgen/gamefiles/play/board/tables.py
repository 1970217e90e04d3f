"""The board engine's compiled rules: each mechanism's part, plain tuples indexed by field, player and kind.

Fields are indices (row * columns + column, a1 = 0), players are numbered from 0 and kinds of piece from 0 in the
order the file declares them.  A field's content is one number: 0 for empty, else `piece(player, kind)`.
Directions are indices into DIRECTIONS.  Nothing here is text the engine would have to interpret.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, TypeAlias

from ....engine.grid import Variant

if TYPE_CHECKING:  # the engine's own types, named by the hooks and tables below: for the types only
    from .moves import BoardMove
    from .position import BoardPosition, Next

# (column step, row step) as player 1 sees the board: up is toward player 2.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
DIRECTION_NAMES = ("up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")
ORTHOGONAL = (0, 2, 4, 6)
KIND_SHIFT = 3  # a piece's number: player + 1 + (kind << KIND_SHIFT); players 1 to 4 fit in 3 bits
OWNER_MASK = (1 << KIND_SHIFT) - 1


def piece(player: int, kind: int) -> int:
    """The number a field holds for a piece of `player` (from 0) and `kind` (from 0)."""
    return player + 1 + (kind << KIND_SHIFT)


def owner(content: int) -> int:
    """The player (from 0) whose piece a field holds; -1 for an empty field."""
    return (content & OWNER_MASK) - 1


def kind_of(content: int) -> int:
    return content >> KIND_SHIFT


class Place(Enum):
    """Where a piece from the hand may go."""

    ANYWHERE = "anywhere"  # any empty field
    COLUMN = "column"  # the lowest empty field of a column
    FLANK = "flank"  # an empty field that outflanks a line of the opponent's pieces, which turn


class NoMove(Enum):
    LOSE = "lose"
    PASS = "pass"  # the next player moves; the game ends when no one can
    DRAW = "draw"


class Chain(Enum):
    NO = "no"
    MAY = "may"  # a piece that has jumped may jump on; a "stop" move ends its turn
    MUST = "must"  # it must jump on while it can


@dataclass(frozen=True, eq=False)
class Geometry:
    """The board's fields and the lines joining them."""

    variant: Variant
    names: tuple[str, ...]  # by field
    present: tuple[bool, ...]  # by field: False where the map has no field
    # By direction, then field: the neighbouring field along a drawn line that way, or -1.
    neighbour: tuple[tuple[int, ...], ...]
    drawn: bool  # the lines were drawn one by one (a points board); False: the grid's own rows and columns
    columns: int
    rows: int
    # By field: the fields along each line from it, one way after another, where there are two or more (what
    # a placement can outflank).
    rays: tuple[tuple[tuple[int, ...], ...], ...] = ()
    fields: tuple[int, ...] = ()  # the fields the map has, in order (what playing loops over)

    @property
    def size(self) -> int:
        return len(self.names)


@dataclass(frozen=True, eq=False)
class Kind:
    """A kind of piece: its moves by player (each a tuple of direction indices), and what becomes of it."""

    name: str
    steps: tuple[tuple[int, ...], ...]  # by player
    slides: tuple[tuple[int, ...], ...]
    jumps: tuple[tuple[int, ...], ...]
    takes: tuple[tuple[int, ...], ...]
    promote_to: int  # the kind it becomes, or -1
    promote_on: tuple[frozenset[int], ...]  # by player: the fields where it is promoted
    goal: tuple[frozenset[int], ...]  # by player: reaching one wins
    royal: bool  # its capture wins for the captor
    surrounded: bool  # captured only when hostile on all four orthogonal sides
    barred: frozenset[int]  # fields it may pass but not stop on
    value: float
    mark: tuple[str, ...]  # by player: the letters a diagram draws on it

    def moves_for(self, player: int) -> bool:
        return bool(self.steps[player] or self.slides[player] or self.jumps[player] or self.takes[player])


Steps: TypeAlias = "tuple[tuple[tuple[int, BoardMove], ...], ...]"  # by origin: (where to, the move there), ...
Rays: TypeAlias = "tuple[tuple[tuple[tuple[int, BoardMove | None], ...], ...], ...]"  # by origin, each way
Jumps: TypeAlias = "tuple[tuple[tuple[int, int, BoardMove], ...], ...]"  # by origin: (over, where to, the move)


@dataclass(frozen=True, eq=False)
class KindMoves:
    """A kind's moves made once, by player then origin, so that playing only looks at the fields they need empty
    or taken: each step and take (where to, the move); each slide's rays (where to, the move, or None where the
    kind may pass but not stop); each jump (over, where to, the move)."""

    steps: tuple[Steps, ...]
    slides: tuple[Rays, ...]
    jumps: tuple[Jumps, ...]
    takes: tuple[Steps, ...]
    flights: tuple[Steps, ...] = ()  # by player, origin: to every field (where [play] has fly)


# The hooks a mechanism contributes to the engine, each compiled only where the file uses the mechanism:
# a source of moves answers None where the position is not its phase; an effect changes the position being made
# after a move; an end says how the game stands after it.
Source = Callable[["BoardPosition"], "list[BoardMove] | None"]
Filter = Callable[["BoardPosition", "list[BoardMove]"], "list[BoardMove]"]
Effect = Callable[["BoardPosition", "BoardMove", "Next"], None]


@dataclass(frozen=True, eq=False, repr=False)
class BoardTables:
    """One set of rules (the file's, with one value of each rule option), compiled.  Compared by identity."""

    game: str
    geometry: Geometry
    player_counts: tuple[int, ...]
    pieces: tuple[int, ...]  # by player
    kinds: tuple[Kind, ...]
    start: tuple[int, ...]  # by field: what stands there at the start
    hand: tuple[int, ...]  # by player: pieces to place at the start
    place: Place | None
    borrow: bool
    line_of: int  # N in a row along a line wins; 0: not played
    lines_of: tuple[tuple[int, ...], ...]  # every run of line_of fields along a line
    mill: int
    mills: tuple[tuple[tuple[int, ...], ...], ...]  # by field: the mills through it
    custodial: bool
    hostile: frozenset[int]
    chain: Chain
    fly: int  # a player with exactly this many pieces (none in hand) flies; 0: never
    fewer_than: tuple[int, ...]  # by player (0: never)
    no_move: NoMove
    most_pieces: bool
    goal: tuple[frozenset[int], ...]  # by player: any of its pieces reaching one wins
    draw_after: int  # 0: never
    stall: tuple[int, ...]  # by player (0: never)
    gets_past: tuple[int, ...]  # by player: a direction index, or -1
    options: tuple[tuple[str, str], ...]
    # Made once from the above for playing: each kind's moves (moving.py), each field's placement, and by
    # field the rows of line-of fields through it.
    kind_moves: tuple[KindMoves, ...] = ()
    place_moves: tuple[BoardMove, ...] = ()
    lines_through: tuple[tuple[tuple[int, ...], ...], ...] = ()
    # Looked up while playing, worked out once from the above: by player, the contents of its royal pieces
    # (() where no kind is royal); the royal kind's name; and by content, the fields where a piece wins
    # ((): no goals at all).
    royal: tuple[frozenset[int], ...] = ()
    royal_name: str = ""
    goals: tuple[frozenset[int], ...] = ()
    # What the mechanisms in use add to the engine, in order (see the Source, Filter and Effect types).
    sources: tuple[Source, ...] = ()
    filters: tuple[Filter, ...] = ()
    effects: tuple[Effect, ...] = ()

    def __repr__(self) -> str:
        return f"BoardTables({self.game!r}, {dict(self.options)!r})"

    @property
    def variant(self) -> Variant:
        return self.geometry.variant

    @property
    def names(self) -> tuple[str, ...]:
        return self.geometry.names


@dataclass(frozen=True)
class BoardPlay:
    """A game file's [play] for the board engine: the tables for every combination of its rule options."""

    options: tuple[tuple[str, tuple[str, ...]], ...]
    tables: tuple[tuple[tuple[str, ...], BoardTables], ...]

    @property
    def default(self) -> BoardTables:
        return self.tables[0][1]

    def chosen(self, values: tuple[str, ...]) -> BoardTables:
        for key, tables in self.tables:
            if key == values:
                return tables
        raise KeyError(values)
