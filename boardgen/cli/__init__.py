"""The `boardgen` command line: each command parses its options and calls the library."""

from . import drawing, positions, texts  # noqa: F401  (each registers its commands on `main`)
from .app import main

__all__ = ["main"]
