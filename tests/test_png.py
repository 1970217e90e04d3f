"""The PNG encoder: a picture made in bands, deflated on any number of threads, is one valid PNG with the same bytes."""

from __future__ import annotations

import io
import os
import tracemalloc
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from boardgen.render.png import BAND_ROWS, adler32_combine, encode_png


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000), st.binary(max_size=70000) | st.integers(0, 200000).map(bytes))
def test_adler32_combine_matches_the_checksum_of_the_joined_bytes(first, second):
    assert adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(first + second)


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


def _bands_of(pixels: bytes, width: int):
    """A band renderer that cuts `pixels` into scanlines, as the pdfium renderer lays them out."""
    row_bytes = 3 * width

    def render_band(top: int, rows: int) -> bytearray:
        return bytearray(b"".join(b"\x00" + pixels[y * row_bytes:(y + 1) * row_bytes] for y in range(top, top + rows)))

    return render_band


@pytest.mark.parametrize("width, height, blank_from", [(1, 1, None), (3, 2, None), (301, BAND_ROWS, None),
                                                       (301, BAND_ROWS + 1, None), (640, 3 * BAND_ROWS + 7, None),
                                                       (200, 6 * BAND_ROWS + 9, BAND_ROWS // 2)])
def test_any_number_of_threads_gives_the_same_bytes_and_the_same_picture(width, height, blank_from):
    pixels = _picture(width, height, blank_from)
    made = {encode_png(_bands_of(pixels, width), width, height, 150.0, workers) for workers in (1, 2, 3, None)}
    assert len(made) == 1  # the same file on a laptop and on a 64-core machine
    png = made.pop()
    zlib.decompress(png[png.index(b"IDAT") + 4:])  # one valid zlib stream, checksum included
    with Image.open(io.BytesIO(png)) as image:
        assert image.size == (width, height) and image.mode == "RGB"
        assert image.info["dpi"] == pytest.approx((150.0, 150.0), abs=0.02)  # whole pixels per metre
        assert image.tobytes() == pixels


def test_a_picture_is_never_held_whole_while_it_is_made():
    # 2000 x 2000 pixels is 12 MB of RGB; made in bands, only a few bands and the compressed file are held.
    width = height = 2000
    band_bytes = BAND_ROWS * (3 * width + 1)
    row = bytes(range(256)) * (3 * width // 256) + bytes(3 * width % 256)

    def render_band(top: int, rows: int) -> bytearray:
        return bytearray(b"".join(b"\x00" + row for _ in range(rows)))

    tracemalloc.start()
    try:
        png = encode_png(render_band, width, height, 300.0, workers=2)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * band_bytes + 2 * len(png), (peak, band_bytes, len(png))
    assert peak < 3 * width * height / 2
