"""PNG renderer: draws the PDF, rasterises it with pdfium, and streams the rows into a PNG.

Going through the PDF means the PNG shows exactly what the printer gets.
pdfium renders straight into a 3-byte RGB bitmap, and the PNG encoder reads
its rows in place, so a picture costs about 3 bytes per pixel while it is
made (the budget in products.document) and no copies.  The PNG records its
resolution, so image programs print it at true size too.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

import pypdfium2

from ..draw.resolve import Drawing
from .pdf import render_pdf
from .registry import RenderSettings

# zlib level 3: board pictures are flat colours, which compress well fast; level 6 (the usual default)
# took three times as long for files a third smaller.
COMPRESSION = 3
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def render_png(drawings: Sequence[Drawing], settings: RenderSettings) -> bytes:
    (drawing,) = drawings  # one picture per file
    pdf = pypdfium2.PdfDocument(render_pdf([drawing], settings))
    try:
        bitmap = pdf[0].render(scale=settings.dpi / 72.0, draw_annots=False, rev_byteorder=True)
        try:
            return encode_rgb(memoryview(bitmap.buffer).cast("B"), bitmap.width, bitmap.height, bitmap.stride,
                              settings.dpi)
        finally:
            bitmap.close()
    finally:
        pdf.close()


def encode_rgb(pixels: memoryview, width: int, height: int, stride: int, dpi: float) -> bytes:
    """An 8-bit RGB PNG from rows of `stride` bytes, each starting with `width` RGB pixels."""
    compressor = zlib.compressobj(COMPRESSION)
    row_bytes = 3 * width
    parts = []
    for y in range(height):
        start = y * stride
        parts.append(compressor.compress(b"\x00" + pixels[start:start + row_bytes]))  # filter 0: none
    parts.append(compressor.flush())
    per_metre = round(dpi / 0.0254)
    return b"".join([
        _SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),  # 8-bit RGB, no interlace
        _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),  # pixels per metre
        _chunk(b"IDAT", b"".join(parts)),
        _chunk(b"IEND", b""),
    ])


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
