"""A game to script: `game(name)` finds it in the registry (or reads a game file) and gives its start, its
players by number, its throws and a reader of its positions.

    ur = game("ur")                                    # a name boardgen list shows, or a game file's path
    ludo = game("ludo", players=4)                     # for 2 to 4 where the game allows several
    open_ur = game("ur", rules={"rosettes": "open"})   # its rule options; board="4x4" for another board
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TypeVar

from ..engine.contract import Position as EnginePosition
from ..engine.grid import Variant
from ..errors import BoardgenError
from ..games.game import Engine
from ..games.game import Game as FoundGame
from ..products.games import GameFileError, find_game
from .bridge import Seated, Seats
from .errors import ChoiceError
from .position import Position

P = TypeVar("P", bound=EnginePosition)
M = TypeVar("M")


def game(name: str | os.PathLike[str], *, players: int | None = None, board: str | None = None,
         rules: Mapping[str, str] | None = None) -> Game:
    """The game called `name` (as `boardgen list` names it), or the game file at that path (ending in .toml), for
    `players` (its fewest where not given), on `board` (its first where not given), with the rule options `rules`
    ({"option": "value"}; those left out play their default).  ChoiceError naming what there is when the game, the
    number of players, the board or an option does not exist; GameFileError for a game file with problems."""
    try:
        found = find_game(os.fspath(name))
    except GameFileError:
        raise
    except BoardgenError as error:  # an unknown name, a file that is not there: the choices, in the message
        raise ChoiceError(str(error)) from None
    engine = found.engine
    if engine is None:
        raise ChoiceError(f"{found.title} has no rules to play by: {found.no_engine_reason}")
    return _opened(found, engine, players, board, dict(rules or {}))


def _opened(found: FoundGame, engine: Engine[P, M], players: int | None, board: str | None,
            chosen: dict[str, str]) -> Game:
    counts = engine.rules.seat_counts()
    if players is not None and (isinstance(players, bool) or players not in counts):
        raise ChoiceError(f"{found.title} is played by {_in_words(counts)} players, not {players!r}")
    try:
        variant = found.variant(board)
    except ValueError as error:
        raise ChoiceError(str(error)) from None
    kit = found.pieces.kit(variant).colours if found.pieces is not None else ()
    seats = Seated(engine, players if players is not None else counts[0], tuple(kit))
    _check_options(found.title, seats.rule_options(), chosen)
    return Game(found, seats, variant, chosen)


def _check_options(title: str, options: Mapping[str, tuple[str, ...]], chosen: Mapping[str, str]) -> None:
    for option, value in chosen.items():
        values = options.get(option)
        if values is None:
            close = difflib.get_close_matches(option, list(options), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            there = f"its options: {', '.join(options)}" if options else "it has none"
            raise ChoiceError(f"{title} has no rule option {option!r}{hint}; {there}")
        if value not in values:
            raise ChoiceError(f"{title}'s rule option {option} is one of {', '.join(values)}, not {value!r}")


def _in_words(counts: tuple[int, ...]) -> str:
    words = [str(count) for count in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


class Game:
    """A game with its rules for a number of players on one board: its start, and a reader of its positions."""

    __slots__ = ("_chosen", "_found", "_seats", "_start", "_throws", "_variant")

    def __init__(self, found: FoundGame, seats: Seats, variant: Variant, chosen: Mapping[str, str]) -> None:
        self._found = found
        self._seats = seats
        self._variant = variant
        self._chosen = MappingProxyType(dict(chosen))
        self._throws: Mapping[str, Fraction] = MappingProxyType({})  # until the start below says what they are
        try:
            start = seats.start(self, variant, self._chosen)
        except ValueError as error:  # options that do not go together (more dice than a homeland holds)
            raise ChoiceError(f"{found.title}: {error}") from None
        self._start = start  # positions are immutable: every start() is this one
        self._throws = MappingProxyType(dict(start._chances()))

    # -- what it is ---------------------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """Its name, as `boardgen.game` and the command line take it: "ur", "iacta"."""
        return self._found.name

    @property
    def title(self) -> str:
        return self._found.title

    @property
    def players(self) -> Mapping[int, str]:
        """{1: the first player's name, 2: ...}: how the rules and position files name each player."""
        return MappingProxyType(dict(enumerate(self._seats.players, start=1)))

    @property
    def sides(self) -> Mapping[int, str]:
        """{1: "geese", 2: "fox"}: each player's side in the game's own words (its players' names where it has
        none)."""
        named = self._found.side_names
        players = self._seats.players
        sides = named[: len(players)] if len(named) >= len(players) else players
        return MappingProxyType(dict(enumerate(sides, start=1)))

    @property
    def board(self) -> str:
        """The board it is played on ("10x10"): one of `boards`."""
        return self._variant.name

    @property
    def boards(self) -> tuple[str, ...]:
        """Every board the game can be played on, its first the default."""
        return tuple(variant.name for variant in self._found.variants)

    @property
    def rules(self) -> Mapping[str, str]:
        """Every rule option's value as `start()` plays it: those chosen, and the others' defaults."""
        return MappingProxyType(self._seats.effective_rules(self._variant, self._chosen))

    @property
    def rule_options(self) -> Mapping[str, tuple[str, ...]]:
        """Each rule option the game has, with its values, the default first."""
        return MappingProxyType(dict(self._seats.rule_options()))

    @property
    def throws(self) -> Mapping[str, Fraction]:
        """{throw: its chance} for each way a throw can fall ({"0": 1/16, "1": 1/4, ...}); {} for a game without
        throws.  The chances add up to 1."""
        return self._throws

    # -- its positions ----------------------------------------------------------------------------------------
    def start(self) -> Position:
        """The position every game begins from (the first player to move, or to throw first)."""
        return self._start

    def read_position(self, text: str | bytes) -> Position:
        """The position a position file's text holds (as `Position.to_toml` writes it; docs/positions.md), for as
        many players as it names, on the board it names.  PositionFileError listing every problem when it cannot
        be read, names another game, or is not a position the rules allow."""
        return self._seats.read(text, self._played_as)

    def _played_as(self, seats: int, variant: Variant) -> Game:
        """This game for `seats` players on `variant` (a position's, which plays by its own rule options)."""
        if seats == len(self._seats.players) and variant == self._variant:
            return self
        chosen = self._chosen if variant == self._variant else {}
        return Game(self._found, self._seats.reseated(seats), variant, chosen)

    def __repr__(self) -> str:
        return f"<Game {self.name}: {len(self._seats.players)} players on {self.board}>"
