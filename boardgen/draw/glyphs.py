"""Text as outlines: every letter a set of closed rings, from the fonts boardgen prints with.

Laser programs and DXF readers drop or substitute text; outlines they all
read.  The glyphs come from the same DejaVu Sans fonts the PDFs embed
(read with fontTools), and are placed with the same advance widths that
`fonts.text_width` measures, so a laser file's text lines up exactly as the
printed one does.  Fill the rings with the even-odd rule: a letter's
counters (the holes in o, e, 8) are rings inside its outline.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any

from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont

from .fonts import face_name, font_path, in_basic_face
from .geometry import FLATNESS, Point, Ring, quadratic_points

if TYPE_CHECKING:
    from .scene import Text


class _RingPen:
    """A fontTools pen that records a glyph's contours as flattened rings in font units (y up)."""

    def __init__(self, flatness: float) -> None:
        self.flatness = flatness  # in font units
        self.rings: list[list[Point]] = []
        self._current: list[Point] = []

    def moveTo(self, point: Point) -> None:
        self._current = [point]

    def lineTo(self, point: Point) -> None:
        self._current.append(point)

    def qCurveTo(self, *points: Point | None) -> None:
        # TrueType: off-curve points with implied on-curve points halfway between them.
        controls = [p for p in points[:-1] if p is not None]
        end = points[-1]
        if end is None:  # a contour of off-curve points only: close it on an implied point
            end = _midpoint(controls[-1], controls[0])
            self._current = self._current or [end]
        start = self._current[-1]
        for n, control in enumerate(controls):
            target = end if n == len(controls) - 1 else _midpoint(control, controls[n + 1])
            self._current.extend(quadratic_points(start, control, target, self.flatness))
            start = target

    def curveTo(self, *points: Point) -> None:
        raise ValueError("cubic outlines are not expected in a TrueType font")

    def closePath(self) -> None:
        if len(self._current) > 2:
            self.rings.append(self._current)
        self._current = []

    endPath = closePath

    def addComponent(self, glyph_name: str, transformation: Any) -> None:
        raise ValueError("composite glyphs are decomposed before drawing")


def _midpoint(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


class _Face:
    """One font file's glyph outlines (in font units) and advance widths, read once."""

    def __init__(self, face: str, basic: bool) -> None:
        font = TTFont(str(font_path(face, basic)), lazy=True)
        self.units_per_em = font["head"].unitsPerEm
        self._cmap = font.getBestCmap()
        self._glyph_set = font.getGlyphSet()
        self._metrics = font["hmtx"].metrics
        self._recording_pen = DecomposingRecordingPen
        self._outlines: dict[tuple[str, int], tuple[tuple[Point, ...], ...]] = {}
        self._fallback = ".notdef"

    def glyph(self, char: str) -> tuple[str, float]:
        name = self._cmap.get(ord(char), self._fallback)
        return name, self._metrics[name][0]

    def outline(self, name: str, flatness: int) -> tuple[tuple[Point, ...], ...]:
        """The glyph's contours in font units, curves flattened to within `flatness` font units."""
        key = (name, flatness)
        if key not in self._outlines:
            recording = self._recording_pen(self._glyph_set)
            self._glyph_set[name].draw(recording)
            pen = _RingPen(flatness)
            recording.replay(pen)
            self._outlines[key] = tuple(tuple(ring) for ring in pen.rings)
        return self._outlines[key]


@cache
def _face(face: str, basic: bool) -> _Face:
    return _Face(face, basic)  # the basic cut where it has every letter: a quarter the font to read


def text_rings(text: Text) -> list[Ring]:
    """The outlines of a scene's Text, in the scene's millimetres, placed as the renderers place it."""
    face = _face(face_name(text.bold, text.italic), in_basic_face(text.text))
    scale = text.size / face.units_per_em
    # FLATNESS in millimetres, in whole font units (at least one), so outlines can be kept per text size.
    flatness = max(1, int(FLATNESS / scale))
    glyphs = [face.glyph(char) for char in text.text]
    width = sum(advance for _, advance in glyphs) * scale
    start = {"start": 0.0, "middle": -width / 2, "end": -width}[text.anchor]
    angle = math.radians(text.rotation)  # clockwise on the page, as the renderers turn text
    cos, sin = math.cos(angle), math.sin(angle)
    x0, y0 = text.position
    rings: list[Ring] = []
    pen_x = start
    for name, advance in glyphs:
        for contour in face.outline(name, flatness):
            ring = []
            for gx, gy in contour:
                # Font units have y up; the page has y down.  Then turn about the anchor and move there.
                px, py = pen_x + gx * scale, -gy * scale
                ring.append((x0 + px * cos - py * sin, y0 + px * sin + py * cos))
            rings.append(tuple(ring))
        pen_x += advance * scale
    return rings
