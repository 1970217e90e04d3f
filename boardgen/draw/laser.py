"""Laser output: which operation each style role becomes, and a scene turned into cut, score and engrave paths.

This is the one place that says what a laser does with a drawing:

- **cut** (red ``#FF0000``): the outline of every part (role ``cut``: a
  board's plate, a token, a tile, a marker, a net's outside).  Each closed
  outline is one closed path, grown by half the kerf (holes shrunk by half),
  holes before the outlines round them, so a part never drops out before its
  holes are cut.
- **score** (blue ``#0000FF``): every line: grid lines, folds, hatch lines,
  the outline of a light shape (a white die, a hollow arrow).
- **engrave** (black ``#000000`` fill, no stroke): every area: dark zones,
  pips, symbols and all text, as filled outlines (text from the font's glyphs).
  A light shape inside an engraved area (a white pip on a black die) is a
  hole in it: areas are filled by the even-odd rule, and every hole turns the
  other way from its outline, for programs that fill by the non-zero rule.
  Engraved areas never overlap: dark text on a dark area is left bare (a
  label on a black die), and a dark shape on a dark area (a black die on an
  engraved zone) gets a thin bare gap round it.

Zones (start, goal and special fields, hatched on a black-and-white print)
are engraved by default, a strong zone filled and a light one framed;
``zones="hatch"`` scores the print's hatching instead and ``"none"`` leaves
them plain.  On a board of points, whose rings and lines are engraved as
printed, a zone is a point's middle: its pattern lies inside the ring; so
it does inside a mancala pit's, a store's and a tray's ring.  Backgammon's
points are engraved as printed: one colour whole, the other as a band inside
its outline.  No
scored line runs over engraving: it stops at every engraved piece, pip, label
and mark.  Every fold is scored: an engraved face (a black
die's) stops ``FOLD_MARGIN`` short of it, so a net folds whatever its colour.

Cut and score paths are hairlines (0.025 mm), which laser programs read as
"vector, follow the line".  Roles that only help a printed page (the 50 mm
calibration bar, tile glue lines, overview labels) are left out.  Every other
role is drawn as the black-and-white palette shows it, so zones are told
apart by pattern on wood as on a mono printer.

`--laser-colours boxes` gives the colours of boxes.py (black outer cut, blue
inner cut, green etching, cyan deep etching) for programs set up for it.
"""

import math
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from .geometry import Point, Ring, circle_ring, contains_point, offset_ring, ring_bounds, ring_inside, signed_area
from .glyphs import text_rings
from .laser_areas import EngravedAreas, turned, wound
from .palettes import MONO, Palette
from .resolve import HATCH_INSET, hatch_lines, within_ring
from .scene import Box, Circle, Placed, Polygon, Polyline, Rect, Scene, Shape, Text
from .styles import Hatch, Style

HAIRLINE = 0.025  # mm (0.001 in): what laser programs take for "cut along this line", not "fill"

CUT_ROLES = frozenset({"cut"})
SCORE_ROLES = frozenset({"fold"})
LEFT_OUT_ROLES = frozenset({
    "calibration", "calibration.gap",  # the printed 50 mm bar: a laser file has a reference square instead
    "tile.glue", "tile.register", "tile.outline", "overview.tile", "overview.label",  # pasting paper tiles
    "move.target.halo",  # a white edge that keeps a printed X readable
    "crop",  # crop marks guide a paper cutter
})
LOOK = MONO  # every other role: as black-and-white print shows it (a game file's zones added to it)
FRAME = 1.5  # mm: the widest frame that engraves a light zone
FOLD_MARGIN = 0.5  # mm of bare card each side of a fold, so a fold between two engraved faces is scored too
GAP = 0.5  # mm of bare wood round a dark shape engraved on a dark area, so the two read apart


Drawn = Rect | Polygon | Polyline | Circle | Text  # a shape that is not a placed scene


class CutPath(NamedTuple):
    ring: Ring
    hole: bool  # inside another part's outline: cut first, shrunk rather than grown by the kerf


class ScorePath(NamedTuple):
    points: tuple[Point, ...]
    closed: bool


