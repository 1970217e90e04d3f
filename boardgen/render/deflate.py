"""Deflating a band of PNG scanlines, fast where rows repeat, as one piece of a longer zlib stream.

zlib's fastest level still reads every byte at about 500 MB/s, even on
blank paper.  But a board or a sheet of pieces is flat colour: most rows
are the same as the row above (62 % on a sheet of IACTA pieces, 86 % on
its blank second page).  A run of such rows is one instruction in deflate's
own terms, "copy the last `row` bytes again", so those runs are written
here directly, as deflate blocks with the format's fixed codes (RFC 1951,
3.2.6), which takes microseconds whatever their size.  The other rows go
through zlib.

Every piece ends on a byte boundary with an empty stored block, as zlib's
sync flush does, so pieces made apart (on other threads, by zlib or by
hand) join into one stream by concatenation, the way pigz joins its
blocks; their Adler-32 checksums are combined arithmetically.
"""

from __future__ import annotations

import zlib
from functools import lru_cache

# zlib's level for the rows that do not repeat.  Pictures of boards and pieces are flat colours, which compress
# well fast: measured on a sheet of pieces, level 1 took a tenth less time than level 3 for files 5 % larger,
# and level 6 (zlib's default) three times as long for files a third smaller.
COMPRESSION = 1
WINDOW = 32768  # how far back deflate may copy from
# A repeating run shorter than this many rows goes through zlib with its neighbours: a new zlib piece
# costs more than zlib takes for a row or two (measured on sheets of pieces).
MIN_REPEATED_ROWS = 2
FINAL_EMPTY_BLOCK = b"\x03\x00"  # a last, empty block with fixed codes: what ends the stream
_SYNC = b"\x00\x00\xff\xff"  # an empty stored block's length and its complement, after the alignment
_ADLER_BASE = 65521

# RFC 1951, 3.2.5: length codes 257-285 and distance codes 0-29, their smallest values and extra bits.
_LENGTH_BASES = (3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                 131, 163, 195, 227, 258)
_LENGTH_EXTRA = (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0)
_DISTANCE_BASES = (1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                   2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577)
_DISTANCE_EXTRA = (0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13)
_LONGEST_COPY = 258


def deflate_band(band: bytes | bytearray, row_length: int) -> tuple[bytes, int]:
    """Raw deflate data for a band of whole rows of `row_length` bytes each, and the band's Adler-32.

    The data ends on a byte boundary and is not final: pieces join by concatenation, and the stream is
    ended by FINAL_EMPTY_BLOCK.
    """
    view = memoryview(band)
    pieces = []
    checksum = 1
    start = 0  # where the bytes not yet written start
    for first, count in repeated_rows(band, row_length):
        run_start = first * row_length
        if run_start > start:
            pieces.append(_zlib_piece(view[start:run_start]))
            checksum = zlib.adler32(view[start:run_start], checksum)
        row = bytes(view[run_start - row_length:run_start])
        pieces.append(repeat_blocks(row_length, count, row[4:] == row[1:-3]))
        # Repeated rows' checksum is known without reading them again: zlib's own checksum takes a third of
        # the time deflating does, and these rows are most of a picture.
        checksum = adler32_combine(checksum, _repeated_checksum(zlib.adler32(row), row_length, count),
                                   count * row_length)
        start = run_start + count * row_length
    if start < len(band) or not pieces:
        pieces.append(_zlib_piece(view[start:]))
        checksum = zlib.adler32(view[start:], checksum)
    return b"".join(pieces), checksum


def repeated_rows(band: bytes | bytearray, row_length: int) -> list[tuple[int, int]]:
    """(first row, count) of each run of at least MIN_REPEATED_ROWS rows that repeat the row above."""
    if row_length > WINDOW:  # the row above is out of deflate's reach
        return []
    runs = []
    view = memoryview(band)
    is_prefix_at = band.startswith
    run_start = -1
    rows = len(band) // row_length
    for index in range(1, rows + 1):
        start = index * row_length
        if index < rows and is_prefix_at(view[start - row_length:start], start):  # compared in place
            if run_start < 0:
                run_start = index
            continue
        if run_start >= 0 and index - run_start >= MIN_REPEATED_ROWS:
            runs.append((run_start, index - run_start))
        run_start = -1
    return runs


def _zlib_piece(data: memoryview) -> bytes:
    # Not told the rows before it (zlib's dictionary): measured, that made files 0.6 % smaller and cost more
    # time than it saved.
    compressor = zlib.compressobj(COMPRESSION, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)


