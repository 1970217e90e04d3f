"""PDF files that are the same bytes in any environment and say plainly what they are.

ReportLab stamps dates and derives the file's /ID from the time, or from
SOURCE_DATE_EPOCH when that is set.  boardgen leaves the dates out and keeps
the environment out of the bytes, so the same command writes the same file
on any machine, in any build system, on any day.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFInfo, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..draw.fonts import font_path
from .registry import RenderSettings

PRODUCER = f"boardgen {__version__}"
FAMILY = "BoardgenSans"  # the Vera faces of draw.fonts, embedded (as subsets) in every PDF
_FONT_NAMES = {"regular": FAMILY, "bold": f"{FAMILY}-Bold", "italic": f"{FAMILY}-Oblique",
               "bold-italic": f"{FAMILY}-BoldOblique"}


@lru_cache(maxsize=1)
def font_names() -> dict[str, str]:
    """Register the fonts with reportlab once per process; face ("bold", ...) -> the name to set."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for face, name in _FONT_NAMES.items():
        pdfmetrics.registerFont(TTFont(name, str(font_path(face))))
    # So that <b> and <i> in rule-sheet paragraphs pick the right face.
    for (bold, italic), face in (((0, 0), "regular"), ((1, 0), "bold"), ((0, 1), "italic"), ((1, 1), "bold-italic")):
        addMapping(FAMILY, bold, italic, _FONT_NAMES[face])
    return dict(_FONT_NAMES)


@contextmanager
def _without_source_date_epoch() -> Iterator[None]:
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


class _UndatedInfo(PDFInfo):
    """The document information dictionary without CreationDate and ModDate."""

    def format(self, document: Any) -> bytes:
        entries = {"Title": PDFString(self.title), "Author": PDFString(self.author),
                   "Producer": PDFString(self.producer), "Creator": PDFString(self.creator),
                   "Subject": PDFString(self.subject), "Trapped": PDFName(self.trapped)}
        if self.keywords:
            entries["Keywords"] = PDFString(self.keywords)
        formatted: bytes = PDFDictionary(entries).format(document)
        return formatted


def canvas_class(settings: RenderSettings) -> type[Canvas]:
    """A Canvas that describes itself by `settings`, for code (platypus) that makes its own canvas."""

    class DescribedCanvas(Canvas):
        def __init__(self, target: Any, **options: Any) -> None:
            # Starting each page in our own font keeps reportlab's default, Helvetica, out of the file.
            options.update(invariant=1, pageCompression=1, lang=settings.lang, initialFontName=font_names()["regular"])
            with _without_source_date_epoch():
                super().__init__(target, **options)
            _describe(self, settings)

    return DescribedCanvas


def new_canvas(target: Any, settings: RenderSettings) -> Canvas:
    return canvas_class(settings)(target)


def _describe(canvas: Canvas, settings: RenderSettings) -> None:
    canvas._doc.info = _UndatedInfo()
    canvas.setTitle(settings.title)
    canvas.setSubject(settings.subject or settings.title)
    canvas.setAuthor("boardgen")
    canvas.setCreator(PRODUCER)
    canvas.setProducer(PRODUCER)
    # Ask viewers not to "fit to page": a shrunk board no longer fits the dice, a shrunk sheet its margins.
    canvas.setViewerPreference("PrintScaling", "None")
