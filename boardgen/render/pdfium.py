"""pdfium, the PDF engine in Chromium, drawing a PDF's pages into memory a band of rows at a time.

pypdfium2 ships pdfium with ctypes bindings for the whole of its API, some
two thousand declarations that take 13 ms to import: more than drawing a
board.  This module declares only the eleven calls it makes (their C
signatures from pdfium's fpdfview.h) against the same library file.  Where
pypdfium2 keeps no library file of its own (a build against a system
pdfium), its bindings are used instead.
"""

import ctypes
import importlib.util
import math
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NamedTuple

# A band renderer: a buffer of `rows` PNG scanlines (each a filter byte 0 and 3 * width RGB bytes) holding
# the picture's rows from `top` down.
BandRenderer = Callable[[int, int], bytearray]

_BGR = 2  # FPDFBitmap_BGR: three bytes a pixel
_REVERSE_BYTE_ORDER = 0x10  # FPDF_REVERSE_BYTE_ORDER: RGB rather than BGR


class Picture(NamedTuple):
    width: int
    height: int
    render_band: BandRenderer


def page_pictures(pdf: bytes, dpi: float) -> Iterator[Picture]:
    """Each page of `pdf` as a picture at `dpi`, drawn on request band by band; one page open at a time."""
    pdfium = _pdfium()
    document = pdfium.FPDF_LoadMemDocument64(pdf, len(pdf), None)  # `pdf` stays referenced while it is open
    if not document:
        raise RuntimeError(f"pdfium could not read the PDF it was given (error {pdfium.FPDF_GetLastError()})")
    try:
        for index in range(pdfium.FPDF_GetPageCount(document)):
            with _page(pdfium, document, index) as page:
                yield _picture(pdfium, page, dpi / 72.0)
    finally:
        pdfium.FPDF_CloseDocument(document)


@contextmanager
def _page(pdfium: Any, document: Any, index: int) -> Iterator[Any]:
    page = pdfium.FPDF_LoadPage(document, index)
    if not page:
        raise RuntimeError(f"pdfium could not read page {index + 1} of the PDF it was given")
    try:
        yield page
    finally:
        pdfium.FPDF_ClosePage(page)


def _picture(pdfium: Any, page: Any, scale: float) -> Picture:
    width = math.ceil(pdfium.FPDF_GetPageWidthF(page) * scale)
    height = math.ceil(pdfium.FPDF_GetPageHeightF(page) * scale)
    row_bytes = 3 * width
    blank_rows: dict[int, bytes] = {}  # blank scanlines (filter byte 0, white pixels), by the number of rows

    def render_band(top: int, rows: int) -> bytearray:
        # Starting from a copy of blank paper rather than pdfium's FillRect, which fills pixel by pixel (a
        # fifth of a millisecond a band, more than pdfium takes to draw an empty one); the filter bytes come
        # with it, and pdfium, drawing between them, leaves them be.
        if rows not in blank_rows:
            blank_rows[rows] = (b"\x00" + b"\xff" * row_bytes) * rows
        band = bytearray(blank_rows[rows])
        pixels = (ctypes.c_char * len(band)).from_buffer(band)
        # The rows start one byte in and are one byte apart: the gaps are the scanlines' filter bytes.
        bitmap = pdfium.FPDFBitmap_CreateEx(width, rows, _BGR, ctypes.c_void_p(ctypes.addressof(pixels) + 1),
                                            row_bytes + 1)
        if not bitmap:
            raise MemoryError(f"pdfium could not make a {width} x {rows} bitmap")
        try:
            # The whole page, shifted up by `top`: pdfium draws only what falls inside the band.
            pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, -top, width, height, 0, _REVERSE_BYTE_ORDER)
        finally:
            pdfium.FPDFBitmap_Destroy(bitmap)
        del pixels  # the band may be resized again once nothing points into it
        return band

    return Picture(width, height, render_band)


# The calls made, as (name, result, arguments); handles are plain pointers.
_HANDLE = ctypes.c_void_p
_CALLS: tuple[tuple[str, Any, tuple[Any, ...]], ...] = (
    ("FPDF_LoadMemDocument64", _HANDLE, (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p)),
    ("FPDF_GetLastError", ctypes.c_ulong, ()),
    ("FPDF_GetPageCount", ctypes.c_int, (_HANDLE,)),
    ("FPDF_LoadPage", _HANDLE, (_HANDLE, ctypes.c_int)),
    ("FPDF_GetPageWidthF", ctypes.c_float, (_HANDLE,)),
    ("FPDF_GetPageHeightF", ctypes.c_float, (_HANDLE,)),
    ("FPDF_ClosePage", None, (_HANDLE,)),
    ("FPDF_CloseDocument", None, (_HANDLE,)),
    ("FPDFBitmap_CreateEx", _HANDLE, (ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_int)),
    ("FPDFBitmap_Destroy", None, (_HANDLE,)),
    ("FPDF_RenderPageBitmap", None, (_HANDLE, _HANDLE, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                     ctypes.c_int, ctypes.c_int)),
)


class _LibraryConfig(ctypes.Structure):
    """FPDF_LIBRARY_CONFIG as far as its version 2, which is all that version reads."""

    _fields_ = (("version", ctypes.c_int), ("m_pUserFontPaths", ctypes.c_void_p), ("m_pIsolate", ctypes.c_void_p),
                ("m_v8EmbedderSlot", ctypes.c_uint))


@cache
def _pdfium() -> Any:
    """pdfium's calls, the library started once (starting it again, as pypdfium2 may, does nothing)."""
    library = library_file()
    if library is None:
        return _pypdfium2_bindings()
    cdll = ctypes.CDLL(str(library))
    calls = {}
    for name, result, arguments in _CALLS:
        function = getattr(cdll, name)
        function.restype, function.argtypes = result, arguments
        calls[name] = function
    cdll.FPDF_InitLibraryWithConfig(ctypes.byref(_LibraryConfig(2, None, None, 0)))
    return SimpleNamespace(**calls)


def library_file() -> Path | None:
    """The pdfium library pypdfium2 ships, found without importing its bindings; None if it has none."""
    try:
        spec = importlib.util.find_spec("pypdfium2_raw")
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        return None
    if sys.platform.startswith(("win32", "cygwin", "msys")):
        name = "pdfium.dll"
    elif sys.platform.startswith(("darwin", "ios")):
        name = "libpdfium.dylib"
    else:
        name = "libpdfium.so"
    for folder in spec.submodule_search_locations:
        if (Path(folder) / name).is_file():
            return Path(folder) / name
    return None


def _pypdfium2_bindings() -> Any:
    try:
        import pypdfium2_raw as bindings  # the raw bindings on their own, in recent versions
    except ImportError:
        import pypdfium2.raw as bindings  # the same bindings (4.x), through the helpers, which start pdfium
    config = bindings.FPDF_LIBRARY_CONFIG(version=2, m_pUserFontPaths=None, m_pIsolate=None, m_v8EmbedderSlot=0)
    bindings.FPDF_InitLibraryWithConfig(config)
    return bindings
