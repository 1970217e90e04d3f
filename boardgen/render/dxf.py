"""Laser DXF through ezdxf: millimetres, one layer per operation, outlines as closed polylines.

Cuts and scores are LWPOLYLINEs on the CUT and SCORE layers; engraved areas
(text included) are solid HATCHes on ENGRAVE whose boundary paths follow the
even-odd rule, so a letter's counters stay open.  `$INSUNITS` is 4
(millimetres), which laser programs read to import at true size.  ezdxf's
fixed metadata keeps dates and GUIDs out, so the same command gives the
same bytes.
"""

from __future__ import annotations

import io

from ..draw.laser import LaserPlan
from ..draw.laser_colours import LaserColours


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


# AutoCAD colour index for each of the colours the conventions use, for readers without true colour.
_ACI = {"#FF0000": 1, "#FFFF00": 2, "#00FF00": 3, "#00FFFF": 4, "#0000FF": 5, "#FF00FF": 6, "#000000": 7}


def render_dxf(plan: LaserPlan, colours: LaserColours) -> bytes:
    import ezdxf

    previous = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no dates, no random GUIDs: the same bytes twice
    try:
        return _dxf(plan, colours)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = previous


def _dxf(plan: LaserPlan, colours: LaserColours) -> bytes:
    import ezdxf
    from ezdxf import units

    document = ezdxf.new("R2010", setup=False)
    document.units = units.MM
    document.header["$MEASUREMENT"] = 1  # metric
    for name, colour in (("CUT", colours.cut), ("SCORE", colours.score), ("ENGRAVE", colours.engrave)):
        layer = document.layers.add(name, color=_ACI.get(colour, 7))
        layer.rgb = _rgb(colour)
    space = document.modelspace()

    def flip(point: tuple[float, float]) -> tuple[float, float]:
        return (point[0], -point[1])  # DXF's y grows upwards; the bed's top-left corner stays at (0, 0)

    for cut in plan.cuts:
        attributes: dict[str, str | int] = {"layer": "CUT"}
        if cut.hole and colours.inner_cut != colours.cut:
            attributes["true_color"] = ezdxf.colors.rgb2int(_rgb(colours.inner_cut))
        space.add_lwpolyline([flip(p) for p in cut.ring], close=True, dxfattribs=attributes)
    for score in plan.scores:
        space.add_lwpolyline([flip(p) for p in score.points], close=score.closed, dxfattribs={"layer": "SCORE"})
    for area in plan.engraves:
        hatch = space.add_hatch(color=_ACI.get(colours.engrave, 7), dxfattribs={"layer": "ENGRAVE"})
        hatch.dxf.hatch_style = 0  # "normal": nested boundaries alternate filled and open (even-odd)
        for ring in area:
            hatch.paths.add_polyline_path([flip(p) for p in ring], is_closed=True)
    # ezdxf registers the CLASS entries of the entity types in use from a set when it writes, in an order
    # that changes with Python's string hashing; registered here first, sorted, they come out the same.
    for dxf_type in sorted(document.entitydb.dxf_types_in_use()):
        document.classes.add_class(dxf_type)
    stream = io.StringIO()
    document.write(stream)
    return stream.getvalue().encode("utf-8")
