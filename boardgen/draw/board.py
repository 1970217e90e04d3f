"""Drawing any board a game describes: fields, zones, grid lines, marks, arrows, labels.

A game describes its board as a BoardSpec (which field belongs to which zone,
which fields carry a symbol, which arrows show the direction of play); this
module draws any such spec, square or not, of squares or of points joined by
lines, its fields squares or shapes of their own (backgammon's points and bar,
mancala's pits and stores) with the trays pieces leave the board into.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..engine.grid import Field, Grid
from .board_spec import PIT, PLAIN, POINT, SQUARE, STORE, Arrow, BoardSpec, EdgeLabel, FieldMark, Jump, Tray
from .fonts import text_width
from .geometry import rounded_rect_ring
from .legibility import on_field
from .scene import Box, Circle, Point, Polygon, Polyline, Rect, Scene, SceneBuilder, Shape, Text, text_baseline


@dataclass(frozen=True)
class BoardDrawing:
    """The drawn board and where its playing grid lies inside the drawing."""

    scene: Scene
    grid_box: Box
    field_size: float
    # Each row's top and height in mm, from row 1, where rows are not all one field high (a row of backgammon's
    # points is long); () where every field is a square of field_size.
    rows: tuple[tuple[float, float], ...] = ()

    def field_box(self, f: Field) -> Box:
        """Where field `f` lies in the drawing: as wide as a field, as high as its row."""
        return _field_box(self.grid_box, self.field_size, self.rows, f)


def _field_box(grid: Box, size: float, rows: tuple[tuple[float, float], ...], f: Field) -> Box:
    """Field `f` in a grid whose rows lie as `rows` gives them (from row 1), or are all one field high."""
    if rows:
        top, height = rows[f[1]]
        return Box(grid.x + f[0] * size, top, size, height)
    # Row 0 is the bottom row, and scene y grows downwards.
    return Box(grid.x + f[0] * size, grid.bottom - (f[1] + 1) * size, size, size)


@dataclass(frozen=True)
class BoardLook:
    """How to draw a board (options, not a spec)."""

    field_size: float
    coordinates: bool = True
    arrows: bool = False
    compact: bool = False  # small labels, tight edges: lets a board that nearly fits keep to one page
    credits: bool = True  # the credits line under the board (a rule sheet's diagrams leave it off)


@dataclass(frozen=True)
class _Edges:
    """Sizes of what surrounds the grid, in mm."""

    label: float  # coordinate label font size
    gap: float  # between the grid and a label
    band: float  # room for labels on each side (0 without coordinates)
    pad: float  # blank edge round the drawing
    credit: float  # credits font size


def _edges(look: BoardLook) -> _Edges:
    size = look.field_size
    credit = min(2.6, max(1.6, 0.17 * size))
    if look.compact:
        # "10" is about 1.15 label sizes wide; nothing may stick out of the band.
        label, gap, pad = 2.8, 0.8, 0.4
        band = gap + 1.15 * label
    else:
        label = min(max(0.25 * size, 2.5), 5.0)
        band = 1.6 * label + 1.0
        gap, pad = 0.35 * band, 2.0
    return _Edges(label, gap, band if look.coordinates else 0.0, pad, credit)


def draw_board(spec: BoardSpec, look: BoardLook) -> BoardDrawing:
    if not spec.coordinates:
        look = replace(look, coordinates=False)
    size = look.field_size
    grid = spec.grid
    edges = _edges(look)
    band, pad, credit_size = edges.band, edges.pad, edges.credit
    # Edge labels (score tracks) sit next to the grid; coordinates move out beyond them.
    # (and 1.5 mm apart from them, so a row number and a score never read as one: "10 90")
    inner = min(max(0.42 * size, 4.0), 7.0) + 1.5 if spec.edge_labels else 0.0
    band += inner
    credit_lines = spec.credits if look.credits else ()
    credits_height = (len(credit_lines) * 1.35 * credit_size + 1.5) if credit_lines else 0.0

    heights = spec.row_heights()
    # Trays stand beside the grid, between it and the row numbers.
    beside = {side: (TRAY + TRAY_GAP) * size if any(tray.side == side for tray in spec.trays) else 0.0
              for side in ("left", "right")}
    grid_box = Box(pad + band + beside["left"], pad + band, grid.columns * size, sum(heights) * size)
    width = grid_box.right + beside["right"] + band + pad
    height = grid_box.bottom + band + credits_height + pad
    builder = SceneBuilder(width, height, spec.title)
    tops = [grid_box.bottom - sum(heights[:row + 1]) * size for row in range(grid.rows)]
    rows = tuple((top, h * size) for top, h in zip(tops, heights, strict=True)) if set(heights) != {1.0} else ()

    def field_box(f: Field) -> Box:
        return _field_box(grid_box, size, rows, f)

    if spec.points:
        _add_points(builder, spec, field_box, size)
    elif any(shape != SQUARE for shape in spec.shapes.values()):
        _add_shapes(builder, spec, field_box, grid_box, size)
    else:
        _add_squares(builder, spec, field_box, grid_box, size)
    # Ladders and snakes pass behind the numbers and marks with a little bare paper round them: never across one.
    gap = max(CLEAR * size, JUMP_CLEAR)
    keep_out = [_grown(_mark_bounds(mark, field_box(mark.field), size), gap) for mark in spec.marks]
    for jump in spec.jumps:
        builder.add("marks", *_jump(jump, field_box(jump.start).centre, field_box(jump.end).centre, size, keep_out))
    for mark in spec.marks:
        builder.add("marks", *_symbol(mark, field_box(mark.field), size, spec.zone(mark.field)))
    if look.arrows:
        clear = [_mark_bounds(mark, field_box(mark.field), size) for mark in spec.marks]
        for arrow in spec.arrows:
            start, end = field_box(arrow.start).centre, field_box(arrow.end).centre
            # An arrow too short to clear the mark it points at (a last step onto a rosette) starts further back
            # in its first field, and then narrower: it is drawn, never left out.
            for back, narrower in ((0.0, 1.0), (TAIL_BACK, 1.0), (TAIL_BACK, SHORT_WIDTH)):
                shown = replace(arrow, width=arrow.width * narrower)
                stretches = _clear_stretches(shown, _back(start, end, back * size), end, size, clear)
                if stretches:
                    break
            for tail, tip in stretches:
                builder.add("marks", Polygon(_arrow_outline(tail, tip, size, shown.width), arrow.role))
    outer = Box(grid_box.x - beside["left"], grid_box.y, grid_box.width + beside["left"] + beside["right"],
                grid_box.height)
    middles = [top + h / 2 for top, h in zip(tops, (h * size for h in heights), strict=True)]
    if look.coordinates:
        _add_coordinates(builder, grid_box, outer, middles, grid, edges, inner)
    _add_edge_labels(builder, grid_box, outer, middles, size, inner, spec.edge_labels)
    y = grid_box.bottom + band + 1.0
    for line in credit_lines:
        y += 1.35 * credit_size
        builder.add("text", Text((grid_box.centre[0], y), line, credit_size, "ink.soft"))
    return BoardDrawing(builder.build(), grid_box, size, rows)


def _add_squares(builder: SceneBuilder, spec: BoardSpec, field_box: Callable[[Field], Box], grid_box: Box,
                 size: float) -> None:
    """The fields as squares, each in its zone's colour, the lines between them, and the spec's lines thin, from
    the middle of one field to the next's: those only a rule option moves along (diagonals some boards draw)
    dashed, so that they read as a choice, not as the squares' edges."""
    grid = spec.grid
    # A field missing among fields (a draughts board's light squares) is a hole in the board, drawn plain; the
    # board keeps its shape only where whole runs of fields are missing (Ur's bridge, a cross).  A chequered
    # board is whole whatever it leaves out.
    holes = spec.absent if spec.chequered else _holes(grid, spec.absent)
    outside = spec.absent - holes
    for f in grid.fields():
        if f not in outside:
            builder.add("fields", Rect(field_box(f), spec.zone(f) if f not in holes else PLAIN))
    if outside:
        _add_field_edges(builder, [field_box(f) for f in grid.fields() if f not in outside])
    else:
        _add_grid_lines(builder, grid_box, grid, size)
    for start, end in spec.lines:
        builder.add("lines", Polyline((field_box(start).centre, field_box(end).centre), "grid"))
    for start, end in spec.option_lines:
        builder.add("lines", *(Polyline(dash, "grid") for dash in _dashes(field_box(start).centre,
                                                                          field_box(end).centre, size)))


