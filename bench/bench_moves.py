"""Legal moves generated per second: boardgen's engines against python-chess.

Run:  .venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/bench_moves.py
Every game found (boardgen.games): each sample still in play, 60 of the
game's own random positions (its examples module) and 60 positions reached
by random play from the start of a board, all from a fixed seed.
python-chess: its six standard perft positions.  All generate
full move lists, round after round, in one run; each ratio is
ours / python-chess and the goal is at least 1.0.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import chess

from boardgen.engine.examples import RandomChooser
from boardgen.gamefiles import GAMES
from boardgen.gamefiles.position_files import load_position
from boardgen.games.game import GameFolder

FOLDER_GAMES = {name: game for name, game in GAMES.items() if isinstance(game, GameFolder)}  # Python engines

HERE = Path(__file__).resolve().parent
RULES: dict[type, object] = {}  # position type -> its game's rules
PERFT_FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


def played_from_start(game: str, rng: random.Random) -> str:
    """A position reached by up to 30 random moves from the start of a random board."""
    rules = FOLDER_GAMES[game].engine.rules
    position = rules.start(rng.choice(rules.variants))
    for _ in range(rng.randint(0, 30)):
        if rules.throw_due(position):
            position = rules.sample_throw(position, rng)
        moves = rules.legal_moves(position)
        if not moves:
            break
        position = rules.apply(position, rng.choice(moves))
    return rules.write(position)


def our_positions(game: str) -> list:
    """Every sample still in play, 60 of the game's own random positions and 60 reached by random play."""
    info = FOLDER_GAMES[game]
    folder = info.texts / "positions" / game
    texts = [p.read_text() for p in sorted(folder.glob("*.toml")) if p.name != "answers.toml"]
    rng = random.Random(2001)
    if info.engine is not None and info.engine.examples is not None:
        texts += [info.engine.examples(RandomChooser(rng)) for _ in range(60)]
    texts += [played_from_start(game, rng) for _ in range(60)]
    positions = []
    for text in texts:
        try:
            loaded = load_position(text)
        except ValueError:
            continue
        rules, position = loaded.rules, loaded.position
        if not rules.problems(position) and rules.outcome(position) is None and rules.legal_moves(position):
            positions.append(position)
    return positions


def legal_moves(position):
    return RULES[type(position)].legal_moves(position)


def rate(generate, items, seconds: float) -> tuple[float, int]:
    moves = rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for item in items:
            moves += len(generate(item))
        rounds += 1
    return moves / (time.perf_counter() - start), rounds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time for each side")
    seconds = parser.parse_args().seconds
    ours = {name.upper(): our_positions(name) for name in FOLDER_GAMES}
    for name, positions in ours.items():
        RULES[type(positions[0])] = FOLDER_GAMES[name.lower()].engine.rules
    boards = [chess.Board(fen) for fen in PERFT_FENS]
    for positions in ours.values():
        rate(legal_moves, positions, 0.2)  # warm up
    rate(lambda b: list(b.legal_moves), boards, 0.2)
    rates = {name: rate(legal_moves, positions, seconds) for name, positions in ours.items()}
    chess_rate, chess_rounds = rate(lambda b: list(b.legal_moves), boards, seconds)
    for name, (moves_per_second, rounds) in rates.items():
        print(f"boardgen {name:<8}{moves_per_second:>12,.0f} legal moves/s  ({len(ours[name])} positions, "
              f"{rounds} rounds)")
    print(f"python-chess {chess.__version__:<4}{chess_rate:>12,.0f} legal moves/s  ({len(boards)} perft positions, "
          f"{chess_rounds} rounds)")
    worst = min(r for r, _ in rates.values()) / chess_rate
    for name, (moves_per_second, _) in rates.items():
        print(f"ratio {name} / python-chess: {moves_per_second / chess_rate:.2f}")
    print(f"worst ratio {worst:.2f}: {'meets' if worst >= 1.0 else 'MISSES'} the goal of 1.0")
    return 0 if worst >= 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
