"""Reading any game's position file: the file says its game, the registry finds the rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..engine.contract import GameRules
from ..engine.position_file import load_toml, type_name
from ..engine.problems import PositionFileError, Problem
from ..errors import BoardgenError
from . import GAMES
from .registry import GameInfo, Presentation

P = TypeVar("P")


@dataclass(frozen=True)
class Loaded(Generic[P]):
    """A position together with its game: what `check`, `diagram` and rule sheets work on."""

    game: GameInfo
    position: P

    @property
    def rules(self) -> GameRules[Any, Any]:
        return self.game.rules()

    @property
    def presentation(self) -> Presentation[Any, Any]:
        return self.game.presentation()


def load_position(text: str | bytes) -> Loaded[Any]:
    """The position in a file's text, or PositionFileError listing every problem found."""
    document, source = load_toml(text)
    game = document.get("game")
    if game is None and isinstance(document.get("about"), dict) and isinstance(document.get("board"), dict):
        raise BoardgenError("this is a game file, not a position: boardgen prints and cuts it, but has no rules "
                            "engine for it to check positions or play; boardgen diagram FILE.toml#NAME draws a "
                            "position it names")
    if game is None:
        raise PositionFileError([Problem("missing-key", 'the file needs a line like game = "iacta"', "")])
    if not isinstance(game, str):
        raise PositionFileError([Problem("wrong-type", f"game must be text, not {type_name(game)}",
                                         source.where("game"))])
    info = GAMES.get(game.lower())
    if info is None:
        raise PositionFileError([Problem("unknown-game", f"there is no game '{game}'; games: {', '.join(GAMES)}",
                                         source.where("game"))])
    return Loaded(info, info.rules().read(document, source))


def game_named_in(text: str | bytes) -> str | None:
    """The game a broken file is for, when that much can be read."""
    try:
        document, _ = load_toml(text)
    except PositionFileError:
        return None
    value = document.get("game")
    return value if isinstance(value, str) else None
