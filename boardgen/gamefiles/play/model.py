"""A game file's rules once compiled: plain tables indexed by field number, read by the engine while it plays.

Fields are indices, row * columns + column (a1 = 0), as in the built-in engines.  Players are numbered from 0
inside (player 1 of the file is 0), so a table "by player" is a tuple indexed by that number.  Nothing here
holds text the engine would have to interpret: every word of the file became an enum, a number or a tuple.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ...engine.grid import Variant

MAX_PLAYERS = 4
WAITING = -1  # a move's origin: a piece not yet on the board
FINISHED = -2  # a move's landing: the piece leaves the board at the end of its track


class Enter(Enum):
    """How a waiting piece comes onto its track."""

    COUNT = "count"  # the throw counts from before the track's first field: a 1 puts it on the first field
    START = "start"  # onto the track's first field, whatever the throw


class Finish(Enum):
    """How a piece leaves the board at the end of its track."""

    EXACT = "exact"  # only with the throw that takes it one step past the last field
    REACH = "reach"  # with any throw that takes it past the last field
    NONE = "none"  # never: a throw past the last field cannot be played
    REARMOST = "rearmost"  # with the exact throw, or a higher one from the rearmost piece (Backgammon)


class Landing(Enum):
    """What happens when a piece lands where another already stands."""

    BLOCK = "block"  # it may not land there
    STACK = "stack"  # it joins them (its own), or they share the field (an opponent's)
    CAPTURE = "capture"  # an opponent's pieces there are captured


class CaptureTo(Enum):
    """Where a captured piece goes."""

    WAITING = "waiting"  # off the board, to come on again
    START = "start"  # onto the first field of its own track
    REMOVED = "removed"  # out of the game
    SWAP = "swap"  # to the field the capturing piece came from: the two swap places (Senet)


class NoMove(Enum):
    """What a player with no move does."""

    PASS = "pass"
    LOSE = "lose"


@dataclass(frozen=True, eq=False, repr=False)
class Tables:
    """One set of rules (the file's, with one value for each of its rule options), compiled.

    Compared by identity: each set is built once, and a position points at its own.
    """

    game: str  # the game's name, as a position file's `game` key gives it
    variant: Variant
    names: tuple[str, ...]  # by field
    on_board: tuple[bool, ...]  # by field: False where the map has no field
    player_counts: tuple[int, ...]  # the numbers of players it is played by, the default first
    pieces: tuple[int, ...]  # by player: how many pieces each has
    # Throws: every value a throw can have, its exact chance, and the running sums of those chances as floats
    # (what random.choices draws from). () when the game has no throws.
    throw_values: tuple[int, ...]
    throw_weights: tuple[Fraction, ...]
    throw_cumulative: tuple[float, ...]
    dice: int  # how many dice or sticks a throw is written with as a list; 0: a throw is one number
    die_faces: tuple[int, ...]  # the value each face of one die (or a stick: unmarked, marked) counts
    stick_values: tuple[int, ...]  # sticks: the throw's value by the number of marked faces up; () for dice
    again_throws: frozenset[int]  # throws that give another throw
    again_fields: tuple[bool, ...]  # by field: landing here gives another throw
    # Tracks, by player: the fields in order; and by player, each field's step on the track (1 the first, 0 off it).
    tracks: tuple[tuple[int, ...], ...]
    steps_of: tuple[tuple[int, ...], ...]
    enter: Enter
    enter_throws: frozenset[int] | None  # the throws that bring a waiting piece on; None: any
    finish: Finish
    own: Landing  # BLOCK or STACK
    opponent: Landing  # BLOCK, STACK (share) or CAPTURE
    capture_to: CaptureTo
    capturable: tuple[bool, ...]  # by player: whether its pieces can be captured at all (else all stay in play)
    safe: tuple[bool, ...]  # by field: no piece here is captured
    on_safe: Landing  # landing on an opponent on a safe field: BLOCK or STACK (share)
    shortcut: tuple[int, ...]  # by field: where a piece landing here is moved on to (a ladder, a snake), or -1
    # Moves on the grid, by player then field: the neighbours a step may go to, and (over, landing) for jumps.
    grid_steps: tuple[tuple[tuple[int, ...], ...], ...]
    grid_jumps: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    chain: bool  # a jump may go on jumping, each stop a move of its own
    start: tuple[tuple[int, ...], ...]  # by field: the players whose pieces stand there at the start, bottom first
    goal: int  # a field whose reaching wins, or -1
    all_finished_wins: bool
    fewer_than: tuple[int, ...]  # by player: it loses once it has fewer pieces than this (0: never)
    no_move: NoMove
    # By player: it loses once it has made this many moves in a row without a move forward (0: never); and the
    # grid directions that are forward for it, those it may step in but not back (the geese's up).
    stall: tuple[int, ...]
    forward: tuple[frozenset[tuple[int, int]], ...]
    weights: tuple[float, float, float, float]  # evaluation: finished, progress, material, mobility
    options: tuple[tuple[str, str], ...]  # the rule options these tables are for: (name, value)
    # For the board's drawing only (the engine reads `shortcut`): each ladder's and snake's (start, end) field.
    ladders: tuple[tuple[int, int], ...] = ()
    snakes: tuple[tuple[int, int], ...] = ()
    # Dice used one by one (Backgammon): each throw's dice, larger first, with their chances and running sums
    # (a double listed `doubles` times); () where a throw is summed into one number.
    dice_throws: tuple[tuple[int, ...], ...] = ()
    dice_weights: tuple[Fraction, ...] = ()
    dice_cumulative: tuple[float, ...] = ()
    use_all: bool = False  # a player uses as many of its dice as it can
    use_larger: bool = False  # and where it can use only one of two, the larger where it can
    block: int = 0  # this many pieces of one player on a field: no opponent lands there (0: no blocks)
    block_passing: bool = False  # ... nor passes it
    blockade: int = 0  # this many fields in a row along a track held by one player: no opponent passes them
    protect: int = 0  # this many pieces of one player on neighbouring fields of a track: none is captured
    stop_on: tuple[bool, ...] = ()  # by field: a piece stops here before going on (() where none)
    home: int = 0  # a piece leaves the board only when all its player's pieces are on the last `home` fields
    shortcut_before: bool = False  # a ladder's or snake's end occupied: the first free field before it
    backward: bool = False  # a player with no move forward moves a piece backward by the throw, if one can
    enter_first: bool = False  # a player with a piece waiting brings it on before moving another
    # A place a track passes a second time (Pachisi's middle column, walked out and back) is a cell of its own
    # after the map's fields: by cell, the field it is on (() where no track passes a field twice).
    physical: tuple[int, ...] = ()
    # By player, the branches of its track (Yut): (the field a branch starts from, its fields, the last one back
    # on the track), for a move that starts on that field; () where no track branches.
    branches: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = ()

    def field_of(self, cell: int) -> int:
        """The map's field a cell is on (a place passed again is on the field it passes)."""
        return self.physical[cell] if self.physical else cell

    def __repr__(self) -> str:  # the tables themselves run to pages: a position's repr names them only
        return f"Tables({self.game!r}, {dict(self.options)!r})"

    @property
    def has_throws(self) -> bool:
        return bool(self.throw_values) or bool(self.dice_throws)

    @property
    def each_die(self) -> bool:
        """Whether a throw's dice are used one by one, a move each."""
        return bool(self.dice_throws)

    @property
    def on_tracks(self) -> bool:
        """Whether pieces move along tracks (a race game) rather than step on the grid."""
        return any(self.tracks)


@dataclass(frozen=True)
class Play:
    """A game file's [play]: the tables for every combination of its rule options."""

    # Each rule option and its values, the default first.
    options: tuple[tuple[str, tuple[str, ...]], ...]
    # (value of each option, in the order of `options`) -> its tables; () -> the tables of a game without options.
    tables: tuple[tuple[tuple[str, ...], Tables], ...]

    @property
    def default(self) -> Tables:
        return self.tables[0][1]

    def chosen(self, values: tuple[str, ...]) -> Tables:
        for key, tables in self.tables:
            if key == values:
                return tables
        raise KeyError(values)