class LaserPlan(NamedTuple):
    """One bed's worth of work, in millimetres from the bed's top-left corner."""

    width: float
    height: float
    title: str
    cuts: tuple[CutPath, ...]
    scores: tuple[ScorePath, ...]
    engraves: tuple[tuple[Ring, ...], ...]  # each area: rings filled by the even-odd rule
    # What a laser program shows each operation's layer as, where the file is for another language than
    # English ({"cut": "skær"}); the layers keep their English ids, which programs may map by.
    labels: tuple[tuple[str, str], ...] = ()


def plan_laser(scene: Scene, kerf: float, zones: str = "engrave", look: Palette = LOOK) -> LaserPlan:
    """The scene as laser work: cut outlines offset by the kerf, scored lines once each and never over
    engraving, engraved areas that do not overlap; zones engraved, hatched or left plain."""
    cuts: list[Ring] = []
    scores: list[ScorePath] = []
    folds: list[tuple[Point, Point]] = []
    areas: list[list[Ring]] = []
    for shape in _flattened(scene):
        role = shape.role
        if role in LEFT_OUT_ROLES:
            continue
        if role in CUT_ROLES:
            ring = _ring(shape)
            if ring is None:
                raise ValueError(f"a cut must be a closed outline, not {type(shape).__name__}")
            cuts.append(ring)
            continue
        if role in SCORE_ROLES:
            lines = _lines(shape)
            scores.extend(lines)
            folds.extend(segment for line in lines for segment in zip(line.points, line.points[1:], strict=False))
            continue
        style = look.style(role)
        if style is not None:
            _add_styled(shape, style, zones, scores, areas)
    engraved = tuple(wound(_clear_of_folds(area, folds)) for area in areas if area)
    return LaserPlan(scene.width, scene.height, scene.title, _kerfed(cuts, kerf),
                     _off_engraving(_once(scores), EngravedAreas(engraved)), engraved)


def _add_styled(shape: Shape, style: Style, zones: str, scores: list[ScorePath], areas: list[list[Ring]]) -> None:
    if _banded(shape, style, areas):
        return
    if style.hatch is not None and isinstance(shape, Rect):
        if zones == "hatch":
            scores.extend(ScorePath(segment, False) for segment in hatch_lines(shape.box, style.hatch))
        elif zones == "engrave":
            _engrave(_zone_rings(shape, style.hatch), areas, text=False)
    if style.hatch is not None and isinstance(shape, (Circle, Polygon)):
        _shape_zone(shape, style.hatch, zones, scores, areas)
    if style.fill is not None and style.hatch is None:
        rings = text_rings(shape) if isinstance(shape, Text) else [r for r in (_ring(shape),) if r is not None]
        if rings and _dark(style.fill):
            _engrave(list(rings), areas, isinstance(shape, Text))
            return  # its own outline lies on the engraved edge
        if rings:
            _punch(rings, areas)
    if style.stroke is not None and not isinstance(shape, Text):
        if _dark(style.stroke):
            scores.extend(_dashed(_lines(shape), style.dash) if style.dash else _lines(shape))
        else:  # a light line on an engraved area (the ring on a dark marker) is left unburnt
            _punch(_stroke_rings(shape, style.stroke_width), areas)


def _clear_of_folds(area: list[Ring], folds: Sequence[tuple[Point, Point]]) -> list[Ring]:
    """The area with each edge of its outline that lies along a fold moved FOLD_MARGIN inwards (its other edges
    and its holes as they were)."""
    if not folds or len(area[0]) < 3:
        return area
    outline = area[0]
    count = len(outline)
    insets = [FOLD_MARGIN if _along_a_fold(outline[i], outline[(i + 1) % count], folds) else 0.0
              for i in range(count)]
    if not any(insets):
        return area
    outwards = 1.0 if signed_area(outline) > 0 else -1.0  # as geometry.offset_ring tells a ring's outside
    moved: list[Point] = []
    for i, here in enumerate(outline):
        before, after = outline[i - 1], outline[(i + 1) % count]
        (ax, ay), (bx, by) = _outward(before, here, outwards), _outward(here, after, outwards)
        # The two edges' lines, each moved inwards by its inset, meet at the corner's new place.
        c1 = here[0] * ax + here[1] * ay - insets[i - 1]
        c2 = here[0] * bx + here[1] * by - insets[i]
        det = ax * by - ay * bx
        if abs(det) < 1e-9:  # the edges run on in one line
            inset = max(insets[i - 1], insets[i])
            moved.append((here[0] - ax * inset, here[1] - ay * inset))
        else:
            moved.append(((c1 * by - c2 * ay) / det, (ax * c2 - bx * c1) / det))
    return [tuple(moved), *area[1:]]


