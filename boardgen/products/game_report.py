"""`boardgen report`: a game report on one page, with its chart and its JSON.

The page: what was played, a table of every measure with its interval (and, for two versions, each one's and
the difference), a plain sentence for each, the spread of game lengths and the rates with their intervals.
"""

from __future__ import annotations

import json
from typing import Any

from ..draw.chart import ChartRow, histogram_chart, interval_chart, narrowest_interval_chart
from ..layout.flow import Block, Bullets, Figure, FigureRow, Heading, Para, Table, runs
from ..layout.flow_pages import FlowPage, flow_pages, text_area_width
from ..simulate.game_report import GameReport, Measure, Version, fairness_sentence, fixed_games
from .document import Document, DocumentInfo, Output, RenderedFile
from .simulation_report import WIN_RATE_AXIS


def _shown(measure: Measure) -> tuple[str, str]:
    e = measure.estimate
    if measure.unit == "%":
        return f"{100 * e.value:.1f} %", f"{100 * e.low:.1f} to {100 * e.high:.1f} %"
    return f"{e.value:.1f}", f"{e.low:.1f} to {e.high:.1f}"


def _difference_shown(measure: Measure) -> str:
    e, scale = measure.estimate, (100.0 if measure.unit == "%" else 1.0)
    unit = " points" if measure.unit == "%" else ""
    return f"{scale * e.value:+.1f}{unit} ({scale * e.low:+.1f} to {scale * e.high:+.1f})"


def _settings(version: Version) -> str:
    spec = version.spec
    rules = ", ".join(f"{k}={v}" for k, v in spec.rules) or "the standard rules"
    a, b = spec.players
    players = f"two {a} players" if a == b else f"{a} (moving first) against {b}"
    return (f"{version.label}: {len(version.games)} games on {spec.variant} with {rules}, {players}, seed "
            f"{spec.seed}, at most {spec.max_plies} moves a game")


def rate_rows(version: Version) -> list[ChartRow]:
    return [ChartRow(m.short, 100 * m.estimate.value, 100 * m.estimate.low, 100 * m.estimate.high)
            for m in version.measures if m.rate]


RATE_AXIS = WIN_RATE_AXIS._replace(title="rate with its 95 % interval")


def _chart_rows(report: GameReport) -> list[ChartRow]:
    return [row._replace(label=f"{row.label}" + (f" ({n})" if len(report.versions) > 1 else ""))
            for n, v in enumerate(report.versions, start=1) for row in rate_rows(v)]


def report_chart(report: GameReport, width: float) -> Any:
    """Every version's rates with their intervals, the even game's 50 % dashed."""
    note = "; ".join(_settings(v) for v in report.versions) + ". Made by boardgen report."
    return interval_chart(_chart_rows(report), RATE_AXIS, width, f"{report.title}: rates", note)


def report_document(report: GameReport, output: Output, stem: str, fair_within: float | None) -> Document:
    title = f"Is {report.title} fair? A game report"
    page = FlowPage(output.paper, output.margin, f"boardgen report {report.game}", title)
    width = text_area_width(page) - 1.0
    first = report.versions[0]
    blocks: list[Block] = [Heading(1, runs(title)), *[Para(runs(_settings(v) + ".")) for v in report.versions]]
    if any(v.stopped for v in report.versions):
        blocks.append(Para(runs("Stopped early: only the games played are counted.", bold=True)))
    lines: tuple[tuple[str, ...], ...]
    if len(report.versions) == 1:
        lines = tuple((m.name, *_shown(m)) for m in first.measures)
        blocks.append(Table(("Measure", "Estimate", "95 % interval"), lines, (False, True, True)))
    else:
        second = report.versions[1]
        differences = {m.key: m for m in report.differences}
        lines = tuple((a.name, _shown(a)[0], _shown(b)[0],
                       _difference_shown(differences[a.key]) if a.key in differences else "")
                      for a, b in zip(first.measures, second.measures, strict=False))
        blocks.append(Table(("Measure", first.label, second.label, "Difference (95 %)"), lines,
                            (False, True, True, True)))
    sentences: list[str] = []
    for version in report.versions:
        prefix = f"{version.label}: " if len(report.versions) > 1 else ""
        if version.fairness is not None and fair_within is not None:
            sentences.append(prefix + fairness_sentence(version.fairness, fair_within) +
                             f" A test of fixed size needs {fixed_games(fair_within)} games for the same error rates.")
        # one version: every measure's sentence; two: the first player and skill for each, then the differences
        sentences += [prefix + m.sentence for m in version.measures if m.sentence and (
            len(report.versions) == 1 or m.key == "first_player" or m.key.startswith("skill"))]
    # the differences the table shows: in words, the first player's, and each one its interval tells from 0
    sentences += [f"{m.name.capitalize()}: {m.sentence}" for m in report.differences
                  if m.key == "first_player" or m.estimate.low > 0 or m.estimate.high < 0]
    blocks.append(Heading(2, runs("What it says")))
    blocks.append(Bullets(tuple(runs(sentence) for sentence in sentences)))
    edges, counts = first.histogram
    rates_caption, lengths_caption = runs("The rates with their intervals", italic=True), runs(
        "How long the games last", italic=True)
    if width * 0.55 - 3 >= narrowest_interval_chart(_chart_rows(report), RATE_AXIS):  # side by side
        histogram = histogram_chart(counts, edges, width * 0.45, "Moves per game", f"moves ({first.label})")
        chart = report_chart(report, width * 0.55 - 3)
        blocks.append(FigureRow((Figure(chart, rates_caption, "rates"),
                                 Figure(histogram, lengths_caption, "histogram")), width))
    else:  # a small page: one under the other
        blocks.append(FigureRow((Figure(report_chart(report, width), rates_caption, "rates"),), width))
        histogram = histogram_chart(counts, edges, width * 0.8, "Moves per game", f"moves ({first.label})")
        blocks.append(FigureRow((Figure(histogram, lengths_caption, "histogram"),), width))
    info = DocumentInfo(title, f"boardgen report {report.game}: measures of simulated games with 95 % intervals")
    return Document(stem, tuple(flow_pages(blocks, page)), info)


def report_files(report: GameReport, output: Output, stem: str, fair_within: float | None) -> list[RenderedFile]:
    """The one-page PDF, the chart as SVG and the JSON, in that order."""
    from ..draw.palettes import get_palette
    from .document import output_for, render_document

    look = get_palette("classic")
    files = render_document(report_document(report, output, stem, fair_within), output, look)
    chart_output = output_for("svg", output.paper)
    chart = Document(f"{stem}-chart", (report_chart(report, 160.0),),
                     DocumentInfo(f"{report.title}: rates", "boardgen report"))
    files += render_document(chart, chart_output, look)
    data = json.dumps(report.as_json(), indent=2, ensure_ascii=False) + "\n"
    return [*files, RenderedFile(f"{stem}.json", data.encode("utf-8"))]
