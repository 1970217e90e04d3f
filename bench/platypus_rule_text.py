"""The reference for a rule sheet: the sheet's own text (templates/rules/GAME.LANG.md) set with reportlab's
Platypus in the same font, paragraph by paragraph, with no diagrams.

    python bench/platypus_rule_text.py GAME LANG OUT.pdf
"""

import sys
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, SimpleDocTemplate

TEMPLATES = Path(__file__).resolve().parent.parent / "boardgen" / "templates"


def main(game: str, lang: str, target: str) -> None:
    for face, file in (("DejaVuSans", "Basic-DejaVuSans.ttf"), ("DejaVuSans-Bold", "Basic-DejaVuSans-Bold.ttf")):
        pdfmetrics.registerFont(TTFont(face, str(TEMPLATES / "fonts" / file)))
    body = ParagraphStyle("body", fontName="DejaVuSans", fontSize=9.5, leading=12.5, spaceAfter=4)
    heading = ParagraphStyle("heading", parent=body, fontName="DejaVuSans-Bold", fontSize=12, spaceBefore=6)
    text = (TEMPLATES / "rules" / f"{game}.{lang}.md").read_text(encoding="utf-8")
    story = [Paragraph(escape(block.lstrip("# ")), heading if block.startswith("#") else body)
             for block in (part.strip() for part in text.split("\n\n")) if block]
    SimpleDocTemplate(target, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, invariant=1).build(story)


if __name__ == "__main__":
    main(*sys.argv[1:4])
