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

    from boardgen.draw.font_metrics import WIDTHS
    from boardgen.draw.fonts import FACES, font_path

    for face in FACES:
        font = TTFont(font_path(face), lazy=True)
        metrics = font["hmtx"].metrics
        assert {code: metrics[glyph][0] for code, glyph in font.getBestCmap().items()} == WIDTHS[face], face


def test_a_changed_generated_file_is_reported_stale(tmp_path, monkeypatch):
    regenerate = _regenerate()
    copy = tmp_path / "font_metrics.py"
    copy.write_text(regenerate.FONT_METRICS.read_text(encoding="utf-8").replace("32: 651", "32: 650", 1))
    monkeypatch.setattr(regenerate, "FONT_METRICS", copy)
    assert regenerate.stale() == [copy]
