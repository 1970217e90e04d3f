"""The `boardgen` command line: each command parses its options and calls the library.

The group (app.py) imports a command's module only when that command runs.
"""

from .app import main

__all__ = ["main"]
