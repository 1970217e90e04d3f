"""What the registry knows about each game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping

from ..grid import BoardSpec

if TYPE_CHECKING:
    from ..engine import RulesEngine
    from ..lego import LegoColour


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    designer: str
    year: int
    summary: str
    players: tuple[str, ...]
    board: Callable[[], BoardSpec]
    engine: Callable[[], RulesEngine] | None = None  # loads the rules engine when first asked for
    kit: Callable[[], Callable] | None = None  # loads the function that lays out the print-and-play kit
    lego_colours: Mapping[str, LegoColour] | None = None  # player -> brick colour, for games played with towers
    default_dice: int = 6


def lazy(module: str, attribute: str) -> Callable[[], object]:
    """A loader for part of a game that `boardgen board` never needs, imported on first use."""

    def load():
        import importlib

        return getattr(importlib.import_module(module), attribute)

    return load
