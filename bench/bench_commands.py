"""Time what a user waits for, whole commands as fresh processes, against a minimal reportlab script.

Run:  .venv/bin/python bench/bench_commands.py [--rounds N] [--root CHECKOUT]

Goals: every command a user runs for one game within 2x its reference, a print gift set within 4x, and
`boardgen --help` within 2.5x of `python -c "import click"`.  The references are bare scripts doing the same
work as plainly as it can be done:

- reportlab: 100 labelled squares drawn with reportlab in an embedded TrueType font (reportlab_100_squares.py),
  for every PDF and drawing;
- pdfium: the same page rendered by pypdfium2 at 300 dpi and written as a PNG (pdfium_100_squares_png.py), for
  the PNGs, which boardgen makes at 300 dpi here too;
- platypus: the rule sheet's own text set with Platypus in the same font, without diagrams
  (platypus_rule_text.py), for the rule sheet.  --root
times another checkout's boardgen (an older commit, say) with the same
script, for a before-and-after.

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

REFERENCES = {"reportlab": [str(HERE / "reportlab_100_squares.py"), "{out}/ref.pdf"],
              "pdfium": [str(HERE / "pdfium_100_squares_png.py"), "{out}/ref.png"],
              "platypus": [str(HERE / "platypus_rule_text.py"), "alea", "it", "{out}/ref-rules.pdf"],
              "click": ["-c", "import click"]}
# name: (boardgen arguments, with {out} for the output, goal as a ratio to its reference (None: reported, no
# goal: importing ezdxf alone takes longer than three runs of the reference), the reference, fresh?)
COMMANDS: dict[str, tuple[list[str], float | None, str, bool]] = {
    "board PDF": (["board", "iacta", "--palette", "cud", "--arrows", "-o", "{out}/b.pdf"], 2.0, "reportlab", False),
    "board PDF, fresh checkout": (["board", "iacta", "--palette", "cud", "--arrows", "-o", "{out}/f.pdf"], 2.0,
                                  "reportlab", True),
    "board SVG": (["board", "iacta", "--palette", "cud", "--format", "svg", "-o", "{out}/b.svg"], 2.0, "reportlab",
                  False),
    "board PNG": (["board", "iacta", "--palette", "cud", "--format", "png", "--dpi", "300", "-o", "{out}/b.png"], 2.0,
                  "pdfium", False),
    "pieces PDF": (["pieces", "iacta", "-o", "{out}/p.pdf"], 2.0, "reportlab", False),
    "pieces PNG": (["pieces", "iacta", "--format", "png", "--dpi", "300", "-o", "{out}/p.png"], 2.0, "pdfium", False),
    "rule sheet": (["rules", "alea", "--lang", "it", "-o", "{out}/r.pdf"], 2.0, "platypus", False),
    "diagram SVG": (["diagram", "sample:iacta/02-open-play-4-2", "--moves", "-o", "{out}/d.svg"], 2.0, "reportlab",
                    False),
    "lego list": (["lego", "iacta", "-o", "{out}/l.txt"], 2.0, "reportlab", False),
    "tiled A5 board (25 pages)": (["board", "iacta", "--field", "60", "--paper", "a5", "-o", "{out}/t.pdf"], 2.0,
                                  "reportlab", False),
    "laser board SVG": (["board", "iacta", "--laser", "-o", "{out}/l.svg"], 2.0, "reportlab", False),
    "laser board DXF": (["board", "iacta", "--laser", "--format", "dxf", "-o", "{out}/l.dxf"], None, "reportlab",
                        False),
    "gift set (print)": (["giftset", "iacta", "--to", "{out}/set"], 4.0, "reportlab", False),
    "--help": (["--help"], 2.5, "click", False),
}


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    # stderr too: a tiled board's note ("takes 25 pages") is the same line every round
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose boardgen is timed")
    arguments = parser.parse_args()
    rounds, root = arguments.rounds, arguments.root.resolve()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        fresh = out / "fresh"
        shutil.copytree(root / "boardgen", fresh / "boardgen", ignore=shutil.ignore_patterns("__pycache__"))
        cached = {**CACHED, "PYTHONPATH": str(root)}
        fresh_env = {**CACHED, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(fresh)}

        def filled(args: list[str]) -> list[str]:
            return [arg.replace("{out}", str(out)) for arg in args]

        references = {name: [sys.executable, *filled(args)] for name, args in REFERENCES.items()}
        runs = {name: ([sys.executable, "-m", "boardgen", *filled(args)], fresh_env if is_fresh else cached, reference)
                for name, (args, _, reference, is_fresh) in COMMANDS.items()}
        for command in references.values():  # warm caches and bytecode
            timed(command, CACHED)
        for command, env, _ in runs.values():
            timed(command, env)
        samples: dict[str, list[float]] = {name: [] for name in runs}
        paired_references: dict[str, list[float]] = {name: [] for name in runs}  # each run's reference run
        for _ in range(rounds):
            for name, (command, env, reference) in runs.items():
                paired_references[name].append(timed(references[reference], CACHED))
                samples[name].append(timed(command, env))
    paired = {name: [run / ref for run, ref in zip(samples[name], paired_references[name], strict=True)]
              for name in runs}
    print(f"{'command':<30}{'median':>11}{'paired':>8}{'fastest':>11}{'ratio':>8}{'goal':>7}  of"
          f"   ({rounds} rounds, each run after a reference run; boardgen from {root})")
    missed = []
    for name, (_, goal, reference, _) in COMMANDS.items():
        ratio = statistics.median(paired[name])
        over = goal is not None and ratio > goal
        if over:
            missed.append(name)
        print(f"{name:<30}{statistics.median(samples[name]) * 1000:>8.1f} ms{ratio:>7.2f}x"
              f"{min(samples[name]) * 1000:>8.1f} ms{min(samples[name]) / min(paired_references[name]):>7.2f}x"
              f"{'     -' if goal is None else f'{goal:>6.1f}x'}  {reference}{'  OVER' if over else ''}")
    for reference in REFERENCES:
        runs_of = [t for name in runs if COMMANDS[name][2] == reference for t in paired_references[name]]
        print(f"reference {reference}: median {statistics.median(runs_of) * 1000:.1f} ms, "
              f"fastest {min(runs_of) * 1000:.1f} ms")
    print("all within their goals" if not missed else f"over the goal: {', '.join(missed)}")
    return 0 if not missed else 1


if __name__ == "__main__":
    sys.exit(main())
