"""The file formats boardgen writes, in one registry.

A renderer turns resolved Drawings (shapes with concrete styles, in
millimetres) into the bytes of one file.  This registry is the one module
of boardgen/render that imports late: each format's renderer is imported
only when that format is asked for, so writing a PDF never loads the SVG
writer or pdfium, and the other way round.  Each entry is a small function
that imports its renderer and returns it, so mypy checks the renderer
against the type the registry promises, and import-linter sees the import.
The renderers take their RenderSettings from settings.py and never import
this registry back (an import-linter contract says so).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from .settings import RenderSettings

if TYPE_CHECKING:
    from ..draw.laser import LaserPlan
    from ..draw.laser_colours import LaserColours
    from ..draw.resolve import Drawing


# A renderer makes the files for a document's drawings: one file of every page for a paged format (PDF),
# otherwise one per drawing.
Renderer = Callable[["Sequence[Drawing]", RenderSettings], list[bytes]]

# A laser renderer writes one bed's plan (cut, score and engrave paths) in a colour convention, in a version of
# its format (DXF: r2010 or r12; SVG has one).
LaserRenderer = Callable[["LaserPlan", "LaserColours", str], bytes]


def _pdf() -> Renderer:
    from .pdf import pdf_files

    return pdf_files


def _svg() -> Renderer:
    from .svg import svg_files

    return svg_files


def _png() -> Renderer:
    from .png import png_files

    return png_files


def _laser_svg() -> LaserRenderer:
    from .laser_svg import render_laser_svg

    return render_laser_svg


def _dxf() -> LaserRenderer:
    from .dxf import render_dxf

    return render_dxf


@dataclass(frozen=True)
class Format:
    """A file format, and what it can hold: drawings (boards, pages), laser plans, or both (SVG)."""

    name: str  # what --format takes
    description: str
    paged: bool  # all pages in one file (PDF); otherwise one file per page
    on_paper: bool  # a board goes on paper pages; otherwise it is drawn at true size on its own sheet
    drawings: Callable[[], Renderer] | None = None  # imports and returns the drawings' renderer, if any
    laser: Callable[[], LaserRenderer] | None = None  # imports and returns the laser plans' renderer, if any

    @property
    def extension(self) -> str:
        return self.name

    @property
    def for_drawings(self) -> bool:
        return self.drawings is not None

    @property
    def for_laser(self) -> bool:
        return self.laser is not None

    def renderer(self) -> Renderer:
        if self.drawings is None:
            raise ValueError(f"{self.name} holds no drawings")
        return self.drawings()

    def laser_renderer(self) -> LaserRenderer:
        if self.laser is None:
            raise ValueError(f"{self.name} holds no laser plans")
        return self.laser()


FORMATS: Mapping[str, Format] = MappingProxyType({
    "pdf": Format("pdf", "PDF, on paper at true scale", True, True, drawings=_pdf),
    "svg": Format("svg", "SVG in millimetres, true size, one layer per kind of shape (with --laser: one per "
                  "operation)", False, False, drawings=_svg, laser=_laser_svg),
    "png": Format("png", "PNG picture that records its resolution", False, False, drawings=_png),
    "dxf": Format("dxf", "DXF in millimetres with CUT, SCORE and ENGRAVE layers, for laser cutters (with --laser)",
                  False, False, laser=_dxf),
})
DRAWING_FORMATS = tuple(name for name, f in FORMATS.items() if f.for_drawings)
LASER_FORMATS = tuple(name for name, f in FORMATS.items() if f.for_laser)
