"""Deflate written by hand for repeated rows, joined with zlib's: zlib itself must read back every byte."""

from __future__ import annotations

import os
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen.render.deflate import (
    FINAL_EMPTY_BLOCK,
    MIN_REPEATED_ROWS,
    WINDOW,
    deflate_band,
    repeat_blocks,
    repeated_rows,
)


def _inflated(*pieces: bytes) -> bytes:
    return zlib.decompress(b"".join(pieces) + FINAL_EMPTY_BLOCK, -15)


def _zlib_piece(data: bytes) -> bytes:
    compressor = zlib.compressobj(1, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)


@pytest.mark.parametrize("width", [1, 2, 3, 85, 86, 87, 88, 2481, (WINDOW - 1) // 3])
@pytest.mark.parametrize("flat", [False, True])
@pytest.mark.parametrize("times", [1, 2, 3, 127])
def test_repeat_blocks_repeat_the_row_before(width, flat, times):
    # Widths around 86 pixels make rows of 256 to 265 bytes, where copies of at most 258 bytes split
    # with 1 or 2 bytes over; the widest row still lies within deflate's reach.
    pixel = bytes([12, 200, 255])
    row = b"\x00" + (pixel * width if flat else os.urandom(3 * width))
    assert _inflated(_zlib_piece(row), repeat_blocks(len(row), times, flat)) == row * (times + 1)


def test_repeat_blocks_of_flat_rows_take_fewer_bits():
    assert len(repeat_blocks(3 * 2481 + 1, 100, True)) < 0.6 * len(repeat_blocks(3 * 2481 + 1, 100, False))


_rows = st.integers(1, 40).flatmap(lambda width: st.lists(
    st.one_of(st.just(None),  # the row above again
              st.binary(min_size=3 * width, max_size=3 * width),  # noise
              st.binary(min_size=3, max_size=3).map(lambda pixel: pixel * width)),  # flat colour
    min_size=1, max_size=24).map(lambda rows: (width, rows)))


@settings(max_examples=300, deadline=None)
@given(_rows)
def test_a_band_deflates_to_its_own_bytes_and_checksum(width_and_rows):
    width, kinds = width_and_rows
    rows: list[bytes] = []
    for kind in kinds:
        rows.append(rows[-1] if kind is None and rows else b"\x00" + (kind or bytes(3 * width)))
    band = bytearray(b"".join(rows))
    data, checksum = deflate_band(band, 3 * width + 1)
    assert _inflated(data) == band
    assert checksum == zlib.adler32(band)


def test_bands_deflated_apart_join_into_one_stream():
    row_length = 3 * 300 + 1
    bands = [b"\x00" + os.urandom(row_length - 1) + (b"\x00" + b"\xff" * (row_length - 1)) * 20,
             (b"\x00" + b"\x7f" * (row_length - 1)) * 5 + b"\x00" + os.urandom(row_length - 1)]
    assert _inflated(*(deflate_band(band, row_length)[0] for band in bands)) == b"".join(bands)


def test_repeated_rows_finds_runs_of_rows_equal_to_the_row_above():
    a, b, c = (bytes([n]) * 10 for n in (1, 2, 3))
    rows = [a, a, a, b, c, c, c, c, a, a]  # runs: rows 1-2, rows 5-7, row 9 (too short)
    assert MIN_REPEATED_ROWS == 2
    assert repeated_rows(b"".join(rows), 10) == [(1, 2), (5, 3)]


def test_rows_beyond_deflates_reach_go_through_zlib_whole():
    row = b"\x00" + b"\x10" * WINDOW  # one byte too long for a copy from a row back
    band = row * 3
    assert repeated_rows(band, len(row)) == []
    data, checksum = deflate_band(band, len(row))
    assert _inflated(data) == band and checksum == zlib.adler32(band)


def _block_type(block: bytes) -> int:
    return (block[0] >> 1) & 0b11  # after the bit that says whether the block is the last


def test_runs_take_the_shorter_of_the_fixed_codes_and_their_own():
    kinds = {_block_type(repeat_blocks(3 * width + 1, times, flat))
             for width in (1, 5, 86, 2481) for times in (1, 2, 40) for flat in (False, True)}
    assert kinds == {0b01, 0b10}  # both fixed and dynamic blocks are made, and zlib reads both (tests above)
    long_run = 3 * 2481 + 1
    assert _block_type(repeat_blocks(long_run, 100, True)) == 0b10
    # With codes of its own, 100 blank A4 rows at 300 dpi take under 12 bytes a row (zlib's own: about 35).
    assert len(repeat_blocks(long_run, 100, True)) < 12 * 100


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.integers(0, 285), st.integers(1, 10**6), min_size=1, max_size=40), st.sampled_from([7, 15]))
def test_code_lengths_make_a_complete_code_within_the_limit(counts, limit):
    from collections import Counter

    from boardgen.render.deflate import _code_lengths

    lengths = _code_lengths(Counter(counts), limit)
    assert set(counts) <= set(lengths)
    assert max(lengths.values()) <= limit and min(lengths.values()) >= 1
    assert sum(2 ** -length for length in lengths.values()) == 1  # complete: deflate's readers insist