def _outward(start: Point, end: Point, side: float) -> Point:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    return (side * dy / length, -side * dx / length)


def _along_a_fold(a: Point, b: Point, folds: Sequence[tuple[Point, Point]]) -> bool:
    """Whether the edge a-b lies on a fold for most of its length."""
    edge = math.dist(a, b)
    if edge <= 1e-9:
        return False
    for start, end in folds:
        length = math.dist(start, end)
        if length <= 1e-9:
            continue
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        across = [abs((p[0] - start[0]) * uy - (p[1] - start[1]) * ux) for p in (a, b)]
        if max(across) > 0.01:
            continue
        along = sorted((p[0] - start[0]) * ux + (p[1] - start[1]) * uy for p in (a, b))
        if min(along[1], length) - max(along[0], 0.0) > edge / 2:
            return True
    return False


def _stroke_rings(shape: Shape, width: float) -> list[Ring]:
    """The area a stroke covers, as rings to fill by the even-odd rule."""
    half = width / 2
    if isinstance(shape, Circle):
        return [circle_ring(shape.centre, shape.radius + half), circle_ring(shape.centre, max(shape.radius - half, 0))]
    if isinstance(shape, Polyline):
        rings: list[Ring] = []
        for (x1, y1), (x2, y2) in zip(shape.points, shape.points[1:], strict=False):
            length = math.hypot(x2 - x1, y2 - y1)
            if length == 0:
                continue
            nx, ny = -(y2 - y1) / length * half, (x2 - x1) / length * half
            rings.append(((x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)))
        return rings
    ring = _ring(shape)
    return [offset_ring(ring, half), offset_ring(ring, -half)] if ring is not None else []


BAND = 1.0  # mm: a stroke at least this wide round a filled shape is a band of its pattern (a player's pieces)


def _banded(shape: Shape, style: Style, areas: list[list[Ring]]) -> bool:
    """A filled shape with a wide edge of the other tone (a light piece with a dark band, a dark one with a light
    band): engraved as the band, or as the middle inside the band, the band lying inside the outline as it does on
    a cut-out paper piece.  Whether it was one."""
    if style.fill is None or style.stroke is None or style.stroke_width < BAND or isinstance(shape, (Text, Polyline)):
        return False
    ring = _ring(shape)
    if ring is None:
        return False
    inner = offset_ring(ring, -style.stroke_width / 2)
    if _dark(style.stroke) and not _dark(style.fill):
        _engrave([ring, inner], areas, text=False)
    elif _dark(style.fill) and not _dark(style.stroke):
        _engrave([inner], areas, text=False)
    elif _dark(style.fill):
        _engrave([ring], areas, text=False)
    else:
        _punch([ring], areas)
    return True


def _dashed(paths: list[ScorePath], dash: tuple[float, ...]) -> list[ScorePath]:
    """Scored lines in the dashes of a dashed look (on, off, ...), so a dashed outline stays dashed on wood."""
    out: list[ScorePath] = []
    for path in paths:
        points = list(path.points) + ([path.points[0]] if path.closed else [])
        index, left, on = 0, dash[0], True
        current: list[Point] = [points[0]]
        for start, end in zip(points, points[1:], strict=False):
            length, at = math.dist(start, end), 0.0
            while length - at > left:
                at += left
                t = at / length
                here = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
                if on:
                    out.append(ScorePath((*current, here), False))
                current = [here]
                index = (index + 1) % len(dash)
                left, on = dash[index], not on
            left -= length - at
            current.append(end)
        if on and len(current) > 1:
            out.append(ScorePath(tuple(current), False))
    return out


def _window(box: Box, shape: str, share: float) -> list[Ring]:
    """The bare window a player's zone is engraved round, `share` of the field across, centred: its pattern on
    wood (square, round, diamond, or a square with a second frame inside it)."""
    (cx, cy), side = box.centre, min(box.width, box.height)
    half = share * side / 2

    def square(h: float) -> Ring:
        return ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))

    if shape == "round":
        return [circle_ring((cx, cy), half)]
    if shape == "diamond":
        reach = min(1.2 * half, 0.47 * side)
        return [((cx, cy - reach), (cx + reach, cy), (cx, cy + reach), (cx - reach, cy))]
    if shape == "double":
        return [square(half), square(half - 0.06 * side), square(half - 0.11 * side)]
    return [square(half)]


