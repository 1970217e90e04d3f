"""What a game report measures of each played game beyond who won: how many moves there were to choose from
through the game, and how the lead went, by the game's own evaluation.

A played game is watched (match.play_game's watcher), never played a second time: the measures cost a count of
the legal moves a ply, which the players have just listed anyway, and one evaluation a round.

The lead is read once a round, where the first player (player A) begins a turn: read at every ply, the side
that has just moved tends to lead by the game's own evaluation, so each turn would seem to flip it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..engine.contract import GameRules, Position
from ..stopping import stop_requested
from .match import GameResult, MatchSpec, play_game

P = TypeVar("P", bound=Position)
M = TypeVar("M")

LEAD_COUNTED = "once a round: where the first player begins a turn, by the game's own evaluation"
LEAD = 0.02  # an evaluation closer to 0 than this leaves nobody in the lead


@dataclass(frozen=True)
class MeasuredGame(GameResult):
    first_branching: int = 0  # legal moves in the first position a player chose in
    branching: tuple[float, float, float] = (0.0, 0.0, 0.0)  # mean legal moves in the early, middle, late third
    lead_changes: int = 0  # times the lead passed from one player to the other, read once a round
    settled_at: float | None = None  # share of the rounds played when the winner took the lead for good


class Watch:
    """A match.Watcher: the legal moves of every ply, and who leads once a round."""

    def __init__(self) -> None:
        self.branching: list[int] = []
        self.leads: list[int] = []  # once a round, lead_code: 1: player A leads, -1: player B (-2: C...), 0: nobody
        self.last_mover: int | None = None  # the player to move in the position seen before

    def seen(self, rules: GameRules[P, M], position: P, moves: Sequence[M], seat: dict[str, int]) -> None:
        self.branching.append(len(moves))
        mover = seat[position.to_move]
        # a round begins where player A is to move after player B (or at the start): a turn of several plies
        # is read once, at its beginning
        if mover == 0 and self.last_mover != 0:
            self.leads.append(leader(rules, position, seat))
        self.last_mover = mover


def lead_code(player: int) -> int:
    """How the leads record a player (0 for A): 1 for A, -1 for B, -2 for C, -3 for D."""
    return 1 if player == 0 else -player


def leader(rules: GameRules[P, M], position: P, seat: dict[str, int]) -> int:
    """Who leads by the game's evaluation, as a lead_code (0: nobody).  Of two, A leads when its evaluation is
    above LEAD and B when below -LEAD; of more, the player whose evaluation is highest, if it is above LEAD and
    at least LEAD above every other's."""
    if len(seat) == 2:
        army_a = next(army for army, player in seat.items() if player == 0)
        value = rules.evaluate(position, army_a)
        return 1 if value > LEAD else -1 if value < -LEAD else 0
    values = sorted(((rules.evaluate(position, army), player) for army, player in seat.items()), reverse=True)
    (best, player), (runner_up, _) = values[0], values[1]
    return lead_code(player) if best > LEAD and best - runner_up >= LEAD else 0


def _thirds(values: Sequence[int]) -> tuple[float, float, float]:
    if not values:
        return (0.0, 0.0, 0.0)
    n = len(values)
    parts = [values[: max(1, n // 3)], values[n // 3: max(n // 3 + 1, 2 * n // 3)], values[2 * n // 3:] or values[-1:]]
    return tuple(sum(part) / len(part) for part in parts)  # type: ignore[return-value]


def lead_changes(leads: Sequence[int]) -> int:
    """Times the lead passed from one player to another, over the rounds' leads (lead codes, or 0: nobody)."""
    held = [lead for lead in leads if lead]
    return sum(1 for a, b in zip(held, held[1:], strict=False) if a != b)


def settled_at(leads: Sequence[int], winner: int | None) -> float | None:
    """The share of the rounds played when the winner (0 for A, 1 for B...) took the lead for good: after the last
    round in which another player led or nobody did; None for a draw or an unfinished game."""
    if winner is None or not leads:
        return None
    sign = lead_code(winner)
    last_other = max((i for i, lead in enumerate(leads) if lead != sign), default=-1)
    return (last_other + 1) / len(leads)


def measured_game(spec: MatchSpec, index: int) -> MeasuredGame:
    watch = Watch()
    result = play_game(spec, index, watch)
    return MeasuredGame(result.index, result.winner, result.finished, result.plies,
                        watch.branching[0] if watch.branching else 0, _thirds(watch.branching),
                        lead_changes(watch.leads), settled_at(watch.leads, result.winner))


def play_measured_games(spec: MatchSpec, indices: tuple[int, ...]) -> list[GameResult]:
    """A batch of measured games, for one task of an executor (as match.play_games)."""
    results: list[GameResult] = []
    for index in indices:
        if stop_requested():
            break
        results.append(measured_game(spec, index))
    return results
