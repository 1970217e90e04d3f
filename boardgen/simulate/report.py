"""A simulation's report as a table to read, JSON, or CSV for a spreadsheet."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from ..games.game import Game, board_label, require_engine
from .match import MatchSpec, describe
from .runner import RunResult
from .stats import Summary

SEAT_LETTERS = "ABCD"
JUDGED_ALONE = 0.05  # a seat judged on finished games alone, with more games than this unfinished, says so


def unfinished_warning(games: int, unfinished: int, max_plies: int) -> str:
    """Said first when most games were not over after `max_plies` moves ("" otherwise).  Whether a game can end
    cannot always be known before it is played (a race whose throws hardly move, pieces that can shuffle for
    ever), so the games say it: a win rate of the few that finished would hide it."""
    if not games or 2 * unfinished <= games:
        return ""
    if unfinished == games:
        return (f"No game finished within {max_plies} moves: with these players and rules the game takes longer "
                "or may never end, so who wins cannot be told.")
    return (f"Most games did not finish within {max_plies} moves: {unfinished} of {games} "
            f"({100 * unfinished / games:.1f} %) were still going, so with these players and rules the game takes "
            f"longer or may never end; the win rates count only the {games - unfinished} finished games.")


def _not_over(s: Summary, max_plies: int) -> str:
    """Said beside a seat's rate of the finished games when more than JUDGED_ALONE of the games were unfinished:
    how many, in the same line ("" otherwise)."""
    if not s.games or s.unfinished <= JUDGED_ALONE * s.games:
        return ""
    share = 100 * s.unfinished / s.games
    return f" ({s.unfinished} of {s.games}, {share:.1f} %, were not over after {max_plies} moves)"


def seat_rates(spec: MatchSpec, armies: tuple[str, ...], s: Summary) -> list[dict[str, Any]]:
    """Each seat's wins, win rate (a draw counting 1/N to each) and its 95 % interval, in seat order."""
    return [{"seat": SEAT_LETTERS[n], "player": spec.players[n], "army": armies[n], "wins": s.wins[n],
             "win_rate": round(s.rates[n], 4), "interval": [round(s.intervals[n][0], 4), round(s.intervals[n][1], 4)]}
            for n in range(s.seats)]


def as_dict(info: Game, spec: MatchSpec, outcome: RunResult) -> dict[str, Any]:
    """The results only, no timings: the same seed gives the same bytes on one process, a pool or a cluster."""
    s = outcome.summary
    armies = tuple(require_engine(info).rules.seated(len(spec.players)).players)
    return {**describe(spec), "armies": list(armies), "games": s.games, "wins_a": s.wins_a, "wins_b": s.wins_b,
            "draws": s.draws, "unfinished": s.unfinished, "win_rate_a": round(s.rate_a, 4),
            "interval_a": [round(s.interval_a[0], 4), round(s.interval_a[1], 4)],
            "plies_mean": round(s.mean_plies, 1), "plies_sd": round(s.sd_plies, 1), "plies_median": s.median_plies,
            "stopped_early": outcome.stopped_early,
            "warning": unfinished_warning(s.games, s.unfinished, spec.max_plies),
            "even_share": round(s.even_share, 4), "win_rates": seat_rates(spec, armies, s)}


def _csv_row(data: dict[str, Any]) -> dict[str, Any]:
    """One row: a list joined by |, a mapping as NAME=VALUE;..., and each seat's rate as columns of its own."""
    flat = {k: ("|".join(map(str, v)) if isinstance(v, list) else
                ";".join(f"{a}={b}" for a, b in v.items()) if isinstance(v, dict) else v)
            for k, v in data.items() if k != "win_rates"}
    for seat in data["win_rates"]:
        letter = seat["seat"].lower()
        flat[f"wins_{letter}"] = seat["wins"]
        flat[f"win_rate_{letter}"] = seat["win_rate"]
        flat[f"interval_{letter}"] = "|".join(map(str, seat["interval"]))
    return flat


def _share_word(interval: tuple[float, float], even: float, alone: str = "") -> str:
    """Whether the seat's interval, as printed, leaves the even share out: the only case worth a word (with
    `alone` after it, when that is judged on the finished games alone with many unfinished)."""
    low, high = (float(f"{100 * x:.1f}") for x in interval)
    level = float(f"{100 * even:.1f}")
    word = " above an even share" if low > level else " below an even share" if high < level else ""
    return word + alone if word else ""


def report(info: Game, spec: MatchSpec, outcome: RunResult, seconds: float, fmt: str) -> str:
    data = as_dict(info, spec, outcome)
    if fmt == "json":
        return json.dumps(data, indent=2) + "\n"
    if fmt == "csv":
        flat = _csv_row(data)
        out = io.StringIO()
        writer = csv.DictWriter(out, list(flat), lineterminator="\n")
        writer.writeheader()
        writer.writerow(flat)
        return out.getvalue()
    s = outcome.summary
    armies = data["armies"]
    rules = ", ".join(f"{k}={v}" for k, v in spec.rules) or "the standard rules"
    decided = s.games - s.unfinished
    speed = f"{s.games / seconds:.3g} games a second" if seconds > 0 else ""
    labels = [f"{SEAT_LETTERS[n]} {name} ({army}{', moves first' if n == 0 else ''})"
              for n, (name, army) in enumerate(zip(spec.players, armies, strict=True))]
    width = max(map(len, labels))
    not_over = _not_over(s, spec.max_plies)
    lines = [
        *([data["warning"]] if data["warning"] else []),
        f"{' '.join(filter(None, (info.title, board_label(info, spec.variant))))}, {rules}: {s.games} games, "
        f"seed {spec.seed}"
        + (" (stopped early: these are the games played)" if outcome.stopped_early else ""),
        *[f"  {label:<{width}} {wins:>7} wins" for label, wins in zip(labels, s.wins, strict=True)],
        f"  draws {s.draws}, unfinished after {spec.max_plies} moves {s.unfinished}",
    ]
    if s.seats == 2:
        low, high = s.interval_a
        lines.append(f"  A's win rate {100 * s.rate_a:.1f} % (95 % interval {100 * low:.1f} % to {100 * high:.1f} %) "
                     f"of {decided} finished games{not_over}" if decided else "  no game finished: no win rate")
    elif decided:
        lines.append(f"  win rates of {decided} finished games (a draw counting 1/{s.seats}), against an even share "
                     f"of {100 * s.even_share:.1f} %:")
        alone = f", judged on the finished games alone{not_over}" if not_over else ""
        lines += [f"    {SEAT_LETTERS[n]} {100 * s.rates[n]:.1f} % (95 % interval {100 * low:.1f} % to "
                  f"{100 * high:.1f} %){_share_word((low, high), s.even_share, alone)}"
                  for n, (low, high) in enumerate(s.intervals)]
    else:
        lines.append("  no game finished: no win rate")
    lines += [f"  game length {s.mean_plies:.0f} moves on average (spread {s.sd_plies:.0f}, median {s.median_plies:g})",
              f"  {speed}"]
    return "\n".join(lines) + "\n"
