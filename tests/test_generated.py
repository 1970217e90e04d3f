"""Generated files are what their generator writes today (tools/regenerate.py; CI runs its --check too)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "regenerate.py"


def _regenerate():
    spec = importlib.util.spec_from_file_location("regenerate", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_generated_file_is_stale():
    regenerate = _regenerate()
    assert regenerate.stale() == [], "run tools/regenerate.py"


def test_the_font_metrics_are_the_font_files_widths():
    """The table every command measures text with, against the fonts themselves."""
    from fontTools.ttLib import TTFont

    from boardgen.draw.fonts import FACES, font_path, text_width

    for face in FACES:
        font = TTFont(font_path(face), lazy=True)
        metrics = font["hmtx"].metrics
        bold, italic = "bold" in face, "italic" in face
        for code, glyph in font.getBestCmap().items():
            assert text_width(chr(code), 2048, bold, italic) == metrics[glyph][0], (face, hex(code))


def test_a_changed_generated_file_is_reported_stale(tmp_path, monkeypatch):
    regenerate = _regenerate()
    copy = tmp_path / "widths.txt"
    text = regenerate.FONT_METRICS.read_text(encoding="utf-8")
    copy.write_text(text.replace("regular 32 651 ", "regular 32 650 ", 1))
    monkeypatch.setattr(regenerate, "FONT_METRICS", copy)
    assert regenerate.stale() == [copy]
