"""What a diagram can show on a board, described without drawing anything.

Games' presentation code lists these for a position; `draw.diagram` draws
them.  They are plain values: frozen dataclasses.
"""

from dataclasses import dataclass

from ..engine.grid import Field


@dataclass(frozen=True)
class DiagramPiece:
    """A die on a field, showing a face; `level` counts up from the bottom of a stack."""

    field: Field
    colour: str  # the piece's colour in the game ("red", "white", ...): palettes style die.<colour>
    face: int
    level: int = 0


@dataclass(frozen=True)
class DiagramTile:
    """A piece covering several fields in a line, showing a label (e.g. its value)."""

    field: Field  # the lowest-left field
    length: int
    horizontal: bool
    colour: str
    label: str = ""


@dataclass(frozen=True)
class DiagramMarker:
    """A round marker standing on a field (on top of whatever lies there); `level` counts up from the bottom of a
    stack of markers, each drawn over the one below."""

    field: Field
    colour: str
    level: int = 0
    kind: str = "counter"  # a game file's kind of piece ("man", "king"), as the Python API's board names it
    mark: str = ""  # the letters drawn on it ("K" for a king)


@dataclass(frozen=True)
class DiagramPyramid:
    """A pyramid of `pips` (1 small, 2 medium, 3 large) in a stack of `height`, `level` counted from the bottom."""

    field: Field
    colour: str
    pips: int
    level: int = 0
    height: int = 1


DiagramItem = DiagramPiece | DiagramTile | DiagramMarker | DiagramPyramid


@dataclass(frozen=True)
class DiagramPosition:
    """All a diagram shows: the pieces, the fields a move reaches (an X, or a frame round a piece), and those a
    second piece's moves reach (a ring); and the last move played, where it came from (a dashed frame) and where
    it went (a solid one), as the play page marks it.  A game file's positions are given this way."""

    items: tuple[DiagramItem, ...]
    reached: tuple[Field, ...] = ()
    also_reached: tuple[Field, ...] = ()
    last_from: Field | None = None
    last_reached: tuple[Field, ...] = ()
