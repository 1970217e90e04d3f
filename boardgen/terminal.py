"""Text on its way to a terminal: control characters from a file are shown, never obeyed.

A position file may hold anything, and `check` echoes values from it; an
escape sequence there could retitle the window or clear the screen.  Every
control character except a line end is written as a visible escape.
"""

from __future__ import annotations

import re

# C0 controls but newline, DEL, and the C1 controls (0x9b is a one-byte CSI on some terminals).
_CONTROLS = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    r"""'\x1b]0;pwned\x07' -> '\\x1b]0;pwned\\x07': visible, harmless."""
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def one_line(text: str) -> str:
    """Printable, with every run of white space (line ends included) made a single space."""
    return printable(" ".join(text.split()))
