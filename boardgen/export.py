"""From a drawing to the bytes of a file in the asked-for format."""

from __future__ import annotations

from typing import NamedTuple

from .errors import BoardgenError
from .pages import layout_pages, sheet
from .palettes import Palette
from .paper import DEFAULT_MARGIN, Paper
from .resolve import resolve
from .scene import Box, Scene

DEFAULT_DPI = 300.0
MAX_PNG_PIXELS = 80_000_000  # about 240 MB of memory while rendering; far beyond any print need


class Output(NamedTuple):
    format: str  # pdf | svg | png
    paper: Paper
    margin: float = DEFAULT_MARGIN
    dpi: float = DEFAULT_DPI


def export(scene: Scene, grid_box: Box, palette: Palette, output: Output, note: str) -> bytes:
    """PDF: the drawing on paper (tiled when large).  SVG and PNG: the drawing at true size."""
    if output.format == "pdf":
        from .render.pdf import render_pdf

        pages = layout_pages(scene, grid_box, output.paper, output.margin, note)
        return render_pdf([resolve(page, palette) for page in pages], scene.title, note)
    if output.format == "svg":
        from .render.svg import render_svg

        return render_svg(resolve(sheet(scene), palette))
    if output.format == "png":
        page = sheet(scene)
        width, height = (round(side / 25.4 * output.dpi) for side in (page.width, page.height))
        if width * height > MAX_PNG_PIXELS:
            raise BoardgenError(
                f"a PNG of this board at {output.dpi:g} dpi would be {width} x {height} pixels; "
                f"use a lower --dpi or the PDF"
            )
        from .render.png import render_png

        return render_png(resolve(page, palette), output.dpi)
    raise BoardgenError(f"unknown format {output.format!r}; choose pdf, svg or png")


def export_pages(pages: list[Scene], palette: Palette, output: Output, title: str) -> list[bytes]:
    """Pages already laid out on paper: one PDF, or one SVG or PNG file per page."""
    if output.format == "pdf":
        from .render.pdf import render_pdf

        return [render_pdf([resolve(page, palette) for page in pages], title)]
    if output.format == "svg":
        from .render.svg import render_svg

        return [render_svg(resolve(page, palette)) for page in pages]
    if output.format == "png":
        from .render.png import render_png

        return [render_png(resolve(page, palette), output.dpi) for page in pages]
    raise BoardgenError(f"unknown format {output.format!r}; choose pdf, svg or png")
