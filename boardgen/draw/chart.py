"""A chart of estimates with their intervals: one row each, a dot at the estimate and a bar across its interval.

It is a scene like a board, so it prints, exports and embeds in a page exactly as every other drawing does.
The axis is given by its caller (a win rate from 0 to 100 %, a game length in moves), and a reference line
(an even game's 50 %) shows at a glance which intervals leave it out.
"""

import math
from collections.abc import Sequence
from typing import NamedTuple

from .fonts import text_width, wrap
from .scene import Box, Circle, Polyline, Rect, Scene, SceneBuilder, Text, text_baseline

LABEL_SIZE = 3.2  # mm, about 9 pt: the row labels and the axis numbers
VALUE_SIZE = 2.6
NOTE_SIZE = 2.6  # mm: the line under the chart that says how many games it shows
ROW_HEIGHT = 8.0
PAD = 3.0
DOT_RADIUS = 1.1
WHISKER = 1.6  # half the height of an interval's end mark


class ChartRow(NamedTuple):
    label: str
    value: float
    low: float
    high: float


class Axis(NamedTuple):
    title: str
    low: float
    high: float
    step: float  # between ticks
    unit: str = ""  # " %", " moves": after each tick number and value
    reference: float | None = None  # a dashed line: an even game's 50 %


def axis_for(title: str, rows: Sequence[ChartRow], unit: str = "", reference: float | None = None) -> Axis:
    """An axis with 3 to 7 round ticks around every interval: from 0, unless the intervals lie so far from 0
    that their differences would be lost, when it starts at a round number below them."""
    high = max([row.high for row in rows] + [reference or 0.0, 1e-9])
    low = min([row.low for row in rows] + ([reference] if reference is not None else []))
    bottom = 0.0 if low < 0.4 * high else low - 0.15 * (high - low) - 1e-9
    top = max(high + 0.08 * (high - bottom), bottom + 1.0)
    magnitude = 10 ** math.floor(math.log10(top - bottom))
    step = next(m * magnitude / 10 for m in (1, 2, 2.5, 5, 10, 20, 25, 50)
                if (top - bottom) / (m * magnitude / 10) <= 6)
    first = math.floor(bottom / step) * step
    return Axis(title, first, math.ceil(top / step) * step, step, unit, reference)


def _number(value: float, unit: str) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return ("0" if text == "-0" else text) + unit  # never "-0", a sign the number does not have


def narrowest_interval_chart(rows: Sequence[ChartRow], axis: Axis) -> float:
    """mm: the narrowest an interval chart of these rows can be, its labels and a 40 mm plot side by side."""
    label_width = max((text_width(row.label, LABEL_SIZE) for row in rows), default=0.0) + 2 * PAD
    return label_width + 40.0 + PAD + text_width(_number(axis.high, axis.unit), LABEL_SIZE) / 2 + 1.0


def interval_chart(rows: Sequence[ChartRow], axis: Axis, width: float = 160.0, title: str = "",
                   note: str = "") -> Scene:
    """Each row's estimate and interval on one shared axis, `width` mm wide; a title above, a note (how many games
    it shows, and how they were played) below."""
    label_width = max((text_width(row.label, LABEL_SIZE) for row in rows), default=0.0) + 2 * PAD
    plot_left, plot_right = label_width, width - PAD - text_width(_number(axis.high, axis.unit), LABEL_SIZE) / 2
    if plot_right - plot_left < 40:
        raise ValueError("the chart is too narrow for its labels")
    top = PAD + (LABEL_SIZE * 1.6 if title else 0.0)
    plot_bottom = top + ROW_HEIGHT * len(rows)
    note_lines = wrap(note, width - 2 * PAD, NOTE_SIZE) if note else []
    axis_bottom = plot_bottom + 1.5 + LABEL_SIZE * 2.8
    height = axis_bottom + NOTE_SIZE * 1.35 * len(note_lines) + (1.0 if note_lines else 0.0) + PAD
    span = axis.high - axis.low

    def x_of(value: float) -> float:
        return plot_left + (min(max(value, axis.low), axis.high) - axis.low) / span * (plot_right - plot_left)

    builder = SceneBuilder(width, height, title)
    if title:
        builder.add("text", Text((PAD, PAD + LABEL_SIZE), title, LABEL_SIZE * 1.1, "ink", "start", bold=True))
    ticks = [axis.low + n * axis.step for n in range(round(span / axis.step) + 1)]
    # On a narrow page only every second or fifth tick is numbered, so the numbers never run together.
    widest = max(text_width(_number(tick, axis.unit), LABEL_SIZE * 0.9) for tick in ticks) + 1.5
    spacing = (plot_right - plot_left) / max(1, len(ticks) - 1)
    every = next((k for k in (1, 2, 5) if k * spacing >= widest), len(ticks))
    for n, tick in enumerate(ticks):
        x = x_of(tick)
        builder.add("lines", Polyline(((x, top), (x, plot_bottom)), "chart.grid"))
        builder.add("lines", Polyline(((x, plot_bottom), (x, plot_bottom + 1.2)), "chart.axis"))
        if n % every == 0:
            builder.add("text", Text((x, plot_bottom + 1.5 + LABEL_SIZE), _number(tick, axis.unit),
                                     LABEL_SIZE * 0.9, "ink"))
    builder.add("lines", Polyline(((plot_left, plot_bottom), (plot_right, plot_bottom)), "chart.axis"))
    if axis.reference is not None:
        x = x_of(axis.reference)
        builder.add("lines", Polyline(((x, top - 1.0), (x, plot_bottom)), "chart.reference"))
    builder.add("text", Text(((plot_left + plot_right) / 2, axis_bottom), axis.title, LABEL_SIZE, "ink"))
    for n, line in enumerate(note_lines):
        builder.add("text", Text((PAD, axis_bottom + 1.0 + NOTE_SIZE * 1.35 * (n + 1)), line, NOTE_SIZE, "ink.soft",
                                 "start"))
    for n, row in enumerate(rows):
        centre = top + ROW_HEIGHT * (n + 0.5)
        builder.add("text", Text((plot_left - PAD, text_baseline(centre, LABEL_SIZE)), row.label, LABEL_SIZE, "ink",
                                 "end"))
        low, high = x_of(row.low), x_of(row.high)
        builder.add("marks", Polyline(((low, centre), (high, centre)), "chart.interval"),
                    Polyline(((low, centre - WHISKER), (low, centre + WHISKER)), "chart.interval"),
                    Polyline(((high, centre - WHISKER), (high, centre + WHISKER)), "chart.interval"),
                    Circle((x_of(row.value), centre), DOT_RADIUS, "chart.point"))
        builder.add("text", Text((x_of(row.value), centre - WHISKER - 0.8), _number(row.value, axis.unit),
                                 VALUE_SIZE, "ink"))
    return builder.build()


