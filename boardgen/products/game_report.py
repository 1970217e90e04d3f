"""`boardgen report`: a game report on one page, with its chart and its JSON.

The page: what was played, a table of every measure with its interval (and, for two versions, each one's and
the difference), a plain sentence for each, the spread of game lengths (every version's, on the same bins) and
the rates with their intervals.  Figures are printed by the same functions the sentences are decided on
(simulate.game_report's fixed and signed), so the page never shows a figure the sentence did not read.
"""

from __future__ import annotations

import json
from typing import Any

from ..draw.chart import ChartRow, histogram_chart, interval_chart, narrowest_interval_chart
from ..draw.palettes import get_palette
from ..layout.flow import Block, Bullets, Figure, FigureRow, Heading, Para, Table, runs
from ..layout.flow_pages import FlowPage, flow_pages, text_area_width
from ..simulate.game_report import (
    GameReport,
    Measure,
    Version,
    fairness_sentence,
    fixed,
    fixed_games,
    is_seat_share,
    shared_histogram,
    shares_sentence,
    signed,
    told_apart,
    version_judged_alone,
)
from ..simulate.setup import NUMBERS
from .document import Document, DocumentInfo, Output, RenderedFile, output_for, render_document
from .simulation_report import WIN_RATE_AXIS


def _shown(measure: Measure) -> tuple[str, str]:
    e = measure.estimate
    if measure.unit == "%":
        return f"{fixed(100 * e.value)} %", f"{fixed(100 * e.low)} to {fixed(100 * e.high)} %"
    return f"{fixed(e.value)}", f"{fixed(e.low)} to {fixed(e.high)}"


def _with_interval(measure: Measure) -> str:
    """A version's figure and its interval in one cell, for the page with two versions."""
    value, between = _shown(measure)
    return f"{value} ({between.removesuffix(' %')})"


def _difference_shown(measure: Measure) -> str:
    e, scale = measure.estimate, (100.0 if measure.unit == "%" else 1.0)
    unit = " points" if measure.unit == "%" else ""
    return f"{signed(scale * e.value)}{unit} ({signed(scale * e.low)} to {signed(scale * e.high)})"


def _settings(version: Version, boards: int) -> str:
    spec = version.spec
    rules = ", ".join(f"{k}={v}" for k, v in spec.rules) or "the standard rules"
    if len(set(spec.players)) == 1:
        players = f"{NUMBERS[len(spec.players)]} {spec.players[0]} players"
    else:
        others = spec.players[1:]
        players = f"{spec.players[0]} (moving first) against " + (
            others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}")
    board = f" on {spec.variant}" if boards > 1 else ""  # a game of one board: its own, which its title names
    return (f"{version.label}: {len(version.games)} games{board} with {rules}, {players}, seed "
            f"{spec.seed}, at most {spec.max_plies} moves a game")


def rate_rows(version: Version) -> list[ChartRow]:
    return [ChartRow(m.short, 100 * m.estimate.value, 100 * m.estimate.low, 100 * m.estimate.high)
            for m in version.measures if m.rate]


RATE_AXIS = WIN_RATE_AXIS._replace(title="rate with its 95 % interval")


def _chart_rows(report: GameReport) -> list[ChartRow]:
    return [row._replace(label=f"{row.label}" + (f" ({n})" if len(report.versions) > 1 else ""))
            for n, v in enumerate(report.versions, start=1) for row in rate_rows(v)]


def rate_axis(report: GameReport) -> Any:
    """The rates' axis, an even share dashed: 50 % for two players, 25 % for four."""
    seats = report.versions[0].seats
    if seats == 2:
        return RATE_AXIS
    return RATE_AXIS._replace(title=f"rate with its 95 % interval (dashed: an even share, 1/{seats})",
                              reference=100 / seats)


def report_chart(report: GameReport, width: float) -> Any:
    """Every version's rates with their intervals, the even game's share dashed (50 %, of two players)."""
    note = "; ".join(_settings(v, report.boards) for v in report.versions) + ". Made by boardgen report."
    return interval_chart(_chart_rows(report), rate_axis(report), width, f"{report.title}: rates", note)


