"""Text set into a given width: wrapped by measured widths, so nothing runs off a page.

Positions are the top of a block; each function returns the y just below
what it drew, so callers stack blocks without guessing their heights.

Lines break at spaces, never at a no-break space and never between a number and its unit ("14.8 %", "3 mm"):
a reader who meets "%" alone at the start of a line has to look back for its number.  Every text set on a page
(flow_pages: paragraphs, lists, tables, footers; here: titles and notes; charts) is broken by draw.fonts.words.
"""

from __future__ import annotations

from ..draw.fonts import NO_BREAK, keeps_to_number, set_as, words, wrap
from ..draw.scene import SceneBuilder, Text

LEADING = 1.3  # line pitch as a multiple of the size
_ASCENT = 0.76  # from the top of a line to its baseline, as a fraction of the size (DejaVu's cap height and some)



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

__all__ = ["NO_BREAK", "block_height", "keeps_to_number", "paragraph", "set_as", "words", "wrap"]
