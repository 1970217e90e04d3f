"""The contract every game's rules implement, modelled on python-chess.

    rules = IactaRules()                      # one object per game, no state
    position = rules.read(document, source)   # PositionFileError if the file cannot be used
    rules.problems(position)                  # counts and ranges; [] means valid
    rules.outcome(position)                   # None while the game goes on, else Outcome(winner, reason, code)
    moves = rules.legal_moves(position)       # [] once the game is over (or while a throw is due)
    rules.apply(position, moves[0])           # the next position
    rules.notation(position, moves[0])        # "c1-e3=2"; rules.parse_move(position, "c1-e3=2") reads it back
    rules.write(position)                     # back to file text; read() gives the same position again

As with python-chess's `is_valid()`, valid does not mean reachable from the
start.  Each choice a player makes is its own move (each field a struck die
may be sent to, each number of steps a marker may advance), so a notation
names exactly one action.

Dice throws are chance events, not moves: `chance(position)` lists the
possible throws with their weights while one is due (IACTA before each
move), and `parse_chance` reads one written as a backgammon player would
("42:" for a 4 and a 2).  Games without dice never have one due.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from .grid import Variant
from .problems import IllegalMoveError, MalformedMoveError, Problem

if TYPE_CHECKING:
    from fractions import Fraction  # the games that weigh throws import it; the contract only names it
    from random import Random

    from .position_file import SourceMap


class OutcomeCode(Enum):
    """Why a game ended, for programs: the same few kinds in every game (the reason says it for people)."""

    GOAL = "goal"  # the winner reached its goal: every die home, a pawn on the far row
    PATTERN = "pattern"  # the winner made a winning pattern: three sixes in a line
    SCORE = "score"  # the score decided: reached 100, or the higher score at the end
    TIE_BREAK = "tie-break"  # equal scores, decided by the game's tie-break
    CAPTURE = "capture"  # the winner took enough of the other's pieces
    NO_MOVES = "no-moves"  # the loser could not move
    STALLED = "stalled"  # the loser went too many moves without moving forward
    DRAW = "draw"  # nobody won


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (None for a draw), why in a few words, and why as a code."""

    winner: str | None
    reason: str  # "all dice home", "three sixes in a row", "cannot move", "reached 100"
    code: OutcomeCode

    def describe(self) -> str:
        if self.winner is None:
            return f"a draw ({self.reason})"
        return f"{self.winner} has won ({self.reason})"


class Position(Protocol):
    """What the shared code may rely on in any game's position."""

    @property
    def to_move(self) -> str: ...

    @property
    def variant(self) -> Variant: ...


P = TypeVar("P", bound=Position)
M = TypeVar("M")
T = TypeVar("T")


@dataclass(frozen=True)
class Chance(Generic[T]):
    """One way a due throw can fall: its label ("42"), its weight and the position it gives."""

    label: str
    weight: Fraction
    position: T


