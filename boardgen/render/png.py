"""PNG renderer: one PDF of every page, rasterised by pdfium a band of rows at a time, deflated by zlib as it comes.

Going through the PDF means the PNG shows exactly what the printer gets.
The PNG records its resolution (pHYs), so image programs print it at true
size too.

A band is about a megabyte of pixels, whatever the resolution, so a picture
costs one band and its compressed bytes, never the whole bitmap: an A3 page
at 600 dpi is 200 MB of pixels.  The bands depend on the picture's width
alone, and zlib on nothing but its input, so the same command gives the
same bytes on every machine.  Any number of threads may make PNGs at once:
render.pdfium lets one at a time into pdfium, and zlib works on its own
stream in each.
"""

from __future__ import annotations

import dataclasses
import struct
import zlib
from collections.abc import Callable, Sequence

from ..draw.resolve import Drawing
from .pdf import render_pdf
from .pdfium import OpenPdf
from .settings import RenderSettings

BAND_BYTES = 1 << 20  # pixels drawn by pdfium at a time
# zlib's level.  Measured on IACTA's board and sheet of pieces at 300 dpi: levels 1 to 3 take the same time (some
# 20 and 38 ms a page), 3 makes the smallest files of them; 4 and above take twice the time for files a quarter
# smaller.
COMPRESSION = 3

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_NO_FILTER = b"\x00"  # each scanline's filter type: none (flat colours leave zlib little to gain from one)

# `count` rows of a picture from row `top` down, as RGB bytes: PagePicture.rows.
Rows = Callable[[int, int], bytes]


def band_rows(width: int) -> int:
    """Rows per band for a picture `width` pixels wide."""
    return max(1, BAND_BYTES // (3 * width))


def png_files(drawings: Sequence[Drawing], settings: RenderSettings) -> list[bytes]:
    """One PNG per drawing, at the settings' resolution."""
    pdf = render_pdf(drawings, dataclasses.replace(settings, compress=False))  # read once, from memory, by pdfium
    return pdf_pngs(pdf, settings.dpi)


def pdf_pngs(pdf: bytes, dpi: float, most: int | None = None) -> list[bytes]:
    """A PNG at `dpi` of each page of `pdf`, or of its first `most` pages."""
    with OpenPdf(pdf) as document:
        pages = document.pages if most is None else min(most, document.pages)
        pngs = []
        for index in range(pages):
            with document.page(index, dpi) as page:
                pngs.append(encode_png(page.width, page.height, page.rows, dpi))
        return pngs


def first_page_png(pdf: bytes, dpi: float) -> tuple[bytes, int]:
    """The first page of `pdf` as a PNG at `dpi`, and how many pages `pdf` has."""
    with OpenPdf(pdf) as document:
        with document.page(0, dpi) as page:
            return encode_png(page.width, page.height, page.rows, dpi), document.pages


def encode_png(width: int, height: int, rows: Rows, dpi: float) -> bytes:
    """An 8-bit RGB PNG of a picture `width` x `height` pixels, its rows fetched a band at a time."""
    compressor = zlib.compressobj(COMPRESSION)
    row_bytes = 3 * width
    stream = []
    step = band_rows(width)
    for top in range(0, height, step):
        band = memoryview(rows(top, min(step, height - top)))
        for start in range(0, len(band), row_bytes):
            stream.append(compressor.compress(_NO_FILTER))
            stream.append(compressor.compress(band[start:start + row_bytes]))
    stream.append(compressor.flush())
    per_metre = round(dpi / 0.0254)
    # Joined once, at the end: the compressed stream is the one big thing, and is not copied twice.
    return b"".join([
        _SIGNATURE,
        *_chunk(b"IHDR", [struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)]),  # 8-bit RGB, no interlace
        *_chunk(b"pHYs", [struct.pack(">IIB", per_metre, per_metre, 1)]),  # pixels per metre
        *_chunk(b"IDAT", stream),
        *_chunk(b"IEND", []),
    ])


def _chunk(kind: bytes, parts: list[bytes]) -> list[bytes]:
    """A chunk whose data is `parts` joined: its length, kind, the parts and its CRC."""
    crc = zlib.crc32(kind)
    for part in parts:
        crc = zlib.crc32(part, crc)
    return [struct.pack(">I", sum(map(len, parts))), kind, *parts, struct.pack(">I", crc)]
