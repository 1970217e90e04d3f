"""Renderers: one module per file format, found through `render.registry.FORMATS`."""