DASH, DASH_GAP = 0.1, 0.06  # an option's line on squares: its dashes and the gaps between them, as shares of a field


def _dashes(a: Point, b: Point, size: float) -> list[tuple[Point, Point]]:
    """The dashes of a line from a to b, a whole dash at each end (drawn as lines of their own, so that the laser
    scores them as dashes too)."""
    length = math.dist(a, b)
    count = max(1, round((length + DASH_GAP * size) / ((DASH + DASH_GAP) * size)))
    step = (length + DASH_GAP * size) / count  # a dash and a gap, stretched to end on a dash
    dash = step - DASH_GAP * size

    def at(along: float) -> Point:
        return (a[0] + (b[0] - a[0]) * along / length, a[1] + (b[1] - a[1]) * along / length)

    return [(at(n * step), at(n * step + dash)) for n in range(count)]


INK = "ink"  # a board of points' rings and lines: filled shapes, which the laser engraves as they are printed
RING_RADIUS = 0.36  # a point's radius to the middle of its ring, as a share of the field: a piece stands inside it
RING = 0.045  # the ring's width, as a share of the field...
THINNEST_RING = 0.8  # ...and at the least, in mm: engraved on wood, a thinner ring would hardly show
LINE = 0.7  # a line's width, as a share of the ring's
OPTION_LINE = 0.4  # a line only a rule option moves along, as a share of the ring's: lighter, yet engraved


