"""SVG renderer (svgwrite): true size in millimetres, one user unit = 1 mm.

Width and height carry "mm" and the viewBox matches them, which is what
Inkscape, LightBurn and browsers need to import the drawing at true size.
Each scene layer becomes an Inkscape layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import svgwrite

from ..draw.fonts import SVG_FAMILY
from ..draw.resolve import Drawing, Group, Painted
from ..draw.scene import Circle, Polygon, Polyline, Rect, Text
from ..draw.styles import Style
from .registry import RenderSettings

# svgwrite has no type hints: its elements are `Any` here.
Element = Any
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
_FONT_FAMILY = SVG_FAMILY


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
        layer = new_layer(document, name)
        writer.add_ops(layer, ops, prefix=name)
        document.add(layer)
    return finished(document)


def new_document(width: float, height: float, title: str) -> Element:
    """An SVG sized in millimetres with a matching viewBox (one user unit = 1 mm): the one way Inkscape,
    LightBurn, vpype and browsers all import it at true size."""
    w, h = number(width), number(height)
    document = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", debug=False)
    document.attribs["xmlns:inkscape"] = INKSCAPE_NS
    if title:
        document.set_desc(title=title)
    return document


def new_layer(document: Element, name: str, **attributes: str) -> Element:
    """A group that Inkscape (and laser programs that read its layers) shows as a layer called `name`."""
    layer = document.g(id=f"layer-{name}", **attributes)
    layer.attribs["inkscape:groupmode"] = "layer"
    layer.attribs["inkscape:label"] = name
    return layer


def finished(document: Element) -> bytes:
    # svgwrite's pretty printer re-parses the whole document with minidom,
    # which costs more than drawing it; one element per line reads as well.
    xml = document.tostring().replace("><", ">\n<")
    return ('<?xml version="1.0" encoding="utf-8" ?>\n' + xml + "\n").encode("utf-8")




class _Writer:
    def __init__(self, document: Element) -> None:
        self.document = document
        self.clip_count = 0

    def add_ops(self, parent: Element, ops: Sequence[Painted | Group], prefix: str) -> None:
        for op in ops:
            if isinstance(op, Group):
                parent.add(self._group(op, prefix))
            else:
                element = self._element(op)
                if element is not None:
                    parent.add(element)

    def _group(self, group: Group, prefix: str) -> Element:
        transform = f"translate({number(group.offset[0])} {number(group.offset[1])})"
        if group.scale != 1.0:
            transform += f" scale({group.scale:.6g})"
        outer = self.document.g(transform=transform)
        inner = outer
        if group.clip is not None:
            self.clip_count += 1
            clip_id = f"clip-{self.clip_count}"
            clip = self.document.defs.add(self.document.clipPath(id=clip_id))
            box = group.clip
            clip.add(self.document.rect((number(box.x), number(box.y)), (number(box.width), number(box.height))))
            inner = self.document.g(clip_path=f"url(#{clip_id})")
            outer.add(inner)
        for name, ops in group.drawing.layers:
            sub = self.document.g(**{"class": name})
            self.add_ops(sub, ops, prefix=f"{prefix}-{name}")
            inner.add(sub)
        return outer

    def _element(self, op: Painted) -> Element | None:
        shape, style = op.shape, op.style
        d = self.document
        if isinstance(shape, Text):
            attrs: dict[str, Any] = {
                "insert": (number(shape.position[0]), number(shape.position[1])),
                "font_size": number(shape.size),
                "font_family": _FONT_FAMILY,
                "text_anchor": shape.anchor,
                "fill": style.fill or "#000000",
            }
            if shape.bold:
                attrs["font_weight"] = "bold"
            if shape.italic:
                attrs["font_style"] = "italic"
            if shape.rotation:
                x, y = number(shape.position[0]), number(shape.position[1])
                attrs["transform"] = f"rotate({shape.rotation:g} {x} {y})"
            element = d.text(shape.text, **attrs)
            if shape.text != " ".join(shape.text.split()):
                # Leading, trailing or doubled spaces collapse in SVG unless the text says to keep them.
                element.attribs["xml:space"] = "preserve"
            return element
        paint = _paint(style)
        if paint is None:
            return None
        if isinstance(shape, Rect):
            b = shape.box
            return d.rect((number(b.x), number(b.y)), (number(b.width), number(b.height)), **paint)
        if isinstance(shape, Circle):
            return d.circle((number(shape.centre[0]), number(shape.centre[1])), number(shape.radius), **paint)
        if isinstance(shape, (Polygon, Polyline)):
            points = [(number(x), number(y)) for x, y in shape.points]
            if isinstance(shape, Polygon):
                return d.polygon(points, **paint)
            if len(points) == 2:
                return d.line(points[0], points[1], **paint)
            return d.polyline(points, **paint)
        raise TypeError(f"cannot draw {type(shape).__name__}")


def _paint(style: Style) -> dict[str, str] | None:
    has_stroke = bool(style.stroke) and style.stroke_width > 0
    if not style.fill and not has_stroke:
        return None
    attrs = {"fill": style.fill or "none"}
    if has_stroke and style.stroke:
        attrs["stroke"] = style.stroke
        attrs["stroke_width"] = number(style.stroke_width)
        if style.dash:
            attrs["stroke_dasharray"] = " ".join(number(v) for v in style.dash)
    return attrs
