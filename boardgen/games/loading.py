"""A position together with its game (reading a position file, which names its game, is gamefiles.position_files)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..engine.contract import GameRules
from .game import Engine, Game, Presentation, require_engine

P = TypeVar("P")


@dataclass(frozen=True)
class Loaded(Generic[P]):
    """A position together with its game: what `check`, `diagram` and rule sheets work on."""

    game: Game
    position: P

    @property
    def engine(self) -> Engine:
        return require_engine(self.game)

    @property
    def rules(self) -> GameRules[Any, Any]:
        return self.engine.rules

    @property
    def presentation(self) -> Presentation[Any, Any]:
        return self.engine.presentation
