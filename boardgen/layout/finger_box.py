"""Finger-jointed boxes for a laser cutter: flat panels whose edges interlock, sized from the inside.

A tray is a floor and four walls, open at the top; a two-piece box is a base
tray and a shallower lid tray that slides over it.  Every joint is an edge
that two panels share: one panel has *tabs* there (its material reaches the
outer line at both ends and at every other finger), the other has *slots*
(the complement), so the two interlock exactly.  The fingers are an odd
number of equal widths over the edge between its two corner squares, so the
pattern reads the same from either end and a panel can be put in either way
round.  Each corner cube belongs to one panel: the floor owns the bottom
corners, the front and back walls own the top ones.

Outlines here are the parts' true sizes; the kerf is added when they are
turned into laser work (draw.laser grows every cut outline by half of it),
so after cutting the tabs and slots are these sizes again and fit.
"""

import math
from typing import NamedTuple

from .boxes import BoxSize

Point = tuple[float, float]
FINGER = 2.0  # a finger's width, in material thicknesses, as near as an odd count allows
LID_DEPTH = 20.0  # mm: the lid's walls, inside, where the base is taller


class Panel(NamedTuple):
    """One flat part: its outer width and height and each edge's kind, clockwise from the top."""

    name: str
    width: float
    height: float
    edges: tuple[str, str, str, str]  # top, right, bottom, left


def least_inner_height(thickness: float) -> float:
    """The shallowest tray whose walls still take three fingers each at least a thickness wide (a finger
    narrower than the material it is cut from breaks off): the wall's jointed stretch, its height less two
    corner squares, is then at least three thicknesses."""
    return 4 * thickness


def finger_count(length: float, thickness: float) -> int:
    """The odd number of fingers, at least 3, nearest to FINGER thicknesses wide each over `length`."""
    count = max(3, round(length / (FINGER * thickness)))
    return count if count % 2 else count + 1


def edge_cuts(kind: str, length: float, thickness: float) -> list[tuple[float, float]]:
    """Where an edge is cut in by the thickness, as (start, end) along it: nothing for a flat edge; every other
    finger for tabs; the corner squares and the fingers between for slots."""
    if kind == "flat":
        return []
    zone = length - 2 * thickness
    count = finger_count(zone, thickness)
    width = zone / count
    odd = 1 if kind == "tabs" else 0
    cuts = [(thickness + i * width, thickness + (i + 1) * width) for i in range(count) if i % 2 == odd]
    if kind == "slots":
        cuts = [(0.0, thickness), *cuts, (length - thickness, length)]
    return _merged(cuts)


def _merged(cuts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for start, end in sorted(cuts):
        if merged and start <= merged[-1][1] + 1e-9:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def panel_outline(panel: Panel, thickness: float, x: float = 0.0, y: float = 0.0) -> tuple[Point, ...]:
    """The panel's outline at (x, y), clockwise (y down), with its fingers: one closed ring, no repeated or
    collinear points."""
    w, h = panel.width, panel.height
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    lengths = [w, h, w, h]
    cuts = [edge_cuts(kind, length, thickness) for kind, length in zip(panel.edges, lengths, strict=True)]
    # A corner square cut away by either edge is cut away from both: the other edge then starts (or ends) in.
    for k in range(4):
        after = (k + 1) % 4
        cut = (cuts[k] and cuts[k][-1][1] >= lengths[k] - 1e-9) or (cuts[after] and cuts[after][0][0] <= 1e-9)
        if cut:
            cuts[k] = _merged([*cuts[k], (lengths[k] - thickness, lengths[k])])
            cuts[after] = _merged([(0.0, thickness), *cuts[after]])
    points: list[Point] = []
    for k in range(4):
        start, end = corners[k], corners[(k + 1) % 4]
        along = ((end[0] - start[0]) / lengths[k], (end[1] - start[1]) / lengths[k])
        inward = (-along[1], along[0])  # clockwise with y down: inside is to the right of travel

        def at(s: float, depth: float, start: Point = start, along: Point = along, inward: Point = inward) -> Point:
            return (start[0] + along[0] * s + inward[0] * depth, start[1] + along[1] * s + inward[1] * depth)

        # An edge cut in at a corner starts (ends) at the inner corner, one thickness along and in.
        first = cuts[k][0][0] <= 1e-9 if cuts[k] else False
        last = cuts[k][-1][1] >= lengths[k] - 1e-9 if cuts[k] else False
        points.append(at(thickness, thickness) if first else at(0.0, 0.0))
        for a, b in cuts[k]:
            if a > 1e-9:
                points += [at(a, 0.0), at(a, thickness)]
            if b < lengths[k] - 1e-9:
                points += [at(b, thickness), at(b, 0.0)]
        points.append(at(lengths[k] - thickness, thickness) if last else at(lengths[k], 0.0))
    return _cleaned(points)


def _cleaned(points: list[Point]) -> tuple[Point, ...]:
    """Without repeated points, points on a straight run, or the spikes a cut corner leaves (out and back along
    the same line): what remains is the outline's true corners."""
    ring = [(round(px, 9), round(py, 9)) for px, py in points]
    i = 0
    while i < len(ring) and len(ring) > 3:
        before, here, after = ring[i - 1], ring[i], ring[(i + 1) % len(ring)]
        cross = (here[0] - before[0]) * (after[1] - here[1]) - (here[1] - before[1]) * (after[0] - here[0])
        if here == before or abs(cross) < 1e-9:  # repeated, straight on, or back on itself
            del ring[i]
            i = max(i - 1, 0)
        else:
            i += 1
    return tuple(ring)


def tray_panels(inner: BoxSize, thickness: float) -> tuple[Panel, ...]:
    """The five panels of an open tray whose inside is `inner`: the floor has tabs all round; the front and back
    walls span the whole width, slotted into the floor and with tabs into the side walls; the side walls are
    slotted on three edges."""
    width, depth = inner.width + 2 * thickness, inner.depth + 2 * thickness
    height = inner.height + thickness
    return (
        Panel("floor", width, depth, ("tabs", "tabs", "tabs", "tabs")),
        Panel("front", width, height, ("flat", "tabs", "slots", "tabs")),
        Panel("back", width, height, ("flat", "tabs", "slots", "tabs")),
        Panel("left", depth, height, ("flat", "slots", "slots", "slots")),
        Panel("right", depth, height, ("flat", "slots", "slots", "slots")),
    )


def outside(inner: BoxSize, thickness: float) -> BoxSize:
    return BoxSize(inner.width + 2 * thickness, inner.depth + 2 * thickness, inner.height + thickness)


def lid_over(base: BoxSize, thickness: float, play: float) -> BoxSize:
    """The lid's inside: `play` larger each way than the base outside, LID_DEPTH deep (less on a shallow base)."""
    out = outside(base, thickness)
    return BoxSize(out.width + play, out.depth + play, min(LID_DEPTH, out.height - thickness))


def smallest_wall(inner: BoxSize) -> float:
    return min(inner.width, inner.depth, inner.height)


def joints_fit(thickness: float, inner: BoxSize) -> bool:
    """Whether every edge has room for three fingers at least a thickness wide."""
    return math.isfinite(thickness) and smallest_wall(inner) >= 3 * thickness
