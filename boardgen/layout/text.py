"""Text set into a given width: wrapped by measured widths, so nothing runs off a page.

Positions are the top of a block; each function returns the y just below
what it drew, so callers stack blocks without guessing their heights.

Lines break at spaces, never at a no-break space and never between a number and its unit ("14.8 %", "3 mm"):
a reader who meets "%" alone at the start of a line has to look back for its number.  Every text set on a page
(flow_pages: paragraphs, lists, tables, footers; here: titles and notes) is broken by `words` below.
"""

from __future__ import annotations

import re

from ..draw.fonts import text_width
from ..draw.scene import SceneBuilder, Text

LEADING = 1.3  # line pitch as a multiple of the size
_ASCENT = 0.76  # from the top of a line to its baseline, as a fraction of the size (DejaVu's cap height and some)

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


def block_height(text: str, width: float, size: float, bold: bool = False, leading: float = LEADING) -> float:
    lines = wrap(text, width, size, bold)
    return (len(lines) - 1) * leading * size + size


def paragraph(builder: SceneBuilder, x: float, top: float, width: float, text: str, size: float, role: str = "ink",
              bold: bool = False, leading: float = LEADING, layer: str = "text", centred: bool = False) -> float:
    """`text` wrapped to `width` from (x, top), left-aligned or each line centred; the y below the last line."""
    baseline = top + _ASCENT * size
    for line in wrap(text, width, size, bold):
        at = (x + width / 2, baseline) if centred else (x, baseline)
        builder.add(layer, Text(at, line, size, role, "middle" if centred else "start", bold=bold))
        baseline += leading * size
    return baseline - leading * size + (1 - _ASCENT) * size
