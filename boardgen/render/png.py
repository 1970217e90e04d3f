"""PNG renderer: draws the PDF, then rasterises it with pdfium.

Going through the PDF means the PNG shows exactly what the printer gets.  The
PNG records its resolution, so image programs print it at true size too.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pypdfium2

from ..draw.resolve import Drawing
from .pdf import render_pdf
from .registry import RenderSettings


def render_png(drawings: Sequence[Drawing], settings: RenderSettings) -> bytes:
    (drawing,) = drawings  # one picture per file
    dpi = settings.dpi
    pdf = pypdfium2.PdfDocument(render_pdf([drawing], settings))
    try:
        page = pdf[0]
        bitmap = page.render(scale=dpi / 72.0, draw_annots=False)
        image = bitmap.to_pil().convert("RGB")
    finally:
        pdf.close()
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()
