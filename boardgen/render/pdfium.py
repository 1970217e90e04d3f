"""pdfium (through pypdfium2's public API) drawing a PDF's pages a band of rows at a time, from any number of threads.

pdfium is not thread-safe: two threads inside it at once corrupt its state
(the web server crashed with eight PNG downloads at once).  So every call
into it, opening a document or a page, rendering, closing, holds LOCK, and
every pdfium object is closed explicitly, under LOCK: left to the garbage
collector, pypdfium2 would close it from whichever thread collects it,
outside the lock.  Between the calls the lock is free, so one thread's
compressing runs beside another's rendering.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pypdfium2

LOCK = threading.Lock()  # held by every call into pdfium, from any thread


class PagePicture:
    """A page of an open PDF at a resolution, `width` x `height` pixels, drawn on request band by band."""

    def __init__(self, page: Any, dpi: float) -> None:
        self._page = page
        self._scale = dpi / 72.0  # pixels per PDF point
        with LOCK:
            # As pypdfium2's render sizes the whole page: partly covered pixels count.
            self.width = math.ceil(page.get_width() * self._scale)
            self.height = math.ceil(page.get_height() * self._scale)

    def rows(self, top: int, count: int) -> bytes:
        """`count` rows of the picture from row `top` down, as RGB bytes, three a pixel, row after row."""
        # render() cuts its crop (in points) to whole pixels, rounding up: a quarter of a pixel less is
        # exactly the pixels asked for, whatever the floating-point error in points.
        above, below = top, self.height - top - count
        crop = (0.0, (below - 0.25) / self._scale, 0.0, (above - 0.25) / self._scale)
        with LOCK:
            bitmap = self._page.render(scale=self._scale, crop=crop, rev_byteorder=True)  # white paper, RGB
            try:
                if (bitmap.width, bitmap.height, bitmap.stride) != (self.width, count, 3 * self.width):
                    raise RuntimeError(f"pdfium drew {bitmap.width} x {bitmap.height} pixels (stride "
                                       f"{bitmap.stride}) for a band of {self.width} x {count}")
                # The buffer is Python's own (pypdfium2 makes it so), so it outlives the bitmap closed below.
                pixels = bytes(bitmap.buffer)
            finally:
                bitmap.close()
        return pixels


class OpenPdf:
    """A PDF open in pdfium, for a `with` block, which closes it; `pages` is its number of pages."""

    def __init__(self, pdf: bytes) -> None:
        with LOCK:
            self._document = pypdfium2.PdfDocument(pdf)  # holds on to `pdf` while it is open
            try:
                self.pages: int = len(self._document)
            except BaseException:
                self._document.close()
                raise

    def __enter__(self) -> OpenPdf:
        return self

    def __exit__(self, *_: object) -> None:
        with LOCK:
            self._document.close()

    @contextmanager
    def page(self, index: int, dpi: float) -> Iterator[PagePicture]:
        """Page `index` (from 0) at `dpi`, open for the `with` block."""
        with LOCK:
            page = self._document[index]
        try:
            yield PagePicture(page, dpi)
        finally:
            with LOCK:
                page.close()
