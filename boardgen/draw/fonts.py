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

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

# face name -> file, in boardgen/templates/fonts
FACES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "italic": "DejaVuSans-Oblique.ttf",
         "bold-italic": "DejaVuSans-BoldOblique.ttf"}
# The same faces cut down to the letters of western European languages and their punctuation, which is all
# nearly every page uses: a PDF reads a font whole, and this one a quarter the size takes a quarter the time.
# A text with any other letter is set in the full face (the same shapes and widths).
BASIC_RANGES = ((0x0020, 0x007E), (0x00A0, 0x017F), (0x2010, 0x2027), (0x2030, 0x203A), (0x20AC, 0x20AC),
                (0x2190, 0x2195), (0x2212, 0x2212))
BASIC_PREFIX = "Basic-"  # the basic faces' files: Basic-DejaVuSans.ttf, ...
SVG_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"
_FALLBACK_EM = 0.6  # a character the font lacks is drawn as a box about this wide


def face_name(bold: bool = False, italic: bool = False) -> str:
    return {(False, False): "regular", (True, False): "bold", (False, True): "italic",
            (True, True): "bold-italic"}[(bold, italic)]


def font_path(face: str, basic: bool = False) -> Path:
    """The file of a face: the full one, or the basic one (BASIC_RANGES)."""
    name = (BASIC_PREFIX if basic else "") + FACES[face]
    return Path(__file__).resolve().parent.parent / "templates" / "fonts" / name


def in_basic_face(text: str) -> bool:
    """Whether every character of `text` is in the basic faces."""
    return text.isascii() or all(any(low <= ord(char) <= high for low, high in BASIC_RANGES) for char in text)


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


UNITS_PER_EM = 2048


@lru_cache(maxsize=8)
def _em_widths(face: str) -> dict[str, float]:
    """Each character's advance in ems, from the table tools/regenerate.py writes from the fonts: a line per run
    of consecutive code points, "face first-code-point width width ..."."""
    widths: dict[str, float] = {}
    table = font_path("regular").with_name("widths.txt").read_text(encoding="ascii")
    for line in table.splitlines():
        name, _, rest = line.partition(" ")
        if name == face:
            first, *run = rest.split()
            start = int(first)
            widths.update((chr(start + n), int(width) / UNITS_PER_EM) for n, width in enumerate(run))
    return widths


def text_width(text: str, size: float, bold: bool = False, italic: bool = False) -> float:
    """The advance width of `text` set at `size` (an em, in mm): the same unit back."""
    return size * _em_width(text, bold, italic)


@lru_cache(maxsize=8192)
def _em_width(text: str, bold: bool, italic: bool) -> float:
    # Cached: a rule sheet measures the same words again for every diagram scale it tries.
    widths = _em_widths(face_name(bold, italic))
    return sum(widths.get(char, _FALLBACK_EM) for char in text)


# How lines break, for every text boardgen sets (pages through layout.text and flow_pages, charts' titles and
# notes): at spaces, never at a no-break space and never between a number and its unit ("14.8 %", "3 mm").
NO_BREAK = "\u00a0"  # a no-break space: kept inside its word, set as a space
# A unit after a number keeps to it: percent and per mille, degrees, lengths, points, seconds; closing
# punctuation may follow it ("70.0 %)", "5 mm,").
_UNIT = re.compile(r"(?:%|‰|°|°C|mm|cm|m|km|pt|ms|s)[)\]}.,;:!?]*")
_BREAKS = re.compile(r"[ \t\n\r]+")  # the spaces a line may break at (not the no-break space)


def keeps_to_number(before: str, word: str) -> bool:
    """Whether `word` is a unit that must stay on the line of `before`, which ends in a digit."""
    return bool(before) and before[-1].isdigit() and _UNIT.fullmatch(word) is not None


def words(text: str) -> list[str]:
    """The text's words as a line may break between them: split at spaces but not at a no-break space, and a
    number joined to its unit with the space between them ("14.8 %" is one word)."""
    out: list[str] = []
    for word in _BREAKS.split(text):
        if not word:
            continue
        if out and keeps_to_number(out[-1], word):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def set_as(text: str) -> str:
    """A line as it is drawn: a no-break space is a space on the page (and in the PDF's text)."""
    return text.replace(NO_BREAK, " ")


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap of `words(text)` to lines no wider than `width`; a word wider than that stands alone."""
    lines: list[str] = []
    current = ""
    for word in words(text):
        candidate = f"{current} {word}" if current else word
        if current and text_width(set_as(candidate), size, bold) > width:
            lines.append(set_as(current))
            current = word
        else:
            current = candidate
    if current:
        lines.append(set_as(current))
    return lines or [""]
