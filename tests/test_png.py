"""The PNG encoder: pictures deflated in bands on several cores decode to exactly the same pixels."""

from __future__ import annotations

import io
import os
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from boardgen.render.png import adler32_combine, encode_rgb


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000), st.binary(max_size=70000) | st.integers(0, 200000).map(bytes))
def test_adler32_combine_matches_the_checksum_of_the_joined_bytes(first, second):
    assert adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(first + second)


def _picture(width: int, height: int, stride: int) -> bytes:
    """Rows of flat colour with noise, padded to `stride`: something like a board, and something like a photo."""
    rows = []
    for y in range(height):
        flat = bytes([(y // 7) % 256, 200, (y * 3) % 256]) * (width // 2)
        noise = os.urandom(3 * width - len(flat))
        rows.append(flat + noise + b"\xee" * (stride - 3 * width))
    return b"".join(rows)


@pytest.mark.parametrize("width, height", [(1, 1), (3, 2), (301, 257), (640, 1031)])
def test_every_band_count_gives_the_same_picture(width, height):
    stride = 3 * width + 5  # pdfium pads rows; the padding must not reach the picture
    pixels = memoryview(_picture(width, height, stride))
    decoded = set()
    for bands in (1, 2, 3, 4, None):
        png = encode_rgb(pixels, width, height, stride, 150.0, bands)
        zlib.decompress(png[png.index(b"IDAT") + 4:])  # one valid zlib stream, checksum included
        with Image.open(io.BytesIO(png)) as image:
            assert image.size == (width, height) and image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((150.0, 150.0), abs=0.02)  # whole pixels per metre
            decoded.add(image.tobytes())
    expected = b"".join(bytes(pixels[y * stride:y * stride + 3 * width]) for y in range(height))
    assert decoded == {expected}
