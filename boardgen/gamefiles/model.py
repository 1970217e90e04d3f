"""What a game file says, once read and checked: plain frozen values."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.diagram_items import DiagramPosition
from ..draw.styles import Style
from ..layout.piece_set import PieceSpec
from .play import PlayEngine

# "none": no field here; "point", "pit", "store" and "bar" draw the field as a shape of its own (draw.board_spec)
ROLES = ("plain", "start", "goal", "safe", "blocked", "track", "score", "none", "point", "pit", "store", "bar")
SYMBOLS = ("target", "star", "dot", "arrow-up", "arrow-down", "arrow-left", "arrow-right")  # or up to 3 characters
# the fonts have: a number or a word in the field's corner, one sign ("☥") in its middle
# What [colours.PALETTE] gives a look for besides zones: the marks on fields, the notes (a number or a word on a
# field), the arrows of a track everyone shares, the ladders and snakes of [play], the dark squares of a
# chequered board, the shapes of the roles point, pit and store (a row's points in turn, the ring of a cup, the
# board round the cups), and each player's arrows, labels along the edges and pieces ({n}: the player).
OTHER_KEYS = ("marks", "notes", "arrows", "ladders", "snakes", "dark squares", "points", "other points", "cups",
              "board", "arrow {n}", "label {n}", "pieces {n}")
Colouring = tuple[tuple[str, Style | None], ...]  # (zone name or OTHER_KEYS entry, its look; None: not drawn)


@dataclass(frozen=True)
class Zone:
    char: str  # its character in the map
    name: str  # "red start"
    role: str  # one of ROLES, or the file's own word (drawn as a zone of its own)
    player: int = 0  # 1 to 4, or 0 for nobody's


@dataclass(frozen=True)
class Mark:
    field: tuple[int, int]  # (column, row) from a1
    symbol: str


@dataclass(frozen=True)
class GameArrow:
    start: tuple[int, int]
    end: tuple[int, int]
    player: int = 0


@dataclass(frozen=True)
class Jump:
    """A ladder or a snake of [play], as the board draws it: from the field a piece lands on to where it goes."""

    start: tuple[int, int]
    end: tuple[int, int]
    kind: str  # "ladder" or "snake"


@dataclass(frozen=True)
class Label:
    """A text beside the board, along one edge: a score track, a name."""

    side: str  # bottom, top, left or right
    place: int  # the column (bottom, top) or row (left, right) it is beside, from 0
    text: str
    upside_down: bool = False  # read from the far side of the table
    player: int = 0  # in that player's colour ("label 1" in the colours), or 0: in ink


@dataclass(frozen=True)
class Position:
    """A position the file gives, for its rule sheet's diagrams and its box's lid: pieces on fields, an X on
    fields a move may reach, a ring on those a second piece's moves reach."""

    name: str
    # markers, dice, tiles and pyramids (each in its player's colour, "p1", "p2", ...), crosses and rings
    shown: DiagramPosition


@dataclass(frozen=True)
class GameFile:
    path: str
    name: str  # the game's short name, for file names: "racers"
    title: str
    designer: str
    year: int | None  # negative: BC (-2600 is 2600 BC); None: the file gives none, and none is printed
    players: int
    summary: str
    licence: str
    columns: int
    rows: int
    cells: tuple[tuple[str, ...], ...]  # the map's characters, top row first
    zones: tuple[Zone, ...]
    field: float  # mm
    coordinates: bool
    credit: tuple[str, ...]  # the lines under the board; () for the name, designer, year and licence
    marks: tuple[Mark, ...]
    arrows: tuple[GameArrow, ...]
    colours: tuple[tuple[str, Colouring], ...]  # by palette
    rules: tuple[tuple[str, str], ...] = ()  # (language, Markdown): from [rules] and NAME.LANG.md beside the file
    pieces: tuple[PieceSpec, ...] = ()
    positions: tuple[Position, ...] = ()
    labels: tuple[Label, ...] = ()
    lego: tuple[int, tuple[tuple[int, str], ...]] | None = None  # dice a player, (BrickLink colour, name) each
    board_title: str = ""  # the board's name on tiles' headers and as the PDF's title: "Racers board"
    pieces_summary: str = ""  # the pieces in words, for the box and the read-me; "" to count them
    engine: PlayEngine | None = None  # the rules its [play] declares, compiled; None: a game to print, not to play
    # What the board draws from [play]: each player's track in order (one track when all share it; () without
    # tracks), its ladders and snakes, and whether [board] numbers asks for the track's fields numbered.
    tracks: tuple[tuple[tuple[int, int], ...], ...] = ()
    shared_track: bool = False
    jumps: tuple[Jump, ...] = ()
    numbers: bool = False
    sides: tuple[str, ...] = ()  # [about] sides: each player's side by name ("geese", "fox"); () for none given
    # The lines [play] draws, each between two neighbouring fields, and whether the board is of points joined by
    # them (a list of lines in [play]) rather than of squares.
    lines: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    points: bool = False
    option_lines: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()  # only a rule option moves along them
    chequered: bool = False  # [board] chequered: a1 and every other square dark, the fields left out light squares

    def zone_of(self, char: str) -> Zone:
        return next(zone for zone in self.zones if zone.char == char)
