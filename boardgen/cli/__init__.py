"""The `boardgen` command line: each command parses its options and calls the library."""

from .app import main
from . import drawing, positions, texts  # noqa: E402,F401,I001  (each registers its commands on `main`)

__all__ = ["main"]
