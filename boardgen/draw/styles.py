"""Concrete looks: fills, outlines, dashes and hatches, in millimetres.

A palette (for print) or a laser profile maps every style role of a scene to
one of these; renderers draw only Styles.
"""

from typing import NamedTuple

Colour = str  # "#rrggbb"


class Hatch(NamedTuple):
    """Parallel lines filling a shape; several angles make a cross-hatch."""

    angles: tuple[float, ...]  # degrees, counter-clockwise from the x axis as seen on the page
    spacing: float  # mm between lines
    width: float  # mm line width
    colour: Colour = "#000000"
    # On a laser, where the lines' angle would be lost: "" engraves a dense hatch whole and frames a light one;
    # "square", "round", "diamond" or "bars" engraves the field round a window of that shape (smaller the denser
    # the hatch), so that each player's zones keep a pattern of their own on wood.
    window: str = ""


# Hatch and Style are NamedTuples, immutable values like the scene's shapes and
# as cheap to define; Palette, a spec with behaviour, stays a dataclass.
class Style(NamedTuple):
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: float = 0.0  # mm
    dash: tuple[float, ...] = ()  # mm on, mm off, ...
    hatch: Hatch | None = None


def describe_style(style: Style | None) -> str:
    """A short human description of a style, for `boardgen palettes`."""
    if style is None:
        return "(not drawn)"
    parts = []
    if style.fill:
        parts.append(style.fill)
    if style.hatch:
        kind = "cross-hatch" if len(style.hatch.angles) > 1 else "lines"
        angles = "/".join(f"{a:g}°" for a in style.hatch.angles)
        parts.append(f"{kind} {angles} every {style.hatch.spacing:g} mm")
    if style.stroke:
        dash = " dashed" if style.dash else ""
        parts.append(f"outline {style.stroke} {style.stroke_width:g} mm{dash}")
    return ", ".join(parts)
