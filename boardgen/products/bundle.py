"""Several made files as one download: a ZIP whose bytes depend on the files alone, and a first look at them."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass

from ..render.png import first_page_png
from .document import RenderedFile

# Every entry is dated the same, so the same files make the same ZIP (the ZIP format starts at 1980).
_FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def zip_files(files: Sequence[RenderedFile], folder: str = "") -> bytes:
    """The files in a ZIP, in order, inside `folder` when one is given; deflated, dated 1980-01-01."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in files:
            entry = zipfile.ZipInfo(f"{folder}/{file.name}" if folder else file.name, _FIXED_DATE)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, file.data, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


TEXTS = ("txt", "csv", "json", "xml")  # files a preview shows as text


@dataclass(frozen=True)
class Preview:
    """A picture of the first page or drawing of what a product makes, and what it is."""

    data: bytes
    media_type: str  # image/png, image/svg+xml, or text/plain
    pages: int  # a PDF's pages; 0 for a drawing or a text, which has none


def preview(files: Sequence[RenderedFile], dpi: float = 40.0) -> Preview | None:
    """The first file's first page as a picture at true proportions: a PDF's page drawn as PNG (by pdfium, as
    --format png draws it), an SVG or PNG as it is; a text (a LEGO list) as text."""
    if not files:
        return None
    first = files[0]
    kind = first.name.rsplit(".", 1)[-1].lower()
    if kind == "svg":
        return Preview(first.data, "image/svg+xml", 0)
    if kind == "png":
        return Preview(first.data, "image/png", 0)
    if kind in TEXTS:
        return Preview(first.data, "text/plain; charset=utf-8", 0)
    if kind != "pdf":
        return None

    picture, pages = first_page_png(first.data, dpi)
    return Preview(picture, "image/png", pages)
