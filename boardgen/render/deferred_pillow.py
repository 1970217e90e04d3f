"""Pillow, loaded only if something uses it.

reportlab imports Pillow's `PIL.Image` when it starts, for bitmaps; boardgen
draws none, and that import was 15 ms of the 125 ms a PDF board takes
(measured with bench/bench_commands.py).  The standard library's LazyLoader puts a module
in its place that imports Pillow the first time one of its names is used, so
reportlab still works with bitmaps should it ever be given one.
"""

from __future__ import annotations

import importlib.util
import sys
from typing import Any

_NAME = "PIL.Image"


def defer_pillow() -> None:
    """Make `PIL.Image` load on first use, unless it is loaded already or Pillow is missing."""
    if _NAME in sys.modules:
        return
    try:
        spec = importlib.util.find_spec(_NAME)
    except ImportError:  # no Pillow: reportlab will say so itself when it needs it
        return
    if spec is None or spec.loader is None:
        return
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[_NAME] = module
    loader.exec_module(module)
    package: Any = sys.modules["PIL"]
    package.Image = module  # as the import system does for a submodule it loads
