"""A position drawn on its board: the items a game lists, an X on every field a move reaches, and the last move
played framed; and a throw's dice and sticks, as the play page shows them beside the board.

Draws any game's diagram items (dice, stacks of dice, tiles, markers,
pyramids); a stack of dice cascades up and to the right, the top one last,
and a stack of pyramids is seen from the side, a tower of trapezoids each
as wide as its pyramid with its pips on it.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.grid import Field
from .board import BoardDrawing, BoardLook, draw_board, point_base
from .board_spec import POINT, BoardSpec
from .diagram_items import DiagramItem, DiagramMarker, DiagramPiece, DiagramPosition, DiagramPyramid, DiagramTile
from .outline import loops, outer_and_inner_edges
from .pips import PIPS
from .scene import Box, Circle, Polygon, Polyline, Rect, SceneBuilder, Text, text_baseline

# The last move's frames: a look the play page gives them (products.play_session.picture), which a palette for
# print has no need of; a diagram that marks a last move is drawn with a look that has them.
LAST_MOVE = "move.last"  # where the last move went: a solid frame just inside the field
LAST_FROM = "move.last.from"  # where it came from: a dashed one

DIE_SIDE = 0.66  # of a field: a die drawn on a field, leaving the field's colour visible round it
# A stack is drawn as smaller dice cascading from bottom-left (lowest) to top-right (top),
# each overlapping the one below by little enough that every face can be read.
# A stack's dice, each offset up and to the right, span at most 0.84 of a field: a tower stays inside its field.
STACK_SIDE = {2: 0.5, 3: 0.4}
STACK_STEP = {2: 0.32, 3: 0.22}


def field_box(drawing: BoardDrawing, field: Field, rows: int) -> Box:
    """Where `field` lies in the drawing: row 0 is the bottom row, and the drawing's y grows downwards; as wide as a
    field and as high as its row (a row of backgammon's points is long)."""
    if drawing.rows:
        return drawing.field_box(field)
    size = drawing.field_size
    grid = drawing.grid_box
    return Box(grid.x + field[0] * size, grid.y + (rows - 1 - field[1]) * size, size, size)


CHECKER = 0.44  # of a field: the radius of a piece standing on a point, as wide as the point's base nearly


def _spot(spec: BoardSpec, field: Field, box: Box, level: int, height: int) -> Box:
    """Where the `level`th piece of a stack of `height` stands: the field itself, or on a point a square as wide
    as it, the first at its base and each next one further along, closer together where a point holds more than
    fit (as checkers stand on a backgammon point)."""
    if spec.shape(field) != POINT or box.height <= box.width:
        return box
    side = box.width
    step = min(side, (box.height - side) / max(height - 1, 1))
    along = level * step
    top = box.y + along if point_base(spec, field) == "top" else box.bottom - side - along
    return Box(box.x, top, side, side)


def field_boxes(drawing: BoardDrawing, spec: BoardSpec) -> dict[Field, Box]:
    """Every field the board has, and where it lies in the drawing of it (a field the board leaves out has none)."""
    return {field: field_box(drawing, field, spec.grid.rows) for field in spec.grid.fields()
            if field not in spec.absent}


def draw_diagram(spec: BoardSpec, look: BoardLook, shown: DiagramPosition) -> BoardDrawing:
    """The board with `shown`'s pieces on it, and every reached field marked: an X on an empty one, a frame round
    one that holds a piece (so its pips or value stay readable).  Its `also_reached`, a second piece's moves, is
    marked with a ring instead of an X, so two pieces' moves are told apart in one diagram."""
    everything = list(shown.items)
    occupied = _occupied(everything)
    # A field's note (ALEA's start face) is for an empty field: under a piece it would peek out beside it.
    spec = replace(spec, marks=tuple(m for m in spec.marks
                                     if not (m.symbol.startswith("note:") and m.field in occupied)))
    board = draw_board(spec, look)
    builder = SceneBuilder(board.scene.width, board.scene.height, board.scene.title)
    builder.extend(board.scene)
    rows = spec.grid.rows
    # Under the pieces and over the grid: a frame inside the field leaves the piece on it in sight.
    if shown.last_from is not None:
        _last(builder, field_box(board, shown.last_from, rows), LAST_FROM)
    for field in shown.last_reached:
        _last(builder, field_box(board, field, rows), LAST_MOVE)
    pieces = [p for p in everything if isinstance(p, DiagramPiece)]
    for tile in (p for p in everything if isinstance(p, DiagramTile)):
        _tile(builder, board, tile, rows)
    markers = [p for p in everything if isinstance(p, DiagramMarker)]
    stacks: dict[Field, int] = {}
    for marker in markers:
        stacks[marker.field] = max(stacks.get(marker.field, 0), marker.level + 1)
    for marker in markers:
        box = _spot(spec, marker.field, field_box(board, marker.field, rows), marker.level, stacks[marker.field])
        radius = (CHECKER if spec.shape(marker.field) == POINT else 0.3) * box.width  # a checker fills its point
        builder.add("marks", Circle(box.centre, radius, f"marker.{marker.colour}"))
        if marker.mark:  # a kind of piece told apart by its letters: a king's K
            text_size = 0.3 * box.width
            builder.add("marks", Text((box.centre[0], text_baseline(box.centre[1], text_size)), marker.mark,
                                      text_size, f"label.on.{marker.colour}", bold=True))
    heights: dict[Field, int] = {}
    for piece in pieces:
        heights[piece.field] = max(heights.get(piece.field, 0), piece.level + 1)
    for piece in sorted(pieces, key=lambda p: (p.level, p.field)):
        box = field_box(board, piece.field, rows)
        _die(builder, box, piece, heights[piece.field])
    for pyramid in (p for p in everything if isinstance(p, DiagramPyramid)):
        _pyramid(builder, field_box(board, pyramid.field, rows), pyramid)
    targets, second = set(shown.reached), set(shown.also_reached)
    for field in sorted(targets - occupied):
        _cross(builder, _spot(spec, field, field_box(board, field, rows), 0, 1))
    for field in sorted(second - occupied - targets):
        box = _spot(spec, field, field_box(board, field, rows), 0, 1)
        builder.add("marks", Circle(box.centre, 0.3 * box.width, "move.target.second"))
    _frame(builder, [field_box(board, f, rows) for f in sorted((targets | second) & occupied)])
    return replace(board, scene=builder.build())


def _occupied(items: list[DiagramItem]) -> set[Field]:
    """The fields a diagram's items cover."""
    fields: set[Field] = set()
    for item in items:
        if isinstance(item, DiagramTile):
            c, r = item.field
            fields.update((c + i, r) if item.horizontal else (c, r + i) for i in range(item.length))
        else:
            fields.add(item.field)
    return fields


def _frame(builder: SceneBuilder, boxes: list[Box]) -> None:
    """One bold outline round the marked fields that hold pieces: a tile taken off gets one rectangle."""
    squares = [((b.x, b.y), (b.right, b.y), (b.right, b.bottom), (b.x, b.bottom)) for b in boxes]
    outer, _ = outer_and_inner_edges(squares)
    for loop in loops(outer):
        builder.add("marks", Polygon(loop, "move.frame"))


def _tile(builder: SceneBuilder, board: BoardDrawing, tile: DiagramTile, rows: int) -> None:
    """A long tile lying over its fields, a little inset so neighbours stay apart, with its label."""
    first = field_box(board, tile.field, rows)
    size = first.width
    inset = 0.08 * size
    if tile.horizontal:
        box = Box(first.x + inset, first.y + inset, tile.length * size - 2 * inset, size - 2 * inset)
    else:
        top = first.bottom - tile.length * size
        box = Box(first.x + inset, top + inset, size - 2 * inset, tile.length * size - 2 * inset)
    builder.add("marks", Rect(box, f"tile.{tile.colour}"))
    if tile.label:
        text_size = 0.45 * size
        builder.add("marks", Text((box.centre[0], text_baseline(box.centre[1], text_size)), tile.label, text_size,
                                  f"label.on.{tile.colour}", bold=True))


def _last(builder: SceneBuilder, field: Box, role: str) -> None:
    builder.add("lines", Rect(field.grown(-0.08 * field.width), role))


def _die(builder: SceneBuilder, field: Box, piece: DiagramPiece, height: int) -> None:
    if height == 1:
        side = DIE_SIDE * field.width
        x, y = field.x + (field.width - side) / 2, field.y + (field.height - side) / 2
    else:
        side = STACK_SIDE.get(height, 0.4) * field.width
        step = STACK_STEP.get(height, 0.2) * field.width
        span = side + step * (height - 1)
        x = field.x + (field.width - span) / 2 + step * piece.level
        y = field.y + (field.height - span) / 2 + step * (height - 1 - piece.level)
    draw_die(builder, Box(x, y, side, side), piece.colour, piece.face)


def draw_die(builder: SceneBuilder, box: Box, colour: str, face: int) -> None:
    """A die in `box` (a square) showing `face`, in the look of `colour`'s dice (die.red, pip.red)."""
    x, y, side = box.x, box.y, box.width
    cut = 0.12 * side  # chamfered corners read as a die, not as a field
    outline = (
        (x + cut, y), (x + side - cut, y), (x + side, y + cut), (x + side, y + side - cut),
        (x + side - cut, y + side), (x + cut, y + side), (x, y + side - cut), (x, y + cut),
    )
    role = f"die.{colour}"
    builder.add("marks", Polygon(outline, role))
    pips = PIPS.get(face)
    if pips is None:  # an impossible face is still drawn, as a number, so the picture shows the problem
        builder.add("marks", Text((x + side / 2, text_baseline(y + side / 2, 0.5 * side)), str(face),
                                  0.5 * side, f"pip.{colour}", bold=True))
        return
    for px, py in pips:
        builder.add("marks", Circle((x + px * side, y + py * side), 0.09 * side, f"pip.{colour}"))


def draw_stick(builder: SceneBuilder, box: Box, dots: int | None) -> None:
    """A throwing stick lying across `box` (wider than high), showing `dots` dots (0: a blank side), or the
    zigzag of "throw again" (None), in the look of the printed sticks (stick.face, stick.mark, stick.sign)."""
    builder.add("fields", Rect(box, "stick.face"))
    builder.add("lines", Rect(box, "grid.border"))
    (cx, cy), side = box.centre, box.height
    if dots is None:
        w = 0.3 * side
        zigzag = ((cx - 1.5 * w, cy + w), (cx - 0.5 * w, cy - w), (cx + 0.5 * w, cy + w), (cx + 1.5 * w, cy - w))
        builder.add("marks", Polyline(zigzag, "stick.sign"))
        return
    step = 0.9 * side
    for n in range(dots):
        builder.add("marks", Circle((cx + (n - (dots - 1) / 2) * step, cy), 0.16 * side, "stick.mark"))


# Seen from the side, a pyramid's foot is as wide as its base: large, medium and small, of a field.
PYRAMID_FOOT = {3: 0.8, 2: 0.62, 1: 0.44}
PYRAMID_TOWER = 0.78  # of a field: the most a stack stands
PIP_STEP = 0.13  # of a field, between pips on a pyramid


def _pyramid(builder: SceneBuilder, field: Box, piece: DiagramPyramid) -> None:
    """One pyramid of a stack seen from the side: a trapezoid standing on the one below, its pips on it."""
    size = field.width
    step = min(0.52, PYRAMID_TOWER / piece.height) * size  # a lone pyramid stands tall; a tree shares the height
    foot = PYRAMID_FOOT.get(piece.pips, 0.3) * size
    top = foot * (0.22 if piece.level == piece.height - 1 else 0.62)  # the top piece narrows to a point
    bottom = field.bottom - (1 - PYRAMID_TOWER) / 2 * size - piece.level * step
    cx = field.centre[0]
    outline = ((cx - foot / 2, bottom), (cx + foot / 2, bottom), (cx + top / 2, bottom - step),
               (cx - top / 2, bottom - step))
    builder.add("marks", Polygon(outline, f"die.{piece.colour}"))
    pip_y = bottom - 0.42 * step
    count = piece.pips if piece.pips in PYRAMID_FOOT else 0
    radius = min(0.05 * size, 0.2 * step)
    if count == 0:  # an impossible piece is still drawn, with its number, so the picture shows the problem
        builder.add("marks", Text((cx, text_baseline(pip_y, 0.6 * step)), str(piece.pips), 0.6 * step,
                                  f"pip.{piece.colour}", bold=True))
    for n in range(count):
        builder.add("marks", Circle((cx + (n - (count - 1) / 2) * PIP_STEP * size * min(1.0, step / (0.26 * size)),
                                     pip_y), radius, f"pip.{piece.colour}"))


def _cross(builder: SceneBuilder, field: Box) -> None:
    """A bold X like the original rules' marks, on an empty field; a thin white edge keeps it clear on dark ones."""
    inset = 0.22 * field.width
    a = (field.x + inset, field.y + inset)
    b = (field.right - inset, field.bottom - inset)
    c = (field.right - inset, field.y + inset)
    d = (field.x + inset, field.bottom - inset)
    builder.add("marks", Polyline((a, b), "move.target.halo"), Polyline((c, d), "move.target.halo"))
    builder.add("marks", Polyline((a, b), "move.target"), Polyline((c, d), "move.target"))
