"""PNG renderer: draws the PDF, rasterises it with pdfium, and streams the rows into a PNG.

Going through the PDF means the PNG shows exactly what the printer gets.
pdfium renders straight into a 3-byte RGB bitmap, and the PNG encoder reads
its rows in place, so a picture costs about 3 bytes per pixel while it is
made (the budget in products.document) and no copies.  The PNG records its
resolution, so image programs print it at true size too.

Compression is most of a PNG's time, so the picture is cut into horizontal
bands that are deflated side by side on the machine's cores (zlib lets go
of the interpreter while it works) and joined into one zlib stream, the way
pigz does: every band but the last ends on a byte boundary (a sync flush),
and the bands' Adler-32 checksums are combined arithmetically.
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import pypdfium2

from ..draw.resolve import Drawing
from .pdf import render_pdf
from .registry import RenderSettings

# zlib level 3: board pictures are flat colours, which compress well fast; level 6 (the usual default)
# took three times as long for files a third smaller.
COMPRESSION = 3
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Rows handed to zlib at once: big enough that a call is worth releasing the interpreter for,
# small enough that the copy with the filter bytes stays a few hundred kilobytes.
_ROWS_PER_CALL = 64
# A band smaller than this is not worth a thread.
_MIN_BAND_BYTES = 1 << 20
_ADLER_BASE = 65521


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


def encode_rgb(pixels: memoryview, width: int, height: int, stride: int, dpi: float,
               bands: int | None = None) -> bytes:
    """An 8-bit RGB PNG from rows of `stride` bytes, each starting with `width` RGB pixels.

    `bands` (default: one per core, as the picture's size allows) only changes the time it takes,
    never the picture; the bytes may differ between machines with different core counts, which is
    why PNGs are compared by their pixels, and why the same machine always gives the same bytes.
    """
    row_bytes = 3 * width
    if bands is None:
        bands = max(1, min(os.cpu_count() or 1, 4, (row_bytes + 1) * height // _MIN_BAND_BYTES))
    edges = [height * band // bands for band in range(bands + 1)]
    spans = [(edges[band], edges[band + 1], band == bands - 1)
             for band in range(bands) if edges[band] < edges[band + 1]]

    def deflate(span: tuple[int, int, bool]) -> tuple[bytes, int, int]:
        return _deflate_rows(pixels, row_bytes, stride, *span)

    if len(spans) == 1:
        results = [deflate(spans[0])]
    else:
        with ThreadPoolExecutor(len(spans)) as pool:
            results = list(pool.map(deflate, spans))
    checksum = 1
    for _, band_checksum, length in results:
        checksum = adler32_combine(checksum, band_checksum, length)
    stream = b"".join([_zlib_header(COMPRESSION), *(data for data, _, _ in results), struct.pack(">I", checksum)])
    per_metre = round(dpi / 0.0254)
    return b"".join([
        _SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),  # 8-bit RGB, no interlace
        _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),  # pixels per metre
        _chunk(b"IDAT", stream),
        _chunk(b"IEND", b""),
    ])


def _deflate_rows(pixels: memoryview, row_bytes: int, stride: int, first: int, end: int,
                  last: bool) -> tuple[bytes, int, int]:
    """Raw deflate data for rows first..end-1 (each with filter byte 0), their Adler-32 and length."""
    compressor = zlib.compressobj(COMPRESSION, zlib.DEFLATED, -15)
    parts = []
    checksum = 1
    for top in range(first, end, _ROWS_PER_CALL):
        rows = b"".join([b"\x00" + pixels[y * stride:y * stride + row_bytes]  # filter 0: none
                         for y in range(top, min(top + _ROWS_PER_CALL, end))])
        checksum = zlib.adler32(rows, checksum)
        parts.append(compressor.compress(rows))
    # A sync flush ends the band on a byte boundary without ending the stream: the next band follows on.
    parts.append(compressor.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH))
    return b"".join(parts), checksum, (end - first) * (row_bytes + 1)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's checksum (zlib's adler32_combine)."""
    remainder = second_length % _ADLER_BASE
    low = ((first & 0xFFFF) + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    high = (remainder * (first & 0xFFFF) + (first >> 16) + (second >> 16) + _ADLER_BASE - remainder) % _ADLER_BASE
    return low | (high << 16)


def _zlib_header(level: int) -> bytes:
    method = 0x78  # deflate with a 32 KB window
    hint = 0 if level < 2 else 1 if level < 6 else 2 if level == 6 else 3  # FLEVEL, as zlib itself sets it
    flags = hint << 6
    flags += 31 - (method * 256 + flags) % 31
    return bytes([method, flags])


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