def _zone_rings(rect: Rect, hatch: Hatch) -> list[Ring]:
    """A zone as engraving: a dense (cross-)hatch becomes a filled field, a light one a frame round the field's
    inside whose width follows the hatch's density, so zones stay as distinct as on a mono print."""
    box = rect.box.grown(-HATCH_INSET)
    if box.width <= 0 or box.height <= 0:
        return []
    outline = ((box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom))
    density = len(hatch.angles) / hatch.spacing  # lines per millimetre
    if hatch.window:  # a player's zone: its own pattern, the window smaller the denser the print's hatch
        return [outline, *_window(box, hatch.window, 1.0 - 0.45 * min(1.0, density))]
    if density >= 1.0:
        return [outline]
    # At most 1.5 mm: the frame stays clear of the pieces a diagram stands on the field (areas never overlap)
    band = min(FRAME, min(box.width, box.height) * 0.1) * min(1.0, density / 0.7)
    return [outline, offset_ring(outline, -band)]


POINT_INSET = 0.6  # mm of bare wood between a point's ring and the zone engraved inside it
ROUND_WINDOW = 0.7  # a window's size in a round zone, as a share of a square one's: its corners stay inside


def _shape_zone(shape: Circle | Polygon, hatch: Hatch, zones: str, scores: list[ScorePath],
                areas: list[list[Ring]]) -> None:
    """A zone in a round field (a start on a board of points, a pit) or any other outline (a store, a tray): its
    middle bare, as its light fill is, then its pattern inside, engraved as a square zone is (a dense hatch whole, a
    light one as a frame, a player's round a window of its own), or scored as hatch lines."""
    outline = circle_ring(shape.centre, shape.radius) if isinstance(shape, Circle) else tuple(shape.points)
    _punch([outline], areas)  # the ring round it stays engraved
    inset = POINT_INSET + hatch.width / 2
    if isinstance(shape, Circle):
        inner = circle_ring(shape.centre, shape.radius - inset) if shape.radius > inset else ()
    else:
        inner = offset_ring(outline, -inset)
    if len(inner) < 3 or zones == "none":
        return
    x0, y0, x1, y1 = ring_bounds(inner)
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return
    box = Box(x0, y0, x1 - x0, y1 - y0)
    if zones == "hatch":
        scores.extend(ScorePath(piece, False) for segment in hatch_lines(box.grown(HATCH_INSET), hatch)
                      for piece in within_ring(segment, inner))
        return
    density = len(hatch.angles) / hatch.spacing
    if hatch.window:  # a round end's corners would cut the square window: it stays well inside
        rings = [inner, *_window(box, hatch.window, ROUND_WINDOW * (1.0 - 0.45 * min(1.0, density)))]
    elif density >= 1.0:
        rings = [inner]
    else:
        band = min(FRAME, min(box.width, box.height) * 0.1) * min(1.0, density / 0.7)
        rings = [inner, offset_ring(inner, -band)]
    _engrave(rings, areas, text=False)


def _engrave(rings: list[Ring], areas: list[list[Ring]], text: bool) -> None:
    """A dark shape as a new area, so that no two areas overlap: text within an engraved area's outline joins it
    by the even-odd rule (bare where the area is burnt, burnt where it is bare, as a label crossing a zone's
    frame); any other shape on burnt material gets a gap of bare wood round it."""
    if text:
        within = _within(rings, areas)
        if within is not None:
            within.extend(rings)
            return
    under = _under(rings, areas)
    if under is not None:
        under.append(offset_ring(rings[0], GAP))
    areas.append(rings)


def _within(rings: list[Ring], areas: list[list[Ring]]) -> list[Ring] | None:
    """The latest engraved area whose outline holds the whole shape."""
    each = [ring_bounds(ring) for ring in rings]
    x0, y0 = min(b[0] for b in each), min(b[1] for b in each)
    x1, y1 = max(b[2] for b in each), max(b[3] for b in each)
    for area in reversed(areas):
        ax0, ay0, ax1, ay1 = _outline_bounds(area[0])
        if ax0 <= x0 and ay0 <= y0 and x1 <= ax1 and y1 <= ay1 and all(ring_inside(ring, area[0]) for ring in rings):
            return area
    return None


