"""Random games of every game through the Python API (boardgen.game) against the same games through its engine.

Both play the same seeded games, the loop a script runs: the outcome, a throw when one is due, the legal moves,
a random choice and the move played.  Through the engine that is rules.outcome, rules.throw_due and
rules.sample_throw, rules.legal_moves and rules.apply; through the API, position.outcome, position.throw and
position.thrown_at_random, position.moves() and position.play(move).  The figure is the API's time over the
engine's, the median of a few paired runs, one right after the other in one process (goal: within 1.5x), with
the ratio of the fastest runs beside it (noise only adds time: on a busy machine it is the steadier figure).

    .venv/bin/python bench/bench_api.py                  # 40 games of each game, 5 pairs
    .venv/bin/python bench/bench_api.py --games 10 --pairs 3 ur ludo
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import TypeVar

import boardgen
from boardgen.engine.contract import GameRules, Position
from boardgen.gamefiles import GAMES

P = TypeVar("P", bound=Position)
M = TypeVar("M")

GOAL = 1.5
MOST_PLIES = 300  # a game not over by then is cut off, the same in both


def by_engine(rules: GameRules[P, M], start: P, games: int) -> int:
    """Seeded random games played on the engine itself; the plies played in all."""
    plies = 0
    for number in range(games):
        rng = random.Random(number)
        position = start
        for _ in range(MOST_PLIES):
            if rules.outcome(position) is not None:
                break
            if rules.throw_due(position):
                position = rules.sample_throw(position, rng)
            moves = rules.legal_moves(position)
            if not moves:
                break
            position = rules.apply(position, rng.choice(moves))
            plies += 1
    return plies


def by_api(game: boardgen.api.Game, games: int) -> int:
    """The same games through the API: the same throws and choices, so the same plies."""
    plies = 0
    has_throws = bool(game.throws)
    for number in range(games):
        rng = random.Random(number)
        position = game.start()
        for _ in range(MOST_PLIES):
            if position.outcome is not None:
                break
            if has_throws and position.throw is None:
                position = position.thrown_at_random(rng)
            moves = position.moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
            plies += 1
    return plies


def timed_pair(name: str, games: int) -> tuple[float, float, int]:
    game = boardgen.game(name)
    engine = GAMES[name].engine
    assert engine is not None
    rules = engine.rules.seated(len(game.players))
    start = rules.start(rules.variant_named(game.board))
    began = time.perf_counter()
    engine_plies = by_engine(rules, start, games)
    middle = time.perf_counter()
    api_plies = by_api(game, games)
    ended = time.perf_counter()
    assert api_plies == engine_plies, f"{name}: the API played {api_plies} plies, the engine {engine_plies}"
    return middle - began, ended - middle, api_plies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("names", nargs="*", help="games to time (default: every game with an engine)")
    arguments = parser.parse_args()
    names = arguments.names or [name for name, game in GAMES.items() if game.engine is not None]
    print(f"{'game':<22}{'plies':>8}{'engine':>12}{'API':>12}{'paired':>8}{'fastest':>9}{'goal':>7}   "
          f"({arguments.games} games each, median of {arguments.pairs} pairs)")
    missed = []
    for name in names:
        timed_pair(name, 2)  # warm: tables built, moves interned, as in any long script
        pairs = [timed_pair(name, arguments.games) for _ in range(arguments.pairs)]
        ratio = statistics.median(api / engine for engine, api, _ in pairs)
        engine_time = statistics.median(engine for engine, _, _ in pairs)
        api_time = statistics.median(api for _, api, _ in pairs)
        fastest = min(api for _, api, _ in pairs) / min(engine for engine, _, _ in pairs)
        over = ratio > GOAL
        missed += [name] if over else []
        print(f"{name:<22}{pairs[0][2]:>8}{engine_time * 1000:>9.1f} ms{api_time * 1000:>9.1f} ms{ratio:>7.2f}x"
              f"{fastest:>8.2f}x{GOAL:>6.1f}x{'  OVER' if over else ''}")
    print("all within the goal" if not missed else f"over the goal: {', '.join(missed)}")
    return 0 if not missed else 1


if __name__ == "__main__":
    sys.exit(main())
