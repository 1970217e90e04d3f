"""Deflating a band of PNG scanlines, fast where rows repeat, as one piece of a longer zlib stream.

zlib's fastest level still reads every byte at about 500 MB/s, even on
blank paper.  But a board or a sheet of pieces is flat colour: most rows
are the same as the row above (62 % on a sheet of IACTA pieces, 86 % on
its blank second page).  A run of such rows is one instruction in deflate's
own terms, "copy the last `row` bytes again", so those runs are written
here directly as deflate blocks, in microseconds whatever their size: with
the format's fixed codes (RFC 1951, 3.2.6), or with codes of their own
where that is shorter (a blank A4 row at 300 dpi then takes 10 bytes;
zlib's own level 1 takes 35).  The other rows go through zlib.

Every piece ends on a byte boundary with an empty stored block, as zlib's
sync flush does, so pieces made apart (on other threads, by zlib or by
hand) join into one stream by concatenation, the way pigz joins its
blocks; their Adler-32 checksums are combined arithmetically.
"""

from __future__ import annotations

import zlib
from bisect import bisect_right
from collections import Counter
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
_END_OF_BLOCK = 256
# The order in which a dynamic block's header gives the lengths of the code that sends the other code lengths.
_LENGTH_CODE_ORDER = (16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15)


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
    """A deflate block that repeats the last `row_length` bytes `times` times, then an empty stored block to
    end on a byte.

    A `flat` row (one colour: its filter byte, then one pixel's three bytes over and over) is made from
    three bytes back after its first pixel: a distance of 3 needs no extra bits, one of a row up to 12.
    The block takes deflate's fixed codes or, where that is shorter, codes of its own (a dynamic block,
    whose header lists them): with only a handful of symbols, a copy of 258 bytes then takes two bits
    and the distance's extra bits, rather than thirteen bits and those.
    """
    fixed_row, (header, header_size), dynamic_row, end_of_block = _row_in_both_codes(row_length, flat)
    fixed_size = 3 + fixed_row[1] * times + 7
    dynamic_size = 3 + header_size + dynamic_row[1] * times + end_of_block[1]
    if dynamic_size < fixed_size:
        bits = 0b100 | (header << 3)  # not the last block (1 bit), dynamic codes (2 bits: 10)
        start, row, end_code = 3 + header_size, dynamic_row, end_of_block
    else:
        bits, start, row, end_code = 0b010, 3, fixed_row, _FIXED_LITERALS[_END_OF_BLOCK]  # fixed codes: 01
    bits |= _repeated(row[0], row[1], times) << start
    start += row[1] * times
    bits |= end_code[0] << start
    end = start + end_code[1] + 3  # then a stored block's three bits, and the rest of the byte
    return bits.to_bytes((end + 7) // 8, "little") + _SYNC


@lru_cache(maxsize=64)
def _row_in_both_codes(row_length: int, flat: bool) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int],
                                                              tuple[int, int]]:
    """A repeated row in the fixed codes; the header of a dynamic block, the row and the block's end in its."""
    copies = _row_copies(row_length, flat)
    header, header_size, literals, distances = _dynamic_codes(copies)
    return (_encoded(copies, _FIXED_LITERALS, _FIXED_DISTANCES), (header, header_size),
            _encoded(copies, literals, distances), literals[_END_OF_BLOCK])


def _row_copies(row_length: int, flat: bool) -> tuple[tuple[int, int], ...]:
    """One row as copies (length, distance) of at most 258 bytes, none shorter than 3."""
    if flat and row_length > 4:
        # The filter byte and the first pixel from the row above, the rest from the pixel before.
        return ((4, row_length), *_split(row_length - 4, 3))
    return _split(row_length, row_length)


def _split(length: int, distance: int) -> tuple[tuple[int, int], ...]:
    if length < 3 or not 1 <= distance <= WINDOW:
        raise ValueError(f"cannot copy {length} bytes from {distance} back")
    whole, rest = divmod(length, _LONGEST_COPY)
    tail: tuple[int, ...] = ()
    if rest >= 3:
        tail = (rest,)
    elif rest:  # 1 or 2 bytes left: too short for a copy, so the last two copies share them out
        whole -= 1
        tail = (_LONGEST_COPY + rest - 3, 3)
    return tuple((part, distance) for part in (_LONGEST_COPY,) * whole + tail)


# A code: what each symbol is sent as, its bits (first bit lowest) and their number.
Code = dict[int, tuple[int, int]]


def _encoded(copies: tuple[tuple[int, int], ...], literals: Code, distances: Code) -> tuple[int, int]:
    """The bits (first bit lowest) and their number for the copies, in these codes."""
    bits = size = 0
    for length, distance in copies:
        index = _last_at_most(_LENGTH_BASES, length)
        code, code_size = literals[257 + index]
        bits |= (code | (length - _LENGTH_BASES[index]) << code_size) << size
        size += code_size + _LENGTH_EXTRA[index]
        place = _last_at_most(_DISTANCE_BASES, distance)
        code, code_size = distances[place]
        bits |= (code | (distance - _DISTANCE_BASES[place]) << code_size) << size
        size += code_size + _DISTANCE_EXTRA[place]
    return bits, size


