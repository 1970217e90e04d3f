"""What a game report measures of each played game beyond who won: how many moves there were to choose from
through the game, and how the lead went, by the game's own evaluation.

A played game is watched (match.play_game's watcher), never played a second time: the measures cost one
evaluation and a count of the legal moves a ply, which the players have just listed anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .match import GameResult, MatchSpec, play_game

LEAD = 0.02  # an evaluation closer to 0 than this leaves nobody in the lead


@dataclass(frozen=True)
class MeasuredGame(GameResult):
    first_branching: int = 0  # legal moves in the first position a player chose in
    branching: tuple[float, float, float] = (0.0, 0.0, 0.0)  # mean legal moves in the early, middle, late third
    lead_changes: int = 0  # times the lead passed from one player to the other
    settled_at: float | None = None  # share of the game played when its winner took the lead for good


class _Watch:
    def __init__(self) -> None:
        self.branching: list[int] = []
        self.leads: list[int] = []  # 1: player A leads, -1: player B, 0: nobody

    def seen(self, rules: Any, position: Any, moves: Sequence[Any], seat: dict[str, int]) -> None:
        self.branching.append(len(moves))
        army_a = next(army for army, player in seat.items() if player == 0)
        value = rules.evaluate(position, army_a)
        self.leads.append(1 if value > LEAD else -1 if value < -LEAD else 0)


def _thirds(values: Sequence[int]) -> tuple[float, float, float]:
    if not values:
        return (0.0, 0.0, 0.0)
    n = len(values)
    parts = [values[: max(1, n // 3)], values[n // 3: max(n // 3 + 1, 2 * n // 3)], values[2 * n // 3:] or values[-1:]]
    return tuple(sum(part) / len(part) for part in parts)  # type: ignore[return-value]


def _lead_changes(leads: Sequence[int]) -> int:
    held = [lead for lead in leads if lead]
    return sum(1 for a, b in zip(held, held[1:], strict=False) if a != b)


def _settled_at(leads: Sequence[int], winner: int | None) -> float | None:
    if winner is None or not leads:
        return None
    sign = 1 if winner == 0 else -1
    last_other = max((i for i, lead in enumerate(leads) if lead != sign), default=-1)
    return (last_other + 1) / len(leads)


def measured_game(spec: MatchSpec, index: int) -> MeasuredGame:
    watch = _Watch()
    result = play_game(spec, index, watch)
    return MeasuredGame(result.index, result.winner, result.finished, result.plies,
                        watch.branching[0] if watch.branching else 0, _thirds(watch.branching),
                        _lead_changes(watch.leads), _settled_at(watch.leads, result.winner))


def play_measured_games(spec: MatchSpec, indices: tuple[int, ...]) -> list[GameResult]:
    """A batch of measured games, for one task of an executor (as match.play_games)."""
    from ..stopping import stop_requested

    results: list[GameResult] = []
    for index in indices:
        if stop_requested():
            break
        results.append(measured_game(spec, index))
    return results