def _count_levels(most: int) -> list[int]:
    """Grid levels for a count axis: whole numbers only (a count of 102.5 games means nothing), about three."""
    step = max(1, math.ceil(most / 2))
    return list(range(0, most + step, step)) if most > 0 else [0]


HISTOGRAM_STYLES = ("chart.point", "chart.interval")  # the first series filled, the second drawn in outline


def histogram_chart(series: Sequence[Sequence[int]], edges: Sequence[float], width: float, title: str,
                    axis_title: str, labels: Sequence[str] = ()) -> Scene:
    """How many of something fell between each pair of `edges` (len(edges) = len(counts) + 1), as bars on a
    numbered axis: the spread of game lengths, say.  `series`: one list of counts, or two on the same bins (two
    versions of a game), drawn side by side in each bin, the first filled and the second in outline, with
    `labels` naming them.  `width` mm wide, a third as high."""
    if len(series) > len(HISTOGRAM_STYLES):
        raise ValueError(f"a histogram shows at most {len(HISTOGRAM_STYLES)} series")
    key_height = LABEL_SIZE * 1.8 if labels else 0.0  # the line naming each series
    height = max(30.0, width / 2.5) + key_height
    top = PAD + LABEL_SIZE * 1.6 + key_height
    bottom = height - PAD - LABEL_SIZE * 2.8
    most = max([n for one in series for n in one] + [1])
    levels = _count_levels(most)
    count_width = text_width(str(levels[-1]), LABEL_SIZE * 0.9) + 2 * PAD
    left, right = count_width, width - PAD - text_width(_number(edges[-1], ""), LABEL_SIZE * 0.9) / 2
    builder = SceneBuilder(width, height, title)
    builder.add("text", Text((PAD, PAD + LABEL_SIZE), title, LABEL_SIZE * 1.1, "ink", "start", bold=True))
    span = (edges[-1] - edges[0]) or 1.0

    def x_of(value: float) -> float:
        return left + (value - edges[0]) / span * (right - left)

    def y_of(count: float) -> float:
        return bottom - count / levels[-1] * (bottom - top)

    for level in levels:
        y = y_of(level)
        builder.add("lines", Polyline(((left, y), (right, y)), "chart.grid"))
        builder.add("text", Text((left - PAD / 2, text_baseline(y, LABEL_SIZE * 0.9)), str(level),
                                 LABEL_SIZE * 0.9, "ink", "end"))
    for number, (one, style) in enumerate(zip(series, HISTOGRAM_STYLES, strict=False)):
        for count, start, end in zip(one, edges, edges[1:], strict=False):
            if count:
                share = (x_of(end) - x_of(start) - 0.6) / len(series)
                x0 = x_of(start) + 0.3 + number * share
                builder.add("marks", Rect(Box(x0, y_of(count), share, bottom - y_of(count)), style))
    x = PAD
    for label, style in zip(labels, HISTOGRAM_STYLES, strict=False):
        key = LABEL_SIZE * 0.8
        y = PAD + LABEL_SIZE * 1.4
        builder.add("marks", Rect(Box(x, y, key, key), style))
        builder.add("text", Text((x + key + 1.0, y + key * 0.85), label, LABEL_SIZE * 0.9, "ink", "start"))
        x += key + 1.0 + text_width(label, LABEL_SIZE * 0.9) + 3.0
    # the bins' edges are whole numbers (moves), and so every tick is
    every = max(1, math.ceil(len(edges) / 6))
    for n, edge in enumerate(edges):
        x = x_of(edge)
        builder.add("lines", Polyline(((x, bottom), (x, bottom + 1.2)), "chart.axis"))
        if n % every == 0 or n == len(edges) - 1:
            builder.add("text", Text((x, bottom + 1.5 + LABEL_SIZE), _number(edge, ""), LABEL_SIZE * 0.9, "ink"))
    builder.add("lines", Polyline(((left, bottom), (right, bottom)), "chart.axis"))
    builder.add("text", Text(((left + right) / 2, height - PAD), axis_title, LABEL_SIZE, "ink"))
    return builder.build()
