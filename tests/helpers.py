"""Looking at output as a user would: run the CLI, rasterise PDFs, measure pixels."""

from __future__ import annotations

from pathlib import Path

import numpy
import pypdfium2
from click.testing import CliRunner

from boardgen.cli import main

MM_PER_INCH = 25.4


def format_options(fmt: str, dpi: str = "40", paper: str | None = None) -> tuple[str, ...]:
    """--format with the options that format takes: --dpi for PNG, --paper for PDF."""
    extra = ("--dpi", dpi) if fmt == "png" else ("--paper", paper) if paper and fmt == "pdf" else ()
    return ("--format", fmt, *extra)


def run_cli(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def render_page(pdf_path: Path, page_index: int = 0, dpi: float = 300.0) -> numpy.ndarray:
    """The page as an RGB array, rows top to bottom, as a printer would lay the ink."""
    document = pypdfium2.PdfDocument(str(pdf_path))
    try:
        bitmap = document[page_index].render(scale=dpi / 72.0)
        return numpy.asarray(bitmap.to_pil().convert("RGB")).copy()
    finally:
        document.close()


def page_count(pdf_path: Path) -> int:
    document = pypdfium2.PdfDocument(str(pdf_path))
    try:
        return len(document)
    finally:
        document.close()


def px_per_mm(dpi: float) -> float:
    return dpi / MM_PER_INCH


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def dark_mask(pixels: numpy.ndarray, threshold: int = 80) -> numpy.ndarray:
    """Pixels of near-black ink: every channel below the threshold."""
    return pixels.max(axis=-1) < threshold


def runs(mask_line: numpy.ndarray) -> list[tuple[int, int]]:
    """(first, last) index of each run of True values along a line."""
    padded = numpy.concatenate(([False], mask_line, [False])).astype(numpy.int8)
    edges = numpy.flatnonzero(numpy.diff(padded))
    return [(int(a), int(b) - 1) for a, b in zip(edges[::2], edges[1::2], strict=True)]


def run_centres_mm(mask_line: numpy.ndarray, dpi: float) -> list[float]:
    """Centres of dark runs in mm; a pixel's centre lies half a pixel in."""
    scale = px_per_mm(dpi)
    return [((a + b + 1) / 2) / scale for a, b in runs(mask_line)]


def dominant_colour(patch: numpy.ndarray) -> tuple[int, int, int]:
    colours, counts = numpy.unique(patch.reshape(-1, 3), axis=0, return_counts=True)
    return tuple(int(v) for v in colours[counts.argmax()])  # type: ignore[return-value]


def assert_one_line_error(result, *words: str, status: int = 2) -> None:
    """A refusal as the README promises: exit status 2 (or as given) and exactly one line naming the problem."""
    assert result.exit_code == status, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("boardgen: error:"), lines[0]
    for word in words:
        assert word in lines[0], (word, lines[0])
