"""Looking at output as a user would: run the CLI, rasterise PDFs, measure pixels."""

from __future__ import annotations

from pathlib import Path

import numpy
import pypdfium2
from click.testing import CliRunner

from boardgen.cli import main

MM_PER_INCH = 25.4


def run_cli(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


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
    return [(int(a), int(b) - 1) for a, b in zip(edges[::2], edges[1::2])]


def run_centres_mm(mask_line: numpy.ndarray, dpi: float) -> list[float]:
    """Centres of dark runs in mm; a pixel's centre lies half a pixel in."""
    scale = px_per_mm(dpi)
    return [((a + b + 1) / 2) / scale for a, b in runs(mask_line)]


def dominant_colour(patch: numpy.ndarray) -> tuple[int, int, int]:
    colours, counts = numpy.unique(patch.reshape(-1, 3), axis=0, return_counts=True)
    return tuple(int(v) for v in colours[counts.argmax()])  # type: ignore[return-value]


def checked_sample(path: Path, expected: tuple) -> dict:
    """Run `boardgen check --json` on a sample and assert what its comment promises.

    expected = (valid, winner, notations that must be listed, notations that must not, error codes in order).
    Returns the report for game-specific checks on its moves.
    """
    import json

    valid, winner, present, absent, codes = expected
    result = run_cli("check", str(path), "--json")
    assert result.exit_code == (0 if valid else 1)
    report = json.loads(result.output)
    assert set(report) == {"game", "valid", "errors", "to_move", "winner", "moves"}
    # A file too broken to read may not even say its game; a valid one always does.
    assert report["game"] == path.parent.name or (not valid and report["game"] is None)
    assert report["valid"] is valid and report["winner"] == winner
    listed = [m["notation"] for m in report["moves"]]
    assert len(listed) == len(set(listed))
    assert present <= set(listed) and not (absent & set(listed))
    assert [e["code"] for e in report["errors"]] == codes
    for error in report["errors"]:
        assert set(error) == {"code", "message", "where"} and error["message"]
    return report
