"""What every product makes: documents that want a file name, turned into bytes by the format registry.

    document = board_document(...)              # pages (scenes in millimetres) and the name they want
    files = render_document(document, output)   # [RenderedFile(name, bytes)]: one PDF, or one SVG per page
    write_files(...)                            # all of them or none (products.writer)

Boards, diagrams, pieces and rule sheets are Documents of pages; a LEGO
list is a TextDocument.  Whatever the kind, the result is the same: a list
of named files.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..draw.resolve import resolve
from ..errors import BoardgenError
from ..layout.paper import DEFAULT_MARGIN, Paper
from ..render.registry import FORMATS, Format
from ..render.settings import RenderSettings

if TYPE_CHECKING:
    from ..draw.laser_areas import LaserWork
    from ..draw.resolve import Look
    from ..draw.scene import Scene

DEFAULT_DPI = 300.0
# The PNG pixel budget, for time rather than memory: a picture is made a band at a time (render.png), so it
# holds a few bands and its compressed bytes, not its pixels (measured: two A3 pages of pieces at 600 dpi,
# 70 megapixels each, peak at 42 MB for the whole program and take 0.4 s).  One page may have 80 megapixels
# (an A3 page at 600 dpi), and one command may write 400 megapixels in all (a few seconds), far beyond any
# print need.
MAX_PNG_PIXELS = 80_000_000
MAX_PNG_TOTAL_PIXELS = 400_000_000


@dataclass(frozen=True)
class Output:
    """How the user asked for files: the format, the paper for paged output, the PNG resolution."""

    format: Format
    paper: Paper
    margin: float = DEFAULT_MARGIN
    dpi: float = DEFAULT_DPI
    bleed: float = 0.0  # mm round a PDF sheet of parts, for a print shop


def output_for(fmt: str, paper: Paper, margin: float = DEFAULT_MARGIN, dpi: float = DEFAULT_DPI,
               bleed: float = 0.0) -> Output:
    chosen = FORMATS.get(fmt.lower())
    if chosen is None or not chosen.for_drawings:
        drawings = ", ".join(name for name, f in FORMATS.items() if f.for_drawings)
        raise BoardgenError(f"unknown format {fmt!r} for a drawing; choose one of: {drawings}")
    return Output(chosen, paper, margin, dpi, bleed)


@dataclass(frozen=True)
class DocumentInfo:
    title: str
    subject: str = ""
    lang: str = "en"
    for_cutting: bool = False  # sheets of parts to cut: the PDF says where each sheet is trimmed


@dataclass(frozen=True)
class Document:
    """Pages of drawings (scenes), styled later by a look, and the file name they want (without extension)."""

    stem: str
    pages: "tuple[Scene, ...]"
    info: DocumentInfo
    notice: str = ""  # one line the user should read about the file ("takes 3 pages; --field 15.6 fits one")


@dataclass(frozen=True)
class TextDocument:
    stem: str
    extension: str
    text: str


AnyDocument = Document | TextDocument


@dataclass(frozen=True)
class RenderedFile:
    name: str  # file name, no folder
    data: bytes
    # What tells this file from the others a product makes ("-p2", "-tokens-backs-1"): with -o PATH, the
    # files are PATH's name with this added.
    suffix: str = ""
    work: "LaserWork | None" = None  # a laser file's cut and score lengths and engraved area, for the read-me
    notice: str = ""  # the document's notice, on its first file


def page_names(stem: str, extension: str, pages: int) -> list[str]:
    """One name for one page; name-p1.svg, name-p2.svg, ... for several."""
    if pages == 1:
        return [f"{stem}.{extension}"]
    return [f"{stem}-p{n}.{extension}" for n in range(1, pages + 1)]


def render_document(document: AnyDocument, output: Output, look: "Look | None" = None) -> list[RenderedFile]:
    """The document's files in the output's format, styled by `look` (a palette)."""
    if isinstance(document, TextDocument):
        return [RenderedFile(f"{document.stem}.{document.extension}", document.text.encode("utf-8"))]

    if look is None:
        raise ValueError("a drawn document needs a look to be rendered")
    fmt = output.format
    info = document.info
    settings = RenderSettings(info.title, info.subject, info.lang, output.dpi,
                              bleed=output.bleed if info.for_cutting else None)
    if fmt.name == "png":
        _check_pixels(document.pages, output.dpi)
    files = fmt.renderer()([resolve(page, look) for page in document.pages], settings)
    if fmt.paged:
        made = [RenderedFile(f"{document.stem}.{fmt.extension}", data) for data in files]
    else:
        names = page_names(document.stem, fmt.extension, len(document.pages))
        suffixes = [name[len(document.stem):-len(fmt.extension) - 1] for name in names]  # "-p2"
        made = [RenderedFile(name, data, suffix) for name, suffix, data in zip(names, suffixes, files, strict=True)]
    if document.notice and made:
        made[0] = replace(made[0], notice=document.notice)
    return made


def _check_pixels(pages: "Sequence[Scene]", dpi: float) -> None:
    """Refuse, before any work, pictures beyond the pixel budget."""
    total = 0
    for page in pages:
        width, height = (round(side / 25.4 * dpi) for side in (page.width, page.height))
        if width * height > MAX_PNG_PIXELS:
            raise BoardgenError(f"a PNG of this at {dpi:g} dpi would be {width} x {height} pixels, more than "
                                f"the {MAX_PNG_PIXELS // 1_000_000} million a picture may have; use a lower --dpi "
                                "or the PDF")
        total += width * height
    if total > MAX_PNG_TOTAL_PIXELS:
        raise BoardgenError(f"these {len(pages)} PNG pages at {dpi:g} dpi would have {total // 1_000_000} million "
                            f"pixels, more than the {MAX_PNG_TOTAL_PIXELS // 1_000_000} million one command may "
                            "write; use a lower --dpi or the PDF")
