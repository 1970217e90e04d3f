"""Laser DXF through ezdxf: millimetres, one layer per operation, outlines as closed polylines.

Cuts and scores are LWPOLYLINEs on the CUT and SCORE layers; engraved areas
(text included) are solid HATCHes on ENGRAVE whose boundary paths follow the
even-odd rule, so a letter's counters stay open, and whose holes turn the
other way from their outlines (draw.laser sees to that), for importers that
fill by the non-zero rule.  The drawing lies in positive coordinates from
the bed's lower-left corner, with `$EXTMIN`/`$EXTMAX` round the bed, and
`$INSUNITS` is 4 (millimetres): laser programs import it at true size and
in place.  ezdxf's fixed metadata keeps dates and GUIDs out, so the same
command gives the same bytes.

Version r12 is for older laser software: written by ezdxf's own R12
exporter, it holds only LINE and POLYLINE entities; engraved areas are
their closed outlines on the ENGRAVE layer, which such programs fill.
R12 has no units, so the file opens with a comment (group code 999) that
says it is in millimetres: a program that asks, or guesses inches (Inkscape
scales it 25.4 times too large), leaves its user something to read.
"""

from __future__ import annotations

import io
import logging
import threading
from datetime import datetime

from ezdxf import colors, units

# ezdxf's documented options object, which ezdxf does not re-export for type checkers.
from ezdxf import options as ezdxf_options  # type: ignore[attr-defined, unused-ignore]
from ezdxf.addons import r12export
from ezdxf.filemanagement import new
from ezdxf.tools.juliandate import juliandate

from ..draw.laser import LaserPlan
from ..draw.laser_colours import LaserColours


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


# AutoCAD colour index for each of the colours the conventions use, for readers without true colour.
_ACI = {"#FF0000": 1, "#FFFF00": 2, "#00FF00": 3, "#00FFFF": 4, "#0000FF": 5, "#FF00FF": 6, "#000000": 7}


VERSIONS = ("r2010", "r12")
R12_UNITS_COMMENT = "boardgen: all lengths in this drawing are millimetres (1 unit = 1 mm)"

# ezdxf's R12 exporter makes a scratch R12 document, and ezdxf warns on the console that R12 has no units:
# a note for programmers that a user making an R12 file can do nothing about (the guide says R12 has no units).
logging.getLogger("ezdxf").addHandler(logging.NullHandler())


# ezdxf's option for fixed metadata is one for the whole process: one thread at a time sets it and puts it back.
_FIXED_METADATA = threading.Lock()


def render_dxf(plan: LaserPlan, colours: LaserColours, version: str = "r2010") -> bytes:
    if version not in VERSIONS:
        raise ValueError(f"DXF versions are {', '.join(VERSIONS)}, not {version!r}")
    with _FIXED_METADATA:
        previous = ezdxf_options.write_fixed_meta_data_for_testing
        ezdxf_options.write_fixed_meta_data_for_testing = True  # no dates, no random GUIDs: the same bytes twice
        try:
            return _dxf(plan, colours, r12=version == "r12")
        finally:
            ezdxf_options.write_fixed_meta_data_for_testing = previous


def _dxf(plan: LaserPlan, colours: LaserColours, r12: bool) -> bytes:
    document = new("R2010", setup=False)
    if r12:
        # R12 has no units: its readers take millimetres, or ask.  The exporter writes the document's own creation
        # date, which must be fixed by hand to give the same bytes twice.
        for name in ("$TDCREATE", "$TDUPDATE"):
            document.header[name] = juliandate(datetime(2000, 1, 1))
    else:
        document.units = units.MM
    document.header["$MEASUREMENT"] = 1  # metric
    for name, colour in (("CUT", colours.cut), ("SCORE", colours.score), ("ENGRAVE", colours.engrave)):
        layer = document.layers.add(name, color=_ACI.get(colour, 7))
        layer.rgb = _rgb(colour)
    space = document.modelspace()

    def flip(point: tuple[float, float]) -> tuple[float, float]:
        return (point[0], plan.height - point[1])  # DXF's y grows upwards, from the bed's lower-left corner

    for cut in plan.cuts:
        attributes: dict[str, str | int] = {"layer": "CUT"}
        if cut.hole and colours.inner_cut != colours.cut:
            attributes["true_color"] = colors.rgb2int(_rgb(colours.inner_cut))
        space.add_lwpolyline([flip(p) for p in cut.ring], close=True, dxfattribs=attributes)
    for score in plan.scores:
        space.add_lwpolyline([flip(p) for p in score.points], close=score.closed, dxfattribs={"layer": "SCORE"})
    for area in plan.engraves:
        if r12:
            for ring in area:
                space.add_lwpolyline([flip(p) for p in ring], close=True, dxfattribs={"layer": "ENGRAVE"})
            continue
        hatch = space.add_hatch(color=_ACI.get(colours.engrave, 7), dxfattribs={"layer": "ENGRAVE"})
        hatch.dxf.hatch_style = 0  # "normal": nested boundaries alternate filled and open (even-odd)
        for ring in area:
            hatch.paths.add_polyline_path([flip(p) for p in ring], is_closed=True)
    # The bed, declared as the drawing's extents and limits: programs that zoom to them show the whole bed.
    # (ezdxf copies the model space's extents into the header only when its lower corner is not the origin,
    # so the header is given them too.)
    space.reset_extents((0.0, 0.0, 0.0), (plan.width, plan.height, 0.0))
    space.reset_limits((0.0, 0.0), (plan.width, plan.height))
    document.header["$EXTMIN"] = (0.0, 0.0, 0.0)
    document.header["$EXTMAX"] = (plan.width, plan.height, 0.0)
    # ezdxf registers the CLASS entries of the entity types in use from a set when it writes, in an order
    # that changes with Python's string hashing; registered here first, sorted, they come out the same.
    for dxf_type in sorted(document.entitydb.dxf_types_in_use()):
        document.classes.add_class(dxf_type)
    stream = io.StringIO()
    if r12:
        # ezdxf writes no comments; a comment may stand anywhere in a DXF file, and readers skip it.
        stream.write(f"999\n{R12_UNITS_COMMENT}\n")
        r12export.write(document, stream)
    else:
        document.write(stream)
    return stream.getvalue().encode("utf-8")
