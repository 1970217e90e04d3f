"""A simulation's settings from what a user typed, each mistake one clear sentence."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import BoardgenError
from ..games.game import Game, require_engine
from .match import MatchSpec
from .players import parse_player

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}


def seat_counts_text(counts: Sequence[int]) -> str:
    """"two", "two, three or four": the numbers of players a game allows, as a sentence says them."""
    shown = [NUMBERS.get(n, str(n)) for n in sorted(counts)]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def seat_names(info: Game, players: str, default: bool = False) -> tuple[str, ...]:
    """--players as one player a seat; BoardgenError when the game is not played by so many.  `default`: the
    option's default was taken, which a game played by more than its names fills up with its last name."""
    names = tuple(part.strip().lower() for part in players.split(","))
    for name in names:
        try:
            parse_player(name)
        except ValueError as error:
            raise BoardgenError(f"--players: {error}") from None
    counts = require_engine(info).rules.seat_counts()
    if default and len(names) < min(counts):
        names += (names[-1],) * (min(counts) - len(names))
    if len(names) not in counts:
        raise BoardgenError(f"--players {players.strip()!r}: {info.title} is played by {seat_counts_text(counts)} "
                            f"players, not {len(names)}; give one player a seat, like "
                            f"{','.join(['greedy'] * min(counts))}")
    return names


def match_spec(info: Game, variant_name: str | None, rules: Sequence[str], players: str, seed: int,
               max_plies: int, default_players: bool = False, game: str | None = None) -> MatchSpec:
    """The games' settings, checked.  `game`: the GAME argument as given, which a worker finds the game by (a
    game file's path); the game's name by default."""
    game_rules = require_engine(info).rules
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
    names = seat_names(info, players, default_players)
    return MatchSpec(game or info.name, variant.name, tuple(sorted(chosen.items())), names, seed, max_plies)
