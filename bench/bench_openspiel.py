"""Random games through boardgen's Python API against the same games in OpenSpiel's C++, driven from Python alike.

Both sides play the loop a script runs, with a `random.Random` seeded by the game's number: while the game goes
on, a throw when one is due (OpenSpiel: a chance node, its outcome drawn by `chance_outcomes()`'s chances; boardgen:
`position.thrown_at_random(rng)`), then the legal moves (`state.legal_actions()`; `position.moves()`), a random
choice and the move played (`state.apply_action(a)`; `position.play(move)`).  Each side plays whole games for the
same wall-clock budget, its figure the games it finished over the time they took; the two alternate in a few
pairs, one right after the other in one process.  The ratio is OpenSpiel's games a second over boardgen's, the
median of the pairs, with the ratio of the fastest runs beside it (noise only adds time: on a busy machine it is
the steadier figure).  Goals: within 3x for issue 44's games, Kalah and Oware (issue 45), and Backgammon at least
as fast as OpenSpiel (1x).  Ur and Snakes and Ladders have no OpenSpiel counterpart: their games a second are
printed for the record.

A boardgen game not over after OpenSpiel's own longest game (its `max_game_length()`, in moves) is cut off and
counted as capped; OpenSpiel ends its games by then itself.  A game boardgen does not know yet is skipped with a
line that says so; without pyspiel (the project's own venv) every OpenSpiel figure is skipped, and boardgen's
games a second are still measured.  OpenSpiel is installed in a bench venv only, never a dependency of boardgen:

    python3 -m venv /work/bench-venv && /work/bench-venv/bin/pip install open-spiel
    /work/bench-venv/bin/pip install -e .
    /work/bench-venv/bin/python bench/bench_openspiel.py                 # every game, 1 s a side, 3 pairs
    /work/bench-venv/bin/python bench/bench_openspiel.py --seconds 2 --pairs 5 tic-tac-toe reversi
    /work/bench-venv/bin/python bench/bench_openspiel.py --profile english-draughts   # where boardgen's time goes
    /work/bench-venv/bin/python bench/bench_openspiel.py --profile reversi --seconds 5 --sort tottime --top 40
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import boardgen
from boardgen.api import BoardgenError
from boardgen.gamefiles import GAMES

try:  # only in the bench venv: without it the OpenSpiel figures are skipped
    from pyspiel import load_game as spiel_load_game  # type: ignore[import-not-found,unused-ignore]
except ImportError:
    spiel_load_game = None


BLANK = f"{'-':>10}{'':>7}"  # a side not measured


class SpielState(Protocol):
    """The part of a pyspiel.State the loop uses (pyspiel has no type stubs)."""

    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...


class SpielGame(Protocol):
    def new_initial_state(self) -> SpielState: ...


@dataclass(frozen=True)
class Pairing:
    """A boardgen game, OpenSpiel's game of the same rules (None: it has none) and the goal for their ratio."""

    name: str
    spiel: str | None
    most_moves: int  # OpenSpiel 2.0.2's max_game_length() for its game: boardgen's games are cut off there
    goal: float | None  # the most OpenSpiel's games a second may be over boardgen's
    issue: int  # the issue that sets the goal


PAIRINGS = (
    Pairing("tic-tac-toe", "tic_tac_toe", 9, 3.0, 44),
    Pairing("connect-four", "connect_four", 42, 3.0, 44),
    Pairing("nine-mens-morris", "nine_mens_morris", 214, 3.0, 44),
    Pairing("english-draughts", "checkers", 1000, 3.0, 44),  # 8x8 English draughts: men step forward, kings one step
    Pairing("breakthrough", "breakthrough", 209, 3.0, 44),  # 8x8
    Pairing("reversi", "othello", 128, 3.0, 44),  # 8x8
    Pairing("backgammon", "backgammon", 1500, 1.0, 45),
    Pairing("kalah", "mancala", 1000, 3.0, 45),  # OpenSpiel's "mancala" is Kalah: 6 pits of 4 seeds a side
    Pairing("oware", "oware", 1000, 3.0, 45),
    Pairing("ur", None, 1000, None, 44),
    Pairing("snakes-and-ladders", None, 1000, None, 44),
)