def test_code_lengths_stay_within_the_limit_when_huffman_would_not():
    from collections import Counter

    from boardgen.render.deflate import _code_lengths

    fibonacci = [1, 1]
    while len(fibonacci) < 12:
        fibonacci.append(fibonacci[-1] + fibonacci[-2])
    lengths = _code_lengths(Counter(dict(enumerate(fibonacci))), 7)  # Huffman alone would go 11 deep
    assert max(lengths.values()) <= 7 and sum(2 ** -length for length in lengths.values()) == 1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 15) | st.just(0), max_size=320))
def test_code_lengths_are_run_length_coded_as_deflate_reads_them(sequence):
    from boardgen.render.deflate import _run_length_coded

    read: list[int] = []
    for symbol, extra, extra_size in _run_length_coded(sequence):
        assert 0 <= extra < (1 << extra_size) or extra == extra_size == 0
        if symbol == 16:
            read += [read[-1]] * (3 + extra)
        elif symbol == 17:
            read += [0] * (3 + extra)
        elif symbol == 18:
            read += [0] * (11 + extra)
        else:
            read.append(symbol)
    assert read == sequence


# Real widths: an A4 page at 300 dpi is 2,480 pixels wide (7,441-byte scanlines), A3 at 300 dpi 3,508; a band
# holds about 140 of them, and on paper most are long runs of the row above.
_REAL_WIDTHS = st.sampled_from([2480, 2481, 3508])
_runs = st.lists(st.tuples(st.sampled_from(["noise", "flat", "sparse"]), st.integers(1, 140)), min_size=1,
                 max_size=6)


@settings(max_examples=30, deadline=None)
@given(_REAL_WIDTHS, _runs, st.integers(0, 2**32))
def test_bands_at_real_widths_with_long_repeated_runs_inflate_to_themselves(width, runs, seed):
    import random

    rng = random.Random(seed)  # the pixels from a seed: hypothesis draws the shape of the band
    row_length = 3 * width + 1
    rows: list[bytes] = []
    for kind, times in runs:
        if kind == "noise":
            row = rng.randbytes(3 * width)
        elif kind == "flat":
            row = bytes([rng.getrandbits(8)] * 3) * width
        else:  # white paper with a few dark marks, as a board's grid lines are
            pixels = bytearray(b"\xff" * (3 * width))
            for _ in range(8):
                at = 3 * rng.randrange(width)
                pixels[at:at + 3] = b"\x00\x00\x00"
            row = bytes(pixels)
        rows += [b"\x00" + row] * times
    band = bytearray(b"".join(rows))
    data, checksum = deflate_band(band, row_length)
    assert _inflated(data) == band
    assert checksum == zlib.adler32(band)
