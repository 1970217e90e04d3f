"""SVG renderer (the standard library's ElementTree): true size in millimetres, one user unit = 1 mm.

Width and height carry "mm" and the viewBox matches them, which is what
Inkscape, LightBurn and browsers need to import the drawing at true size.
Each scene layer becomes an Inkscape layer.  Laser files (laser_svg.py) are
written with the same document, layer and number helpers.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.etree.ElementTree import Element, SubElement, tostring

from ..draw.fonts import SVG_FAMILY
from ..draw.resolve import Drawing, Group, Painted
from ..draw.scene import Circle, Polygon, Polyline, Rect, Text
from ..draw.styles import Style
from .settings import RenderSettings

SVG_NS = "http://www.w3.org/2000/svg"
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def number(value: float) -> str:
    """Numbers rounded to a micrometre: compact and stable between runs."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def svg_files(drawings: Sequence[Drawing], settings: RenderSettings) -> list[bytes]:
    """One SVG per drawing."""
    return [render_svg(drawing) for drawing in drawings]


def render_svg(drawing: Drawing) -> bytes:
    document = new_document(drawing.width, drawing.height, drawing.title)
    writer = _Writer(document)
    for name, ops in drawing.layers:
        writer.add_ops(new_layer(document, name), ops)
    return finished(document)


def new_document(width: float, height: float, title: str) -> Element:
    """An SVG sized in millimetres with a matching viewBox (one user unit = 1 mm): the one way Inkscape,
    LightBurn, vpype and browsers all import it at true size.  The namespaces are declared as attributes, so
    nothing is registered with ElementTree for the whole program."""
    w, h = number(width), number(height)
    document = Element("svg", {"xmlns": SVG_NS, "xmlns:inkscape": INKSCAPE_NS, "version": "1.1",
                               "width": f"{w}mm", "height": f"{h}mm", "viewBox": f"0 0 {w} {h}"})
    if title:
        SubElement(document, "title").text = title
    SubElement(document, "defs")
    return document


def new_layer(document: Element, name: str, label: str = "", **attributes: str) -> Element:
    """A group that Inkscape (and laser programs that read its layers) shows as a layer called `label` (`name`
    unless given)."""
    return SubElement(document, "g", {"id": f"layer-{name}", "inkscape:groupmode": "layer",
                                      "inkscape:label": label or name, **_attributes(attributes)})


def finished(document: Element) -> bytes:
    # One element per line: readable, and text content cannot hold "><" (it is escaped).
    xml = tostring(document, encoding="unicode").replace("><", ">\n<")
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + xml + "\n").encode("utf-8")


def _attributes(values: dict[str, str]) -> dict[str, str]:
    """stroke_width= -> stroke-width: keyword arguments as SVG attribute names."""
    return {key.replace("_", "-"): value for key, value in values.items()}


class _Writer:
    def __init__(self, document: Element) -> None:
        self.document = document
        self.defs = document.find("defs")
        self.clip_count = 0

    def add_ops(self, parent: Element, ops: Sequence[Painted | Group]) -> None:
        for op in ops:
            if isinstance(op, Group):
                self._group(parent, op)
            else:
                self._element(parent, op)

    def _group(self, parent: Element, group: Group) -> None:
        transform = f"translate({number(group.offset[0])} {number(group.offset[1])})"
        if group.scale != 1.0:
            transform += f" scale({group.scale:.6g})"
        inner = outer = SubElement(parent, "g", {"transform": transform})
        if group.clip is not None:
            self.clip_count += 1
            clip_id = f"clip-{self.clip_count}"
            assert self.defs is not None
            clip = SubElement(self.defs, "clipPath", {"id": clip_id})
            box = group.clip
            SubElement(clip, "rect", {"x": number(box.x), "y": number(box.y), "width": number(box.width),
                                      "height": number(box.height)})
            inner = SubElement(outer, "g", {"clip-path": f"url(#{clip_id})"})
        for name, ops in group.drawing.layers:
            self.add_ops(SubElement(inner, "g", {"class": name}), ops)

    def _element(self, parent: Element, op: Painted) -> None:
        shape, style = op.shape, op.style
        if isinstance(shape, Text):
            x, y = number(shape.position[0]), number(shape.position[1])
            attributes = {"x": x, "y": y, "font-size": number(shape.size), "font-family": SVG_FAMILY,
                          "text-anchor": shape.anchor, "fill": style.fill or "#000000"}
            if shape.bold:
                attributes["font-weight"] = "bold"
            if shape.italic:
                attributes["font-style"] = "italic"
            if shape.rotation:
                attributes["transform"] = f"rotate({shape.rotation:g} {x} {y})"
            if shape.text != " ".join(shape.text.split()):
                # Leading, trailing or doubled spaces collapse in SVG unless the text says to keep them.
                attributes[XML_SPACE] = "preserve"
            SubElement(parent, "text", attributes).text = shape.text
            return
        paint = _paint(style)
        if paint is None:
            return
        if isinstance(shape, Rect):
            b = shape.box
            SubElement(parent, "rect", {"x": number(b.x), "y": number(b.y), "width": number(b.width),
                                        "height": number(b.height), **paint})
        elif isinstance(shape, Circle):
            SubElement(parent, "circle", {"cx": number(shape.centre[0]), "cy": number(shape.centre[1]),
                                          "r": number(shape.radius), **paint})
        elif isinstance(shape, Polyline) and len(shape.points) == 2:
            (x1, y1), (x2, y2) = shape.points
            SubElement(parent, "line", {"x1": number(x1), "y1": number(y1), "x2": number(x2), "y2": number(y2),
                                        **paint})
        elif isinstance(shape, (Polygon, Polyline)):
            points = " ".join(f"{number(x)},{number(y)}" for x, y in shape.points)
            SubElement(parent, "polygon" if isinstance(shape, Polygon) else "polyline", {"points": points, **paint})
        else:
            raise TypeError(f"cannot draw {type(shape).__name__}")


def _paint(style: Style) -> dict[str, str] | None:
    has_stroke = bool(style.stroke) and style.stroke_width > 0
    if not style.fill and not has_stroke:
        return None
    attributes = {"fill": style.fill or "none"}
    if has_stroke and style.stroke:
        attributes["stroke"] = style.stroke
        attributes["stroke-width"] = number(style.stroke_width)
        if style.dash:
            attributes["stroke-dasharray"] = " ".join(number(v) for v in style.dash)
    return attributes