def _add_points(builder: SceneBuilder, spec: BoardSpec, field_box: Callable[[Field], Box], size: float) -> None:
    """Each field as a point, a ring in ink round its zone's colour, and each line from ring to ring.

    Rings and lines are filled shapes, never strokes: an ink disc with the zone's disc on it, a narrow band from
    one ring to the next, so that print and the laser draw them alike (engraved, not scored as a hairline), and
    no line runs on under a point's middle, where on wood nothing would cover it."""
    ring = max(RING * size, THINNEST_RING)
    outer, inner = RING_RADIUS * size + ring / 2, RING_RADIUS * size - ring / 2
    for lines, width in ((spec.lines, LINE * ring), (spec.option_lines, OPTION_LINE * ring)):
        for start, end in lines:
            a, b = field_box(start).centre, field_box(end).centre
            length = math.dist(a, b)
            # across the line, half its width; and where it meets each ring
            nx, ny = (a[1] - b[1]) / length * width / 2, (b[0] - a[0]) / length * width / 2
            (ax, ay), (bx, by) = _back(a, b, -outer), _back(b, a, -outer)
            builder.add("lines", Polygon(((ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny),
                                          (ax - nx, ay - ny)), INK))
    for f in spec.grid.fields():
        if f not in spec.absent:
            centre = field_box(f).centre
            builder.add("fields", Circle(centre, outer, INK), Circle(centre, inner, spec.zone(f)))


# The looks of the shapes a field may be drawn as (palettes style them; a game file may give its own):
SURFACE = "board"  # the board round its pits and stores
POINT_ROLES = ("point.one", "point.two")  # a row's points alternate, facing points apart
CUP = "cup"  # the ring round a pit, a store and a tray: filled, so the laser engraves it as printed
POINT_GAP = 0.03  # of a field: bare surface each side of a point's base, so that two points never touch
POINT_REACH = 0.92  # of its row: how far a point reaches from the board's edge, leaving a gap in the middle
PIT_RADIUS = 0.42  # a pit's radius to the outside of its ring, as a share of the field
CUP_WIDTH = 0.84  # a store's width, and a tray's, as a share of the field
TRAY, TRAY_GAP = 0.8, 0.25  # a tray's width beside the grid and its gap from it, as shares of a field


def point_base(spec: BoardSpec, f: Field) -> str:
    """Which edge of its field a point stands on, "bottom" (pointing up) or "top" (pointing down): a point in the
    board's top half points down, one in its bottom half up, as a backgammon board's from each edge to the middle."""
    return "top" if 2 * f[1] + 1 > spec.grid.rows else "bottom"


