"""A simulation's settings from what a user typed, each mistake one clear sentence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import BoardgenError
from .match import MatchSpec
from .players import parse_player


def match_spec(info: Any, variant_name: str | None, rules: Sequence[str], players: str, seed: int,
               max_plies: int) -> MatchSpec:
    game_rules = info.rules()
    try:
        variant = info.variant(variant_name)
    except ValueError as error:
        raise BoardgenError(str(error)) from None
    options = game_rules.rule_options()
    chosen: dict[str, str] = {}
    for text in rules:
        name, equals, value = text.partition("=")
        name, value = name.strip().lower(), value.strip().lower()
        if not options:
            raise BoardgenError(f"--rule {text!r}: {info.title} has no rule options")
        if not equals or name not in options:
            raise BoardgenError(f"--rule {text!r}: {info.title}'s rule options are {', '.join(options)}; write "
                                "NAME=VALUE")
        if value not in options[name]:
            raise BoardgenError(f"--rule {name}: {value!r} is not one of {', '.join(options[name])}")
        chosen[name] = value
    try:
        game_rules.start_with(variant, chosen)
    except ValueError as error:
        raise BoardgenError(f"--rule: {error}") from None
    names = [part.strip() for part in players.split(",")]
    if len(names) != 2:
        raise BoardgenError(f"--players {players!r}: give two players, A,B, like mcts:200,random")
    for name in names:
        try:
            parse_player(name)
        except ValueError as error:
            raise BoardgenError(f"--players: {error}") from None
    return MatchSpec(info.name, variant.name, tuple(sorted(chosen.items())), (names[0].lower(), names[1].lower()),
                     seed, max_plies)
