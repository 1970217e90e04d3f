"""One game between two to four players, from a seed and its number: the same seed and number give the same game
on any machine and in any worker.  The number of players named is the number of seats the game is played with."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ..engine.contract import GameRules, Position
from ..gamefiles import find_game
from ..games.game import require_engine
from ..stopping import stop_requested
from .players import parse_player, throw

DEFAULT_MAX_PLIES = 1000

P = TypeVar("P", bound=Position)
M = TypeVar("M")


@dataclass(frozen=True)
class MatchSpec:
    """Everything a worker needs to play games: names and numbers only, so it pickles small."""

    game: str
    variant: str
    rules: tuple[tuple[str, str], ...]  # rule options, (name, value)
    players: tuple[str, ...]  # player A (first to move), B, and C and D where 3 or 4 play, as parse_player reads them
    seed: int
    max_plies: int = DEFAULT_MAX_PLIES


@dataclass(frozen=True)
class GameResult:
    index: int
    winner: int | None  # the winner's seat: 0 for player A (who moved first), 1 for B...; None for a draw or an
    # unfinished game
    finished: bool  # False: stopped at max_plies
    plies: int


class Watcher(Protocol):
    """Hears every position a player is to move in, with its legal moves and which player plays each army."""

    def seen(self, rules: GameRules[P, M], position: P, moves: Sequence[M], seat: dict[str, int]) -> None: ...


def play_game(spec: MatchSpec, index: int, watcher: Watcher | None = None) -> GameResult:
    return _played(require_engine(find_game(spec.game)).rules.seated(len(spec.players)), spec, index, watcher)


def _played(rules: GameRules[P, M], spec: MatchSpec, index: int, watcher: Watcher | None) -> GameResult:
    """The game by `rules`, of whichever game the spec names: typed by its own positions and moves."""
    variant = rules.variant_named(spec.variant)
    if variant is None:
        raise ValueError(f"{spec.game} has no board {spec.variant!r}")
    position = rules.start_with(variant, dict(spec.rules))
    players = [parse_player(name) for name in spec.players]
    rng = random.Random(f"{spec.seed}:{index}")  # string seeds hash the same everywhere
    seat = {army: n for n, army in enumerate(rules.players)}  # which player plays each army (a swap trades them)
    plies = 0
    while plies < spec.max_plies:
        if rules.throw_due(position):
            position = throw(rules, position, rng)
        outcome = rules.outcome(position)
        if outcome is not None:
            winner = None if outcome.winner is None else seat[outcome.winner]
            return GameResult(index, winner, True, plies)
        moves = rules.legal_moves(position)
        if not moves:  # cannot happen in a game whose outcome says it goes on; counted as unfinished
            break
        if watcher is not None:
            watcher.seen(rules, position, moves, seat)
        mover = position.to_move
        move = players[seat[mover]].choose(rules, position, rng)
        if rules.swaps_seats(move):
            seat = {army: 1 - player for army, player in seat.items()}
        position = rules.apply(position, move)
        plies += 1
    return GameResult(index, None, False, plies)


def play_games(spec: MatchSpec, indices: tuple[int, ...]) -> list[GameResult]:
    """A batch of games, for one task of an executor; cut short when the main process is stopping (its result
    is then not used)."""
    results = []
    for index in indices:
        if stop_requested():
            break
        results.append(play_game(spec, index))
    return results


def describe(spec: MatchSpec) -> dict[str, Any]:
    return {"game": spec.game, "board": spec.variant, "rules": dict(spec.rules), "players": list(spec.players),
            "seed": spec.seed, "max_plies": spec.max_plies}
