"""PDF renderer (reportlab): pages in millimetres, printed at 100 % by default."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from reportlab.pdfgen.canvas import Canvas

from ..draw.resolve import Drawing, Group, Painted
from ..draw.scene import Circle, Polygon, Polyline, Rect, Text
from ..draw.styles import Style
from .pdf_file import new_canvas
from .registry import RenderSettings

MM = 72.0 / 25.4  # points per millimetre


@cache
def _rgb(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' -> floats, once per colour: reportlab's own parser is slow."""
    return (int(colour[1:3], 16) / 255.0, int(colour[3:5], 16) / 255.0, int(colour[5:7], 16) / 255.0)

_FONTS = {False: "Helvetica", True: "Helvetica-Bold"}


def render_pdf(pages: Sequence[Drawing], settings: RenderSettings) -> bytes:
    """All pages into one PDF; each page is exactly its drawing's size."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, settings)
    for page in pages:
        canvas.setPageSize((page.width * MM, page.height * MM))
        canvas.saveState()
        # From here on one unit is one millimetre and y grows down the page.
        canvas.translate(0, page.height * MM)
        canvas.scale(MM, -MM)
        _draw(canvas, page)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def draw_on_canvas(canvas: Canvas, drawing: Drawing) -> None:
    """Draw into a canvas whose units are already millimetres with y growing down."""
    _draw(canvas, drawing)


def _draw(canvas: Canvas, drawing: Drawing) -> None:
    for _, ops in drawing.layers:
        for op in ops:
            if isinstance(op, Group):
                _draw_group(canvas, op)
            else:
                _draw_painted(canvas, op)


def _draw_group(canvas: Canvas, group: Group) -> None:
    canvas.saveState()
    canvas.translate(*group.offset)
    canvas.scale(group.scale, group.scale)
    if group.clip is not None:
        path = canvas.beginPath()
        path.rect(group.clip.x, group.clip.y, group.clip.width, group.clip.height)
        canvas.clipPath(path, stroke=0, fill=0)
    _draw(canvas, group.drawing)
    canvas.restoreState()


def _apply(canvas: Canvas, style: Style) -> tuple[int, int]:
    if style.fill:
        canvas.setFillColorRGB(*_rgb(style.fill))
    if style.stroke:
        canvas.setStrokeColorRGB(*_rgb(style.stroke))
        canvas.setLineWidth(style.stroke_width)
        canvas.setDash(list(style.dash) if style.dash else [])
    return (1 if style.stroke and style.stroke_width > 0 else 0, 1 if style.fill else 0)


def _draw_painted(canvas: Canvas, op: Painted) -> None:
    shape, style = op.shape, op.style
    if isinstance(shape, Text):
        _draw_text(canvas, shape, style)
        return
    stroke, fill = _apply(canvas, style)
    if not (stroke or fill):
        return
    if isinstance(shape, Rect):
        box = shape.box
        canvas.rect(box.x, box.y, box.width, box.height, stroke=stroke, fill=fill)
    elif isinstance(shape, Circle):
        canvas.circle(shape.centre[0], shape.centre[1], shape.radius, stroke=stroke, fill=fill)
    elif isinstance(shape, (Polygon, Polyline)):
        path = canvas.beginPath()
        path.moveTo(*shape.points[0])
        for point in shape.points[1:]:
            path.lineTo(*point)
        if isinstance(shape, Polygon):
            path.close()
            canvas.drawPath(path, stroke=stroke, fill=fill)
        else:
            canvas.drawPath(path, stroke=stroke, fill=0)


def _draw_text(canvas: Canvas, text: Text, style: Style) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(*_rgb(style.fill or "#000000"))
    canvas.translate(*text.position)
    # Undo the page's y flip for glyphs, and turn clockwise as seen on the page.
    canvas.scale(1, -1)
    if text.rotation:
        canvas.rotate(-text.rotation)
    canvas.setFont(_FONTS[text.bold], text.size)
    draw = {"start": canvas.drawString, "middle": canvas.drawCentredString, "end": canvas.drawRightString}
    draw[text.anchor](0, 0, text.text)
    canvas.restoreState()
