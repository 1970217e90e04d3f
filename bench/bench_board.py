"""Time `boardgen board iacta` as a whole process against a minimal reportlab script.

Run:  .venv/bin/python bench/bench_board.py [--rounds N]
Both are started as fresh Python processes, interleaved in one run.  The
ratio compares the fastest run of each: on a shared machine noise only ever
adds time, so the minimum is the steadiest estimate (as `timeit` advises);
medians are printed beside it.  The goal is at most 1.5x the reference.

Bytecode caching is switched on for the children (PYTHONDONTWRITEBYTECODE
removed) and a warm-up run fills the cache, as on any user's machine after the
first run; otherwise an editable install recompiles boardgen on every start.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOAL = 1.5


CHILD_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=CHILD_ENV)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        commands = {
            "reference (reportlab, 100 squares)": [sys.executable, str(HERE / "reportlab_100_squares.py"),
                                                   str(out / "ref.pdf")],
            "boardgen board iacta (PDF)": [sys.executable, "-m", "boardgen", "board", "iacta", "--palette", "cud",
                                           "--arrows", "-o", str(out / "board.pdf")],
            "boardgen board iacta (SVG)": [sys.executable, "-m", "boardgen", "board", "iacta", "--palette", "cud",
                                           "--arrows", "--format", "svg", "-o", str(out / "board.svg")],
        }
        for command in commands.values():  # warm the file cache and bytecode
            timed(command)
        samples: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(rounds):
            for name, command in commands.items():
                samples[name].append(timed(command))
    fastest = {name: min(values) for name, values in samples.items()}
    medians = {name: statistics.median(values) for name, values in samples.items()}
    reference, reference_median = next(iter(fastest.values())), next(iter(medians.values()))
    print(f"{'process':<38}{'fastest':>11}{'ratio':>8}{'median':>12}{'ratio':>8}   ({rounds} rounds, interleaved)")
    worst = 0.0
    for name in samples:
        ratio = fastest[name] / reference
        worst = max(worst, ratio)
        print(f"{name:<38}{fastest[name] * 1000:>8.1f} ms{ratio:>7.2f}x"
              f"{medians[name] * 1000:>9.1f} ms{medians[name] / reference_median:>7.2f}x")
    verdict = "within" if worst <= GOAL else "OVER"
    print(f"worst ratio {worst:.2f}x: {verdict} the {GOAL}x goal")
    return 0 if worst <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
