"""PDF files that are the same bytes in any environment and say plainly what they are.

ReportLab stamps dates and derives the file's /ID from the time, or from
SOURCE_DATE_EPOCH when that is set.  boardgen leaves the dates out and keeps
the environment out of the bytes, so the same command writes the same file
on any machine, in any build system, on any day.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..draw.fonts import font_path, in_basic_face
from .registry import RenderSettings
from .reportlab_private import leave_out_dates

PRODUCER = f"boardgen {__version__}"
FAMILY = "BoardgenSans"  # the DejaVu Sans faces of draw.fonts, embedded (as subsets) in every PDF
_FONT_NAMES = {"regular": FAMILY, "bold": f"{FAMILY}-Bold", "italic": f"{FAMILY}-Oblique",
               "bold-italic": f"{FAMILY}-BoldOblique"}


def font_for(face: str, text: str = "") -> str:
    """The embedded font to set `text` in: the face's basic cut where that has every letter of the text."""
    return font_name(face, in_basic_face(text))


@cache
def font_name(face: str, basic: bool = False) -> str:
    """The name to set for an embedded face ("regular", "bold", ...), registered with reportlab on first use.

    Reading a font file takes a few milliseconds, so a sheet reads only the faces it uses.
    """
    name = _FONT_NAMES[face] + ("-Basic" if basic else "")
    pdfmetrics.registerFont(TTFont(name, str(font_path(face, basic))))
    return name


# The environment is the process's: one thread at a time takes SOURCE_DATE_EPOCH out and puts it back.
_ENVIRONMENT = threading.Lock()


@contextmanager
def _without_source_date_epoch() -> Iterator[None]:
    with _ENVIRONMENT:
        saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
        try:
            yield
        finally:
            if saved is not None:
                os.environ["SOURCE_DATE_EPOCH"] = saved


def new_canvas(target: Any, settings: RenderSettings) -> Canvas:
    """A Canvas that writes to `target` and describes itself by `settings`."""
    with _without_source_date_epoch():
        # Starting each page in our own font keeps reportlab's default, Helvetica, out of the file.
        canvas = Canvas(target, invariant=1, pageCompression=int(settings.compress), lang=settings.lang,
                        initialFontName=font_for("regular"))
    _describe(canvas, settings)
    return canvas


def _describe(canvas: Canvas, settings: RenderSettings) -> None:
    leave_out_dates(canvas)
    canvas.setTitle(settings.title)
    canvas.setSubject(settings.subject or settings.title)
    canvas.setAuthor("boardgen")
    canvas.setCreator(PRODUCER)
    canvas.setProducer(PRODUCER)
    # Ask viewers not to "fit to page": a shrunk board no longer fits the dice, a shrunk sheet its margins.
    canvas.setViewerPreference("PrintScaling", "None")
