"""Text that flows over pages (a rule sheet), described without a renderer: headings, paragraphs,
lists, rows of figures and page breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..draw.resolve import Drawing

Run = tuple[str, bool, bool, bool]  # text, bold, italic, code


class Heading(NamedTuple):
    level: int
    runs: tuple[Run, ...]


class Para(NamedTuple):
    runs: tuple[Run, ...]


class Bullets(NamedTuple):
    items: tuple[tuple[Run, ...], ...]
    numbered: bool = False


class Figure(NamedTuple):
    drawing: Drawing  # already styled: a rule sheet's diagrams take its palette
    caption: tuple[Run, ...]
    source: str  # the diagram reference, for tests and error messages


class FigureRow(NamedTuple):
    figures: tuple[Figure, ...]
    max_width: float  # mm


class NewPage(NamedTuple):
    pass


Block = Heading | Para | Bullets | FigureRow | NewPage
