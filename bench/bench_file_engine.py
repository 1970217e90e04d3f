"""Random games of Ur by the game-file engine (templates/games/ur.toml) against a plain hand-written Ur engine.

Each engine plays the same number of seeded random games in a process of its own, the loop the simulator
runs (throw when due, outcome, legal moves, a random choice, apply); the figure is the file engine's time
over the plain engine's (goal: within 2x), the median of a few paired runs.

    .venv/bin/python bench/bench_file_engine.py            # 400 games each, 5 pairs
    .venv/bin/python bench/bench_file_engine.py --games 100 --pairs 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

from boardgen.gamefiles import find_game

# -- a plain Ur engine: Finkel's rules, written directly ------------------------------------------------------
# A piece's step: 0 waiting, 1-4 its own row (d1 c1 b1 a1), 5-12 the shared middle row (a2..h2), 13-14 its
# own row again (h1 g1), 15 borne off.  Rosettes at steps 4, 8 (d2, shared) and 14.
OFF = 15
ROSETTES = (4, 8, 14)
THROWS = (0, 1, 2, 3, 4)
WEIGHTS = (1, 4, 6, 4, 1)


@dataclass(frozen=True, slots=True)
class UrPosition:
    to_move: int  # 0 or 1
    throw: int | None
    steps: tuple[tuple[int, ...], tuple[int, ...]]  # each player's pieces' steps, sorted


def plain_moves(position: UrPosition) -> list[int]:
    """The steps of the pieces that can move (0: a waiting piece); [-1] is a pass."""
    throw = position.throw
    assert throw is not None
    me = position.to_move
    mine, theirs = position.steps[me], position.steps[1 - me]
    moves = []
    if throw:
        for step in sorted(set(mine)):
            if step == OFF:
                continue
            target = step + throw
            if target > OFF or (target < OFF and target in mine):
                continue
            if target == 8 and 8 in theirs:  # the central rosette protects
                continue
            moves.append(step)
    return moves or [-1]


def plain_apply(position: UrPosition, step: int) -> UrPosition:
    me = position.to_move
    throw = position.throw
    assert throw is not None
    mine, theirs = list(position.steps[me]), list(position.steps[1 - me])
    again = False
    if step >= 0:
        target = step + throw
        mine.remove(step)
        mine.append(target)
        if 5 <= target <= 12 and target in theirs:
            theirs.remove(target)
            theirs.append(0)
        again = target in ROSETTES
    steps = (tuple(sorted(mine)), tuple(sorted(theirs)))
    if me == 1:
        steps = (steps[1], steps[0])
    return UrPosition(me if again else 1 - me, None, steps)


def plain_winner(position: UrPosition) -> int | None:
    for player in (0, 1):
        if all(step == OFF for step in position.steps[player]):
            return player
    return None


def play_plain(games: int) -> int:
    plies = 0
    for seed in range(games):
        rng = random.Random(seed)
        position = UrPosition(0, None, ((0,) * 7, (0,) * 7))
        while plies < 10**9:
            if position.throw is None and plain_winner(position) is None:
                position = UrPosition(position.to_move, rng.choices(THROWS, WEIGHTS)[0], position.steps)
            if plain_winner(position) is not None:
                break
            moves = plain_moves(position)
            position = plain_apply(position, rng.choice(moves))
            plies += 1
    return plies


def play_file(games: int, rules: Any) -> int:
    plies = 0
    for seed in range(games):
        rng = random.Random(seed)
        position = rules.start()
        while True:
            if rules.throw_due(position):
                position = rules.sample_throw(position, rng)
            if rules.outcome(position) is not None:
                break
            moves = rules.legal_moves(position)
            position = rules.apply(position, rng.choice(moves))
            plies += 1
    return plies


def measure(engine: str, games: int) -> tuple[float, int]:
    """Seconds and plies for `games` random games, in a fresh process."""
    out = subprocess.run([sys.executable, __file__, "--run", engine, "--games", str(games)], check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--run", choices=("file", "plain"))
    args = parser.parse_args()
    if args.run:
        engine = find_game("ur").engine
        assert engine is not None
        rules = engine.rules  # compiled once, before the clock starts, as a simulation does
        started = time.perf_counter()
        plies = play_file(args.games, rules) if args.run == "file" else play_plain(args.games)
        print(time.perf_counter() - started, plies)
        return
    ratios = []
    for _ in range(args.pairs):
        plain_time, plain_plies = measure("plain", args.games)
        file_time, file_plies = measure("file", args.games)
        # Per ply: the two engines draw differently from the same seeds, so their games differ in length.
        ratios.append((file_time / file_plies) / (plain_time / plain_plies))
        print(f"plain {plain_plies / plain_time:10,.0f} plies/s   file {file_plies / file_time:10,.0f} plies/s   "
              f"ratio {ratios[-1]:.2f}")
    print(f"Ur random games, file engine / plain engine, time per ply: median {statistics.median(ratios):.2f}x "
          f"(goal: at most 2.0x)")


if __name__ == "__main__":
    main()
