"""Laser SVG: one group per operation, every path in millimetres, colours that say cut, score and engrave.

The document is sized in mm with a matching viewBox, the one way LightBurn,
Inkscape, vpype and browsers all import it at true size.  Each operation is
an Inkscape layer as well as a colour, so a laser program may map either.
Nothing is text and nothing is a pattern or a dash: a laser program sees
only paths.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..draw.geometry import Point
from ..draw.laser import HAIRLINE, LaserPlan
from ..draw.laser_colours import LaserColours

_NUMBER = "{:.3f}"


def _n(value: float) -> str:
    text = _NUMBER.format(value).rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _d(points: Sequence[Point], closed: bool) -> str:
    head, *rest = points
    parts = [f"M{_n(head[0])} {_n(head[1])}"] + [f"L{_n(x)} {_n(y)}" for x, y in rest]
    return " ".join(parts) + (" Z" if closed else "")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def render_laser_svg(plan: LaserPlan, colours: LaserColours) -> bytes:
    width, height = _n(plan.width), _n(plan.height)
    stroke = f'fill="none" stroke-width="{_n(HAIRLINE)}"'
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        f'version="1.1" width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">',
        f"<title>{_escape(plan.title)}</title>",
    ]
    # Holes first, then outlines, then (on a separate layer) what is scored and engraved: a laser program
    # that runs layers in order cuts a part free only after everything on it is done, if set to run
    # engrave and score before cut (the README says how).
    cut_paths = [f'<path d="{_d(cut.ring, True)}" stroke="{colours.inner_cut if cut.hole else colours.cut}"/>'
                 for cut in plan.cuts]
    score_paths = [f'<path d="{_d(score.points, score.closed)}"/>' for score in plan.scores]
    engrave_paths = [f'<path d="{" ".join(_d(ring, True) for ring in area)}"/>' for area in plan.engraves]
    for name, attributes, paths in (
        ("engrave", f'fill="{colours.engrave}" fill-rule="evenodd" stroke="none"', engrave_paths),
        ("score", f'{stroke} stroke="{colours.score}"', score_paths),
        ("cut", stroke, cut_paths),
    ):
        if paths:
            lines.append(f'<g id="{name}" inkscape:groupmode="layer" inkscape:label="{name}" {attributes}>')
            lines.extend(paths)
            lines.append("</g>")
    lines.append("</svg>")
    return ("\n".join(lines) + "\n").encode("utf-8")
