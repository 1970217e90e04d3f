"""The rules engines through the registry, as short functions for the tests that exercise rules.

Each position is handed to the rules of the game it belongs to, found by its type.
"""

from __future__ import annotations

from typing import Any

from registry import FOLDER_GAMES

from boardgen.engine.contract import GameRules
from boardgen.gamefiles.position_files import load_position


def rules_of(position: Any) -> GameRules[Any, Any]:
    for game in FOLDER_GAMES.values():
        rules = game.engine.rules
        if isinstance(position, type(rules.start())):
            return rules
    raise TypeError(f"no game has positions of type {type(position).__name__}")


def parse(text: str | bytes) -> Any:
    return load_position(text).position


def validate(position: Any) -> list:
    return rules_of(position).problems(position)


def legal_moves(position: Any) -> list:
    return list(rules_of(position).legal_moves(position))


def apply(position: Any, move: Any) -> Any:
    return rules_of(position).apply(position, move)


def winner(position: Any) -> str | None:
    outcome = rules_of(position).outcome(position)
    return outcome.winner if outcome else None


def format_position(position: Any) -> str:
    return rules_of(position).write(position)


def notation(position: Any, move: Any) -> str:
    return rules_of(position).notation(position, move)
