"""A position together with its game (reading a position file, which names its game, is gamefiles.position_files)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeAlias, TypeVar

from ..engine.contract import GameRules, Outcome, Position, play
from ..engine.grid import Variant
from ..engine.problems import Problem
from .game import Engine, Game, Presentation, require_engine

P = TypeVar("P", bound=Position)
M = TypeVar("M")


@dataclass(frozen=True)
class Loaded(Generic[P, M]):
    """A position together with its game and the engine that plays it, for positions P and moves M: what `check`,
    `diagram` and rule sheets work on.  The engine is the game's; it travels with the position so that the two
    keep one type (a function taking `Loaded[P, M]` may hand `position` to `rules`)."""

    game: Game
    engine: Engine[P, M]
    position: P

    @property
    def rules(self) -> GameRules[P, M]:
        return self.engine.rules

    @property
    def presentation(self) -> Presentation[P, M]:
        return self.engine.presentation

    @property
    def variant(self) -> Variant:
        """The board the position is on."""
        return self.position.variant

    def at(self, position: P) -> Loaded[P, M]:
        """The same game at another position."""
        return Loaded(self.game, self.engine, position)

    # What products ask most of a loaded position, here once, so that none of them needs its types.
    def problems(self) -> list[Problem]:
        """Everything that makes the position impossible; [] means valid."""
        return self.engine.rules.problems(self.position)

    def outcome(self) -> Outcome | None:
        return self.engine.rules.outcome(self.position)

    def text(self) -> str:
        """The position as its file's text."""
        return self.engine.rules.write(self.position)

    def played(self, texts: Sequence[str]) -> Loaded[P, M]:
        """After the moves (and throws) written in notation: engine.contract.play's MoveError if one fails."""
        return self.at(play(self.engine.rules, self.position, texts))


# A position of a game of unknown kind, as reading a position file gives it (the file names its game): its types
# are Any here, and only here, for the reason games.game.SomeEngine's are.  Products take it as `Loaded[P, M]` in
# functions generic in P and M, or ask it what the methods above answer.
SomeLoaded: TypeAlias = Loaded[Any, Any]


def start_of(game: Game, variant: Variant) -> SomeLoaded:
    """The position `game` begins from on `variant`; BoardgenError saying why if the game has no rules engine."""
    engine = require_engine(game)
    return Loaded(game, engine, engine.rules.start(variant))
