"""The fonts boardgen prints with, and how wide a text set in them is.

Bitstream Vera Sans, which ships inside reportlab (a dependency) under a
permissive licence: every PDF embeds it, so every printer shows the same
letters, æøå and àèìòù included, and the widths measured here for wrapping
text are the widths printed.  DejaVu Sans, its extension, has the same
metrics, so SVG viewers that have it show the same line breaks.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

# face name -> file, inside reportlab's fonts folder
FACES = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf", "bold-italic": "VeraBI.ttf"}
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
_FALLBACK_EM = 0.6  # a character the font lacks is drawn as a box about this wide


def face_name(bold: bool = False, italic: bool = False) -> str:
    return {(False, False): "regular", (True, False): "bold", (False, True): "italic",
            (True, True): "bold-italic"}[(bold, italic)]


def font_path(face: str) -> Path:
    # Found through the import system rather than importlib.resources, which a board would import just for this.
    spec = importlib.util.find_spec("reportlab")
    assert spec is not None and spec.submodule_search_locations, "reportlab is a dependency"
    return Path(spec.submodule_search_locations[0]) / "fonts" / FACES[face]


@lru_cache(maxsize=8)
def _em_widths(face: str) -> dict[str, float]:
    from .font_metrics import UNITS_PER_EM, WIDTHS

    return {chr(code): width / UNITS_PER_EM for code, width in WIDTHS[face].items()}


def text_width(text: str, size: float, bold: bool = False, italic: bool = False) -> float:
    """The advance width of `text` set at `size` (an em, in mm): the same unit back."""
    return size * _em_width(text, bold, italic)


@lru_cache(maxsize=8192)
def _em_width(text: str, bold: bool, italic: bool) -> float:
    # Cached: a rule sheet measures the same words again for every diagram scale it tries.
    widths = _em_widths(face_name(bold, italic))
    return sum(widths.get(char, _FALLBACK_EM) for char in text)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to lines no wider than `width`; a single word wider than that stands alone."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines or [""]
