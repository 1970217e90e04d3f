"""The PNG renderer: pictures made band by band are valid PNGs of the right size, resolution and pixels."""

from __future__ import annotations

import io
import math
import os
import tracemalloc
import zlib

import pytest
from helpers import run_cli
from PIL import Image

from boardgen.render.pdfium import OpenPdf
from boardgen.render.png import BAND_BYTES, band_rows, encode_png, pdf_pngs


def _picture(width: int, height: int, blank_from: int | None = None) -> bytes:
    """Rows of flat colour with noise (something like a board, and something like a photo), white from
    row `blank_from` to the last five rows, like the blank paper under a sheet of pieces."""
    rows = []
    for y in range(height):
        if blank_from is not None and blank_from <= y < height - 5:
            rows.append(b"\xff" * 3 * width)
            continue
        flat = bytes([(y // 7) % 256, 200, (y * 3) % 256]) * (width // 2)
        rows.append(flat + os.urandom(3 * width - len(flat)))
    return b"".join(rows)


def _rows_of(pixels: bytes, width: int):
    """The picture's rows as PagePicture.rows gives them: `count` rows of RGB bytes from `top`."""
    row_bytes = 3 * width

    def rows(top: int, count: int) -> bytes:
        return pixels[top * row_bytes:(top + count) * row_bytes]

    return rows


def _decoded(png: bytes) -> tuple[tuple[int, int], bytes, tuple[float, float]]:
    zlib.decompress(png[png.index(b"IDAT") + 4:])  # one valid zlib stream, checksum included
    with Image.open(io.BytesIO(png)) as image:
        image.load()  # checks every chunk's CRC
        assert image.mode == "RGB"
        return image.size, image.tobytes(), image.info["dpi"]


@pytest.mark.parametrize("width, height, blank_from", [
    (1, 1, None), (3, 2, None), (301, band_rows(301), None), (301, band_rows(301) + 1, None),
    (640, 3 * band_rows(640) + 7, None), (200, 3 * band_rows(200) + 9, band_rows(200) // 2)])
def test_a_picture_made_in_bands_is_the_picture(width, height, blank_from):
    pixels = _picture(width, height, blank_from)
    png = encode_png(width, height, _rows_of(pixels, width), 150.0)
    assert encode_png(width, height, _rows_of(pixels, width), 150.0) == png  # the same bytes every time
    size, decoded, dpi = _decoded(png)
    assert size == (width, height)
    assert dpi == pytest.approx((150.0, 150.0), abs=0.02)  # whole pixels per metre
    assert decoded == pixels


def test_a_picture_is_never_held_whole_while_it_is_made():
    # 2000 x 6000 pixels is 36 MB of RGB; made in bands, only a band and the compressed file are held.
    width, height = 2000, 6000
    band_bytes = band_rows(width) * 3 * width
    assert band_bytes <= BAND_BYTES
    asked = []

    def rows(top: int, count: int) -> bytes:
        asked.append((top, count))
        # Flat colour with a speck of noise on every row, so the file stays small beside the picture, as a
        # board's does, but no two rows are alike.
        return b"".join(bytes([top % 256, 200, 90]) * (width - 10) + os.urandom(30) for _ in range(count))

    tracemalloc.start()
    try:
        png = encode_png(width, height, rows, 300.0)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert sum(count for _, count in asked) == height and max(count for _, count in asked) == band_rows(width)
    assert peak < 3 * band_bytes + 2 * len(png), (peak, band_bytes, len(png))
    assert len(png) < 3 * width * height / 20
    assert peak < 3 * width * height / 5


@pytest.mark.parametrize("dpi", [300.0, 97.3, 41.0])
def test_pdfium_draws_in_bands_exactly_what_it_draws_whole(tmp_path, dpi):
    # The bands are cut by pypdfium2's crop, in points, which it rounds to whole pixels: a band off by a row
    # would show as thousands of pixels changed.  pdfium's anti-aliasing along a band's edge may differ by a shade
    # (measured: a dozen pixels of this board at 300 dpi, by 4 levels of 255); the bands are the same every time,
    # so the bytes are too.
    result = run_cli("board", "iacta", "-o", str(tmp_path / "board.pdf"))
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "board.pdf").read_bytes()
    with OpenPdf(pdf) as document, document.page(0, dpi) as page:
        whole = page.rows(0, page.height)
        step = max(1, page.height // 7 + 3)
        banded = b"".join(page.rows(top, min(step, page.height - top)) for top in range(0, page.height, step))
        assert (page.width, page.height) == (math.ceil(210 / 25.4 * dpi), math.ceil(297 / 25.4 * dpi))
    assert len(whole) == 3 * page.width * page.height == len(banded)
    changed = [abs(a - b) for a, b in zip(whole, banded, strict=True) if a != b]
    assert len(changed) < 3 * page.width and max(changed, default=0) <= 16, (len(changed), max(changed, default=0))
    assert whole != b"\xff" * len(whole)  # something is drawn: not blank paper
    (png,) = pdf_pngs(pdf, dpi, most=1)
    size, pixels, _ = _decoded(png)
    assert size == (page.width, page.height)
    assert sum(a != b for a, b in zip(whole, pixels, strict=True)) < 3 * page.width


def test_a_pieces_png_is_the_page_at_true_size_and_the_same_twice(tmp_path):
    made = []
    for attempt in range(2):
        target = tmp_path / f"pieces-{attempt}.png"
        result = run_cli("pieces", "alea", "--format", "png", "--dpi", "60", "-o", str(target))
        assert result.exit_code == 0, result.output
        made.append([path.read_bytes() for path in sorted(tmp_path.glob(f"pieces-{attempt}*.png"))])
    assert len(made[0]) >= 1 and made[0] == made[1]
    size, pixels, dpi = _decoded(made[0][0])
    assert size == (math.ceil(210 / 25.4 * 60), math.ceil(297 / 25.4 * 60))  # an A4 page at 60 dpi, in whole pixels
    assert dpi == pytest.approx((60.0, 60.0), abs=0.02)
    assert pixels.count(b"\xff\xff\xff") < len(pixels) / 3  # something is drawn: not blank paper
