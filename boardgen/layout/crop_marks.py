"""Crop marks: short lines in the margin, in line with the edges of the rectangular parts on a sheet.

With them a sheet of tokens or tiles can be cut on a guillotine or with a
ruler and knife: lay the blade or the ruler from a mark to the mark opposite
and cut right through the sheet.  So a line gets its marks only where that
whole cut passes through no part (the sheets for crop marks are laid out in
rows and columns that share their edges, so every edge is such a line).  The
marks sit in a band just inside the printer's margin, outside every part,
the title and the footer; a sheet laid out for marks keeps that band free
(MARK_ROOM).
"""

from ..draw.scene import Box, Circle, Polygon, Polyline, Rect, Scene, Shape
from .paper import Paper

MARK_ROOM = 6.0  # mm kept free inside the margin for the marks, on every side
MARK_LENGTH = 4.0  # mm
_TOUCH = 1e-3  # mm: a cut along a part's own edge touches it; only a cut further inside goes through it


def rectangular_parts(scene: Scene) -> list[Box]:
    """The outlines to cut that are upright rectangles (tokens, tiles, strips), not nets or circles."""
    found = []
    for shape in scene.shapes("lines"):
        if isinstance(shape, Rect) and shape.role == "cut":
            found.append(shape.box)
        elif isinstance(shape, Polygon) and shape.role == "cut" and len(shape.points) == 4:
            xs, ys = sorted({round(x, 6) for x, _ in shape.points}), sorted({round(y, 6) for _, y in shape.points})
            if len(xs) == 2 and len(ys) == 2:
                found.append(Box(xs[0], ys[0], xs[1] - xs[0], ys[1] - ys[0]))
    return found


def cut_outlines(scene: Scene) -> list[Box]:
    """The box round every outline cut on the sheet, rectangular or not (a counter's circle, a net)."""
    found = []
    for shape in scene.shapes("lines"):
        if isinstance(shape, Rect) and shape.role == "cut":
            found.append(shape.box)
        elif isinstance(shape, Circle) and shape.role == "cut":
            (x, y), r = shape.centre, shape.radius
            found.append(Box(x - r, y - r, 2 * r, 2 * r))
        elif isinstance(shape, (Polygon, Polyline)) and shape.role == "cut":
            xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
            found.append(Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return found


def safe_cuts(scene: Scene) -> tuple[list[float], list[float]]:
    """The x of every up-and-down line and the y of every across line along an edge of a rectangular part that
    can be cut right across the sheet without going through any part."""
    parts, outlines = rectangular_parts(scene), cut_outlines(scene)
    xs = sorted({round(x, 3) for box in parts for x in (box.x, box.right)})
    ys = sorted({round(y, 3) for box in parts for y in (box.y, box.bottom)})
    return ([x for x in xs if not any(box.x + _TOUCH < x < box.right - _TOUCH for box in outlines)],
            [y for y in ys if not any(box.y + _TOUCH < y < box.bottom - _TOUCH for box in outlines)])


def with_crop_marks(scene: Scene, paper: Paper, margin: float) -> Scene:
    """The sheet with a mark at each end of every line its rectangular parts are cut along, where that cut goes
    through no part."""
    xs, ys = safe_cuts(scene)
    if not xs and not ys:
        return scene
    near, far = margin, margin + MARK_LENGTH
    marks: list[Shape] = []
    for x in xs:
        marks += [Polyline(((x, near), (x, far)), "crop"),
                  Polyline(((x, paper.height - far), (x, paper.height - near)), "crop")]
    for y in ys:
        marks += [Polyline(((near, y), (far, y)), "crop"),
                  Polyline(((paper.width - far, y), (paper.width - near, y)), "crop")]
    layers = dict(scene.layers)
    layers["lines"] = layers.get("lines", ()) + tuple(marks)
    return scene._replace(layers=tuple(layers.items()))