class GameRules(ABC, Generic[P, M]):
    """A game's rules.  Subclasses are stateless: one instance serves every position."""

    # Set on the class by a built-in game; an engine made from a game file sets them on each instance, which
    # is how one game is played by 2, 3 or 4 (`players`, the first player first).  So everything below reads
    # them from the instance: a method of the class would see a game file's class, which has no players.
    name: str
    players: tuple[str, ...]
    variants: tuple[Variant, ...]  # the default first
    move_syntax: ClassVar[re.Pattern[str]]  # what any move of this game looks like, legal or not
    move_example: ClassVar[str]  # shown when a text is not a move at all

    # -- players and boards -------------------------------------------------------------
    def opponent(self, player: str) -> str:
        """The other player of a game of two (ValueError where more play: none of them is the opponent)."""
        first, second = self.players
        return second if player == first else first

    def seat_counts(self) -> tuple[int, ...]:
        """The numbers of players the game is played by (a built-in game: its own players' number)."""
        return (len(self.players),)

    def seated(self, seats: int) -> GameRules[P, M]:
        """The same rules for `seats` players; ValueError if the game is not played by so many."""
        if seats not in self.seat_counts():
            raise ValueError(f"{self.name} is played by {' or '.join(map(str, self.seat_counts()))} players, "
                             f"not {seats}")
        return self

    @property
    def default_variant(self) -> Variant:
        return self.variants[0]

    def variant_named(self, name: str) -> Variant | None:
        for variant in self.variants:
            if variant.name == name.lower():
                return variant
        return None

    # -- reading and writing ---------------------------------------------------------------
    @abstractmethod
    def read(self, document: Mapping[str, Any], source: SourceMap) -> P:
        """A parsed TOML document -> position, or PositionFileError listing every problem found."""

    @abstractmethod
    def write(self, position: P) -> str:
        """The position as file text; `read` gives it back."""

    @abstractmethod
    def start(self, variant: Variant | None = None) -> P:
        """The position every game begins from."""

    # -- the rules ------------------------------------------------------------------------
    @abstractmethod
    def problems(self, position: P) -> list[Problem]:
        """Everything that makes the position impossible; [] means valid."""

    @abstractmethod
    def legal_moves(self, position: P) -> Sequence[M]:
        """Every legal move; [] once the game is over or while a throw is due."""

    @abstractmethod
    def apply(self, position: P, move: M) -> P:
        """The position after `move`, which must be one of `legal_moves(position)`."""

    @abstractmethod
    def outcome(self, position: P) -> Outcome | None:
        """None while the game goes on."""

    def swaps_seats(self, move: M) -> bool:
        """Whether the move trades armies between the players (the pie rule's swap) instead of passing the turn:
        the army to move stays the same, and the player who was to move now plays the other army."""
        return False

    def chance(self, position: P) -> Sequence[Chance[P]]:
        """The ways a due throw can fall; () when no throw is due (always, in games without dice)."""
        return ()

    def throw_due(self, position: P) -> bool:
        """Whether a throw comes before the next move.  A game with dice may answer without listing the throws,
        which a simulation asks about every move."""
        return bool(self.chance(position))

    def sample_throw(self, position: P, rng: Random) -> P:
        """The position after a due throw drawn by its chance.  A game may draw it without building every
        outcome, as long as it draws from `rng` exactly as this does, so a seed plays the same game."""
        options = self.chance(position)
        return rng.choices(options, [float(option.weight) for option in options])[0].position

    # -- notation ---------------------------------------------------------------------------
    @abstractmethod
    def notation(self, position: P, move: M) -> str:
        """The move as text, unique among the legal moves of `position` (which names the fields)."""

    def normalise(self, text: str) -> str:
        """A typed move in the form `notation` writes (spacing and letter case forgiven)."""
        return " ".join(text.split()).lower()

    def parse_move(self, position: P, text: str) -> M:
        """The legal move `text` names; MalformedMoveError or IllegalMoveError saying why not."""
        wanted = self.normalise(text)
        if not self.move_syntax.fullmatch(wanted):
            raise MalformedMoveError(f"{text.strip()!r} is not a move in {self.name.upper()} notation; moves look like "
                                     f"{self.move_example}")
        outcome = self.outcome(position)
        if outcome is not None:
            raise IllegalMoveError(f"{text.strip()!r} cannot be played: the game is over, {outcome.describe()}")
        if self.chance(position):
            raise IllegalMoveError(f"{text.strip()!r} cannot be played yet: {position.to_move} must throw first; "
                                   f"write the throw before the move, like {self.chance_example()}")
        for move in self.legal_moves(position):
            if self.notation(position, move) == wanted:
                return move
        grid = position.variant.grid
        for name in self.fields_named(wanted):
            try:
                grid.parse(name)
            except ValueError:
                raise IllegalMoveError(f"{text.strip()!r} names {name}, which is off the board "
                                       f"(a1-{grid.last_name()})") from None
        raise IllegalMoveError(f"{text.strip()!r} is not a legal move for {position.to_move} here; "
                               "'boardgen check' lists the legal moves")

    def fields_named(self, text: str) -> list[str]:
        """The field names in a move written in notation (to say which one is off the board)."""
        return re.findall(r"(?<![a-z])[a-z]\d{1,2}(?!\d)", text)

    def chance_example(self) -> str:
        return ""

    def throw_left(self, position: P) -> str | None:
        """The throw still to use, as its label, where part of it may be used already (dice used one by one:
        "3" once the 5 of a "53" is played, "444" of a double); None where the throw is whole, so the chances
        that give the position name it."""
        return None

    def parse_chance(self, position: P, label: str) -> P:
        """The position after the throw `label` ("42"); MalformedMoveError if no such throw is due."""
        outcome = self.outcome(position)
        if outcome is not None:
            raise IllegalMoveError(f"'{label}:' cannot be thrown: the game is over, {outcome.describe()}")
        options = self.chance(position)
        if not options:
            raise IllegalMoveError(f"no throw is due here, so '{label}:' cannot be played")
        wanted = "".join(sorted(re.sub(r"[\s,]", "", label), reverse=True))
        for option in options:
            if option.label == wanted:
                return option.position
        raise MalformedMoveError(f"'{label}' is not a throw; throws look like "
                                 f"{', '.join(o.label for o in options[:3])}, ...")

    # -- for players that search (the simulator) ---------------------------------------------
    def evaluate(self, position: P, player: str) -> float:
        """How good the position looks for `player`, from -1 (lost) to 1 (won): a game's own guess while it
        goes on (`estimate`), exact once it is over."""
        outcome = self.outcome(position)
        if outcome is None:
            return self.estimate(position, player)
        if outcome.winner is None:
            return 0.0
        return 1.0 if outcome.winner == player else -1.0

    def estimate(self, position: P, player: str) -> float:
        """A cheap guess, strictly between -1 and 1, of how a game in progress looks for `player`; 0 knows
        nothing.  Games override it: it is what greedy players follow and what ends a search's playouts."""
        return 0.0

    def rule_options(self) -> Mapping[str, tuple[str, ...]]:
        """The rule options a simulation may set, each with its values, the default first
        ({"doubles": ("off", "throw", "keep")}); none by default."""
        return {}

    def unending(self) -> str:
        """Why a game by these rules may go on for ever, in a sentence for simulate and report to give before their
        figures (games cut off at the move limit are counted unfinished); "" where every game ends."""
        return ""

    def effective_rules(self, variant: Variant, chosen: Mapping[str, str]) -> dict[str, str]:
        """Every rule option's value as played on `variant` with `chosen`: an option left out plays its default,
        the first value; a game whose default differs by board says what it comes to there."""
        return {name: chosen.get(name, values[0]) for name, values in self.rule_options().items()}

    def start_with(self, variant: Variant, chosen: Mapping[str, str]) -> P:
        """The start of a game on `variant` with the rule options `chosen` (checked against rule_options)."""
        if chosen:
            raise ValueError(f"{self.name.upper()} has no rule options")
        return self.start(variant)


def play(rules: GameRules[P, M], position: P, texts: Sequence[str]) -> P:
    """The position after the moves written in notation, one after another.

    A text may begin with a throw written as a backgammon player writes it
    ("42: e6-e10=2"); a throw alone ("42:") only throws.
    """
    for text in texts:
        throw, colon, rest = text.partition(":")
        if colon and re.fullmatch(r"[\s\d,]+", throw):
            position = rules.parse_chance(position, throw)
            if not rest.strip():
                continue
            text = rest
        position = rules.apply(position, rules.parse_move(position, text))
    return position
