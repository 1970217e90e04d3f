"""Text on its way to a terminal: control characters from a file are shown, never obeyed.

A position file may hold anything, and `check` echoes values from it; an
escape sequence there could retitle the window or clear the screen, and a
direction control (U+202E) could make a file name read backwards.  Every
control character except a line end, and every direction control, is
written as a visible escape; a very long text is cut, saying how long it
was; and a terminal that cannot show a character gets it escaped, never an
error (`tolerant_streams`).
"""

from __future__ import annotations

import re
import sys

# C0 controls but newline, DEL, the C1 controls (0x9b is a one-byte CSI on some terminals), and the
# direction marks, embeddings, overrides and isolates.
_CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
LONGEST = 300  # characters of one text from a file or an argument shown in a line


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    r"""'\x1b]0;pwned\x07' -> '\\x1b]0;pwned\\x07': visible, harmless."""
    return _CONTROLS.sub(_escape, text)


def shortened(text: str, longest: int = LONGEST) -> str:
    """The text, or its start and a note of its length when it is longer than a line should be."""
    if len(text) <= longest:
        return text
    return f"{text[:longest]}… ({len(text):,} characters)"


def one_line(text: str) -> str:
    """Printable, with every run of white space (line ends included) made a single space, cut to a readable
    length."""
    return printable(shortened(" ".join(text.split()), 4 * LONGEST))


def shown_path(path: object) -> str:
    """A path as a success line shows it: printable, whatever the user's file name holds."""
    return printable(str(path))


def tolerant_streams() -> None:
    """Make standard output and error write a character their encoding lacks as an escape (a Windows console
    in cp1252, a pipe in ASCII), never fail on it."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
