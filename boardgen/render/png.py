"""PNG renderer: draws the PDF, rasterises it with pdfium band by band, and deflates the bands as they come.

Going through the PDF means the PNG shows exactly what the printer gets.
The PNG records its resolution, so image programs print it at true size too.

The page is rendered in bands of BAND_ROWS rows.  pdfium draws each band
straight into a buffer laid out as PNG scanlines (a filter byte, then the
row's RGB bytes), so nothing is copied, and each band is handed to a thread
that deflates it while pdfium draws the next (pdfium and zlib both let go of
the interpreter while they work).  A picture therefore costs a few bands of
memory and its compressed bytes, never the whole bitmap, and its rendering
and compression run side by side on the machine's cores.

Each band is deflated on its own and ends on a byte boundary (a sync flush),
the way pigz joins its blocks into one zlib stream, and the bands' Adler-32
checksums are combined arithmetically.  The bands are the same on every
machine, so the bytes are too, whatever its number of cores.
"""

from __future__ import annotations

import ctypes
import math
import os
import struct
import zlib
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from functools import cache
from typing import Any

from ..draw.resolve import Drawing
from .pdf import render_pdf
from .registry import RenderSettings

# zlib level 1: board pictures are flat colours, which compress well fast.  Measured on a sheet of pieces
# (two A4 pages at 300 dpi): level 1 took a tenth less time than level 3 for files 5 % larger, and level 6
# (the usual default) three times as long for files a third smaller.
COMPRESSION = 1
# Rows per band: measured on an A4 page at 300 dpi, 128 rows kept both cores busy; much smaller bands
# cost more in pdfium's per-call set-up, much larger ones leave a core waiting at the start and the end.
BAND_ROWS = 128
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ADLER_BASE = 65521
_WHITE = 0xFFFFFFFF

# A band renderer: fills a buffer of `rows` scanlines (each a filter byte 0 and 3 * width RGB bytes)
# with the picture's rows from `top` down.
BandRenderer = Callable[[int, int], bytearray]


def render_png(drawings: Sequence[Drawing], settings: RenderSettings) -> bytes:
    (drawing,) = drawings  # one picture per file
    with _pdfium_page(render_pdf([drawing], settings)) as (pdfium, page):
        scale = settings.dpi / 72.0
        width = math.ceil(pdfium.FPDF_GetPageWidthF(page) * scale)
        height = math.ceil(pdfium.FPDF_GetPageHeightF(page) * scale)
        row_bytes = 3 * width

        def render_band(top: int, rows: int) -> bytearray:
            band = bytearray(rows * (row_bytes + 1))
            pixels = (ctypes.c_char * len(band)).from_buffer(band)
            # The rows start one byte in and are one byte apart: the gaps are the scanlines' filter bytes.
            bitmap = pdfium.FPDFBitmap_CreateEx(width, rows, pdfium.FPDFBitmap_BGR,
                                                ctypes.c_void_p(ctypes.addressof(pixels) + 1), row_bytes + 1)
            if not bitmap:
                raise MemoryError(f"pdfium could not make a {width} x {rows} bitmap")
            try:
                pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, rows, _WHITE)
                # The whole page, shifted up by `top`: pdfium draws only what falls inside the band.
                pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, -top, width, height, 0,
                                             pdfium.FPDF_REVERSE_BYTE_ORDER)  # RGB, not BGR
            finally:
                pdfium.FPDFBitmap_Destroy(bitmap)
            del pixels  # the band may be resized again once nothing points into it
            band[::row_bytes + 1] = bytes(rows)  # filter 0 (none) before every row
            return band

        return encode_png(render_band, width, height, settings.dpi)


def encode_png(render_band: BandRenderer, width: int, height: int, dpi: float, workers: int | None = None) -> bytes:
    """An 8-bit RGB PNG whose rows `render_band` draws, a band at a time, deflated on `workers` threads.

    `workers` (default: one per core, at most 4) only changes the time it takes, never the bytes.
    """
    if workers is None:
        workers = max(1, min(os.cpu_count() or 1, 4))
    spans = [(top, min(BAND_ROWS, height - top)) for top in range(0, height, BAND_ROWS)]
    last = len(spans) - 1
    results: list[tuple[bytes, int, int]] = []
    with ThreadPoolExecutor(workers) as pool:
        pending: deque[Future[tuple[bytes, int, int]]] = deque()
        previous: tuple[bytearray, Future[tuple[bytes, int, int]]] | None = None
        for index, (top, rows) in enumerate(spans):
            band = render_band(top, rows)
            if previous is not None and index != last and band == previous[0]:
                # Blank paper, mostly (half of a sheet of pieces): the same band deflates to the same bytes.
                future = previous[1]
            else:
                future = pool.submit(_deflate_band, band, index == last)
                previous = (band, future)
            pending.append(future)
            while len(pending) > workers:  # a few bands in memory at a time, whatever the picture's size
                results.append(pending.popleft().result())
        results.extend(future.result() for future in pending)
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


def _deflate_band(scanlines: bytearray, last: bool) -> tuple[bytes, int, int]:
    """Raw deflate data for one band of scanlines, their Adler-32 and length."""
    compressor = zlib.compressobj(COMPRESSION, zlib.DEFLATED, -15)
    # A sync flush ends the band on a byte boundary without ending the stream: the next band follows on.
    data = compressor.compress(scanlines) + compressor.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
    return data, zlib.adler32(scanlines), len(scanlines)


@contextmanager
def _pdfium_page(pdf: bytes) -> Iterator[tuple[Any, Any]]:
    """pdfium's raw API and the first page of `pdf`, closed afterwards."""
    pdfium = _pdfium()
    document = pdfium.FPDF_LoadMemDocument64(pdf, len(pdf), None)  # `pdf` stays referenced while it is open
    if not document:
        raise RuntimeError(f"pdfium could not read the PDF it was given (error {pdfium.FPDF_GetLastError()})")
    try:
        page = pdfium.FPDF_LoadPage(document, 0)
        if not page:
            raise RuntimeError("pdfium could not read the PDF's first page")
        try:
            yield pdfium, page
        finally:
            pdfium.FPDF_ClosePage(page)
    finally:
        pdfium.FPDF_CloseDocument(document)


@cache
def _pdfium() -> Any:
    """pdfium's raw bindings, started once.

    pypdfium2's helpers (documents, pages, bitmaps as Python objects) cost 14 ms more to import than its raw
    bindings, which are all this needs.  Starting pdfium twice (should the helpers be imported as well)
    does nothing the second time.
    """
    try:
        import pypdfium2_raw as pdfium  # the raw bindings on their own, in recent versions
    except ImportError:
        import pypdfium2.raw as pdfium  # the same bindings (4.x), through the helpers, which start pdfium
    config = pdfium.FPDF_LIBRARY_CONFIG(version=2, m_pUserFontPaths=None, m_pIsolate=None, m_v8EmbedderSlot=0)
    pdfium.FPDF_InitLibraryWithConfig(config)
    return pdfium


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