def _repeated_checksum(row_checksum: int, row_length: int, times: int) -> int:
    """The Adler-32 of a row `times` over, from the row's: combined by doubling, a few steps for any run."""
    checksum, block, block_length = 1, row_checksum, row_length
    while times:
        if times & 1:
            checksum = adler32_combine(checksum, block, block_length)
        block = adler32_combine(block, block, block_length)
        block_length *= 2
        times >>= 1
    return checksum


@lru_cache(maxsize=1024)
def repeat_blocks(row_length: int, times: int, flat: bool) -> bytes:
    """A deflate block with fixed codes that repeats the last `row_length` bytes `times` times, then an empty
    stored block to end on a byte.

    A `flat` row (one colour: its filter byte, then one pixel's three bytes over and over) is made from
    three bytes back after its first pixel, which takes half the bits of a copy from a row back: a
    distance of 3 needs no extra bits, one of a row up to 12.
    """
    if flat and row_length > 4:
        row_bits, row_size = _copies(4, row_length)  # the filter byte and the first pixel, from the row above
        bits, size = _copies(row_length - 4, 3)
        row_bits |= bits << row_size
        row_size += size
    else:
        row_bits, row_size = _copies(row_length, row_length)
    start = 3  # not the last block (1 bit), fixed codes (2 bits: 01)
    bits = 0b010 | (_repeated(row_bits, row_size, times) << start)
    end = start + row_size * times + 7 + 3  # the end of the block (code 256: seven 0 bits), a stored block's three
    return bits.to_bytes((end + 7) // 8, "little") + _SYNC


def _copies(length: int, distance: int) -> tuple[int, int]:
    """The bits (first bit lowest) and their number for copying `length` bytes (at least 3) from `distance` back,
    in copies of at most 258 bytes."""
    if length < 3 or not 1 <= distance <= WINDOW:
        raise ValueError(f"cannot copy {length} bytes from {distance} back")
    whole, rest = divmod(length, _LONGEST_COPY)
    tail = []
    if rest >= 3:
        tail = [rest]
    elif rest:  # 1 or 2 bytes left: too short for a copy, so the last two copies share them out
        whole -= 1
        tail = [_LONGEST_COPY + rest - 3, 3]
    code, size = _copy_code(_LONGEST_COPY, distance)
    bits, count = _repeated(code, size, whole), size * whole
    for part in tail:
        code, size = _copy_code(part, distance)
        bits |= code << count
        count += size
    return bits, count


def _repeated(bits: int, size: int, times: int) -> int:
    """`times` copies of `size` bits, one after the other: bits * (1 + 2**size + 2**(2 * size) + ...)."""
    return bits * (((1 << (size * times)) - 1) // ((1 << size) - 1)) if times else 0


def _copy_code(length: int, distance: int) -> tuple[int, int]:
    """The bits (first bit lowest) and their number for one copy of `length` bytes from `distance` back."""
    index = _last_at_most(_LENGTH_BASES, length)
    symbol = 257 + index
    # The fixed code for 257-279 is 7 bits from 0000000, for 280-287 8 bits from 11000000; Huffman codes
    # are sent highest bit first, the extra bits lowest first.
    code, size = (symbol - 256, 7) if symbol < 280 else (0b11000000 + symbol - 280, 8)
    bits = _reversed(code, size)
    bits |= (length - _LENGTH_BASES[index]) << size
    size += _LENGTH_EXTRA[index]
    place = _last_at_most(_DISTANCE_BASES, distance)
    bits |= _reversed(place, 5) << size
    size += 5
    bits |= (distance - _DISTANCE_BASES[place]) << size
    return bits, size + _DISTANCE_EXTRA[place]


def _last_at_most(bases: tuple[int, ...], value: int) -> int:
    return max(index for index, base in enumerate(bases) if base <= value)


def _reversed(code: int, size: int) -> int:
    return int(f"{code:0{size}b}"[::-1], 2)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's checksum (zlib's adler32_combine)."""
    remainder = second_length % _ADLER_BASE
    low = ((first & 0xFFFF) + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    high = (remainder * (first & 0xFFFF) + (first >> 16) + (second >> 16) + _ADLER_BASE - remainder) % _ADLER_BASE
    return low | (high << 16)


def zlib_header(level: int) -> bytes:
    """The two bytes that start a zlib stream of raw deflate data made at `level`."""
    method = 0x78  # deflate with a 32 KB window
    hint = 0 if level < 2 else 1 if level < 6 else 2 if level == 6 else 3  # FLEVEL, as zlib itself sets it
    flags = hint << 6
    flags += 31 - (method * 256 + flags) % 31
    return bytes([method, flags])
