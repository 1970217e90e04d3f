"""PDF renderer (reportlab): pages in millimetres, printed at 100 % by default."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import cache

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..draw.fonts import face_name
from ..draw.resolve import Drawing, Group, Painted
from ..draw.scene import Circle, Polygon, Polyline, Rect, Text
from .pdf_file import font_for, new_canvas
from .reportlab_private import text_writer
from .settings import RenderSettings

MM = 72.0 / 25.4  # points per millimetre


@cache
def _rgb(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' -> floats, once per colour: reportlab's own parser is slow."""
    return (int(colour[1:3], 16) / 255.0, int(colour[3:5], 16) / 255.0, int(colour[5:7], 16) / 255.0)


def pdf_files(pages: Sequence[Drawing], settings: RenderSettings) -> list[bytes]:
    """The one PDF file of every page."""
    return [render_pdf(pages, settings)]


def render_pdf(pages: Sequence[Drawing], settings: RenderSettings) -> bytes:
    """All pages into one PDF; each page is exactly its drawing's size."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, settings)
    bleed = settings.bleed or 0.0
    for page in pages:
        width, height = (page.width + 2 * bleed) * MM, (page.height + 2 * bleed) * MM
        canvas.setPageSize((width, height))
        if settings.bleed is not None:  # the sheet is trimmed at its edges; any bleed lies round it
            canvas.setTrimBox((bleed * MM, bleed * MM, width - bleed * MM, height - bleed * MM))
            canvas.setBleedBox((0, 0, width, height))
        canvas.saveState()
        # From here on one unit is one millimetre and y grows down the page, from the sheet's top-left corner.
        canvas.translate(bleed * MM, height - bleed * MM)
        canvas.scale(MM, -MM)
        _Painter(canvas).draw(page)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@cache
def _colour_operands(colour: str) -> str:
    operands: str = fp_str(*_rgb(colour))
    return operands


@cache
def _font_size_operands(size: float) -> str:
    """A font's size and its leading (1.2 times the size, as reportlab's text object sets it)."""
    return f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"


_ANCHOR_SHARE = {"start": 0.0, "middle": 0.5, "end": 1.0}  # of a text's width, left of its anchor
_KAPPA = 0.5522847498  # a quarter circle as a cubic Bezier: control points at this fraction of the radius


class _Painter:
    """Writes a drawing's PDF operators, setting colours, line widths and dashes only when they change.

    A board is hundreds of shapes in a handful of styles: emitting each setting once per change, and the
    shapes as literal operators, is most of what makes a page fast to write.  Runs of texts share one text
    object.  Group nesting (q/Q) saves and restores what the painter knows, as it does the graphics state.
    """

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.emit = canvas.addLiteral
        self.state: list[object] = [None, None, None, None]  # fill, stroke, line width, dash: None = unknown
        self.saved: list[list[object]] = []

    def draw(self, drawing: Drawing) -> None:
        for _, ops in drawing.layers:
            texts: list[Painted] = []
            for op in ops:
                if isinstance(op, Painted) and isinstance(op.shape, Text):
                    texts.append(op)
                    continue
                if texts:
                    self.texts(texts)
                    texts = []
                if isinstance(op, Group):
                    self.group(op)
                else:
                    self.painted(op)
            if texts:
                self.texts(texts)

    def group(self, group: Group) -> None:
        self.emit("q")
        self.saved.append(list(self.state))
        scale = group.scale
        self.emit(f"{fp_str(scale, 0, 0, scale, group.offset[0], group.offset[1])} cm")
        if group.clip is not None:
            clip = group.clip
            self.emit(f"{fp_str(clip.x, clip.y, clip.width, clip.height)} re W n")
        self.draw(group.drawing)
        self.emit("Q")
        self.state = self.saved.pop()

    def painted(self, op: Painted) -> None:
        shape, style = op.shape, op.style
        stroke = bool(style.stroke) and style.stroke_width > 0
        fill = bool(style.fill)
        if not (stroke or fill):
            return
        if fill and self.state[0] != style.fill:
            self.emit(f"{_colour_operands(style.fill)} rg")
            self.state[0] = style.fill
        if stroke:
            if self.state[1] != style.stroke:
                self.emit(f"{_colour_operands(style.stroke)} RG")
                self.state[1] = style.stroke
            if self.state[2] != style.stroke_width:
                self.emit(f"{fp_str(style.stroke_width)} w")
                self.state[2] = style.stroke_width
            if self.state[3] != style.dash:
                self.emit(f"[{fp_str(*style.dash)}] 0 d" if style.dash else "[] 0 d")
                self.state[3] = style.dash
        paint = "B" if stroke and fill else "S" if stroke else "f"
        if isinstance(shape, Rect):
            box = shape.box
            self.emit(f"{fp_str(box.x, box.y, box.width, box.height)} re {paint}")
        elif isinstance(shape, Circle):
            self.emit(f"{_circle(shape.centre, shape.radius)} {paint}")
        elif isinstance(shape, Polygon):
            self.emit(f"{_path(shape.points)} h {paint}")
        elif isinstance(shape, Polyline):
            if stroke:
                self.emit(f"{_path(shape.points)} S")

    def texts(self, ops: list[Painted]) -> None:
        """A run of texts as one text object, in embedded TrueType fonts.

        A rule sheet has some five hundred texts, and reportlab's text object spends more time per text
        (colour objects, cursor widths, font look-ups) than writing the operators takes: this writes them
        directly, still through reportlab's font subsets, byte for byte as reportlab does.
        """
        document, escape = text_writer(self.canvas)
        code = ["BT", "1 0 0 1 0 0 Tm"]
        for op in ops:
            text = op.shape
            assert isinstance(text, Text)
            name = font_for(face_name(text.bold, text.italic), text.text)
            font = getFont(name)
            code.append(f"{_colour_operands(op.style.fill or '#000000')} rg")
            code.append(f"{fp_str(*_text_matrix(text, name))} Tm")
            size = _font_size_operands(text.size)
            subset_now = -1
            for subset, encoded in font.splitString(text.text, document):
                if subset != subset_now:
                    code.append(f"{font.getSubsetInternalName(subset, document)} {size}")
                    subset_now = subset
                code.append(f"({escape(encoded)}) Tj")
        code.append("ET")
        self.emit(" ".join(code))
        self.state[0] = None  # the text colours changed the fill colour


def _text_matrix(text: Text, font: str) -> tuple[float, float, float, float, float, float]:
    """Upright glyphs in a y-down page, turned clockwise as seen on the page, moved back along the baseline
    by the share of the width the anchor asks for."""
    turn = math.radians(text.rotation)
    a, b = math.cos(turn), math.sin(turn)
    shift = _ANCHOR_SHARE[text.anchor] * stringWidth(text.text, font, text.size)
    x, y = text.position
    return a, b, b, -a, x - shift * a, y - shift * b


def _path(points: tuple[tuple[float, float], ...]) -> str:
    first, *rest = points
    return " ".join([f"{fp_str(*first)} m", *(f"{fp_str(*point)} l" for point in rest)])


def _circle(centre: tuple[float, float], radius: float) -> str:
    x, y = centre
    k = _KAPPA * radius
    return (f"{fp_str(x + radius, y)} m "
            f"{fp_str(x + radius, y + k, x + k, y + radius, x, y + radius)} c "
            f"{fp_str(x - k, y + radius, x - radius, y + k, x - radius, y)} c "
            f"{fp_str(x - radius, y - k, x - k, y - radius, x, y - radius)} c "
            f"{fp_str(x + k, y - radius, x + radius, y - k, x + radius, y)} c h")
