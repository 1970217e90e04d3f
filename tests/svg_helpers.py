"""Reading the SVG files boardgen writes, as a user's editor or laser program would: one place for all tests."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def svg_root(path: Path | str) -> ET.Element:
    return ET.parse(path).getroot()


def layer(root: ET.Element, name: str) -> ET.Element:
    """An editor layer by its label (boardgen writes one per kind of shape)."""
    return next(g for g in root.findall(f"{SVG}g") if g.get(f"{INKSCAPE}label") == name)


def layer_names(root: ET.Element) -> list[str]:
    return [g.get(f"{INKSCAPE}label") for g in root.findall(f"{SVG}g") if g.get(f"{INKSCAPE}groupmode") == "layer"]


def floats(element: ET.Element, *names: str) -> tuple[float, ...]:
    return tuple(float(element.get(name)) for name in names)


def size_mm(root: ET.Element) -> tuple[float, float]:
    """The page size the file declares, in millimetres (its width and height end in mm)."""
    width, height = root.get("width"), root.get("height")
    assert width.endswith("mm") and height.endswith("mm"), (width, height)
    return float(width[:-2]), float(height[:-2])


def field_grid(root: ET.Element, field: float = 15.8) -> tuple[list[float], list[float]]:
    """Left edges of the columns and top edges of the rows of a board's fields, in the fields layer."""
    rects = [r for r in layer(root, "fields").iter(f"{SVG}rect") if float(r.get("width")) == field]
    return sorted({float(r.get("x")) for r in rects}), sorted({float(r.get("y")) for r in rects})


def name_at(x: float, y: float, xs: list[float], ys: list[float]) -> str:
    """The field under (x, y), for a board of any size: len(xs) columns, len(ys) rows."""
    column = max(i for i, left in enumerate(xs) if left <= x)
    row_from_top = max(i for i, top in enumerate(ys) if top <= y)
    return f"{LETTERS[column]}{len(ys) - row_from_top}"


def line_midpoint(element: ET.Element) -> tuple[float, float]:
    x1, y1, x2, y2 = floats(element, "x1", "y1", "x2", "y2")
    return (x1 + x2) / 2, (y1 + y2) / 2


class Stroke:
    """One straight stroked segment of an SVG, with how it is drawn."""

    def __init__(self, start: tuple[float, float], end: tuple[float, float], width: float, dashed: bool,
                 closed_path: bool) -> None:
        self.start, self.end, self.width, self.dashed, self.closed_path = start, end, width, dashed, closed_path

    def key(self) -> frozenset[tuple[float, float]]:
        """The segment's two ends, rounded to a micrometre, in no order: the same key drawn either way round."""
        return frozenset({(round(self.start[0], 3), round(self.start[1], 3)),
                          (round(self.end[0], 3), round(self.end[1], 3))})


def _points(text: str) -> list[tuple[float, float]]:
    numbers = [float(v) for v in text.replace(",", " ").split()]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def stroked_segments(root: ET.Element) -> list[Stroke]:
    """Every straight stroked segment in the file (lines, polylines, polygon and rectangle edges).

    Drawings here carry no transforms below the layers, so coordinates are page millimetres.
    """
    found = []
    for element in root.iter():
        tag = element.tag.removeprefix(SVG)
        stroke = element.get("stroke")
        if tag not in ("line", "polyline", "polygon", "rect") or not stroke or stroke == "none":
            continue
        width = float(element.get("stroke-width", "1"))
        dashed = bool(element.get("stroke-dasharray"))
        if tag == "line":
            points, closed = [floats(element, "x1", "y1"), floats(element, "x2", "y2")], False
        elif tag == "rect":
            x, y, w, h = floats(element, "x", "y", "width", "height")
            points, closed = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True
        else:
            points, closed = _points(element.get("points")), tag == "polygon"
        pairs = list(zip(points, points[1:], strict=False))
        if closed:
            pairs.append((points[-1], points[0]))
        found += [Stroke(a, b, width, dashed, closed) for a, b in pairs]
    return found


def overlapping(a: Stroke, b: Stroke, tolerance: float = 0.01) -> bool:
    """Whether two segments lie on one line and share more than a point."""
    (ax, ay), (bx, by) = a.start, a.end
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    if length < tolerance:
        return False
    ux, uy = (bx - ax) / length, (by - ay) / length

    def across(p: tuple[float, float]) -> float:
        return abs((p[0] - ax) * uy - (p[1] - ay) * ux)

    def along(p: tuple[float, float]) -> float:
        return (p[0] - ax) * ux + (p[1] - ay) * uy

    if across(b.start) > tolerance or across(b.end) > tolerance:
        return False
    low, high = sorted((along(b.start), along(b.end)))
    return min(high, length) - max(low, 0.0) > tolerance


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def marked_fields(root: ET.Element, field: float = 15.8) -> tuple[set[str], set[str]]:
    """What a diagram marks, as a reader sees it: (fields with an X, fields inside a frame).

    An X is two 1 mm strokes on an empty field; a frame is a 0.9 mm outline round fields that hold pieces.
    """
    xs, ys = field_grid(root, field)
    marks = layer(root, "marks")
    crosses = {name_at(*line_midpoint(line), xs, ys) for line in marks.iter(f"{SVG}line")
               if line.get("stroke-width") == "1"}
    frames = [_points(p.get("points")) for p in marks.iter(f"{SVG}polygon")
              if p.get("fill") == "none" and p.get("stroke-width") == "0.9"]
    framed = {name_at(x + field / 2, y + field / 2, xs, ys) for x in xs for y in ys
              if any(_inside((x + field / 2, y + field / 2), frame) for frame in frames)}
    return crosses, framed


# -- laser files ----------------------------------------------------------------------------------------------------

def subpaths(d: str) -> list[tuple[list[tuple[float, float]], bool]]:
    """Absolute M/L/Z path data (all a laser file uses) as (points, closed) per subpath."""
    paths: list[tuple[list[tuple[float, float]], bool]] = []
    for command, numbers in re.findall(r"([MLZ])([^MLZ]*)", d):
        values = [float(v) for v in numbers.split()]
        if command == "M":
            paths.append(([(values[0], values[1])], False))
        elif command == "L":
            paths[-1][0].append((values[0], values[1]))
        else:
            paths[-1] = (paths[-1][0], True)
    return paths


def laser_layers(path: Path) -> dict[str, list[ET.Element]]:
    root = ET.parse(path).getroot()
    return {g.get("id"): list(g.iter(f"{SVG}path")) for g in root.findall(f"{SVG}g")}
