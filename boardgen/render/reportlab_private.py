"""The one place boardgen reaches past reportlab's documented API; tests/test_adapters.py pins what it uses.

Two things reportlab offers no public way to do:
- leave the creation and modification dates out of a PDF's information dictionary, so the same command
  writes the same bytes on any day (the canvas's document, `Canvas._doc`, holds that dictionary);
- write a run of texts in embedded fonts as PDF operators, through reportlab's own font subsets and
  string escaping (`Canvas._doc`, `Canvas._escape`): a rule sheet has some five hundred texts, and the
  public text object costs more per text than writing the operators does.

pyproject.toml bounds reportlab's major version, so a release that changes these fails here, in the
tests, before it reaches a user.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFInfo, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas


class _UndatedInfo(PDFInfo):  # type: ignore[misc, unused-ignore]  # reportlab ships no type information
    """The document information dictionary without CreationDate and ModDate."""

    def format(self, document: Any) -> bytes:
        entries = {"Title": PDFString(self.title), "Author": PDFString(self.author),
                   "Producer": PDFString(self.producer), "Creator": PDFString(self.creator),
                   "Subject": PDFString(self.subject), "Trapped": PDFName(self.trapped)}
        if self.keywords:
            entries["Keywords"] = PDFString(self.keywords)
        formatted: bytes = PDFDictionary(entries).format(document)
        return formatted


def leave_out_dates(canvas: Canvas) -> None:
    """Give the canvas's document an information dictionary that holds no dates (set title etc. after)."""
    canvas._doc.info = _UndatedInfo()


def text_writer(canvas: Canvas) -> tuple[Any, Callable[[str], str]]:
    """The canvas's document (which font subsets are registered with) and its PDF string escaping."""
    return canvas._doc, canvas._escape