def _add_shapes(builder: SceneBuilder, spec: BoardSpec, field_box: Callable[[Field], Box], grid_box: Box,
                size: float) -> None:
    """A board whose fields are shapes on its surface: each field's ground (a point's and a bar's in its zone's
    colour, a pit's and a store's the board's own), the fields still squares with the lines between them, then the
    shapes: points, pits and stores as cups, and the trays beside the board; one frame round it all."""
    grid = spec.grid
    present = [f for f in grid.fields() if f not in spec.absent]
    stores = {f: _store_run(spec, f) for f in present if spec.shape(f) == STORE}
    under = {f for run in stores.values() for f in run}  # a store's fields, those left out beside it too
    holes = _holes(grid, spec.absent)
    for f in grid.fields():
        shape = spec.shape(f)
        if f in under or shape in (PIT, STORE):
            builder.add("fields", Rect(field_box(f), SURFACE))
        elif f in holes:
            builder.add("fields", Rect(field_box(f), PLAIN))
        elif f not in spec.absent:  # a bar's fields too: a run of them in a column, without lines, is one bar
            builder.add("fields", Rect(field_box(f), spec.zone(f)))
    squares = [field_box(f) for f in present if spec.shape(f) == SQUARE]
    _add_inner_edges(builder, squares, grid_box)
    ring = max(RING * size, THINNEST_RING)
    for row in range(grid.rows):
        points = [f for f in ((column, row) for column in range(grid.columns)) if f in present
                  and spec.shape(f) == POINT]
        for n, f in enumerate(points):
            builder.add("fields", Polygon(_point(field_box(f), point_base(spec, f), size),
                                          POINT_ROLES[(n + row) % 2]))
    for f in present:
        if spec.shape(f) == PIT:
            centre = field_box(f).centre
            builder.add("fields", Circle(centre, PIT_RADIUS * size, CUP),
                        Circle(centre, PIT_RADIUS * size - ring, spec.zone(f)))
    for f, covered in stores.items():
        boxes = [field_box(g) for g in covered]
        box = Box(boxes[0].x, min(b.y for b in boxes), size, max(b.bottom for b in boxes) - min(b.y for b in boxes))
        builder.add("fields", *_cup(box.grown(-(1 - CUP_WIDTH) / 2 * size), ring, spec.zone(f)))
    for tray in spec.trays:
        builder.add("fields", *_tray(tray, field_box(tray.field), grid_box, size, ring))
    corners = ((grid_box.x, grid_box.y), (grid_box.right, grid_box.y), (grid_box.right, grid_box.bottom),
               (grid_box.x, grid_box.bottom))
    builder.add("lines", Polygon(corners, "grid.border"))


def _store_run(spec: BoardSpec, f: Field) -> list[Field]:
    """A store's field and the fields left out next to it in its column, up and down: the long cup it is drawn
    as (Kalah's store at h1 over h1 and h2)."""
    run = [f]
    for way in (-1, 1):
        row = f[1] + way
        while 0 <= row < spec.grid.rows and (f[0], row) in spec.absent:
            run.append((f[0], row))
            row += way
    return sorted(run, key=lambda g: g[1])


def _point(box: Box, base: str, size: float) -> tuple[Point, ...]:
    """A point: a long triangle on its field's outer edge, reaching towards the board's middle."""
    left, right = box.x + POINT_GAP * size, box.right - POINT_GAP * size
    if base == "top":
        return ((left, box.y), (right, box.y), (box.centre[0], box.y + POINT_REACH * box.height))
    return ((left, box.bottom), (right, box.bottom), (box.centre[0], box.bottom - POINT_REACH * box.height))


def _cup(box: Box, ring: float, role: str) -> tuple[Polygon, Polygon]:
    """A long cup with rounded ends: a ring in the cup's look, its inside in `role`'s."""
    radius = min(box.width, box.height) / 2
    inner = box.grown(-ring)
    return (Polygon(rounded_rect_ring(box.x, box.y, box.width, box.height, radius), CUP),
            Polygon(rounded_rect_ring(inner.x, inner.y, inner.width, inner.height, radius - ring), role))


def _tray(tray: Tray, field: Box, grid_box: Box, size: float, ring: float) -> tuple[Polygon, Polygon]:
    """A tray beside the grid along the row of its field, beyond the left or right edge."""
    x = grid_box.right + TRAY_GAP * size if tray.side == "right" else grid_box.x - (TRAY_GAP + TRAY) * size
    margin = (1 - CUP_WIDTH) / 2 * size
    return _cup(Box(x, field.y + margin, TRAY * size, field.height - 2 * margin), ring, tray.role)


