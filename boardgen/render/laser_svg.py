"""Laser SVG: one layer per operation, every path in millimetres, colours that say cut, score and engrave.

Written with the same SVG helpers as every drawing (render.svg), sized in mm
with a matching viewBox.  Each operation is an Inkscape layer as well as a
colour, so a laser program may map either.  Nothing is text and nothing is
a pattern or a dash: a laser program sees only paths.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.etree.ElementTree import SubElement

from ..draw.geometry import Point
from ..draw.laser import HAIRLINE, LaserPlan
from ..draw.laser_colours import LaserColours
from .svg import finished, new_document, new_layer, number


def _d(points: Sequence[Point], closed: bool) -> str:
    head, *rest = points
    parts = [f"M{number(head[0])} {number(head[1])}"] + [f"L{number(x)} {number(y)}" for x, y in rest]
    return " ".join(parts) + (" Z" if closed else "")


def render_laser_svg(plan: LaserPlan, colours: LaserColours, version: str = "") -> bytes:
    del version  # every laser program reads the one SVG; only DXF comes in versions
    document = new_document(plan.width, plan.height, plan.title)
    hairline = {"fill": "none", "stroke_width": number(HAIRLINE)}
    # Engrave and score first, then (on a layer of its own) what is cut: a laser program that runs layers in
    # order cuts a part free only after everything on it is done (the README says how to set it).  Holes are
    # cut before outlines, so a part is cut free only once its holes are cut.
    layers = (
        ("engrave", {"fill": colours.engrave, "fill_rule": "evenodd", "stroke": "none"},
         [({"d": " ".join(_d(ring, True) for ring in area)}) for area in plan.engraves]),
        ("score", {**hairline, "stroke": colours.score},
         [{"d": _d(score.points, score.closed)} for score in plan.scores]),
        ("cut", hairline,
         [{"d": _d(cut.ring, True), "stroke": colours.inner_cut if cut.hole else colours.cut} for cut in plan.cuts]),
    )
    labels = dict(plan.labels)
    for name, attributes, paths in layers:
        if paths:
            layer = new_layer(document, name, labels.get(name, name), **attributes)
            layer.set("id", name)
            for path in paths:
                SubElement(layer, "path", path)
    return finished(document)