@lru_cache(maxsize=4096)
def _outline_bounds(ring: Ring) -> tuple[float, float, float, float]:
    return ring_bounds(ring)  # asked of every area's outline for every shape drawn after it


def _under(rings: list[Ring], areas: list[list[Ring]]) -> list[Ring] | None:
    """The engraved area the shape lies on, if any: inside its outline and on burnt material (not in a hole)."""
    x0, y0, x1, y1 = ring_bounds(rings[0])
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    area = _within(rings, areas)
    return area if area is not None and sum(contains_point(ring, middle) for ring in area) % 2 == 1 else None


def _punch(rings: list[Ring], areas: list[list[Ring]]) -> None:
    """A light shape on an engraved area becomes a hole in it; elsewhere it is bare material."""
    under = _under(rings, areas)
    if under is not None:
        under.extend(rings)


def _off_engraving(paths: Sequence[ScorePath], engraved: EngravedAreas) -> tuple[ScorePath, ...]:
    """Scored lines with every stretch that runs over engraving left out."""
    kept: list[ScorePath] = []
    for path in paths:
        points = list(path.points) + ([path.points[0]] if path.closed else [])
        pieces = [piece for start, end in zip(points, points[1:], strict=False)
                  for piece in engraved.outside(start, end)]
        whole = len(pieces) == len(points) - 1 and all(
            piece == (start, end) for piece, start, end in zip(pieces, points, points[1:], strict=False))
        kept.extend([path] if whole else _chained(pieces))
    return tuple(kept)


def _dark(colour: str) -> bool:
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue < 128


def _ring(shape: Shape) -> Ring | None:
    if isinstance(shape, Rect):
        box = shape.box
        return ((box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom))
    if isinstance(shape, Polygon):
        return tuple(shape.points)
    if isinstance(shape, Circle):
        return circle_ring(shape.centre, shape.radius)
    return None


def _lines(shape: Shape) -> list[ScorePath]:
    if isinstance(shape, Polyline):
        return [ScorePath(tuple(shape.points), False)]
    ring = _ring(shape)
    return [ScorePath(ring, True)] if ring is not None else []


def _flattened(scene: Scene) -> Iterator[Drawn]:
    """Every shape of every layer in drawing order, placed scenes moved and scaled into the outer one."""
    for _, shapes in scene.layers:
        for shape in shapes:
            if isinstance(shape, Placed):
                yield from (_moved(inner, shape.offset, shape.scale) for inner in _flattened(shape.scene))
            else:
                yield shape


def _moved(shape: Drawn, offset: Point, scale: float) -> Drawn:
    def at(point: Point) -> Point:
        return (offset[0] + point[0] * scale, offset[1] + point[1] * scale)

    if isinstance(shape, Rect):
        box = shape.box
        x, y = at((box.x, box.y))
        return shape._replace(box=box._replace(x=x, y=y, width=box.width * scale, height=box.height * scale))
    if isinstance(shape, (Polygon, Polyline)):
        return shape._replace(points=tuple(at(p) for p in shape.points))
    if isinstance(shape, Circle):
        return shape._replace(centre=at(shape.centre), radius=shape.radius * scale)
    return shape._replace(position=at(shape.position), size=shape.size * scale)


def _kerfed(rings: Sequence[Ring], kerf: float) -> tuple[CutPath, ...]:
    """Outlines grown by half the kerf and holes shrunk by half; the most deeply nested first."""
    depths = [sum(1 for other in rings if other is not ring and ring_inside(ring, other)) for ring in rings]
    order = sorted(range(len(rings)), key=lambda n: -depths[n])  # stable: same depth keeps drawing order
    paths = []
    for n in order:
        hole = depths[n] % 2 == 1  # turned against its outline: the laser program sees a hole, not a part
        paths.append(CutPath(turned(offset_ring(rings[n], -kerf / 2 if hole else kerf / 2), not hole), hole))
    return tuple(paths)


_ANGLE_STEP = 1e-3  # radians: segments this close in direction lie on one line...
_OFFSET_STEP = 0.01  # mm: ...if this close across
_SHORTEST = 0.02  # mm: a shorter leftover is not worth burning


