"""PNG renderer: one PDF of every page, rasterised by pdfium band by band, the bands deflated as they come.

Going through the PDF means the PNG shows exactly what the printer gets.
The PNG records its resolution, so image programs print it at true size too.

Each page is rendered in bands of about a megabyte, straight into buffers
laid out as PNG scanlines (render.pdfium), and each band is handed to a
thread that deflates it (render.deflate) while pdfium draws the next:
pdfium and zlib both let go of the interpreter while they work.  One pool
of threads serves every page of a command, so the next page starts while
the last bands of the one before are still being deflated.  A picture
therefore costs a few bands of memory and its compressed bytes, never the
whole bitmap, and its rendering and compression run side by side on the
machine's cores.  The bands are the same on every machine, so the bytes are
too, whatever its number of cores.
"""

from __future__ import annotations

import os
import struct
import threading
import zlib
from collections import deque
from collections.abc import Iterable, Sequence

from ..draw.resolve import Drawing
from .deflate import COMPRESSION, FINAL_EMPTY_BLOCK, adler32_combine, deflate_band, zlib_header
from .pdf import render_pdf
from .pdfium import Picture, page_pictures
from .registry import RenderSettings

# Bytes per band: measured on an A4 page at 300 dpi (7,444 bytes a row), 64 to 128 rows were fastest; much
# smaller bands cost more in pdfium's per-call set-up, much larger ones leave a core waiting at the start
# and the end.  A band's size rather than its rows keeps the memory the same at any resolution.
BAND_BYTES = 1 << 20


def band_rows(width: int) -> int:
    """Rows per band for a picture `width` pixels wide (the bands, and so the bytes, depend on nothing else)."""
    return max(1, BAND_BYTES // (3 * width + 1))


def _most_waiting(workers: int) -> int:
    """Bands being deflated or waiting to be, before the renderer lends a hand: a few per deflater thread,
    since bands take from a tenth of a millisecond (blank) to a few (detailed) to deflate."""
    return 2 * workers + 2


_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_files(drawings: Sequence[Drawing], settings: RenderSettings) -> list[bytes]:
    """One PNG per drawing, at the settings' resolution."""
    pdf = render_pdf(drawings, settings._replace(compress=False))  # read once, from memory, by pdfium
    return encode_pngs(page_pictures(pdf, settings.dpi), settings.dpi)


def encode_pngs(pictures: Iterable[Picture], dpi: float, workers: int | None = None) -> list[bytes]:
    """An 8-bit RGB PNG of each picture, its bands deflated on `workers` threads as they are drawn.

    `workers` (default: one per core but the one that renders, at most 4) only changes the time it takes,
    never the bytes.  The thread that renders also deflates whenever it is ahead.
    """
    if workers is None:
        workers = max(1, min((os.cpu_count() or 1) - 1, 4))
    made: list[tuple[Picture, list[_Band]]] = []
    most_waiting = _most_waiting(workers)
    with _Deflaters(workers) as deflaters:
        waiting: deque[_Band] = deque()
        for picture in pictures:
            row_length = 3 * picture.width + 1
            bands: list[_Band] = []
            previous: tuple[bytearray, _Band] | None = None
            rows = band_rows(picture.width)
            for top in range(0, picture.height, rows):
                pixels = picture.render_band(top, min(rows, picture.height - top))
                if previous is not None and pixels == previous[0]:
                    # Blank paper, mostly (half of a sheet of pieces): the same band deflates to the same bytes.
                    bands.append(previous[1])
                    continue
                band = deflaters.deflate(pixels, row_length)
                previous = (pixels, band)
                bands.append(band)
                waiting.append(band)
                # A few bands in memory at a time, whatever the picture's size: when more are waiting, this
                # thread deflates one too (or, if every one is under way, waits for the oldest).
                while len(waiting) > most_waiting:
                    if not deflaters.deflate_one_here():
                        waiting.popleft().result()
                    while waiting and waiting[0].finished():
                        waiting.popleft()
            made.append((picture, bands))
        while deflaters.deflate_one_here():  # the last bands: every thread helps
            pass
        return [_png(picture.width, picture.height, dpi, [band.result() for band in bands])
                for picture, bands in made]


def _png(width: int, height: int, dpi: float, bands: list[tuple[bytes, int, int]]) -> bytes:
    checksum = 1
    for _, band_checksum, length in bands:
        checksum = adler32_combine(checksum, band_checksum, length)
    stream = [zlib_header(COMPRESSION), *(data for data, _, _ in bands), FINAL_EMPTY_BLOCK,
              struct.pack(">I", checksum)]
    per_metre = round(dpi / 0.0254)
    # Joined once, at the end: the compressed bands are the one big thing, and are not copied twice.
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


class _Band:
    """One band's scanlines on their way to a deflater thread, then its deflate data, Adler-32 and length."""

    __slots__ = ("pixels", "row_length", "made", "error", "done")

    def __init__(self, pixels: bytearray, row_length: int) -> None:
        self.pixels: bytearray | None = pixels
        self.row_length = row_length
        self.made: tuple[bytes, int, int] | None = None
        self.error: BaseException | None = None
        self.done = threading.Lock()
        self.done.acquire()  # released by the thread that deflates the band

    def deflate(self) -> None:
        try:
            assert self.pixels is not None
            data, checksum = deflate_band(self.pixels, self.row_length)
            self.made = (data, checksum, len(self.pixels))
        except BaseException as error:  # handed to the thread that waits, to be raised there
            self.error = error
        finally:
            self.pixels = None
            self.done.release()

    def finished(self) -> bool:
        return not self.done.locked()

    def result(self) -> tuple[bytes, int, int]:
        with self.done:
            pass
        if self.error is not None:
            raise self.error
        assert self.made is not None
        return self.made


class _Deflaters:
    """Threads that deflate bands, in the order they are given.

    A few lines of threading rather than concurrent.futures, whose import (with logging) costs more than
    a small picture takes to deflate.
    """

    def __init__(self, workers: int) -> None:
        self._bands: deque[_Band | None] = deque()
        self._given = threading.Semaphore(0)
        self._threads = [threading.Thread(target=self._work, daemon=True) for _ in range(workers)]
        for thread in self._threads:
            thread.start()

    def __enter__(self) -> _Deflaters:
        return self

    def __exit__(self, *_: object) -> None:
        for _thread in self._threads:
            self._bands.append(None)  # one stop for each thread, after the bands already given
            self._given.release()
        for thread in self._threads:
            thread.join()

    def deflate(self, pixels: bytearray, row_length: int) -> _Band:
        band = _Band(pixels, row_length)
        self._bands.append(band)
        self._given.release()
        return band

    def deflate_one_here(self) -> bool:
        """Deflate, on the calling thread, the oldest band no thread has started; False if there is none.

        Only the thread that gives bands calls this, and the threads' stops are given last, on leaving.
        """
        try:
            band = self._bands.popleft()
        except IndexError:
            return False
        assert band is not None
        band.deflate()
        return True

    def _work(self) -> None:
        while True:
            self._given.acquire()
            try:
                band = self._bands.popleft()
            except IndexError:  # deflated meanwhile by the thread that gave it
                continue
            if band is None:
                return
            band.deflate()
