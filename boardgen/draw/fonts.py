"""The fonts boardgen prints with, and how wide a text set in them is.

DejaVu Sans, subset to Latin, Greek, Cyrillic and the symbols a game's
texts use (boardgen/templates/fonts, made by tools/vendor_fonts.py from the DejaVu
release, under its permissive licence).  It extends Bitstream Vera with the
same shapes and widths for every letter Vera has.  Every PDF embeds it, so
every printer shows the same letters, and the widths measured here for
wrapping text are the widths printed.  A character the fonts lack (an
emoji) is refused where a user types free text (`missing_characters`),
never printed as an empty box.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

# face name -> file, in boardgen/templates/fonts
FACES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "italic": "DejaVuSans-Oblique.ttf",
         "bold-italic": "DejaVuSans-BoldOblique.ttf"}
SVG_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"
_FALLBACK_EM = 0.6  # a character the font lacks is drawn as a box about this wide


def face_name(bold: bool = False, italic: bool = False) -> str:
    return {(False, False): "regular", (True, False): "bold", (False, True): "italic",
            (True, True): "bold-italic"}[(bold, italic)]


def font_path(face: str) -> Path:
    return Path(__file__).resolve().parent.parent / "templates" / "fonts" / FACES[face]


def missing_characters(text: str) -> list[str]:
    """The characters of `text` that no face of the font has (spaces and line ends aside), in order, once each."""
    widths = _em_widths("regular")
    missing: list[str] = []
    for char in text:
        if char not in widths and char not in " \n" and char not in missing:
            missing.append(char)
    return missing


def describe_character(char: str) -> str:
    """'😀' (U+1F600 GRINNING FACE): a character named for a message, even one a terminal cannot show."""
    name = unicodedata.name(char, "")
    shown = char if char.isprintable() else ""
    return f"{shown + ' ' if shown else ''}(U+{ord(char):04X}{' ' + name if name else ''})"


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
