"""The API's bridge to a game's engine, typed by the engine's own positions P and moves M.

Every game has types of its own, and the public classes (Game, Position, Move) are the same for all of them.
`Seated[P, M]` (an engine with its rules for a number of players) and `EnginePosition[P, M]` (a Position holding
one of the engine's positions) are the one implementation of what they ask, generic in P and M, so mypy checks it
alike for every game and no Any reaches a script: Game holds a `Seats`, a protocol in the API's own terms, and a
position is a Position.

Only the engine contract (engine.contract.GameRules) and a game's presentation (games.game.Presentation) are
used: no game is named here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from random import Random
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from ..engine.contract import GameRules
from ..engine.contract import Outcome as EngineOutcome
from ..engine.contract import Position as AnyEnginePosition
from ..engine.grid import Grid, Variant
from ..engine.position_file import load_toml
from ..engine.problems import IllegalMoveError, PositionFileError, Problem
from ..engine.toml_source import toml_text
from ..errors import BoardgenError
from ..games.game import Engine, Presentation
from .board import board_of
from .position import UNASKED, Position, Unasked
from .values import Outcome, Piece

if TYPE_CHECKING:
    from .games import Game  # the game a position belongs to: for the type only, as position.py imports it

P = TypeVar("P", bound=AnyEnginePosition)
M = TypeVar("M")

_MOVES_SHOWN = 8  # the legal moves an illegal move's message names, at the most


def _on_board(grid: Grid, name: str) -> bool:
    try:
        grid.parse(name)
    except ValueError:
        return False
    return True


class Seats(Protocol):
    """A game's rules for one number of players: what Game asks, in the API's own terms."""

    @property
    def players(self) -> tuple[str, ...]: ...

    def rule_options(self) -> Mapping[str, tuple[str, ...]]: ...

    def effective_rules(self, variant: Variant, chosen: Mapping[str, str]) -> dict[str, str]: ...

    def start(self, game: Game, variant: Variant, chosen: Mapping[str, str]) -> Position: ...  # ValueError: clash

    def read(self, text: str | bytes, game_for: Callable[[int, Variant], Game]) -> Position: ...  # PositionFileError

    def reseated(self, seats: int) -> Seats: ...  # ValueError if the game is not played by so many


class Seated(Generic[P, M]):
    """A game's engine with its rules for one number of players, and how the API numbers them."""

    __slots__ = ("colours", "engine", "kit_colours", "numbers", "rules", "shows")

    def __init__(self, engine: Engine[P, M], seats: int, kit_colours: tuple[str, ...]) -> None:
        self.engine = engine
        self.rules: GameRules[P, M] = engine.rules.seated(seats)
        self.shows: Presentation[P, M] = engine.presentation
        self.kit_colours = kit_colours
        self.numbers = {player: number for number, player in enumerate(self.rules.players, start=1)}
        # The colours a diagram draws each player's pieces in: the player's name (a built-in game's "red"), its
        # pieces' colour in the game's kit, or its seat as a game file's pieces are styled ("p1"), as the play
        # page colours them (products.play_session.sides).
        colours: dict[str, int] = {}
        for number, player in enumerate(self.rules.players, start=1):
            colours[f"p{number}"] = number
            if number <= len(kit_colours):
                colours[kit_colours[number - 1]] = number
            colours[player] = number
        self.colours = colours

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.rules.players)

    def rule_options(self) -> Mapping[str, tuple[str, ...]]:
        return self.rules.rule_options()

    def effective_rules(self, variant: Variant, chosen: Mapping[str, str]) -> dict[str, str]:
        return self.rules.effective_rules(variant, chosen)

    def start(self, game: Game, variant: Variant, chosen: Mapping[str, str]) -> EnginePosition[P, M]:
        rules = self.rules
        return EnginePosition(game, self, rules.start_with(variant, chosen) if chosen else rules.start(variant))

    def read(self, text: str | bytes, game_for: Callable[[int, Variant], Game]) -> EnginePosition[P, M]:
        """The position a position file's text holds, by these rules, for as many players as it names and on the
        board it names (its game is the one `game_for` gives for them); a position the rules call impossible is
        refused with its problems (PositionFileError), as `check` refuses it."""
        rules = self.rules
        document, source = load_toml(text)
        named = document.get("game")
        if isinstance(named, str) and named.lower() != rules.name.lower():
            raise PositionFileError([Problem("other-game", f"this is a position of {toml_text(named)}, not of "
                                             f"{rules.name}", source.where("game"))])
        position = rules.read(document, source)
        problems = rules.problems(position)
        if problems:
            raise PositionFileError(problems)
        seats = self.seats_of(position)
        return EnginePosition(game_for(seats, position.variant), self.reseated(seats), position)

    def seats_of(self, position: P) -> int:
        """How many play `position`: the one number the game is played by, or, where it allows several, the number
        the position's standing gives (as the play page reads it)."""
        counts = self.rules.seat_counts()
        if len(counts) > 1:
            told = self.shows.standing(position).get("players")
            if isinstance(told, int) and told in counts:
                return told
        return len(self.rules.players)

    def reseated(self, seats: int) -> Seated[P, M]:
        return self if seats == len(self.rules.players) else Seated(self.engine, seats, self.kit_colours)


