"""A simulation's report as a table to read, JSON, or CSV for a spreadsheet."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from .match import MatchSpec, describe
from .runner import RunResult


def as_dict(info: Any, spec: MatchSpec, outcome: RunResult) -> dict[str, Any]:
    """The results only, no timings: the same seed gives the same bytes on one process, a pool or a cluster."""
    s = outcome.summary
    first, second = info.rules().players
    return {**describe(spec), "armies": [first, second], "games": s.games, "wins_a": s.wins_a, "wins_b": s.wins_b,
            "draws": s.draws, "unfinished": s.unfinished, "win_rate_a": round(s.rate_a, 4),
            "interval_a": [round(s.interval_a[0], 4), round(s.interval_a[1], 4)],
            "plies_mean": round(s.mean_plies, 1), "plies_sd": round(s.sd_plies, 1), "plies_median": s.median_plies,
            "stopped_early": outcome.stopped_early}


def report(info: Any, spec: MatchSpec, outcome: RunResult, seconds: float, fmt: str) -> str:
    data = as_dict(info, spec, outcome)
    if fmt == "json":
        return json.dumps(data, indent=2) + "\n"
    if fmt == "csv":
        flat = {k: ("|".join(map(str, v)) if isinstance(v, list) else
                    ";".join(f"{a}={b}" for a, b in v.items()) if isinstance(v, dict) else v)
                for k, v in data.items()}
        out = io.StringIO()
        writer = csv.DictWriter(out, list(flat), lineterminator="\n")
        writer.writeheader()
        writer.writerow(flat)
        return out.getvalue()
    s = outcome.summary
    first, second = data["armies"]
    a, b = spec.players
    rules = ", ".join(f"{k}={v}" for k, v in spec.rules) or "the standard rules"
    decided = s.games - s.unfinished
    low, high = s.interval_a
    speed = f"{s.games / seconds:.3g} games a second" if seconds > 0 else ""
    label_a, label_b = f"A {a} ({first}, moves first)", f"B {b} ({second})"
    width = max(len(label_a), len(label_b))
    lines = [
        f"{info.title} {spec.variant}, {rules}: {s.games} games, seed {spec.seed}"
        + (" (stopped early: these are the games played)" if outcome.stopped_early else ""),
        f"  {label_a:<{width}} {s.wins_a:>7} wins",
        f"  {label_b:<{width}} {s.wins_b:>7} wins",
        f"  draws {s.draws}, unfinished after {spec.max_plies} moves {s.unfinished}",
        (f"  A's win rate {100 * s.rate_a:.1f} % (95 % interval {100 * low:.1f} % to {100 * high:.1f} %) of "
         f"{decided} finished games" if decided else "  no game finished: no win rate"),
        f"  game length {s.mean_plies:.0f} moves on average (spread {s.sd_plies:.0f}, median {s.median_plies:g})",
        f"  {speed}",
    ]
    return "\n".join(lines) + "\n"