def _add_inner_edges(builder: SceneBuilder, boxes: list[Box], frame: Box) -> None:
    """The lines round the squares of a board of shapes, each once, but for those along its frame."""
    def on_frame(a: Point, b: Point) -> bool:
        return (a[0] == b[0] and any(math.isclose(a[0], x, abs_tol=1e-6) for x in (frame.x, frame.right))) or \
            (a[1] == b[1] and any(math.isclose(a[1], y, abs_tol=1e-6) for y in (frame.y, frame.bottom)))

    edges: set[tuple[Point, Point]] = set()
    for box in boxes:
        corners = [(round(x, 6), round(y, 6)) for x, y in ((box.x, box.y), (box.right, box.y),
                                                            (box.right, box.bottom), (box.x, box.bottom))]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            if not on_frame(a, b):
                edges.add((min(a, b), max(a, b)))
    for a, b in sorted(edges):
        builder.add("lines", Polyline((a, b), "grid"))


def _holes(grid: Grid, absent: frozenset[Field]) -> frozenset[Field]:
    """The missing fields whose every neighbour on the grid (up, down, left, right) is a field: holes in a board
    (every other square of a draughts board), not a part of its outline that is cut away."""
    def neighbours(f: Field) -> list[Field]:
        return [(f[0] + dc, f[1] + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= f[0] + dc < grid.columns and 0 <= f[1] + dr < grid.rows]

    return frozenset(f for f in absent if not any(n in absent for n in neighbours(f)))


def _add_grid_lines(builder: SceneBuilder, box: Box, grid: Grid, size: float) -> None:
    for c in range(1, grid.columns):
        x = box.x + c * size
        builder.add("lines", Polyline(((x, box.y), (x, box.bottom)), "grid"))
    for r in range(1, grid.rows):
        y = box.y + r * size
        builder.add("lines", Polyline(((box.x, y), (box.right, y)), "grid"))
    corners = ((box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom))
    builder.add("lines", Polygon(corners, "grid.border"))


def _add_field_edges(builder: SceneBuilder, boxes: list[Box]) -> None:
    """The lines round the fields of a board with holes: every edge once, those on the board's outline bold."""
    edges: dict[tuple[tuple[float, float], tuple[float, float]], int] = {}
    for box in boxes:
        corners = [(round(x, 6), round(y, 6)) for x, y in ((box.x, box.y), (box.right, box.y),
                                                            (box.right, box.bottom), (box.x, box.bottom))]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            key = (min(a, b), max(a, b))
            edges[key] = edges.get(key, 0) + 1
    for (a, b), count in edges.items():  # an edge two fields share is inside the board
        builder.add("lines", Polyline((a, b), "grid" if count > 1 else "grid.border"))


def _add_edge_labels(builder: SceneBuilder, box: Box, outer: Box, middles: list[float], size: float, band: float,
                     labels: tuple[EdgeLabel, ...]) -> None:
    """Texts along the grid's edges, those on the left and right beyond any tray (`outer`), each beside the middle
    of its row (`middles`, from row 1)."""
    band -= 1.5  # the labels keep to the inner part of their band, clear of the coordinates
    font = 0.5 * band
    # In one order whatever order the spec lists them in, so the same board is the same file (a game file's
    # labels come in runs along each side, a built-in game's as its code lists them).
    for label in sorted(labels, key=lambda label: (label.side, label.place, label.upside_down, label.text)):
        if label.side in ("bottom", "top"):
            x = box.x + (label.place + 0.5) * size
            middle = box.bottom + band / 2 if label.side == "bottom" else box.y - band / 2
        else:
            x = outer.x - band / 2 if label.side == "left" else outer.right + band / 2
            middle = middles[label.place]
        # Turned half a turn about its anchor, a text hangs below the baseline instead of standing on it.
        y = middle - 0.355 * font if label.upside_down else text_baseline(middle, font)
        builder.add("text", Text((x, y), label.text, font, label.role, bold=True,
                                 rotation=180.0 if label.upside_down else 0.0))


def _add_coordinates(builder: SceneBuilder, box: Box, outer: Box, middles: list[float], grid: Grid, edges: _Edges,
                     outset: float = 0.0) -> None:
    """The column letters above and below the grid, the row numbers beside it, beyond any tray (`outer`), each by
    the middle of its row (`middles`, from row 1)."""
    gap, label_size = edges.gap + outset, edges.label
    size = box.width / grid.columns
    for c in range(grid.columns):
        x = box.x + (c + 0.5) * size
        name = grid.column_name(c)
        builder.add("text", Text((x, box.bottom + gap + 0.72 * label_size), name, label_size, "ink"))
        builder.add("text", Text((x, box.y - gap), name, label_size, "ink"))
    for r in range(grid.rows):
        y = text_baseline(middles[r], label_size)
        builder.add("text", Text((outer.x - gap, y), str(r + 1), label_size, "ink", anchor="end"))
        builder.add("text", Text((outer.right + gap, y), str(r + 1), label_size, "ink", anchor="start"))


def _symbol(mark: FieldMark, box: Box, size: float, zone: str) -> tuple[Shape, ...]:
    """A mark on its field; what is drawn straight on the field (a note, a sign, a dot) in a colour that reads
    on the field's zone (draw.legibility)."""
    ink = on_field(f"{mark.role}.dot", zone)
    if mark.symbol == "target":
        return _target(box.centre, size, mark.role)
    if mark.symbol == "dot":
        return (Circle(box.centre, 0.08 * size, ink),)
    if mark.symbol == "star":
        return (Polygon(_star(box.centre, 0.3 * size), ink),)
    if mark.symbol.startswith("arrow-head:"):  # pointing up, down, left or right
        return (Polygon(_arrow_head(box.centre, 0.28 * size, mark.symbol.split(":", 1)[1]), ink),)
    if mark.symbol.startswith("note:"):
        # A small note in the corner (a start field's face), clear of where a piece stands.
        text_size = NOTE * box.width
        return (Text((box.right - 0.1 * box.width, box.bottom - 0.1 * box.width), mark.symbol[5:], text_size,
                     on_field(mark.role, zone), anchor="end", bold=True),)
    if mark.symbol.startswith("sign:"):  # one character of the game's own ("☥"), large in the middle
        text_size = SIGN * box.width
        return (Text((box.centre[0], text_baseline(box.centre[1], text_size)), mark.symbol[5:], text_size,
                     ink, bold=True),)
    raise ValueError(f"unknown field symbol {mark.symbol!r}")


NOTE = 0.22  # a note's size, as a share of the field
SIGN = 0.5  # a sign's
CLEAR = 0.04  # of a field: bare paper between an arrow and a mark
JUMP_CLEAR = 0.6  # mm at the least between a ladder or snake (its line's middle) and a number or mark
# Above and below a text's baseline, as a share of its size: the font's whole height (DejaVu Sans ascends 0.93
# and descends 0.24), as a PDF reader measures a text's box, not only its digits.
ASCENT, DESCENT = 0.93, 0.24
# How far each symbol reaches from the field's centre, as a share of the field.
REACH = {"target": 0.17, "dot": 0.08, "star": 0.3}

Bounds = tuple[float, float, float, float]  # x0, y0, x1, y1


def _mark_bounds(mark: FieldMark, box: Box, size: float) -> Bounds:
    """The rectangle a mark covers, which an arrow keeps clear of."""
    (cx, cy), symbol = box.centre, mark.symbol
    if symbol.startswith("note:"):
        text_size, right, baseline = NOTE * size, box.right - 0.1 * size, box.bottom - 0.1 * size
        width = text_width(symbol[5:], text_size, bold=True)
        return (right - width, baseline - ASCENT * text_size, right, baseline + DESCENT * text_size)
    if symbol.startswith("sign:"):
        text_size = SIGN * size
        half = max(text_width(symbol[5:], text_size, bold=True), text_size) / 2
        baseline = text_baseline(cy, text_size)
        return (cx - half, min(cy - half, baseline - ASCENT * text_size), cx + half,
                max(cy + half, baseline + DESCENT * text_size))
    reach = 0.28 * size if symbol.startswith("arrow-head:") else REACH.get(symbol, 0.3) * size
    return (cx - reach, cy - reach, cx + reach, cy + reach)


TAIL_BACK = 0.42  # of a field: how far back from its first field's middle a short arrow may start
SHORT_WIDTH = 0.6  # a short arrow's width, as a share of its own, where it would not fit otherwise


def _back(start: Point, end: Point, by: float) -> Point:
    """`start` moved `by` mm away from `end`."""
    length = math.dist(start, end)
    if length == 0 or by == 0:
        return start
    return (start[0] - (end[0] - start[0]) / length * by, start[1] - (end[1] - start[1]) / length * by)


def _clear_stretches(arrow: Arrow, start: Point, end: Point, size: float,
                     marks: list[Bounds]) -> list[tuple[Point, Point]]:
    """The stretches of the arrow's line, beside the centres by its lane, that keep it clear of every mark: an
    arrowhead that would cover a mark or a number stops short of it, and an arrow with one in its way goes on
    beyond it.  Stretches too short to hold an arrowhead are left out."""
    length = math.dist(start, end)
    if length == 0:
        return []
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    # The lane is to the arrow's left when positive: on the page, left of the way it points.
    offset = arrow.lane * size
    tail = (start[0] + uy * offset, start[1] - ux * offset)
    half = HEAD_WIDTH * size * arrow.width + CLEAR * size
    blocked: list[tuple[float, float]] = []
    for x0, y0, x1, y1 in marks:
        found = _crossed(tail, (ux, uy), length, (x0 - half, y0 - half, x1 + half, y1 + half))
        if found is not None:
            blocked.append(found)
    free, at = [], 0.0
    for low, high in sorted(blocked):
        if low > at:
            free.append((at, low))
        at = max(at, high)
    if at < length:
        free.append((at, length))
    shortest = _head_length(size, arrow.width) + 0.12 * size
    return [((tail[0] + ux * a, tail[1] + uy * a), (tail[0] + ux * b, tail[1] + uy * b))
            for a, b in free if b - a >= shortest - 1e-9]


def _crossed(point: Point, way: tuple[float, float], length: float, box: Bounds) -> tuple[float, float] | None:
    """Where along point + t * way, 0 <= t <= length, the line is inside the box (Liang-Barsky), if anywhere."""
    low, high = 0.0, length
    for p, d, lo, hi in ((point[0], way[0], box[0], box[2]), (point[1], way[1], box[1], box[3])):
        if abs(d) < 1e-12:
            if not lo < p < hi:
                return None
            continue
        a, b = (lo - p) / d, (hi - p) / d
        low, high = max(low, min(a, b)), min(high, max(a, b))
    return (low, high) if high > low else None


def _grown(bounds: Bounds, by: float) -> Bounds:
    return (bounds[0] - by, bounds[1] - by, bounds[2] + by, bounds[3] + by)


def _jump(jump: Jump, start: Point, end: Point, size: float, keep_out: list[Bounds]) -> tuple[Shape, ...]:
    """A ladder (two rails and their rungs) or a snake (a wave from its head to its tail), centre to centre,
    broken where it would cross a number or a mark (`keep_out`); a snake's head moved along its body, from the
    field's middle, to where it covers none."""
    lines: list[Shape] = []
    for shape in _jump_lines(jump, start, end, size):
        if isinstance(shape, Polyline):
            points = shape.points
            if jump.kind != "ladder":  # the body starts at the head
                points = points[next((n for n, point in enumerate(points) if not any(
                    _inside(point, _grown(box, HEAD * size)) for box in keep_out)), len(points)):]
                if points:
                    lines.append(Circle(points[0], HEAD * size, f"{jump.role}.head"))
            lines += [Polyline(piece, shape.role) for piece in _outside(points, keep_out)]
    return tuple(lines)


def _inside(point: Point, box: Bounds) -> bool:
    return box[0] < point[0] < box[2] and box[1] < point[1] < box[3]


def _outside(points: tuple[Point, ...], boxes: list[Bounds]) -> list[tuple[Point, ...]]:
    """The parts of a line that lie outside every box, each as a line of its own."""
    pieces: list[tuple[Point, ...]] = []
    current: list[Point] = []
    for a, b in zip(points, points[1:], strict=False):
        length = math.dist(a, b)
        if length == 0:
            continue
        way = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
        free, at = [], 0.0
        for low, high in sorted(filter(None, (_crossed(a, way, length, box) for box in boxes))):
            if low > at:
                free.append((at, low))
            at = max(at, high)
        if at < length:
            free.append((at, length))
        for low, high in free:
            here = (a[0] + way[0] * low, a[1] + way[1] * low)
            if not (current and low == 0.0):  # a line goes on unbroken only from the end of the last piece
                if len(current) >= 2:
                    pieces.append(tuple(current))
                current = [here]
            current.append((a[0] + way[0] * high, a[1] + way[1] * high))
        if not free or free[-1][1] < length:
            if len(current) >= 2:
                pieces.append(tuple(current))
            current = []
    if len(current) >= 2:
        pieces.append(tuple(current))
    return pieces


HEAD = 0.1  # a snake's head's radius, as a share of the field


def _jump_lines(jump: Jump, start: Point, end: Point, size: float) -> tuple[Polyline, ...]:
    """A ladder's two rails and its rungs, or a snake's body (a wave from its head to its tail), centre to
    centre."""
    length = math.dist(start, end)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    nx, ny = -uy, ux

    def at(along: float, across: float) -> Point:
        return (start[0] + ux * along + nx * across, start[1] + uy * along + ny * across)

    if jump.kind == "ladder":
        rail = 0.13 * size
        rungs = max(1, int(length / (0.32 * size)))
        step = length / (rungs + 1)
        return (Polyline((at(0, -rail), at(length, -rail)), jump.role),
                Polyline((at(0, rail), at(length, rail)), jump.role),
                *(Polyline((at(step * k, -rail), at(step * k, rail)), jump.role) for k in range(1, rungs + 1)))
    waves = max(1, round(length / (0.9 * size)))
    count = 12 * waves
    body = tuple(at(length * k / count, 0.12 * size * math.sin(2 * math.pi * waves * k / count) *
                    min(1.0, 4 * k / count)) for k in range(count + 1))
    return (Polyline(body, jump.role),)


def _star(centre: Point, radius: float) -> tuple[Point, ...]:
    """A five-pointed star, one point up."""
    points = []
    for k in range(10):
        angle = math.pi / 2 + k * math.pi / 5
        reach = radius if k % 2 == 0 else 0.42 * radius
        points.append((centre[0] + reach * math.cos(angle), centre[1] - reach * math.sin(angle)))
    return tuple(points)


def _arrow_head(centre: Point, reach: float, way: str) -> tuple[Point, ...]:
    ux, uy = {"up": (0.0, -1.0), "down": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}[way]
    nx, ny = -uy, ux
    tip = (centre[0] + ux * reach, centre[1] + uy * reach)
    back = (centre[0] - ux * reach * 0.6, centre[1] - uy * reach * 0.6)
    return (tip, (back[0] + nx * reach, back[1] + ny * reach), (back[0] - nx * reach, back[1] - ny * reach))


def _target(centre: Point, size: float, role: str) -> tuple[Circle, Circle]:
    """A small bullseye: kept small so the field's colour stays dominant."""
    return (Circle(centre, 0.17 * size, role), Circle(centre, 0.055 * size, f"{role}.dot"))


HEAD_WIDTH = 0.34  # half an arrowhead's width, as a share of the field, for a lone arrow


def _head_length(size: float, width: float) -> float:
    # A narrow arrow keeps a head long enough to read as one.
    return 0.65 * size * max(width, 0.6)


def _arrow_outline(tail: Point, tip: Point, size: float, width: float = 1.0) -> tuple[Point, ...]:
    length = math.dist(tail, tip)
    ux, uy = (tip[0] - tail[0]) / length, (tip[1] - tail[1]) / length
    nx, ny = -uy, ux
    shaft, head_width, head_length = 0.13 * size * width, HEAD_WIDTH * size * width, _head_length(size, width)

    def at(along: float, across: float) -> Point:
        return (tail[0] + ux * along + nx * across, tail[1] + uy * along + ny * across)

    neck = length - head_length
    return (
        at(0, -shaft),
        at(neck, -shaft),
        at(neck, -head_width),
        at(length, 0),
        at(neck, head_width),
        at(neck, shaft),
        at(0, shaft),
    )
