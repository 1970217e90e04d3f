"""Text that flows over pages (a rule sheet, a study's report), as blocks: headings, paragraphs, lists,
tables, rows of figures and page breaks.  `layout.flow_pages` puts them on pages."""

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..draw.scene import Scene

Run = tuple[str, bool, bool, bool]  # text, bold, italic, code


def runs(text: str, bold: bool = False, italic: bool = False) -> tuple[Run, ...]:
    """Text in one style, as a heading, paragraph or caption takes it."""
    return ((text, bold, italic, False),)


class Heading(NamedTuple):
    level: int
    runs: tuple[Run, ...]


class Para(NamedTuple):
    runs: tuple[Run, ...]


class Bullets(NamedTuple):
    items: tuple[tuple[Run, ...], ...]
    numbered: bool = False


class Figure(NamedTuple):
    scene: "Scene"  # a diagram, styled with the rest of the sheet
    caption: tuple[Run, ...]
    source: str  # the diagram reference, for tests and error messages


class FigureRow(NamedTuple):
    figures: tuple[Figure, ...]
    max_width: float  # mm: the most a figure may be wide
    slots: int = 0  # how many figures' widths the row's width is shared among; 0: as many as it holds


class NewPage(NamedTuple):
    pass


class Table(NamedTuple):
    """Plain text in columns under a bold header; each row stays on one page."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...]  # right-aligned columns, so the digits line up


Block = Heading | Para | Bullets | FigureRow | NewPage | Table
