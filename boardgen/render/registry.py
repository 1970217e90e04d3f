"""The file formats boardgen writes, in one registry.

A renderer turns resolved Drawings (shapes with concrete styles, in
millimetres) into the bytes of one file.  Each is imported only when its
format is asked for, so writing a PDF never loads the SVG writer, and the other
way round.
"""

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from ..lazy import load

if TYPE_CHECKING:
    from ..draw.laser import LaserPlan
    from ..draw.laser_colours import LaserColours
    from ..draw.resolve import Drawing


class RenderSettings(NamedTuple):
    """What a file says about itself, and how finely it is rasterised."""

    title: str
    subject: str = ""
    lang: str = "en"
    dpi: float = 300.0
    # Embed the fonts (rule sheets, pieces: every printer shows the same letters), or name the PDF standard
    # fonts every viewer has (boards: a-j, 1-10 and a credits line, and a faster start for the commonest command).
    embed_fonts: bool = True
    # Deflate the PDF's streams: a PDF that stays in memory, only to be rasterised (PNG), is not worth it.
    compress: bool = True
    # Say where the sheet is trimmed, as print shops expect of sheets of parts to cut: None for no TrimBox; else
    # the millimetres of bleed round the sheet (the page grows by it each way, the TrimBox is the sheet and the
    # BleedBox the whole page).
    bleed: float | None = None


# A renderer makes the files for a document's drawings: one file of every page for a paged format (PDF),
# otherwise one per drawing.  Given them all at once, PNG renders its pages through one PDF and one pool
# of threads, with no pause between pages.
Renderer = Callable[["Sequence[Drawing]", RenderSettings], list[bytes]]


# A laser renderer writes one bed's plan (cut, score and engrave paths) in a colour convention, in a version of
# its format (DXF: r2010 or r12; SVG has one).
LaserRenderer = Callable[["LaserPlan", "LaserColours", str], bytes]


class Format(NamedTuple):
    """A file format, and what it can hold: drawings (boards, pages), laser plans, or both (SVG)."""

    name: str  # what --format takes
    description: str
    paged: bool  # all pages in one file (PDF); otherwise one file per page
    on_paper: bool  # a board goes on paper pages; otherwise it is drawn at true size on its own sheet
    module: str
    function: str = ""  # the drawings' renderer in `module`, if the format holds drawings
    laser_module: str = ""
    laser_function: str = ""  # the laser plans' renderer in `laser_module`, if the format holds laser work

    @property
    def extension(self) -> str:
        return self.name

    @property
    def for_drawings(self) -> bool:
        return bool(self.function)

    @property
    def for_laser(self) -> bool:
        return bool(self.laser_function)

    def renderer(self) -> Renderer:
        renderer: Renderer = load(self.module, self.function, __package__)
        return renderer

    def laser_renderer(self) -> LaserRenderer:
        renderer: LaserRenderer = load(self.laser_module, self.laser_function, __package__)
        return renderer


FORMATS: Mapping[str, Format] = MappingProxyType({
    "pdf": Format("pdf", "PDF, on paper at true scale", True, True, ".pdf", "pdf_files"),
    "svg": Format("svg", "SVG in millimetres, true size, one layer per kind of shape (with --laser: one per "
                  "operation)", False, False, ".svg", "svg_files", ".laser_svg", "render_laser_svg"),
    "png": Format("png", "PNG picture that records its resolution", False, False, ".png", "png_files"),
    "dxf": Format("dxf", "DXF in millimetres with CUT, SCORE and ENGRAVE layers, for laser cutters (with --laser)",
                  False, False, "", laser_module=".dxf", laser_function="render_dxf"),
})
DRAWING_FORMATS = tuple(name for name, f in FORMATS.items() if f.for_drawings)
LASER_FORMATS = tuple(name for name, f in FORMATS.items() if f.for_laser)