def _line(start: Point, end: Point) -> tuple[tuple[int, int], float, float, Point]:
    """The line a segment lies on (quantised), the segment's extent along it, and the line's direction."""
    length = math.dist(start, end)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    if ux < -1e-9 or (abs(ux) <= 1e-9 and uy < 0):
        ux, uy = -ux, -uy
    key = (round(math.atan2(uy, ux) / _ANGLE_STEP), round((start[0] * uy - start[1] * ux) / _OFFSET_STEP))
    low, high = sorted((start[0] * ux + start[1] * uy, end[0] * ux + end[1] * uy))
    return key, low, high, (ux, uy)


def _uncovered(low: float, high: float, covered: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pieces = [(low, high)]
    for c_low, c_high in covered:
        pieces = [part for a, b in pieces
                  for part in ((a, min(b, c_low)), (max(a, c_high), b)) if part[1] - part[0] > _SHORTEST]
    return pieces


def _once(paths: Sequence[ScorePath]) -> tuple[ScorePath, ...]:
    """Each line burnt once: where a segment runs along one already scored, only the rest of it is kept.

    (A 45-degree hatch line and the stroke of an X over the same field, a fold and a face's edge: the
    printed page does not mind, a laser burns the wood twice.)
    """
    burnt: dict[tuple[int, int], list[tuple[float, float]]] = {}
    kept: list[ScorePath] = []
    for path in paths:
        points = list(path.points) + ([path.points[0]] if path.closed else [])
        pieces: list[tuple[Point, Point]] = []
        whole = True
        for start, end in zip(points, points[1:], strict=False):
            if math.dist(start, end) <= _SHORTEST:
                continue
            key, low, high, (ux, uy) = _line(start, end)
            covered = burnt.setdefault(key, [])
            fresh = _uncovered(low, high, covered)
            covered.append((low, high))
            if fresh != [(low, high)]:
                whole = False
            forwards = (end[0] - start[0]) * ux + (end[1] - start[1]) * uy > 0
            here = start[0] * ux + start[1] * uy

            def at(along: float, start: Point = start, here: float = here, ux: float = ux, uy: float = uy) -> Point:
                return (start[0] + (along - here) * ux, start[1] + (along - here) * uy)

            for a, b in fresh:  # kept in the direction the path travels
                pieces.append((at(a), at(b)) if forwards else (at(b), at(a)))
        if whole and pieces:
            kept.append(path)  # untouched: stays one path, closed if it was
        else:
            kept.extend(_chained(pieces))
    return tuple(kept)


def _chained(pieces: Sequence[tuple[Point, Point]]) -> list[ScorePath]:
    """Consecutive pieces that meet end to start, joined into open paths."""
    paths: list[list[Point]] = []
    for start, end in pieces:
        if paths and math.dist(paths[-1][-1], start) <= 1e-6:
            paths[-1].append(end)
        else:
            paths.append([start, end])
    return [ScorePath(tuple(points), False) for points in paths]


def placed_plan(plan: LaserPlan, offset: Point, turned: bool = False) -> LaserPlan:
    """The plan moved by `offset`; turned a quarter turn clockwise first (its width becomes its height)."""
    dx, dy = offset
    height = plan.height

    def at(point: Point) -> Point:
        x, y = (height - point[1], point[0]) if turned else point
        return (x + dx, y + dy)

    def ring(points: Sequence[Point]) -> tuple[Point, ...]:
        return tuple(at(p) for p in points)

    size = (plan.height, plan.width) if turned else (plan.width, plan.height)
    return LaserPlan(*size, plan.title, tuple(CutPath(ring(c.ring), c.hole) for c in plan.cuts),
                     tuple(ScorePath(ring(s.points), s.closed) for s in plan.scores),
                     tuple(tuple(ring(r) for r in area) for area in plan.engraves))


def merged_plan(width: float, height: float, title: str, plans: Sequence[LaserPlan],
                labels: tuple[tuple[str, str], ...] = ()) -> LaserPlan:
    """Several parts' plans on one bed: every part's holes first, then every outline."""
    cuts = [cut for plan in plans for cut in plan.cuts]
    return LaserPlan(width, height, title, tuple([c for c in cuts if c.hole] + [c for c in cuts if not c.hole]),
                     tuple(s for plan in plans for s in plan.scores),
                     tuple(a for plan in plans for a in plan.engraves), labels)

