"""What a file says about itself and how finely it is rasterised: what every renderer is given with its drawings.

A module of its own, below the format registry: the registry loads the renderers, and the renderers take their
settings from here, so no renderer imports the registry that chose it (import-linter's contract says so).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RenderSettings:
    """What a file says about itself, and how finely it is rasterised."""

    title: str
    subject: str = ""
    lang: str = "en"
    dpi: float = 300.0
    # Deflate the PDF's streams: a PDF that stays in memory, only to be rasterised (PNG), is not worth it.
    compress: bool = True
    # Say where the sheet is trimmed, as print shops expect of sheets of parts to cut: None for no TrimBox; else
    # the millimetres of bleed round the sheet (the page grows by it each way, the TrimBox is the sheet and the
    # BleedBox the whole page).
    bleed: float | None = None
