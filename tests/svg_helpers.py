"""Reading the SVG files boardgen writes, as a user's editor or laser program would: one place for all tests."""

from __future__ import annotations

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
