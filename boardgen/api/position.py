"""A position of a game and the moves in it, as the API gives them: immutable values, players as numbers.

    position.to_move            # 1 to 4, or None once the game is over
    position.moves()            # a sequence of Move: each with .notation, .origin, .path, .kind
    position.play(move)         # a new Position; `move` a Move or its notation
    position.thrown("3")        # a new Position with that throw (games with throws)

`Position` is written once for every game, over a few primitives (its moves by number, the position after one,
the outcome, the board...) that one class implements for all of them, generic in the engine's own types
(bridge.EnginePosition): what a script holds is that class, a Position like any other.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from enum import Enum
from fractions import Fraction
from itertools import repeat
from types import MappingProxyType
from typing import TYPE_CHECKING, overload

from ..engine.problems import IllegalMoveError
from .values import Outcome, Piece

if TYPE_CHECKING:
    from .games import Game  # a position's game, which makes it: imported for the type only, no circle at run time

# What a game's standing calls the pieces off the board, by player (the play page reads the same keys).
WAITING, FINISHED = "waiting", "finished"

_DICE = random.Random()  # what thrown_at_random() throws with where no generator is given


class Unasked(Enum):
    """What a position holds for an answer it has not worked out yet (a throw, an outcome)."""

    UNASKED = "unasked"


UNASKED = Unasked.UNASKED


class Position(ABC):
    """A position of a game: where every piece stands, whose turn it is, the throw to use.  Immutable: playing a
    move or a throw gives a new position and leaves this one as it was.  Positions compare equal when the game's
    rules hold them equal, and hash where the game's own positions do."""

    # The public attributes are read-only properties over slots (a script can neither change nor add one): plain
    # slots, rather than a __setattr__ that refuses, which would make every position dearer to make.
    __slots__ = ("_game", "_throw")

    def __init__(self, game: Game, throw: str | None | Unasked = UNASKED) -> None:
        self._game = game
        self._throw = throw  # the throw to use, where known when the position is made

    # -- what it is ---------------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game this is a position of, for as many players as play it."""
        return self._game

    @property
    def to_move(self) -> int | None:
        """The player to move (or to throw first), 1 to 4; None once the game is over."""
        return None if self._outcome() is not None else self._mover()

    @property
    def outcome(self) -> Outcome | None:
        """None while the game goes on; once it is over, the winners (none for a draw) and why."""
        return self._outcome()

    @property
    def board(self) -> Mapping[str, tuple[Piece, ...]]:
        """{field name: its pieces, bottom first} for every field a piece stands on."""
        return MappingProxyType(self._board())

    @property
    def hand(self) -> Mapping[int, int]:
        """{player: pieces not yet placed or entered}, every player: pieces still to come on, and those sent back
        off the board to come on again; 0 in games whose pieces all start on the board."""
        return MappingProxyType(self._off_board(WAITING))

    @property
    def finished(self) -> Mapping[int, int]:
        """{player: pieces that have left the board at the end of their way}, every player (0 where none)."""
        return MappingProxyType(self._off_board(FINISHED))

    def to_toml(self) -> str:
        """The position as a position file (docs/positions.md); `game.read_position` reads it back."""
        return self._text()

    # -- moves ----------------------------------------------------------------------------------------------------
    def moves(self) -> Moves:
        """Every legal move, each one player's action, in the rules' order: none once the game is over, nor while
        a throw is due.  A read-only sequence, read as a list is (len, indexing, iteration, `in`, ==)."""
        return Moves(self, self._count())

    def play(self, move: Move | str) -> Position:
        """The position after `move`: a Move of `moves()`, or its notation ("d1-d2").  MalformedMoveError if the
        text is not a move in the game's notation, IllegalMoveError if the rules do not allow it here."""
        if isinstance(move, Move):
            if move._position is self or move._position == self:
                return self._after(move._index)
            move = move.notation  # a move of another position: played here if its notation is legal here
        if not isinstance(move, str):
            raise TypeError(f"play() takes a Move or its notation, not {type(move).__name__}")
        written = repr(move.strip())
        outcome = self._outcome()
        if outcome is not None:
            raise IllegalMoveError(f"{written} cannot be played: the game is over ({self._ended(outcome)})")
        if self._due():
            raise IllegalMoveError(f"{written} cannot be played yet: {self._who(self._mover())} throws first "
                                   "(position.thrown(value) or position.thrown_at_random())")
        return self._after_text(move)

    # -- throws -----------------------------------------------------------------------------------------------
    @property
    def throw(self) -> str | None:
        """The throw still to be used ("3"; IACTA's two dice as "42"); None where none is thrown yet, once the game
        is over, and in games without throws."""
        throw = self._throw
        if throw is UNASKED:
            unthrown = not self._game.throws or self._due() or self._outcome() is not None
            throw = self._throw = None if unthrown else self._throw_used()
        return throw

    def thrown(self, value: str | int) -> Position:
        """The position after a throw of `value`, one of `game.throws` ("3", or 3; "42" for a 4 and a 2);
        IllegalMoveError if no throw is due here or there is no such throw."""
        label = str(value).strip()
        self._check_throwing(f"cannot throw {label!r}")
        # As the game writes it, or as a backgammon player writes two dice, larger first ("24" is "42").
        for written in (label, "".join(sorted(label.replace(",", "").replace(" ", ""), reverse=True))):
            found = self._thrown_as(written)
            if found is not None:
                return found
        values = ", ".join(value for value, _ in self._chances())
        raise IllegalMoveError(f"{label!r} is not a throw of {self._game.title}; its throws are {values}")

    def thrown_at_random(self, rng: random.Random | None = None) -> Position:
        """The position after a throw drawn by the throws' chances from `rng` (a generator of the API's own where
        not given), as the simulator throws: a generator seeded alike throws alike."""
        self._check_throwing("cannot throw")
        return self._thrown_by(rng if rng is not None else _DICE)

    def _check_throwing(self, refused: str) -> None:
        outcome = self._outcome()
        if outcome is not None:
            raise IllegalMoveError(f"{refused}: the game is over ({self._ended(outcome)})")
        if not self._due():
            if not self._game.throws:
                raise IllegalMoveError(f"{refused}: {self._game.title} has no throws")
            raise IllegalMoveError(f"{refused}: {self._who(self._mover())} has thrown {self.throw} and moves next")

    def _who(self, player: int) -> str:
        """"player 1 (red)", or "player 2" where the game calls its players so."""
        name = self._game.players.get(player, "")
        return f"player {player}" if name in ("", f"player {player}") else f"player {player} ({name})"

    def _ended(self, outcome: Outcome) -> str:
        if outcome.draw:
            return f"a draw: {outcome.reason}"
        return f"{' and '.join(self._who(p) for p in outcome.winners)} won: {outcome.reason}"

    # -- values -----------------------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<Position of {self._game.name}: {self._summary()}>"

    # -- what each game's positions answer (bridge.EnginePosition) ----------------------------------------------
    @abstractmethod
    def _key(self) -> object:
        """The engine's own position: what positions compare and hash by."""

    @abstractmethod
    def _mover(self) -> int:
        """The player whose turn it is (to throw or to move), even once the game is over."""

    @abstractmethod
    def _outcome(self) -> Outcome | None: ...

    @abstractmethod
    def _summary(self) -> str: ...

    @abstractmethod
    def _text(self) -> str: ...

    @abstractmethod
    def _count(self) -> int:
        """How many legal moves there are; the moves are named by their index among them."""

    @abstractmethod
    def _notation(self, index: int) -> str: ...

    @abstractmethod
    def _kind(self, index: int) -> str: ...

    @abstractmethod
    def _origin(self, index: int) -> str | None: ...

    @abstractmethod
    def _path(self, index: int) -> tuple[str, ...]: ...

    @abstractmethod
    def _after(self, index: int) -> Position: ...

    @abstractmethod
    def _after_text(self, text: str) -> Position:
        """After the move `text` names; MalformedMoveError or IllegalMoveError saying why not."""

    @abstractmethod
    def _due(self) -> bool:
        """Whether a throw comes before the next move."""

    @abstractmethod
    def _chances(self) -> tuple[tuple[str, Fraction], ...]:
        """The due throw's values and chances (adding up to 1); () where none is due."""

    @abstractmethod
    def _thrown_as(self, value: str) -> Position | None:
        """After a throw of `value`; None where no such throw is due."""

    @abstractmethod
    def _thrown_by(self, rng: random.Random) -> Position: ...

    @abstractmethod
    def _throw_used(self) -> str | None:
        """The throw a thrown position holds, worked out from the position alone."""

    @abstractmethod
    def _board(self) -> dict[str, tuple[Piece, ...]]: ...

    @abstractmethod
    def _off_board(self, where: str) -> dict[int, int]:
        """By player, the pieces the standing counts under `where`: WAITING or FINISHED."""


