"""The rules-engine interface every game provides, and the API over all of them.

    position = parse(text)            # PositionFileError if the file cannot be read
    problems = validate(position)     # counts and ranges; [] means valid
    winner(position)                  # a player's name, or None
    moves = legal_moves(position)     # [] when no throw is given or the game is over
    apply(position, moves[0])         # the next position
    format_position(position)         # back to file text; parse() reads it again

As with python-chess's status(), valid does not mean reachable from the start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .grid import Field
from .positions import PositionFileError, Problem, SourceMap, load_toml, type_name

Position = Any  # each game's own frozen dataclass, with a `game` attribute
Move = Any  # each game's own frozen dataclass


@dataclass(frozen=True)
class DiagramPiece:
    field: Field
    colour: str  # the piece's colour in the game ("red", "white", ...): palettes style die.<colour>
    face: int
    level: int = 0  # 0 for the bottom of a stack


@dataclass(frozen=True)
class DiagramTile:
    """A piece covering several fields in a line, showing a label (e.g. its value)."""

    field: Field  # the lowest-left field
    length: int
    horizontal: bool
    colour: str
    label: str = ""


@dataclass(frozen=True)
class DiagramMarker:
    """A round marker standing on a field (on top of whatever lies there)."""

    field: Field
    colour: str


@dataclass(frozen=True)
class RulesEngine:
    read: Callable[[dict[str, Any], SourceMap], Position]  # TOML document -> position, or PositionFileError
    validate: Callable[[Position], list[Problem]]
    winner: Callable[[Position], str | None]
    legal_moves: Callable[[Position], list[Move]]
    apply: Callable[[Position, Move], Position]
    format: Callable[[Position], str]
    move_json: Callable[[Move], dict[str, Any]]  # with a "kind" and a "notation"
    summary: Callable[[Position], str]  # "red to move, throw 4 and 2"
    pieces: Callable[[Position], list]  # DiagramPiece, DiagramTile and DiagramMarker
    reached: Callable[[Move], list[Field]]  # fields a diagram marks for a move


def engine_for(game: str) -> RulesEngine:
    from .games import GAMES

    info = GAMES.get(game)
    if info is None or info.engine is None:
        with_engines = ", ".join(name for name, g in GAMES.items() if g.engine is not None)
        raise PositionFileError([Problem("unknown-game", f"game '{game}' has no rules engine; games: {with_engines}",
                                         "game")])
    return info.engine()


def parse(text: str | bytes) -> Position:
    document, source = load_toml(text)
    game = document.get("game")
    if game is None:
        raise PositionFileError([Problem("missing-key", 'the file needs a line like game = "iacta"', "")])
    if not isinstance(game, str):
        raise PositionFileError([Problem("wrong-type", f"game must be text, not {type_name(game)}",
                                         source.where("game"))])
    return engine_for(game).read(document, source)


def validate(position: Position) -> list[Problem]:
    return engine_for(position.game).validate(position)


def winner(position: Position) -> str | None:
    return engine_for(position.game).winner(position)


def legal_moves(position: Position) -> list[Move]:
    return engine_for(position.game).legal_moves(position)


def apply(position: Position, move: Move) -> Position:
    return engine_for(position.game).apply(position, move)


def format_position(position: Position) -> str:
    return engine_for(position.game).format(position)
