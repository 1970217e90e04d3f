"""The `boardgen` command line: each command parses its options and calls the library.

The group (app.py) builds a command from its product's declaration only when that command runs; the console
script is `boardgen.console:run`.
"""

from __future__ import annotations

from .app import main

__all__ = ["main"]