def report_document(report: GameReport, output: Output, stem: str, fair_within: float | None) -> Document:
    title = f"Is {report.title} fair? A game report"
    page = FlowPage(output.paper, output.margin, f"boardgen report {report.game}", title)
    width = text_area_width(page) - 1.0
    first = report.versions[0]
    blocks: list[Block] = [Heading(1, runs(title)),
                           *[Para(runs(_settings(v, report.boards) + ".")) for v in report.versions]]
    if any(v.stopped for v in report.versions):
        blocks.append(Para(runs("Stopped early: only the games played are counted.", bold=True)))
    # most games unfinished: said before any figure, as the game may never end (simulate.report's warning)
    blocks += [Para(runs((f"{v.label}: " if len(report.versions) > 1 else "") + v.warning, bold=True))
               for v in report.versions if v.warning]
    lines: tuple[tuple[str, ...], ...]
    if len(report.versions) == 1:
        lines = tuple((m.name, *_shown(m)) for m in first.measures)
        blocks.append(Table(("Measure", "Estimate", "95 % interval"), lines, (False, True, True)))
    else:
        second = report.versions[1]
        differences = {m.key: m for m in report.differences}
        lines = tuple((a.name, _with_interval(a), _with_interval(b),
                       _difference_shown(differences[a.key]) if a.key in differences else "")
                      for a, b in zip(first.measures, second.measures, strict=False))
        blocks.append(Table(("Measure (each with its 95 % interval)", first.label, second.label, "Difference"),
                            lines, (False, True, True, True)))
    sentences: list[str] = []
    for version in report.versions:
        prefix = f"{version.label}: " if len(report.versions) > 1 else ""
        # who wins by seat: one sentence, however many seats; then the sequential test's decision, which that
        # sentence leaves to it after a stop
        sentences.append(prefix + shares_sentence(version))
        if version.fairness is not None and fair_within is not None:
            sentences.append(prefix + fairness_sentence(version.fairness, fair_within, version_judged_alone(version))
                             + f" A test of fixed size needs {fixed_games(fair_within)} games for the same error "
                             "rates.")
        # one version: every measure's sentence; two: the first player and skill for each, then the differences.
        # The length's sentence says the unfinished games' share, and a ladder's sums its rungs up, so neither
        # is said again (the table and the JSON give each one's interval).
        sentences += [prefix + m.sentence for m in version.measures if m.sentence and m.key != "unfinished" and (
            len(report.versions) == 1 or m.key.startswith("skill")) and not is_seat_share(m.key)
            and not (version.ladder and m.key.startswith("skill"))]
        if version.ladder:
            sentences.append(prefix + version.ladder)
    # the differences the table shows: in words, the first player's, and each one its printed interval tells
    # from 0
    sentences += [f"{m.name.capitalize()}: {m.sentence}" for m in report.differences
                  if m.key in ("first_player", "seat_a") or told_apart(m)]
    blocks.append(Heading(2, runs("What it says")))
    blocks.append(Bullets(tuple(runs(sentence) for sentence in sentences)))
    edges, counts = shared_histogram(report.versions)
    labels = tuple(v.label for v in report.versions) if len(report.versions) > 1 else ()
    axis = "moves, finished games" + ("" if labels else f" ({first.label})")
    rates_caption, lengths_caption = runs("The rates with their intervals", italic=True), runs(
        "How long the games last", italic=True)
    if width * 0.55 - 3 >= narrowest_interval_chart(_chart_rows(report), rate_axis(report)):  # side by side
        histogram = histogram_chart(counts, edges, width * 0.45, "Moves per game", axis, labels)
        chart = report_chart(report, width * 0.55 - 3)
        blocks.append(FigureRow((Figure(chart, rates_caption, "rates"),
                                 Figure(histogram, lengths_caption, "histogram")), width))
    else:  # a small page: one under the other
        blocks.append(FigureRow((Figure(report_chart(report, width), rates_caption, "rates"),), width))
        histogram = histogram_chart(counts, edges, width * 0.8, "Moves per game", axis, labels)
        blocks.append(FigureRow((Figure(histogram, lengths_caption, "histogram"),), width))
    info = DocumentInfo(title, f"boardgen report {report.game}: measures of simulated games with 95 % intervals")
    return Document(stem, tuple(flow_pages(blocks, page)), info)


def report_files(report: GameReport, output: Output, stem: str, fair_within: float | None) -> list[RenderedFile]:
    """The one-page PDF, the chart as SVG and the JSON, in that order."""
    look = get_palette("classic")
    files = render_document(report_document(report, output, stem, fair_within), output, look)
    chart_output = output_for("svg", output.paper)
    chart = Document(f"{stem}-chart", (report_chart(report, 160.0),),
                     DocumentInfo(f"{report.title}: rates", "boardgen report"))
    files += render_document(chart, chart_output, look)
    data = json.dumps(report.as_json(), indent=2, ensure_ascii=False) + "\n"
    return [*files, RenderedFile(f"{stem}.json", data.encode("utf-8"))]
