"""Generated files are what their generator writes today (tools/regenerate.py; CI runs its --check too)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.dependency_output

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


def _catalogue_copy(tmp_path, monkeypatch, change):
    """The Danish catalogue copied into tmp_path, its .mo compiled after `change(catalogue)`; stale() then sees
    the copy."""
    import shutil
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    regenerate = _regenerate()
    source = regenerate.LOCALE / "da" / "LC_MESSAGES" / "boardgen.po"
    folder = tmp_path / "locale" / "da" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(source, folder / "boardgen.po")
    with source.open("rb") as handle:
        catalogue = read_po(handle)
    change(catalogue)
    out = BytesIO()
    write_mo(out, catalogue)
    (folder / "boardgen.mo").write_bytes(out.getvalue())
    monkeypatch.setattr(regenerate, "LOCALE", tmp_path / "locale")
    return regenerate, folder / "boardgen.mo"


def test_a_catalogue_is_stale_when_a_message_changed(tmp_path, monkeypatch):
    def translate_one_otherwise(catalogue):
        message = next(message for message in catalogue if message.id and message.string)
        message.string = message.string + " (old)"

    regenerate, compiled = _catalogue_copy(tmp_path, monkeypatch, translate_one_otherwise)
    assert regenerate.stale() == [compiled]


def test_a_catalogue_is_not_stale_when_only_its_header_differs(tmp_path, monkeypatch):
    """Another release of Babel writes its own name, version and dates into the header: the same messages."""
    def other_writer(catalogue):
        catalogue.last_translator = "someone else <someone@example.org>"
        catalogue.msgid_bugs_address = "bugs@example.org"

    regenerate, compiled = _catalogue_copy(tmp_path, monkeypatch, other_writer)
    assert compiled.read_bytes() != regenerate.compiled(compiled.with_suffix(".po"))  # other bytes...
    assert regenerate.stale() == []  # ...the same meaning