class Moves(Sequence["Move"]):
    """A position's legal moves: a read-only sequence (len, indexing and slices, iteration, `in`, == with another
    sequence of moves), each Move made as it is read, so that listing a position's moves costs hardly more than
    the rules' own list (as python-chess's `board.legal_moves` is made as it is read).  `list(moves)` makes a list."""

    __slots__ = ("_count", "_position")

    def __init__(self, position: Position, count: int) -> None:
        self._position = position
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if isinstance(index, slice):
            return [Move(self._position, at) for at in range(self._count)[index]]
        at = index + self._count if index < 0 else index
        if not 0 <= at < self._count:
            raise IndexError(f"move {index} of {self._count}")
        return Move(self._position, at)

    def __iter__(self) -> Iterator[Move]:
        return map(Move, repeat(self._position, self._count), range(self._count))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(mine == theirs for mine, theirs in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # as a list's: equal to lists, so not hashable

    def __repr__(self) -> str:
        return f"[{', '.join(map(repr, self))}]"


class Move:
    """One player's action in a position: its notation, the field its piece comes from (None for a piece entering
    the board, a placement or a pass), the fields it reaches in order, and its kind as the game names it ("enter",
    "step", "jump", "pass", ...).  Moves are equal when their notation and positions are."""

    __slots__ = ("_index", "_notation", "_position")  # read-only through the properties, as a Position's

    def __init__(self, position: Position, index: int) -> None:
        self._position = position
        self._index = index
        self._notation = ""

    @property
    def position(self) -> Position:
        """The position it is a move in."""
        return self._position

    @property
    def index(self) -> int:
        """Its place among `position.moves()`."""
        return self._index

    @property
    def notation(self) -> str:
        """The move as the game writes it ("d1-d2", "in-d4", "c1-e3=2"): what `play` and the command line read."""
        if not self._notation:
            self._notation = self._position._notation(self._index)
        return self._notation

    @property
    def origin(self) -> str | None:
        """The field the moving piece stands on; None where no piece on the board moves."""
        return self._position._origin(self._index)

    @property
    def path(self) -> tuple[str, ...]:
        """The fields the move reaches, in order: where the piece lands, each stop of a chain of jumps, both
        fields of a swap, every field of a tile placed; () for a piece leaving the board, and for a pass."""
        return self._position._path(self._index)

    @property
    def kind(self) -> str:
        """The kind of move, in the game's words: "enter", "track", "step", "jump", "pass", "strike", ..."""
        return self._position._kind(self._index)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.notation == other.notation and self.position == other.position

    def __hash__(self) -> int:
        return hash(self.notation)

    def __repr__(self) -> str:
        return f"Move({self.notation!r})"

    def __str__(self) -> str:
        return self.notation
