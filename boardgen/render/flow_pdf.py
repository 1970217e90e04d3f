"""Flowing text to PDF: headings, paragraphs, lists and rows of diagrams (rule sheets).

Takes the format-neutral blocks of `layout.flow`; knows nothing of games.
Diagrams are drawn as vectors through the same code as the PDF boards.
"""

from __future__ import annotations

import io
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from ..draw.resolve import Drawing
from ..layout.flow import Block, Bullets, FigureRow, Heading, NewPage, Para, Run
from ..layout.paper import Paper
from .pdf import MM, draw_on_canvas
from .pdf_file import PRODUCER, canvas_class
from .registry import RenderSettings

INK = "#1a1a1a"
ACCENT = "#7a2400"

_BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=9.6, leading=12.6, textColor=INK, spaceAfter=4.5)
_STYLES = {
    1: ParagraphStyle("h1", fontName="Helvetica-Bold", fontSize=20, leading=24, textColor=INK, spaceAfter=4),
    2: ParagraphStyle("h2", fontName="Helvetica-Bold", fontSize=12.5, leading=15, textColor=ACCENT, spaceBefore=7,
                      spaceAfter=3, keepWithNext=1),
    3: ParagraphStyle("h3", fontName="Helvetica-Bold", fontSize=10.5, leading=13, textColor=INK, spaceBefore=5,
                      spaceAfter=2, keepWithNext=1),
}
_CAPTION = ParagraphStyle("caption", parent=_BODY, fontName="Helvetica-Oblique", fontSize=8, leading=10,
                          alignment=TA_CENTER, spaceAfter=0)


class DrawingFlowable(Flowable):
    """A resolved Drawing scaled to a given width, drawn as vectors."""

    def __init__(self, drawing: Drawing, width_mm: float) -> None:
        super().__init__()
        self.drawing = drawing
        self.scale = width_mm / drawing.width
        self.width = width_mm * MM
        self.height = drawing.height * self.scale * MM

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.translate(0, self.height)
        canvas.scale(MM * self.scale, -MM * self.scale)
        draw_on_canvas(canvas, self.drawing)
        canvas.restoreState()


def inline_markup(runs: tuple[Run, ...]) -> str:
    """(text, bold, italic, code) runs -> reportlab's paragraph markup, escaped."""
    parts = []
    for text, bold, italic, code in runs:
        piece = escape(text)
        if code:
            piece = f'<font face="Courier">{piece}</font>'
        if italic:
            piece = f"<i>{piece}</i>"
        if bold:
            piece = f"<b>{piece}</b>"
        parts.append(piece)
    return "".join(parts)


def render_flow(blocks: tuple[Block, ...], paper: Paper, margin_mm: float, settings: RenderSettings,
                footer: str) -> bytes:
    buffer = io.BytesIO()
    width, height = paper.width, paper.height
    title = settings.title

    def on_page(canvas: Any, document: Any) -> None:
        canvas.saveState()
        canvas.setFont("Helvetica", 7.5)
        canvas.setFillColor(INK)
        canvas.drawString(margin_mm * MM, (margin_mm - 5) * MM, footer)
        canvas.drawRightString((width - margin_mm) * MM, (margin_mm - 5) * MM, str(document.page))
        canvas.restoreState()

    document = SimpleDocTemplate(
        buffer, pagesize=(width * MM, height * MM), leftMargin=margin_mm * MM, rightMargin=margin_mm * MM,
        topMargin=margin_mm * MM, bottomMargin=margin_mm * MM, title=title, lang=settings.lang,
        # platypus sets these on the canvas after making it, so they are given here too
        author="boardgen", creator=PRODUCER, producer=PRODUCER, subject=settings.subject or title,
    )
    text_width = width - 2 * margin_mm
    story = []
    for block in blocks:
        if isinstance(block, Heading):
            story.append(Paragraph(inline_markup(block.runs), _STYLES.get(block.level, _STYLES[3])))
        elif isinstance(block, Para):
            story.append(Paragraph(inline_markup(block.runs), _BODY))
        elif isinstance(block, Bullets):
            items = [ListItem(Paragraph(inline_markup(runs), _BODY), leftIndent=11) for runs in block.items]
            if block.numbered:
                story.append(ListFlowable(items, bulletType="1", leftIndent=11, bulletFontSize=9.6,
                                          bulletFontName="Helvetica-Bold"))
            else:
                story.append(ListFlowable(items, bulletType="bullet", start="•", leftIndent=11, bulletFontSize=8))
        elif isinstance(block, FigureRow):
            story.append(_figure_row(block, text_width))
        elif isinstance(block, NewPage):
            story.append(PageBreak())
        else:
            raise TypeError(f"unknown block {type(block).__name__}")
    document.build(story, onFirstPage=on_page, onLaterPages=on_page, canvasmaker=canvas_class(settings))
    return buffer.getvalue()


def _figure_row(row: FigureRow, text_width: float) -> KeepTogether:
    gap = 5.0
    count = len(row.figures)
    cell = min((text_width - gap * (count - 1)) / count, row.max_width)
    cells = [[DrawingFlowable(f.drawing, cell - 1.0) for f in row.figures],
             [Paragraph(inline_markup(f.caption), _CAPTION) for f in row.figures]]
    table = Table(cells, colWidths=[(cell + gap) * MM] * count)
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    return KeepTogether([Spacer(1, 2), table])
