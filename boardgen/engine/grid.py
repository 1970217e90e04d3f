"""Rectangular boards of any size: fields and their names, nothing drawn.

Fields are (column, row) pairs counted from 0 at the bottom-left, so a1 is
(0, 0) whatever the board's size.  Engines keep boards as flat tuples
indexed row by row (index = row * columns + column, a1 first).
"""

from dataclasses import dataclass
from functools import cache

from .toml_source import toml_quoted

Field = tuple[int, int]

LETTERS = "abcdefghijklmnopqrstuvwxyz"  # column names; 26 columns is plenty for a board


def field_name(f: Field) -> str:
    """(2, 3) -> 'c4': the same on every board, since a1 is always the bottom-left corner."""
    return f"{LETTERS[f[0]]}{f[1] + 1}"


class Grid:
    """A board's fields: `columns` by `rows`.  Immutable and hashable (engine tables are cached per grid).

    A slotted class rather than a dataclass: defining a dataclass costs a millisecond at start-up, which
    every command pays.
    """

    __slots__ = ("_hash", "columns", "rows")
    columns: int
    rows: int
    _hash: int

    def __init__(self, columns: int, rows: int) -> None:
        if not (1 <= columns <= len(LETTERS) and rows >= 1):
            raise ValueError(f"a grid needs 1-26 columns and at least one row, not {columns}x{rows}")
        object.__setattr__(self, "columns", columns)
        object.__setattr__(self, "rows", rows)
        # Kept: the rules' tables are cached by grid, so a simulation hashes it several times a move.
        object.__setattr__(self, "_hash", hash((Grid, columns, rows)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Grid cannot be changed")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and (self.columns, self.rows) == (other.columns, other.rows)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Grid({self.columns}, {self.rows})"

    @property
    def size(self) -> int:
        return self.columns * self.rows

    @property
    def shape(self) -> str:
        """'7x6': columns by rows, as boards are named."""
        return f"{self.columns}x{self.rows}"

    def fields(self) -> list[Field]:
        """Every field, row by row from the bottom."""
        return [(c, r) for r in range(self.rows) for c in range(self.columns)]

    def contains(self, f: Field) -> bool:
        return 0 <= f[0] < self.columns and 0 <= f[1] < self.rows

    def index(self, f: Field) -> int:
        return f[1] * self.columns + f[0]

    def field_at(self, i: int) -> Field:
        return (i % self.columns, i // self.columns)

    def index_name(self, i: int) -> str:
        return self.name(self.field_at(i))

    def column_name(self, column: int) -> str:
        return LETTERS[column]

    def name(self, f: Field) -> str:
        return field_name(f)

    def last_name(self) -> str:
        return self.name((self.columns - 1, self.rows - 1))

    def parse(self, name: str) -> Field:
        """'c4' -> (2, 3); ValueError with a reason a person understands otherwise."""
        text = name.strip().lower()
        digits = text[1:]
        # str.isdigit() accepts '²' and other digits int() refuses; only ASCII digits name a row.
        if len(text) < 2 or text[0] not in LETTERS or not (digits.isascii() and digits.isdigit()) or len(digits) > 3:
            raise ValueError(f"{toml_quoted(name[:20])} is not a field name like a1")
        f = (LETTERS.index(text[0]), int(digits) - 1)
        if not self.contains(f):
            raise ValueError(f"{toml_quoted(name)} is off the board (a1-{self.last_name()})")
        return f

    def ray(self, i: int, dx: int, dy: int) -> tuple[int, ...]:
        """The fields from field index `i` outwards in one direction to the edge, nearest first (indices)."""
        column, row = self.field_at(i)
        out = []
        column, row = column + dx, row + dy
        while self.contains((column, row)):
            out.append(self.index((column, row)))
            column, row = column + dx, row + dy
        return tuple(out)


@dataclass(frozen=True)
class Variant:
    """One board a game is played on: what --variant takes and a position file's `variant` key names."""

    name: str  # "10x10", "3x5"
    columns: int
    rows: int
    description: str = ""

    @property
    def grid(self) -> Grid:
        return _grid(self.columns, self.rows)


@cache
def _grid(columns: int, rows: int) -> Grid:
    # One Grid per shape: a simulation asks for its board's grid many times a move, and the rules' tables are
    # cached by grid, so the same object also hashes and compares at once.
    return Grid(columns, rows)
