"""A game's printable pieces, described without drawing anything: what `layout.piece_sheets` lays out on paper
and `layout.piece_parts` cuts.

The built-in games describe their pieces this way and so does a game file's [[pieces]]: one description, one
renderer, so a game file written `--like` a built-in game makes its pieces exactly.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from .nets import ICEHOUSE

# two-sided square tokens; round counters; dice nets to fold; tiles some fields long; Icehouse pyramids to fold;
# four-sided throwing sticks to fold (the game's, not a player's)
PIECE_KINDS = ("token", "counter", "die", "tile", "pyramid", "stick")
CLEARANCE = 1.0  # mm a piece standing on a field is smaller than it, so it sits inside the grid lines
DIE_SIDE = 16.0  # mm: a die's side unless the piece gives one
STICK_SIDE = 8.0  # mm: a stick's side unless the piece gives one; it is 8 sides long
STICK_AGAIN = "again"  # a stick's face that means "throw again": drawn as a zigzag
PIPS = ("1", "2", "3", "4", "5", "6")  # a die's face drawn as pips
TABLE = "white"  # the colour of pieces for the table rather than a player (a shared die), in every palette


@dataclass(frozen=True)
class PieceSpec:
    """One kind of piece, `count` of it for each player (or for one player only: `player`), or for the table
    (`shared`; a stick always is)."""

    kind: str  # one of PIECE_KINDS
    count: int
    front: str = ""  # up to 3 characters: a token's, counter's or tile's text ("" on a counter: a ring)
    back: str = ""  # a token's other side ("" for the front again)
    size: float = 0.0  # mm: a token's or counter's side, a tile's field, a die's or stick's side; 0 for the default
    faces: tuple[str, ...] = ()  # a die's six faces (1 to 6 as pips), a stick's four ("" none, 1 to 6 dots, "again")
    length: int = 1  # a tile's length in fields
    pips: int = 0  # a pyramid's pips: 1 small, 2 medium, 3 large
    shared: bool = False  # for the table, not for each player: made once, in white (a die everyone throws)
    player: int = 0  # 1 to 4: this kind is that player's only, `count` of it (13 geese, 1 fox); 0: every player's

    @property
    def for_table(self) -> bool:
        return self.shared or self.kind == "stick"


@dataclass(frozen=True)
class PieceSet:
    """All of a game's pieces, and each player's colour: a name the palette styles (token.red, pip.red, ...)."""

    colours: tuple[str, ...]  # by player: ("red", "yellow"), or a game file's ("p1", "p2", "p3")
    pieces: tuple[PieceSpec, ...]
    # What a throw of the sticks counts by how many dots are up, where the game's rules say otherwise than the dots
    # (a game file's [play] throw values: Senet's no dots counts 5); () for the dots themselves.
    stick_values: tuple[int, ...] = ()

    def each(self, kinds: tuple[str, ...]) -> list[tuple[str, PieceSpec]]:
        """(colour, piece) for every piece of these kinds to make: each player's in turn, then the table's."""
        chosen = [piece for piece in self.pieces if piece.kind in kinds]
        return [(colour, piece) for number, colour in enumerate(self.colours, start=1) for piece in chosen
                if not piece.for_table and piece.player in (0, number) for _ in range(piece.count)] + \
            [(TABLE, piece) for piece in chosen if piece.for_table for _ in range(piece.count)]

    def has(self, kind: str) -> bool:
        return any(piece.kind == kind for piece in self.pieces)


def square_side(piece: PieceSpec, field: float) -> float:
    """A token's or counter's side: the piece's size, or the field less the clearance."""
    return piece.size or field - CLEARANCE


def tile_size(piece: PieceSpec, field: float) -> tuple[float, float]:
    """A tile's width and height: its length in fields (the piece's own field or the board's), less the clearance
    that keeps it inside the grid lines."""
    own = piece.size + CLEARANCE if piece.size else field
    return piece.length * own - CLEARANCE, own - CLEARANCE


def box_depth(pieces: PieceSet) -> float:
    """mm the made-up pieces need in a box: the tallest as they lie (a pyramid on its side is as high as its base
    is wide, a die its side, a stick its side) and at least room for flat ones in piles."""
    tallest = [ICEHOUSE[p.pips].base for p in pieces.pieces if p.kind == "pyramid"] + \
        [p.size or DIE_SIDE for p in pieces.pieces if p.kind == "die"] + \
        [p.size or STICK_SIDE for p in pieces.pieces if p.kind == "stick"]
    return max([12.0, *(height + 0.6 for height in tallest)])


class SumRow(NamedTuple):
    total: int
    ways: int
    chance: Fraction


def stick_sum_table(sticks: list[tuple[str, ...]]) -> tuple[list[SumRow], Fraction]:
    """Each sum's share of the throws that count, and the share of throws to repeat (an "again" face up)."""
    throws = list(itertools.product(*sticks))
    counted = [sum(int(face or 0) for face in throw) for throw in throws if STICK_AGAIN not in throw]
    table = [SumRow(total, counted.count(total), Fraction(counted.count(total), len(counted)))
             for total in sorted(set(counted))]
    return table, Fraction(len(throws) - len(counted), len(throws))


_NAMES = {"token": ("two-sided token", "two-sided tokens"), "counter": ("counter", "counters"),
          "die": ("die to fold", "dice to fold"), "tile": ("tile", "tiles"),
          "pyramid": ("pyramid to fold", "pyramids to fold"), "stick": ("throwing stick", "throwing sticks")}


def describe(pieces: PieceSet) -> str:
    """How many of each kind there are in all: "36 two-sided tokens and 2 throwing sticks"."""
    counts: dict[str, int] = {}
    for _, piece in pieces.each(PIECE_KINDS):
        counts[piece.kind] = counts.get(piece.kind, 0) + 1
    parts = [f"{n} {_NAMES[kind][n != 1]}" for kind, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
