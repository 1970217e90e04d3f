"""The reference for a board PDF: the least a board could cost, 100 labelled squares drawn with reportlab in an
embedded TrueType font (boardgen's own DejaVu Sans, as every boardgen PDF embeds it).

    python bench/reportlab_100_squares.py OUT.pdf
"""

import sys
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "fonts" / "Basic-DejaVuSans.ttf"


def draw(target: object) -> None:
    """The page, onto a file name or a binary stream."""
    pdfmetrics.registerFont(TTFont("DejaVuSans", str(FONT)))
    canvas = Canvas(target, pagesize=A4, invariant=1)
    canvas.setFont("DejaVuSans", 9)
    for row in range(10):
        for column in range(10):
            x, y = (26 + column * 15.8) * mm, (69 + row * 15.8) * mm
            canvas.setFillColorRGB((row * 10 + column) / 100, 0.5, 0.5)
            canvas.rect(x, y, 15.8 * mm, 15.8 * mm, fill=1)
            canvas.setFillColorRGB(0, 0, 0)
            canvas.drawCentredString(x + 7.9 * mm, y + 6.5 * mm, f"{'abcdefghij'[column]}{row + 1}")
    canvas.save()


if __name__ == "__main__":
    draw(sys.argv[1])
