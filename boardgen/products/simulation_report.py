"""Simulated games on paper: a chart of win rates for `simulate --plot`, and a study's one-page report.

A study's report is flowed like a rule sheet (headings, text, a table, the chart as a figure), so it prints with
the same fonts and margins as every other page; a simulation's chart is the chart alone, at its own size, in
every format, saying how many games it shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..draw.chart import Axis, ChartRow, axis_for, interval_chart
from ..games.game import board_label, require_engine
from ..layout.flow import Block, Figure, FigureRow, Heading, Para, Table, runs
from ..layout.flow_pages import FlowPage, flow_pages, text_area_width
from ..simulate.match import MatchSpec
from ..simulate.report import SEAT_LETTERS
from ..simulate.stats import Summary
from ..simulate.studies import ArmResult, Study, answer, measure_name, measured
from .document import Document, DocumentInfo, Output

CHART_WIDTH = 160.0  # mm, an SVG or PNG chart on its own
FIGURE_SLACK = 1.0  # mm a figure row keeps free beside its figure


def match_rows(info: Any, spec: MatchSpec, summary: Summary) -> list[ChartRow]:
    """Each seat's win rate (a draw counting 1/N to each of N) with its 95 % interval, in per cent: A's and B's
    in a game of two."""
    armies = require_engine(info).rules.seated(len(spec.players)).players
    return [ChartRow(f"{SEAT_LETTERS[n]} {name} ({army}{', moves first' if n == 0 else ''})", 100 * rate,
                     100 * low, 100 * high)
            for n, (name, army, rate, (low, high)) in enumerate(zip(spec.players, armies, summary.rates,
                                                                    summary.intervals, strict=True))]


WIN_RATE_AXIS = Axis("win rate with its 95 % interval (a draw counts half)", 0.0, 100.0, 10.0, " %", 50.0)


def win_rate_axis(seats: int) -> Axis:
    """The win rates' axis, the even share dashed: 50 % for two players, 25 % for four."""
    if seats == 2:
        return WIN_RATE_AXIS
    return WIN_RATE_AXIS._replace(title=f"win rate with its 95 % interval (a draw counts 1/{seats}; dashed: an "
                                  "even share)", reference=100 / seats)


def match_plot_document(info: Any, spec: MatchSpec, summary: Summary, output: Output, stem: str) -> Document:
    """The chart alone, at its own size in every format (a PDF's page is the chart's size): the title above, how
    many games it shows and how they were played below."""
    rules = ", ".join(f"{k}={v}" for k, v in spec.rules) or "the standard rules"
    title = f"{' '.join(filter(None, (info.title, board_label(info, spec.variant))))}: {' against '.join(spec.players)}"
    finished = summary.games - summary.unfinished
    settings = (f"{summary.games} games ({finished} finished) with {rules}, seed {spec.seed}, at most "
                f"{spec.max_plies} moves a game; made by boardgen simulate.")
    doc_info = DocumentInfo(title, f"Simulated {info.title} games: win rates with 95 % intervals")
    chart = interval_chart(match_rows(info, spec, summary), win_rate_axis(len(spec.players)), CHART_WIDTH, title,
                           settings)
    return Document(stem, (chart,), doc_info)


# -- a study ---------------------------------------------------------------------------------------------------

def _study_axis(study: Study, rows: Sequence[ChartRow]) -> Axis:
    if study.measure == "length":
        return axis_for("mean game length in moves, with its 95 % interval", rows)
    who = "first" if study.measure == "rate_a" else "second"
    return WIN_RATE_AXIS._replace(title=f"the {who} player's win rate with its 95 % interval")


def _table(study: Study, results: Sequence[ArmResult]) -> Table:
    length = study.measure == "length"
    header = ("Setting", "Games", "Wins 1st:2nd", "Drawn", "Unfinished", "Moves" if length else "Win rate",
              "95 % interval")
    lines = []
    for result in results:
        s, e = result.summary, measured(study, result)
        value, low, high = ((f"{e.value:.1f}", f"{e.low:.1f}", f"{e.high:.1f}") if length else
                            (f"{100 * e.value:.1f} %", f"{100 * e.low:.1f}", f"{100 * e.high:.1f} %"))
        lines.append((result.arm.label, str(s.games), f"{s.wins_a}:{s.wins_b}", str(s.draws), str(s.unfinished),
                      value, f"{low} to {high}"))
    return Table(header, tuple(lines), (False, True, True, True, True, True, True))


def study_rows(study: Study, results: Sequence[ArmResult]) -> list[ChartRow]:
    scale = 1.0 if study.measure == "length" else 100.0
    return [ChartRow(r.arm.label, e.value * scale, e.low * scale, e.high * scale)
            for r in results for e in [measured(study, r)]]


def study_document(study: Study, results: Sequence[ArmResult], games: int, seed: int, quick: bool,
                   output: Output, stem: str) -> Document:
    """The question, the settings, a table, the chart and the answer, on one page."""
    page = FlowPage(output.paper, output.margin, f"boardgen study {study.name} · seed {seed}", study.title)
    rows = study_rows(study, results)
    chart = interval_chart(rows, _study_axis(study, rows), text_area_width(page) - FIGURE_SLACK)
    played = sum(r.summary.games for r in results)
    stopped = any(r.outcome.stopped_early for r in results) or len(results) < len(study.arms)
    a, b = study.players
    pair = f"two {a} players" if a == b else f"{a} (moving first) and {b}"
    how = (f"Each setting: {games} games between {pair} unless it says otherwise, seed {seed}; a game still going "
           f"after {results[0].spec.max_plies} moves is unfinished. Intervals: 95 % (Wilson's for win rates, a "
           "draw counting half).")
    warnings: list[Block] = []
    if quick:
        warnings.append(Para(runs(f"A quick run: only {games} games a setting, so the intervals are wide. Run "
                                   f"boardgen study {study.name} without --quick for an answer to rely on.",
                                   bold=True)))
    if stopped:
        warnings.append(Para(runs(f"Stopped early: only the {played} games played are counted.", bold=True)))
    blocks: list[Block] = [
        Heading(1, runs(study.title)),
        Para(runs(study.question)),
        Para(runs(how)),
        *warnings,
        _table(study, results),
        FigureRow((Figure(chart, runs(measure_name(study)[0].upper() + measure_name(study)[1:] + " in each setting",
                                       italic=True), "chart"),), text_area_width(page)),
        Heading(2, runs("Answer")),
        Para(runs(answer(study, results))),
    ]
    info = DocumentInfo(study.title, f"boardgen study {study.name}: {played} simulated games")
    return Document(stem, tuple(flow_pages(blocks, page)), info)
