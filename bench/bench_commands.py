"""Time what a user waits for, whole commands as fresh processes, against a minimal reportlab script.

Run:  .venv/bin/python bench/bench_commands.py [--rounds N]

All commands run interleaved in one run, each right after a run of the
reference, round after round.  Two ratios are printed for each command:

- paired: the median, over the rounds, of each run's time divided by the
  reference's run just before it.  A busy spell slows both runs of a pair
  alike, so this is the steady measure on a shared machine, and the one
  held against the goal (the goals were set on medians);
- fastest: the fastest run of the command over the fastest of the reference
  runs paired with it (noise only adds time, as `timeit` advises), beside it.  On a machine with
  bursts of load it moves by a few hundredths between runs, because the two
  minimums may come from quiet moments of different lengths.

Bytecode caching is on for the children, as on any user's machine after the
first run, except for "fresh": a copy of the package without bytecode, run
with writing bytecode forbidden, so every run compiles boardgen's modules as
a new checkout's first run does.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHED = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}

# name: (boardgen arguments, goal as a ratio to the reference (None: reported, no goal set), fresh?)
COMMANDS: dict[str, tuple[list[str], float | None, bool]] = {
    "board PDF": (["board", "iacta", "--palette", "cud", "--arrows"], 1.3, False),
    "board PDF, fresh checkout": (["board", "iacta", "--palette", "cud", "--arrows"], 1.5, True),
    "board SVG": (["board", "iacta", "--palette", "cud", "--arrows", "--format", "svg"], 1.5, False),
    "board PNG": (["board", "iacta", "--palette", "cud", "--arrows", "--format", "png"], 2.0, False),
    "pieces PNG": (["pieces", "iacta", "--format", "png"], 2.0, False),
    "rule sheet": (["rules", "alea", "--lang", "it"], 2.0, False),
    "tiled A5 board (25 pages)": (["board", "iacta", "--field", "60", "--paper", "a5"], 2.0, False),
    "laser board SVG": (["board", "iacta", "--laser", "--format", "svg"], None, False),
    "laser board DXF": (["board", "iacta", "--laser", "--format", "dxf"], None, False),
}


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        fresh = out / "fresh"
        shutil.copytree(ROOT / "boardgen", fresh / "boardgen", ignore=shutil.ignore_patterns("__pycache__"))
        fresh_env = {**CACHED, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(fresh)}
        runs: dict[str, tuple[list[str], dict[str, str]]] = {
            "reference": ([sys.executable, str(HERE / "reportlab_100_squares.py"), str(out / "ref.pdf")], CACHED)}
        for name, (args, _, is_fresh) in COMMANDS.items():
            extension = args[args.index("--format") + 1] if "--format" in args else "pdf"
            target = out / f"{len(runs)}.{extension}"
            runs[name] = ([sys.executable, "-m", "boardgen", *args, "-o", str(target)],
                          fresh_env if is_fresh else CACHED)
        reference_command, reference_env = runs.pop("reference")
        for command, env in [(reference_command, reference_env), *runs.values()]:  # warm caches and bytecode
            timed(command, env)
        samples: dict[str, list[float]] = {name: [] for name in runs}
        references: dict[str, list[float]] = {name: [] for name in runs}  # the reference's runs, by pair
        for _ in range(rounds):
            for name, (command, env) in runs.items():
                references[name].append(timed(reference_command, reference_env))
                samples[name].append(timed(command, env))
    paired = {name: [run / reference for run, reference in zip(samples[name], references[name], strict=True)]
              for name in runs}
    samples["reference"] = [run for runs_of_one in references.values() for run in runs_of_one]
    fastest = {name: min(values) for name, values in samples.items()}
    medians = {name: statistics.median(values) for name, values in samples.items()}
    print(f"{'command':<30}{'median':>11}{'paired':>8}{'fastest':>11}{'ratio':>8}{'goal':>7}"
          f"   ({rounds} rounds, each run after a reference run)")
    print(f"{'reference (reportlab, 100 squares)':<30}{medians['reference'] * 1000:>8.1f} ms{1:>7.2f}x"
          f"{fastest['reference'] * 1000:>8.1f} ms{1:>7.2f}x")
    missed = []
    for name, (_, goal, _) in COMMANDS.items():
        ratio = statistics.median(paired[name])
        over = goal is not None and ratio > goal
        if over:
            missed.append(name)
        print(f"{name:<30}{medians[name] * 1000:>8.1f} ms{ratio:>7.2f}x{fastest[name] * 1000:>8.1f} ms"
              f"{fastest[name] / min(references[name]):>7.2f}x"
              f"{'     -' if goal is None else f'{goal:>6.1f}x'}{'  OVER' if over else ''}")
    print("all within their goals" if not missed else f"over the goal: {', '.join(missed)}")
    return 0 if not missed else 1


if __name__ == "__main__":
    sys.exit(main())
