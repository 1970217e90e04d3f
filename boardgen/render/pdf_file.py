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
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..draw.fonts import font_path, in_basic_face
from ..version import __version__
from .reportlab_private import leave_out_dates
from .settings import RenderSettings

PRODUCER = f"boardgen {__version__}"
FAMILY = "BoardgenSans"  # the DejaVu Sans faces of draw.fonts, embedded (as subsets) in every PDF
_FONT_NAMES = {"regular": FAMILY, "bold": f"{FAMILY}-Bold", "italic": f"{FAMILY}-Oblique",
               "bold-italic": f"{FAMILY}-BoldOblique"}


def font_for(face: str, text: str = "") -> str:
    """The embedded font to set `text` in: the face's basic cut where that has every letter of the text."""
    return font_name(face, in_basic_face(text))


# reportlab's font registry is a module-level table, not thread-safe, and the web page renders in threads: one
# thread at a time reads a face and registers it, so each face is registered once per process.  (functools.cache
# would not do: two threads that miss it together both run the function, and both register.)
FONT_LOCK = threading.Lock()
_REGISTERED: dict[tuple[str, bool], str] = {}  # (face, basic) -> its name in reportlab, written under the lock


def font_name(face: str, basic: bool = False) -> str:
    """The name to set for an embedded face ("regular", "bold", ...), registered with reportlab on first use.

    Reading a font file takes a few milliseconds, so a sheet reads only the faces it uses.
    """
    registered = _REGISTERED.get((face, basic))  # every text asks: once registered, no lock is taken
    if registered is not None:
        return registered
    with FONT_LOCK:
        registered = _REGISTERED.get((face, basic))  # another thread may have registered it while this one waited
        if registered is None:
            registered = _FONT_NAMES[face] + ("-Basic" if basic else "")
            pdfmetrics.registerFont(TTFont(registered, str(font_path(face, basic))))
            _REGISTERED[(face, basic)] = registered
        return registered


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