def _repeated(bits: int, size: int, times: int) -> int:
    """`times` copies of `size` bits, one after the other: bits * (1 + 2**size + 2**(2 * size) + ...)."""
    return bits * (((1 << (size * times)) - 1) // ((1 << size) - 1)) if times else 0


def _dynamic_codes(copies: tuple[tuple[int, int], ...]) -> tuple[int, int, Code, Code]:
    """Codes fitted to a row's copies, and the dynamic block header that sends them (RFC 1951, 3.2.7): the
    header's bits and their number after the block type, the literal/length code, the distance code."""
    length_counts = Counter(257 + _last_at_most(_LENGTH_BASES, length) for length, _ in copies)
    length_counts[_END_OF_BLOCK] = 1
    distance_counts = Counter(_last_at_most(_DISTANCE_BASES, distance) for _, distance in copies)
    literal_lengths = _code_lengths(length_counts, 15)
    distance_lengths = _code_lengths(distance_counts, 15)
    literal_count, distance_count = max(literal_lengths) + 1, max(distance_lengths) + 1
    sequence = ([literal_lengths.get(symbol, 0) for symbol in range(literal_count)]
                + [distance_lengths.get(code, 0) for code in range(distance_count)])
    runs = _run_length_coded(sequence)
    length_code_lengths = _code_lengths(Counter(symbol for symbol, _, _ in runs), 7)
    length_code = _canonical(length_code_lengths)
    sent = max(4, 1 + max(index for index, symbol in enumerate(_LENGTH_CODE_ORDER)
                          if length_code_lengths.get(symbol)))
    fields = [(literal_count - 257, 5), (distance_count - 1, 5), (sent - 4, 4)]
    fields += [(length_code_lengths.get(symbol, 0), 3) for symbol in _LENGTH_CODE_ORDER[:sent]]
    for symbol, extra, extra_size in runs:
        fields += [length_code[symbol], (extra, extra_size)]
    bits = size = 0
    for value, value_size in fields:
        bits |= value << size
        size += value_size
    return bits, size, _canonical(literal_lengths), _canonical(distance_lengths)


def _code_lengths(counts: Counter[int], limit: int) -> dict[int, int]:
    """Huffman code lengths for the symbols counted, none longer than `limit`, the code complete."""
    symbols = sorted(counts)
    if len(symbols) == 1:
        # A code of one symbol: a second, never sent, makes it complete (as deflate's readers want).
        symbols.append(0 if symbols[0] else 1)
        return dict.fromkeys(symbols, 1)
    # Huffman's construction: merge the two lightest groups until one is left; ties go by age, then symbol.
    groups = [(counts[symbol], index, [symbol]) for index, symbol in enumerate(symbols)]
    depth = dict.fromkeys(symbols, 0)
    age = len(groups)
    while len(groups) > 1:
        groups.sort()
        (first_count, _, first), (second_count, _, second) = groups[0], groups[1]
        for symbol in first + second:
            depth[symbol] += 1
        groups = [(first_count + second_count, age, first + second), *groups[2:]]
        age += 1
    if max(depth.values()) <= limit:
        return depth
    # Too deep for the limit (never so for the few symbols here): a balanced code, still complete.
    bits = (len(symbols) - 1).bit_length()
    shorter = (1 << bits) - len(symbols)
    return {symbol: bits - 1 if index < shorter else bits for index, symbol in enumerate(symbols)}


def _canonical(lengths: dict[int, int]) -> Code:
    """The canonical Huffman code for these lengths (RFC 1951, 3.2.2), each code's bits reversed to be sent."""
    code, previous_length, codes = 0, 0, {}
    for length, symbol in sorted((length, symbol) for symbol, length in lengths.items() if length):
        code <<= length - previous_length
        codes[symbol] = (_reversed(code, length), length)
        code += 1
        previous_length = length
    return codes


def _run_length_coded(sequence: list[int]) -> list[tuple[int, int, int]]:
    """Code lengths as a dynamic header sends them: (symbol, extra bits, their number); 17 and 18 are runs
    of zeros, 16 repeats the length before."""
    runs: list[tuple[int, int, int]] = []
    index = 0
    while index < len(sequence):
        value = sequence[index]
        run = 1
        while index + run < len(sequence) and sequence[index + run] == value:
            run += 1
        index += run
        if value == 0:
            while run >= 11:
                step = min(run, 138)
                runs.append((18, step - 11, 7))
                run -= step
            if run >= 3:
                runs.append((17, run - 3, 3))
                run = 0
            runs.extend((0, 0, 0) for _ in range(run))
            continue
        runs.append((value, 0, 0))
        run -= 1
        while run >= 3:
            step = min(run, 6)
            runs.append((16, step - 3, 2))
            run -= step
        runs.extend((value, 0, 0) for _ in range(run))
    return runs


def _last_at_most(bases: tuple[int, ...], value: int) -> int:
    """The index of the last base not above `value` (the bases rise)."""
    return bisect_right(bases, value) - 1


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


# Deflate's fixed codes (RFC 1951, 3.2.6): length symbols 256-279 in 7 bits from 0000000, 280-287 in 8 bits
# from 11000000; distance codes in 5 bits.
_FIXED_LITERALS: Code = {symbol: (_reversed(symbol - 256, 7), 7) if symbol < 280
                         else (_reversed(0b11000000 + symbol - 280, 8), 8) for symbol in range(256, 288)}
_FIXED_DISTANCES: Code = {code: (_reversed(code, 5), 5) for code in range(30)}
