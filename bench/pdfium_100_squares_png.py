"""The reference for a board PNG: the reference board PDF (reportlab_100_squares.py) rendered by pypdfium2 at
300 dpi and written as an 8-bit RGB PNG with zlib, as plainly as it can be done.

    python bench/pdfium_100_squares_png.py OUT.png
"""

import io
import struct
import sys
import zlib

import pypdfium2
from reportlab_100_squares import draw

DPI = 300


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def main(target: str) -> None:
    pdf = io.BytesIO()
    draw(pdf)
    page = pypdfium2.PdfDocument(pdf.getvalue())[0]
    bitmap = page.render(scale=DPI / 72, rev_byteorder=True)  # RGB, as a PNG holds it
    width, height, stride = bitmap.width, bitmap.height, bitmap.stride
    pixels = bytes(bitmap.buffer)
    rows = b"".join(b"\x00" + pixels[top * stride:top * stride + 3 * width] for top in range(height))
    with open(target, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(rows, 3)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    main(sys.argv[1])
