"""Renderers: one module per file format, each turning resolved Drawings into bytes.

They are imported only when their format is asked for, so `boardgen board`
never pays for loading svgwrite when it writes a PDF, or the other way round.
"""

from __future__ import annotations

FORMATS: tuple[str, ...] = ("pdf", "svg", "png")
