"""The PNG encoder: pictures made in bands, deflated on any number of threads, are valid PNGs with the same bytes."""

from __future__ import annotations

import io
import math
import os
import tracemalloc
import zlib

import pytest
from helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from boardgen.render import pdfium
from boardgen.render.deflate import adler32_combine
from boardgen.render.pdfium import Picture
from boardgen.render.png import BAND_BYTES, _most_waiting, band_rows, encode_pngs


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


def _picture_of(pixels: bytes, width: int, height: int) -> Picture:
    """A picture whose bands are cut from `pixels` into scanlines, as the pdfium renderer lays them out."""
    row_bytes = 3 * width

    def render_band(top: int, rows: int) -> bytearray:
        return bytearray(b"".join(b"\x00" + pixels[y * row_bytes:(y + 1) * row_bytes] for y in range(top, top + rows)))

    return Picture(width, height, render_band)


def _decoded(png: bytes) -> tuple[tuple[int, int], bytes, tuple[float, float]]:
    zlib.decompress(png[png.index(b"IDAT") + 4:])  # one valid zlib stream, checksum included
    with Image.open(io.BytesIO(png)) as image:
        assert image.mode == "RGB"
        return image.size, image.tobytes(), image.info["dpi"]


@pytest.mark.parametrize("width, height, blank_from", [
    (1, 1, None), (3, 2, None), (301, band_rows(301), None), (301, band_rows(301) + 1, None),
    (640, 3 * band_rows(640) + 7, None), (200, 3 * band_rows(200) + 9, band_rows(200) // 2)])
def test_any_number_of_threads_gives_the_same_bytes_and_the_same_picture(width, height, blank_from):
    pixels = _picture(width, height, blank_from)
    made = {tuple(encode_pngs([_picture_of(pixels, width, height)], 150.0, workers)) for workers in (1, 2, 3, None)}
    assert len(made) == 1  # the same file on a laptop and on a 64-core machine
    (png,) = made.pop()
    size, decoded, dpi = _decoded(png)
    assert size == (width, height)
    assert dpi == pytest.approx((150.0, 150.0), abs=0.02)  # whole pixels per metre
    assert decoded == pixels


def test_pictures_made_together_are_the_pictures_made_one_by_one():
    shapes = [(301, 2 * band_rows(301) + 3, None), (40, 7, None), (200, 2 * band_rows(200), band_rows(200) // 2)]
    pictures = [(_picture(*shape), shape[:2]) for shape in shapes]
    together = encode_pngs([_picture_of(pixels, *size) for pixels, size in pictures], 300.0, workers=2)
    one_by_one = [encode_pngs([_picture_of(pixels, *size)], 300.0, workers=1)[0] for pixels, size in pictures]
    assert together == one_by_one
    assert [_decoded(png)[:2] for png in together] == [(size, pixels) for pixels, size in pictures]


def test_a_picture_is_never_held_whole_while_it_is_made():
    # 2000 x 6000 pixels is 36 MB of RGB; made in bands, only a few bands and the compressed file are held.
    width, height, workers = 2000, 6000, 2
    band_bytes = band_rows(width) * (3 * width + 1)
    assert band_bytes <= BAND_BYTES

    def render_band(top: int, rows: int) -> bytearray:
        # Flat colour with a speck of noise on every row: no band or row repeats the one before, so every
        # band goes through zlib, and the file stays small beside the picture, as a board's does.
        return bytearray(b"".join(b"\x00" + bytes([top % 256, 200, 90]) * (width - 10) + os.urandom(30)
                                  for _ in range(rows)))

    tracemalloc.start()
    try:
        (png,) = encode_pngs([Picture(width, height, render_band)], 300.0, workers=workers)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # The bands waiting for the deflaters, the one being drawn, the one before it, and the file.
    assert peak < (_most_waiting(workers) + 3) * band_bytes + 2 * len(png), (peak, band_bytes, len(png))
    assert len(png) < 3 * width * height / 20
    assert peak < 3 * width * height / 3


def test_pdfium_called_directly_draws_what_pypdfium2s_own_bindings_draw(tmp_path, monkeypatch):
    # boardgen declares the eleven pdfium calls it makes instead of importing pypdfium2's bindings (13 ms);
    # where pypdfium2 has no library file of its own, its bindings are used.  Both must give the same file.
    assert pdfium.library_file() is not None  # the direct path is the one under test here
    made = []
    for library in (pdfium.library_file, lambda: None):
        monkeypatch.setattr(pdfium, "library_file", library)
        pdfium._pdfium.cache_clear()
        target = tmp_path / f"pieces-{len(made)}.png"
        result = run_cli("pieces", "alea", "--format", "png", "--dpi", "60", "-o", str(target))
        assert result.exit_code == 0, result.output
        made.append([path.read_bytes() for path in sorted(tmp_path.glob(f"pieces-{len(made)}*.png"))])
    pdfium._pdfium.cache_clear()
    assert len(made[0]) >= 1 and made[0] == made[1]
    size, pixels, _ = _decoded(made[0][0])
    assert size == (math.ceil(210 / 25.4 * 60), math.ceil(297 / 25.4 * 60))  # an A4 page at 60 dpi, in whole pixels
    assert pixels.count(b"\xff\xff\xff") < len(pixels) / 3  # something is drawn: not blank paper
