"""Renderers: one module per file format, found through `render.registry.FORMATS`."""

from .deferred_pillow import defer_pillow

# Before any renderer imports reportlab, which would import Pillow at once (see deferred_pillow).
defer_pillow()