class EnginePosition(Position, Generic[P, M]):
    """A Position holding an engine's position P, whose moves are M: what the rules say of it is asked once each,
    when first wanted, since a script asks again and again."""

    __slots__ = ("_due_now", "_moves", "_outcome_now", "_position", "_rules", "_seated")

    def __init__(self, game: Game, seated: Seated[P, M], position: P, throw: str | None | Unasked = UNASKED) -> None:
        self._game = game  # Position's own two slots, set here: a script makes a position at every step
        self._throw = throw
        self._seated = seated
        self._rules = seated.rules
        self._position = position
        self._moves: Sequence[M] | None = None
        self._outcome_now: Outcome | None | Unasked = UNASKED
        self._due_now: bool | None = None

    def _key(self) -> object:
        return self._position

    def _mover(self) -> int:
        return self._seated.numbers[self._position.to_move]

    def _outcome(self) -> Outcome | None:
        outcome = self._outcome_now
        if outcome is UNASKED:
            found = self._rules.outcome(self._position)
            outcome = self._outcome_now = None if found is None else self._numbered(found)
        return outcome

    def _numbered(self, found: EngineOutcome) -> Outcome:
        winners = () if found.winner is None else (self._seated.numbers[found.winner],)
        return Outcome(winners, found.reason, found.code)

    def _summary(self) -> str:
        return self._seated.shows.summary(self._position)

    def _text(self) -> str:
        return self._rules.write(self._position)

    # -- moves --------------------------------------------------------------------------------------------------
    def _legal(self) -> Sequence[M]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._rules.legal_moves(self._position)
        return moves

    def _count(self) -> int:
        return len(self._legal())

    def _notation(self, index: int) -> str:
        return self._rules.notation(self._position, self._legal()[index])

    def _kind(self, index: int) -> str:
        return self._seated.shows.move_json(self._position, self._legal()[index])["kind"]

    def _origin(self, index: int) -> str | None:
        found = self._seated.shows.origin(self._position, self._legal()[index])
        return None if found is None else self._position.variant.grid.name(found)

    def _path(self, index: int) -> tuple[str, ...]:
        name = self._position.variant.grid.name
        return tuple(name(field) for field in self._seated.shows.reached(self._position, self._legal()[index]))

    def _after(self, index: int) -> EnginePosition[P, M]:
        return EnginePosition(self._game, self._seated, self._rules.apply(self._position, self._legal()[index]))

    def _after_text(self, text: str) -> EnginePosition[P, M]:
        rules, position = self._rules, self._position
        wanted = rules.normalise(text)
        for move in self._legal():  # a legal move in its own notation: what a script writes most
            if rules.notation(position, move) == wanted:
                return EnginePosition(self._game, self._seated, rules.apply(position, move))
        # Not a legal move as written here: the rules read it (another spelling they accept) or say why not: not a
        # move at all (MalformedMoveError), a field off the board, or, said here for a script, not legal here.
        try:
            move = rules.parse_move(position, text)
        except IllegalMoveError:
            if not all(_on_board(position.variant.grid, name) for name in rules.fields_named(wanted)):
                raise
            legal = [rules.notation(position, move) for move in self._legal()]
            shown = ", ".join(legal[:_MOVES_SHOWN]) + (f", ... ({len(legal)} in all)" if len(legal) > _MOVES_SHOWN
                                                        else "")
            raise IllegalMoveError(f"{text.strip()!r} is not a legal move for {self._who(self._mover())} here; "
                                   f"the legal moves are {shown or 'none'}") from None
        return EnginePosition(self._game, self._seated, rules.apply(position, move))

    # -- throws -------------------------------------------------------------------------------------------------
    def _due(self) -> bool:
        due = self._due_now
        if due is None:
            due = self._due_now = self._rules.throw_due(self._position)
        return due

    def _chances(self) -> tuple[tuple[str, Fraction], ...]:
        found = self._rules.chance(self._position)
        total = sum((chance.weight for chance in found), Fraction(0))
        return tuple((chance.label, Fraction(chance.weight) / total) for chance in found)

    def _thrown_as(self, value: str) -> EnginePosition[P, M] | None:
        chances = self._rules.chance(self._position)
        for chance in chances:
            if chance.label == value:
                # Where part of a throw may be used already, the rules name what is left the same way whether the
                # position was thrown here or read from a file (a double's "4444").
                left = self._rules.throw_left(chance.position)
                return EnginePosition(self._game, self._seated, chance.position, value if left is None else left)
        try:  # a throw written as the rules read one typed by hand: a double as thrown, "44" for "4444"
            thrown = self._rules.parse_chance(self._position, value)
        except BoardgenError:
            return None
        for chance in chances:
            if chance.position == thrown:
                return self._thrown_as(chance.label)
        return None

    def _thrown_by(self, rng: Random) -> EnginePosition[P, M]:
        return EnginePosition(self._game, self._seated, self._rules.sample_throw(self._position, rng))

    def _throw_used(self) -> str | None:
        """The one of the throws due before this position that gives this very position.  The position before the
        throw is this one's file without its `throw` (every game's position files write a throw there:
        docs/positions.md), so this works for any game without knowing how it keeps a throw."""
        rules = self._rules
        left = rules.throw_left(self._position)
        if left is not None:
            return left
        document, source = load_toml(rules.write(self._position))
        if "throw" not in document:
            return None
        written = document.pop("throw")
        before = rules.read(document, source)
        chances = rules.chance(before)
        for chance in chances:
            if chance.position == self._position:
                return chance.label
        # A throw a file wrote in another order than the rules make it (IACTA's [1, 2], which they throw as "21"):
        # the rules read it as a throw written by hand ("12:"), and that throw is one of those due.
        label = "".join(map(str, written)) if isinstance(written, list) else str(written)
        try:
            thrown = rules.parse_chance(before, label)
        except BoardgenError:
            thrown = None
        for chance in chances:
            if thrown is not None and chance.position == thrown:
                return chance.label
        raise BoardgenError(f"{rules.name}: the throw {toml_text(written)} is none of those due before it, so it "
                            "cannot be named")

    # -- the board ----------------------------------------------------------------------------------------------
    def _board(self) -> dict[str, tuple[Piece, ...]]:
        return board_of(self._seated.shows.items(self._position), self._position.variant.grid.name,
                        self._seated.colours)

    def _off_board(self, where: str) -> dict[int, int]:
        shows = self._seated.shows
        table = shows.standing(self._position).get(where)
        counts = {}
        for player, number in self._seated.numbers.items():
            value = table.get(str(shows.player_json(player))) if isinstance(table, Mapping) else None
            counts[number] = value if isinstance(value, int) and not isinstance(value, bool) else 0
        return counts
