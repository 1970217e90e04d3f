"""What the simulator runs on, against python-chess: positions, playouts and search, measured in turn.

Run:  .venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/bench_simulate.py

For every game and for chess, three rates, each taken in short slices that
alternate with python-chess's (A B A B ...), so a busy machine slows both
sides alike:

- positions/s: full legal-move lists generated, over the positions of
  bench_moves.py (samples and random positions; chess: the perft positions);
- playout plies/s: random games from the start (a due throw thrown, the
  outcome asked, the moves listed, one played), restarted after 200 plies;
- MCTS moves/s: `mcts:64` choosing a move, the same player code on both
  sides (chess through a small adapter to the rules contract).

Each ratio is ours / python-chess; the goal is at least 1.0 for positions
and playouts.  Memory: the peak resident size after everything.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from collections.abc import Callable
from typing import Any

import chess
from bench_moves import PERFT_FENS, our_positions

from boardgen.gamefiles import GAMES
from boardgen.games.game import GameFolder
from boardgen.simulate.players import MctsPlayer, throw

FOLDER_GAMES = {name: game for name, game in GAMES.items() if isinstance(game, GameFolder)}  # Python engines

SLICE = 0.25  # seconds of one side before the other has its turn
PLAYOUT_LIMIT = 200
MCTS = MctsPlayer(64)


class ChessPosition(chess.Board):
    @property
    def to_move(self) -> str:
        return "white" if self.turn else "black"


class ChessRules:
    """python-chess behind the part of the rules contract the players use."""

    players = ("white", "black")
    VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}

    def start(self) -> ChessPosition:
        return ChessPosition()

    def legal_moves(self, board: ChessPosition) -> list[chess.Move]:
        return list(board.legal_moves)

    def apply(self, board: ChessPosition, move: chess.Move) -> ChessPosition:
        after = board.copy(stack=False)
        after.push(move)
        return after

    def chance(self, board: ChessPosition) -> list[Any]:
        return []

    def throw_due(self, board: ChessPosition) -> bool:
        return False

    def swaps_seats(self, move: chess.Move) -> bool:
        return False

    def outcome(self, board: ChessPosition) -> chess.Outcome | None:
        return board.outcome(claim_draw=False)

    def evaluate(self, board: ChessPosition, player: str) -> float:
        outcome = board.outcome(claim_draw=False)
        colour = player == "white"
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1.0 if outcome.winner == colour else -1.0)
        material = sum(value * (len(board.pieces(kind, colour)) - len(board.pieces(kind, not colour)))
                       for kind, value in self.VALUES.items())
        return material / 40


class Side:
    """One game's three workloads."""

    def __init__(self, name: str, rules: Any, positions: list[Any], seed: int) -> None:
        self.name, self.rules, self.positions = name, rules, positions
        self.rng = random.Random(seed)
        self.playout_position = self._start()
        self.playout_plies = 0
        self.search_positions = [self._played(self._start(), self.rng.randint(2, 12)) for _ in range(6)]
        self.next_search = 0

    def _start(self) -> Any:
        return self.rules.start()

    def _played(self, position: Any, plies: int) -> Any:
        for _ in range(plies):
            position = self._step(position)
        return position

    def _step(self, position: Any) -> Any:
        rules = self.rules
        if rules.throw_due(position):
            position = throw(rules, position, self.rng)
        moves = [] if rules.outcome(position) is not None else rules.legal_moves(position)
        if not moves:
            return self._start()
        return rules.apply(position, self.rng.choice(moves))

    def positions_work(self) -> int:
        return sum(1 for position in self.positions if self.rules.legal_moves(position) is not None)

    def playout_work(self) -> int:
        for _ in range(50):
            self.playout_position = self._step(self.playout_position)
            self.playout_plies += 1
            if self.playout_plies >= PLAYOUT_LIMIT:
                self.playout_position, self.playout_plies = self._start(), 0
        return 50

    def search_work(self) -> int:
        position = self.search_positions[self.next_search % len(self.search_positions)]
        self.next_search += 1
        rules = self.rules
        if rules.throw_due(position):
            position = throw(rules, position, self.rng)
        if rules.outcome(position) is None and rules.legal_moves(position):
            MCTS.choose(rules, position, self.rng)
        return 1


def interleaved(ours: Callable[[], int], theirs: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Work per second for each side, in alternating slices of SLICE seconds until each has had `seconds`."""
    done = [0, 0]
    spent = [0.0, 0.0]
    while min(spent) < seconds:
        for side, work in enumerate((ours, theirs)):
            start = time.perf_counter()
            while time.perf_counter() - start < SLICE:
                done[side] += work()
            spent[side] += time.perf_counter() - start
    return done[0] / spent[0], done[1] / spent[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time for each side, for each measure")
    seconds = parser.parse_args().seconds
    chess_side = Side("chess", ChessRules(), [ChessPosition(fen) for fen in PERFT_FENS], 1)
    measures = (("positions/s", "positions_work"), ("playout plies/s", "playout_work"),
                ("MCTS moves/s", "search_work"))
    worst = float("inf")
    print(f"python-chess {chess.__version__}; each measure {seconds:g} s a side, in {SLICE:g} s turns")
    print(f"{'game':<10}{'measure':<18}{'boardgen':>12}{'chess':>12}{'ratio':>8}")
    for name, info in FOLDER_GAMES.items():
        rules = info.engine.rules
        side = Side(name, rules, our_positions(name), 1)
        for label, method in measures:
            ours, theirs = interleaved(getattr(side, method), getattr(chess_side, method), seconds)
            ratio = ours / theirs
            if method != "search_work":
                worst = min(worst, ratio)
            print(f"{name:<10}{label:<18}{ours:>12,.1f}{theirs:>12,.1f}{ratio:>8.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MiB")
    print(f"worst positions/playout ratio {worst:.2f}: {'meets' if worst >= 1.0 else 'MISSES'} the goal of 1.0")
    return 0 if worst >= 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
