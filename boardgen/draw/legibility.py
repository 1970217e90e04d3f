"""Text that stays readable on the field it is printed on: a number in a corner, a sign in the middle.

A board's notes and signs are drawn in their own role on a field of some zone;
their role on the page is written "ROLE@ZONE" (`on_field`), and a palette
styles it as ROLE, in ink or white instead wherever ROLE's colour is too close
to the zone's to read.  Too close is under WCAG 2's 4.5:1 contrast for text:
luminance contrast, which colour blindness leaves as it is.
"""

from __future__ import annotations

from functools import cache

from .styles import Style

TEXT_CONTRAST = 4.5  # WCAG 2 AA for ordinary text: a note is some 3 mm high
INK = "#1a1a1a"
WHITE = "#ffffff"
ON = "@"


def on_field(role: str, zone: str) -> str:
    """The role of text (or a mark's ink) in `role` printed on a field of `zone`."""
    return f"{role}{ON}{zone}"


def parts(role: str) -> tuple[str, str] | None:
    """(the text's role, the zone's role) of an on_field role; None for any other."""
    text, at, zone = role.partition(ON)
    return (text, zone) if at else None


@cache
def _luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    a, b = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def legible_on(text: Style | None, field: Style | None) -> Style | None:
    """The text's style, its colour changed to ink or white (whichever reads better) where it has too little
    contrast with the field's; as it is on a field without a colour of its own (a hatch on white: white)."""
    if text is None or not text.fill:
        return text
    ground = (field.fill if field is not None else None) or WHITE
    if contrast(text.fill, ground) >= TEXT_CONTRAST:
        return text
    return text._replace(fill=max((text.fill, INK, WHITE), key=lambda colour: contrast(colour, ground)))
