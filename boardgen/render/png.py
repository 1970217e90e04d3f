"""PNG renderer: draws the PDF, then rasterises it with pdfium.

Going through the PDF means the PNG shows exactly what the printer gets.  The
PNG records its resolution, so image programs print it at true size too.
"""

from __future__ import annotations

import io

import pypdfium2

from ..resolve import Drawing
from .pdf import render_pdf


def render_png(drawing: Drawing, dpi: float) -> bytes:
    pdf = pypdfium2.PdfDocument(render_pdf([drawing], drawing.title))
    try:
        page = pdf[0]
        bitmap = page.render(scale=dpi / 72.0, draw_annots=False)
        image = bitmap.to_pil().convert("RGB")
    finally:
        pdf.close()
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()
