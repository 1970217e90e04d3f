"""What `boardgen report`'s measures cost against `boardgen simulate` with the same players and games.

Run:  .venv/bin/python bench/bench_report.py [--rounds 3] [--games 400]

Both play the same games in one process (--workers 1), as fresh processes, in turns, round after round; the
report leaves skill out (--skill-games 0), so the difference is what measuring each game costs (one evaluation
and a count of legal moves a move) and the page, chart and JSON.  Goal: at most 1.3x simulate's time.  Also
printed: games a second for each, and the sequential test's average games against a test of fixed size.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL = 1.3
GAMES = {"stacktics": ("--variant", "3x5"), "iacta": (), "isaac": ()}


def _timed(command: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    boardgen = str(Path(sys.executable).parent / "boardgen")
    folder = Path(tempfile.mkdtemp(prefix="bench-report-"))
    for game, variant in GAMES.items():
        games = args.games if game != "iacta" else args.games // 4  # IACTA's greedy games are long
        common = [game, *variant, "--games", str(games), "--workers", "1"]
        ratios, simulate_times, report_times = [], [], []
        for _ in range(args.rounds):
            simulated = _timed([boardgen, "simulate", *common])
            reported = _timed([boardgen, "report", *common, "--skill-games", "0", "-o", str(folder / "r.pdf")])
            simulate_times.append(simulated)
            report_times.append(reported)
            ratios.append(reported / simulated)
        ratio = statistics.median(ratios)
        print(f"{game:10} {games} games: simulate {statistics.median(simulate_times):5.1f} s "
              f"({games / statistics.median(simulate_times):6.1f} games/s), report "
              f"{statistics.median(report_times):5.1f} s ({games / statistics.median(report_times):6.1f} games/s): "
              f"{ratio:.2f}x {'(within' if ratio <= GOAL else '(OVER'} the {GOAL}x goal)")
    from boardgen.simulate.sprt import fixed_games, sprt

    rng = random.Random(1)
    for within in (0.05, 0.1):
        for rate in (0.5, 0.5 + within):
            runs = [sprt((1.0 if rng.random() < rate else 0.0 for _ in range(1_000_000)), within)
                    for _ in range(300)]
            print(f"sequential test, fair within ±{within:.2f}, true rate {rate:.2f}: "
                  f"{statistics.fmean(r.games for r in runs):.0f} games on average, fixed size "
                  f"{fixed_games(within)}")


if __name__ == "__main__":
    main()