@dataclass(frozen=True)
class Run:
    """Whole games one side played in its budget."""

    games: int
    moves: int
    capped: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.games / self.seconds


def spiel_game(state: SpielState, rng: random.Random) -> tuple[int, bool]:
    """One random OpenSpiel game from its start: the moves played (chance outcomes not counted); never capped."""
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([action for action, _ in outcomes], [chance for _, chance in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves, False


def boardgen_game(game: boardgen.api.Game, rng: random.Random, most_moves: int) -> tuple[int, bool]:
    """One random game through the API: the moves played, and whether it was cut off at most_moves."""
    position = game.start()
    has_throws = bool(game.throws)
    for moves in range(most_moves):
        if position.outcome is not None:
            return moves, False
        if has_throws and position.throw is None:
            position = position.thrown_at_random(rng)
        position = position.play(rng.choice(position.moves()))
    return most_moves, position.outcome is None


def timed(play: Callable[[random.Random], tuple[int, bool]], seconds: float, first_seed: int) -> Run:
    """Whole games, seeded first_seed, first_seed + 1, ..., until the budget is spent (one game at least)."""
    games = moves = capped = 0
    began = time.perf_counter()
    while True:
        played, cut_off = play(random.Random(first_seed + games))
        games += 1
        moves += played
        capped += cut_off
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return Run(games, moves, capped, elapsed)


def opened(name: str) -> boardgen.api.Game | str:
    """boardgen's game of that name, or the line that says why it is skipped."""
    try:
        return boardgen.game(name)
    except BoardgenError as error:
        if name not in GAMES:
            return f"skipped: boardgen has no game {name!r} yet"
        first = str(error).split("; line ")[0]  # a game file being written may have many problems: one says enough
        return f"skipped: boardgen cannot play {name!r} yet: {first}"


def side(play: Callable[[random.Random], tuple[int, bool]]) -> Callable[[float, int], Run]:
    play(random.Random(-1))  # warm: tables built and moves interned before the clock, as in any long script
    return lambda seconds, first_seed: timed(play, seconds, first_seed)


def figures(runs: Sequence[Run]) -> str:
    games = sum(run.games for run in runs)
    return f"{statistics.median(run.per_second for run in runs):>10,.1f}{sum(run.moves for run in runs) / games:>7.0f}"


def measure(pairing: Pairing, seconds: float, pairs: int) -> tuple[str, bool]:
    """The row of one game and whether it missed its goal; both sides played pair by pair, alternating."""
    spiel: Callable[[float, int], Run] | None = None
    notes = []
    if pairing.spiel is not None and spiel_load_game is not None:
        loaded: SpielGame = spiel_load_game(pairing.spiel)
        spiel = side(lambda rng: spiel_game(loaded.new_initial_state(), rng))
    elif pairing.spiel is not None:
        notes.append("OpenSpiel skipped: pyspiel cannot be imported (run from the bench venv)")
    game = opened(pairing.name)
    ours: Callable[[float, int], Run] | None = None
    spiel_runs: list[Run] = []
    our_runs: list[Run] = []
    try:
        if isinstance(game, str):
            notes.append(game)
        else:
            ours = side(lambda rng: boardgen_game(game, rng, pairing.most_moves))
        for pair in range(pairs):
            spiel_runs += [spiel(seconds, pair * 10**6)] if spiel else []
            our_runs += [ours(seconds, pair * 10**6)] if ours else []
    except Exception as error:  # a game being written now may fail mid-game: its row says so, the rest still run
        notes.append(f"failed: boardgen's {pairing.name!r} raised {type(error).__name__}: {error}")
        our_runs = []
        spiel_runs += [spiel(seconds, pair * 10**6) for pair in range(len(spiel_runs), pairs)] if spiel else []
    row = f"{pairing.name:<20}{figures(spiel_runs) if spiel_runs else BLANK}{figures(our_runs) if our_runs else BLANK}"
    row += f"{sum(run.capped for run in our_runs):>7}" if our_runs else f"{'':>7}"
    over = False
    if spiel_runs and our_runs:
        ratio = statistics.median(s.per_second / o.per_second for s, o in zip(spiel_runs, our_runs, strict=True))
        fastest = max(s.per_second for s in spiel_runs) / max(o.per_second for o in our_runs)
        assert pairing.goal is not None
        over = ratio > pairing.goal
        row += f"{ratio:>8.2f}x{fastest:>8.2f}x{pairing.goal:>6.1f}x  #{pairing.issue}{'  OVER' if over else ''}"
    elif pairing.goal is not None:
        row += f"{'-':>9}{'-':>9}{pairing.goal:>6.1f}x  #{pairing.issue}"
    return "\n".join([row, *(f"{'':<20}{note}" for note in notes)]), over


def profile(name: str, seconds: float, top: int, order: str) -> int:
    """Where boardgen's time goes in random games of one game: cProfile's top entries by cumulative time (or by
    the time spent in each function itself, order "tottime")."""
    stem = Path(name).stem  # a game file's path plays too: a game file being written, before it ships
    pairing = next((pairing for pairing in PAIRINGS if pairing.name == stem), Pairing(stem, None, 1000, None, 0))
    game = opened(name)
    if isinstance(game, str):
        print(game)
        return 2
    play = side(lambda rng: boardgen_game(game, rng, pairing.most_moves))
    profiler = cProfile.Profile()
    run = profiler.runcall(play, seconds, 0)
    print(f"{name}: {run.games} games, {run.moves} moves, {run.capped} capped in {run.seconds:.1f} s under cProfile "
          f"({run.per_second:,.1f} games a second; the profiler slows them)")
    # Whole paths, not strip_dirs(): boardgen has several position.py and rules.py.
    pstats.Stats(profiler, stream=sys.stdout).sort_stats(order).print_stats(top)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="each side's budget in each pair (default 1)")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--profile", metavar="GAME",
                        help="profile boardgen's random games of GAME instead (a name, or a game file's path)")
    parser.add_argument("--top", type=int, default=25, help="entries the profile prints (default 25)")
    parser.add_argument("--sort", choices=("cumulative", "tottime"), default="cumulative",
                        help="the profile's order: time in a function and its callees (default), or in it alone")
    parser.add_argument("names", nargs="*", help="games to time, by boardgen's names (default: all)")
    arguments = parser.parse_args()
    if arguments.profile:
        return profile(arguments.profile, arguments.seconds, arguments.top, arguments.sort)
    known = {pairing.name: pairing for pairing in PAIRINGS}
    unknown = [name for name in arguments.names if name not in known]
    if unknown:
        print(f"no pairing for {', '.join(unknown)}; games: {', '.join(known)}", file=sys.stderr)
        return 2
    chosen = [known[name] for name in arguments.names] or list(PAIRINGS)
    print(f"{'':<20}{'OpenSpiel':>17}{'boardgen':>17}")
    print(f"{'game':<20}{'games/s':>10}{'moves':>7}{'games/s':>10}{'moves':>7}{'capped':>7}{'ratio':>9}{'fastest':>9}"
          f"{'goal':>7}  issue   ({arguments.seconds:g} s a side, median of {arguments.pairs} pair(s); "
          f"ratio: OpenSpiel's games/s over boardgen's)")
    missed = []
    for pairing in chosen:
        row, over = measure(pairing, arguments.seconds, arguments.pairs)
        print(row, flush=True)
        missed += [pairing.name] if over else []
    print("every measured game within its goal" if not missed else f"over the goal: {', '.join(missed)}")
    return 0 if not missed else 1


if __name__ == "__main__":
    sys.exit(main())
