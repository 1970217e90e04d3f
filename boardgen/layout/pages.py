"""Put a drawing on paper at true size: one centred page, or tiles to glue.

Nothing here ever scales a board down: a board that does not fit the
printable area is cut into overlapping tiles, with marks to line them up and
an overview page that shows how they go together.
"""

from collections.abc import Callable
from typing import NamedTuple

from ..draw.fonts import text_width
from ..draw.scene import Box, Circle, Placed, Polygon, Polyline, Rect, Scene, SceneBuilder, Shape, Text, text_baseline
from ..errors import BoardgenError
from .paper import Paper
from .text import block_height, paragraph

CALIBRATION_LENGTH = 50.0  # mm
FOOTER_HEIGHT = 12.0  # mm at the bottom of the printable area: calibration bar and page label
MIN_OVERLAP = 10.0  # mm of glue overlap between neighbouring tiles
_FOOTER_GAP = 3.0  # mm between the drawing and the footer


class Tile(NamedTuple):
    row: int  # 0-based, from the top of the drawing
    column: int
    window: Box  # the part of the drawing this tile shows, in drawing coordinates


class TilePlan(NamedTuple):
    paper: Paper
    rows: int
    columns: int
    tiles: tuple[Tile, ...]


CALIBRATION_LABEL = "50 mm at 100 % scale"


def calibration_bar(builder: SceneBuilder, x: float, y: float, label: str = CALIBRATION_LABEL) -> None:
    """A 50 mm bar in 10 mm steps, labelled (in the page's language), with its left end at (x, y)."""
    step = CALIBRATION_LENGTH / 5
    for i in range(5):
        role = "calibration" if i % 2 == 0 else "calibration.gap"
        builder.add("calibration", Rect(Box(x + i * step, y, step, 2.5), role))
    for tick in (0.0, CALIBRATION_LENGTH):
        builder.add("calibration", Polyline(((x + tick, y - 1.2), (x + tick, y + 3.7)), "calibration"))
    builder.add(
        "calibration",
        Text((x + CALIBRATION_LENGTH / 2, y - 1.4), label, 2.4, "ink"),
    )


def sheet(scene: Scene) -> Scene:
    """The drawing at true size with a calibration bar under it (for SVG and PNG)."""
    builder = SceneBuilder(scene.width, scene.height + 10.0, scene.title)
    # Copy the layers rather than nesting the scene, so editors see them as top-level layers.
    builder.extend(scene)
    calibration_bar(builder, (scene.width - CALIBRATION_LENGTH) / 2, scene.height + 4.5)
    return builder.build()


def _fits_one_page(scene: Scene, grid_box: Box, paper: Paper, margin: float) -> tuple[float, float] | None:
    """Offset that centres the grid on the page, if the whole drawing then fits."""
    dx = paper.width / 2 - grid_box.centre[0]
    dy = paper.height / 2 - grid_box.centre[1]
    placed = Box(dx, dy, scene.width, scene.height)
    area = paper.printable(margin)
    usable = Box(area.x, area.y, area.width, area.height - FOOTER_HEIGHT - _FOOTER_GAP)
    return (dx, dy) if usable.contains(placed) else None


def fits_one_page(scene: Scene, grid_box: Box, paper: Paper, margin: float) -> bool:
    """Whether the drawing fits one page of this paper, either way round, with the grid centred."""
    return any(_fits_one_page(scene, grid_box, p, margin) is not None for p in (paper, paper.landscape()))


def _spans(length: float, window: float) -> list[tuple[float, float]]:
    """(start, length) of windows covering [0, length], each overlapping the last by MIN_OVERLAP.

    As few windows as fit, all of one length: a board of 10 rows on two pages is split 5 and 5, not 8 and
    2, and every seam is the same strip to glue.
    """
    count = 1
    while count * window - (count - 1) * MIN_OVERLAP < length - 1e-9:
        count += 1
    size = (length + (count - 1) * MIN_OVERLAP) / count
    return [(index * (size - MIN_OVERLAP), size) for index in range(count)]


def plan_tiles(scene: Scene, paper: Paper, margin: float) -> TilePlan:
    """Cut the drawing into as few overlapping tiles as the paper allows."""
    plans = []
    for sheet_paper in (paper, paper.landscape()):
        area = paper_window(sheet_paper, margin)
        if area.width <= MIN_OVERLAP * 2 or area.height <= MIN_OVERLAP * 2:
            continue
        xs, ys = _spans(scene.width, area.width), _spans(scene.height, area.height)
        tiles = tuple(
            Tile(r, c, Box(x, y, width, height))
            for r, (y, height) in enumerate(ys)
            for c, (x, width) in enumerate(xs)
        )
        plans.append(TilePlan(sheet_paper, len(ys), len(xs), tiles))
    if not plans:
        raise BoardgenError(f"the {margin:g} mm margin leaves no room to print on {paper.name.upper()} paper")
    return min(plans, key=lambda plan: len(plan.tiles))  # portrait wins a tie


def paper_window(paper: Paper, margin: float) -> Box:
    """The part of a tile page that shows the drawing: printable area above the footer."""
    area = paper.printable(margin)
    return Box(area.x, area.y, area.width, area.height - FOOTER_HEIGHT - _FOOTER_GAP)


def _as_is(text: str) -> str:
    return text


def layout_pages(scene: Scene, grid_box: Box, paper: Paper, margin: float, note: str,
                 overview: Callable[[], Scene] | None = None, credits: tuple[str, ...] = (),
                 say: Callable[[str], str] = _as_is) -> list[Scene]:
    """Pages for the PDF: one centred page if the drawing fits, else overview + tiles.

    `overview` is the drawing to show shrunk on the overview page (the board without its credits line,
    which the tile outlines would cross); `credits` are then printed under it instead.  `say` gives the
    pages' own words (the calibration bar, the tiles' labels, how to glue them) in the pages' language: a
    message catalogue's gettext (layout reads none itself); English as they are without one.
    """
    bar_label = say(CALIBRATION_LABEL)
    if margin < 0 or 2 * margin >= min(paper.width, paper.height):
        raise BoardgenError(f"a margin of {margin:g} mm does not leave room on {paper.name.upper()} paper")
    for sheet_paper in (paper, paper.landscape()):
        offset = _fits_one_page(scene, grid_box, sheet_paper, margin)
        if offset is not None:
            return [_single_page(scene, sheet_paper, margin, offset, note, bar_label)]
    plan = plan_tiles(scene, paper, margin)
    total = len(plan.tiles) + 1
    pages = [_overview_page(scene, overview() if overview else scene, plan, margin, total, credits, say)]
    marks = _alignment_marks(scene, plan)  # one drawing for all the tiles: each shows its part of it
    for number, (tile, shown) in enumerate(zip(plan.tiles, _texts_kept_whole(scene, plan), strict=True), start=2):
        pages.append(_tile_page(shown, marks, plan, tile, margin,
                                say("page {number} of {total}").format(number=number, total=total), say))
    return pages


_TEXT_PAD = 1.0  # mm between a moved text and its tile's edge


def _texts_kept_whole(scene: Scene, plan: TilePlan) -> list[Scene]:
    """The drawing as each tile shows it, with no text cut by a tile's edge: a text whole on some tiles is shown
    on those only; one that no tile holds whole (a credits line across a seam) is moved along into the tile that
    holds its anchor, and shown there."""
    kept: list[dict[str, list[Shape]]] = [{} for _ in plan.tiles]
    for name, shapes in scene.layers:
        for layer in kept:
            layer[name] = []
        for shape in shapes:
            if not isinstance(shape, Text):
                for layer in kept:
                    layer[name].append(shape)
                continue
            box = _text_box(shape)
            whole = [n for n, tile in enumerate(plan.tiles) if tile.window.grown(1e-6).contains(box)]
            if whole:
                for n in whole:
                    kept[n][name].append(shape)
                continue
            n = min(range(len(plan.tiles)), key=lambda n: _distance(plan.tiles[n].window, shape.position))
            kept[n][name].append(_moved_into(shape, box, plan.tiles[n].window))
    return [scene._replace(layers=tuple((name, tuple(shapes)) for name, shapes in layers.items()))
            for layers in kept]


def _text_box(text: Text) -> Box:
    """Where a line of text prints: its measured width, from its ascenders to its descenders."""
    width = text_width(text.text, text.size, text.bold, text.italic)
    left = {"start": 0.0, "middle": -width / 2, "end": -width}[text.anchor]
    along = Box(left, -0.8 * text.size, width, 1.05 * text.size)
    if round(text.rotation) % 180 == 90:  # turned a quarter: across becomes down
        along = Box(along.y if text.rotation % 360 == 270 else -along.bottom, along.x, along.height, along.width)
    return along.moved(*text.position)


def _distance(window: Box, point: tuple[float, float]) -> float:
    dx = max(window.x - point[0], 0.0, point[0] - window.right)
    dy = max(window.y - point[1], 0.0, point[1] - window.bottom)
    return dx + dy


def _moved_into(text: Text, box: Box, window: Box) -> Text:
    inner = window.grown(-_TEXT_PAD)
    dx = max(inner.x - box.x, 0.0) + min(inner.right - box.right, 0.0)
    dy = max(inner.y - box.y, 0.0) + min(inner.bottom - box.bottom, 0.0)
    return text._replace(position=(text.position[0] + dx, text.position[1] + dy))


FOOTER_TEXT = 2.4  # mm


def footer(builder: SceneBuilder, paper: Paper, margin: float, label: str, top: float | None = None,
           bar_label: str = CALIBRATION_LABEL) -> None:
    """The 50 mm bar at the right of the printable area, the label wrapped into the room left of it: at the
    bottom, or from `top` down (just under a drawing) when that leaves it on the page."""
    area = paper.printable(margin)
    bar_y = area.bottom - 4.0 if top is None else min(top + 4.0, area.bottom - 4.0)
    calibration_bar(builder, area.right - CALIBRATION_LENGTH, bar_y, bar_label)
    room = area.width - CALIBRATION_LENGTH - 4.0
    height = block_height(label, room, FOOTER_TEXT)
    paragraph(builder, area.x, min(area.bottom - height, bar_y + 2.5 - FOOTER_TEXT), room, label, FOOTER_TEXT)


def header_height(paper: Paper, margin: float, title: str, note: str = "") -> float:
    """How much of the page a sheet header with this title and note takes, before drawing it."""
    width = paper.printable(margin).width
    height = block_height(title, width, TITLE_SIZE, bold=True)
    if note:
        height += 1.6 + block_height(note, width, NOTE_SIZE)
    return height + 3.0


TITLE_SIZE, NOTE_SIZE = 4.2, 2.8  # mm


def sheet_header(builder: SceneBuilder, paper: Paper, margin: float, title: str, note: str = "",
                 top: float | None = None) -> float:
    """A bold title and a note across the printable area, wrapped: at its top, or from `top` down (a second
    part of a sheet, under the first); the y where the content starts."""
    area = paper.printable(margin)
    y = paragraph(builder, area.x, area.y if top is None else top, area.width, title, TITLE_SIZE, bold=True)
    if note:
        y = paragraph(builder, area.x, y + 1.6, area.width, note, NOTE_SIZE)
    return y + 3.0


def usable_area(paper: Paper, margin: float, header: float) -> Box:
    """The printable area below a header of this height and above the footer."""
    area = paper.printable(margin)
    return Box(area.x, area.y + header, area.width, area.height - header - FOOTER_HEIGHT - _FOOTER_GAP)


def _single_page(scene: Scene, paper: Paper, margin: float, offset: tuple[float, float], note: str,
                 bar_label: str = CALIBRATION_LABEL) -> Scene:
    builder = SceneBuilder(paper.width, paper.height, scene.title)
    builder.add("fields", Placed(scene, offset))
    footer(builder, paper, margin, note, top=offset[1] + scene.height + 2.0,  # the bar right under the board
           bar_label=bar_label)
    return builder.build()


def _alignment_marks(scene: Scene, plan: TilePlan) -> Scene:
    """Glue lines and register crosses in drawing coordinates, shared by neighbouring tiles."""
    builder = SceneBuilder(scene.width, scene.height)
    by_place = {(t.row, t.column): t for t in plan.tiles}
    for tile in plan.tiles:
        right = by_place.get((tile.row, tile.column + 1))
        if right is not None:
            x = right.window.x
            builder.add("marks", Polyline(((x, tile.window.y), (x, tile.window.bottom)), "tile.glue"))
            middle = (x + tile.window.right) / 2
            for fraction in (0.25, 0.75):
                _register_cross(builder, middle, tile.window.y + fraction * tile.window.height)
        below = by_place.get((tile.row + 1, tile.column))
        if below is not None:
            y = below.window.y
            builder.add("marks", Polyline(((tile.window.x, y), (tile.window.right, y)), "tile.glue"))
            middle = (y + tile.window.bottom) / 2
            for fraction in (0.25, 0.75):
                _register_cross(builder, tile.window.x + fraction * tile.window.width, middle)
    return builder.build()


def _register_cross(builder: SceneBuilder, x: float, y: float) -> None:
    arm = 3.0
    builder.add("marks", Polyline(((x - arm, y), (x + arm, y)), "tile.register"))
    builder.add("marks", Polyline(((x, y - arm), (x, y + arm)), "tile.register"))
    square = ((x - 1.2, y - 1.2), (x + 1.2, y - 1.2), (x + 1.2, y + 1.2), (x - 1.2, y + 1.2))
    builder.add("marks", Polygon(square, "tile.register"))


def _tile_label(tile: Tile, say: Callable[[str], str]) -> str:
    return say("row {row}, column {column}").format(row=tile.row + 1, column=tile.column + 1)


def _tile_page(scene: Scene, marks: Scene, plan: TilePlan, tile: Tile, margin: float, page_label: str,
               say: Callable[[str], str]) -> Scene:
    paper = plan.paper
    builder = SceneBuilder(paper.width, paper.height, scene.title)
    window = paper_window(paper, margin)
    offset = (window.x - tile.window.x, window.y - tile.window.y)
    builder.add("fields", Placed(scene, offset, clip=tile.window))
    builder.add("marks", Placed(marks, offset, clip=tile.window))
    shown = Box(window.x, window.y, tile.window.width, tile.window.height)
    outline = ((shown.x, shown.y), (shown.right, shown.y), (shown.right, shown.bottom), (shown.x, shown.bottom))
    builder.add("marks", Polygon(outline, "tile.outline"))
    label = say("{title}: tile {tile} of {rows} x {columns}, {page}").format(
        title=scene.title, tile=_tile_label(tile, say), rows=plan.rows, columns=plan.columns, page=page_label)
    footer(builder, paper, margin, label, bar_label=say(CALIBRATION_LABEL))
    return builder.build()


def _overview_page(scene: Scene, picture: Scene, plan: TilePlan, margin: float, total: int,
                   credits: tuple[str, ...], say: Callable[[str], str]) -> Scene:
    """The whole board, shrunk, with each tile's outline and page number, and how to put them together.

    `picture` is what is shown (the board without its credits line); the tiles were cut from `scene`,
    so the page is laid out by that one's size.
    """
    paper = plan.paper
    builder = SceneBuilder(paper.width, paper.height, scene.title)
    area = paper.printable(margin)
    note = say("Print pages 2-{total} at 100 % (actual size); check that each 50 mm bar measures 50 mm. Trim the "
               "margin off the left and top edge of each tile that has a neighbour there, lay it over its neighbour "
               "up to the dashed glue line so the + marks meet, and glue.").format(total=total)
    top = sheet_header(builder, paper, margin, say("{title}: how the {count} tiles fit together (this overview is "
                                                   "not to scale)").format(title=scene.title, count=len(plan.tiles)),
                       note)
    legend = [say("page {number}: {tile}").format(number=n, tile=_tile_label(tile, say))
              for n, tile in enumerate(plan.tiles, start=2)]
    legend_lines = len(legend) + len(credits) + (1 if credits else 0)
    bottom = area.bottom - FOOTER_HEIGHT - _FOOTER_GAP - legend_lines * 1.3 * NOTE_SIZE - 3.0
    room = Box(area.x, top, area.width, bottom - top)
    scale = min(room.width / scene.width, room.height / scene.height)
    offset = (room.x + (room.width - scene.width * scale) / 2, room.y)
    builder.add("fields", Placed(picture, offset, scale=scale))
    for number, tile in enumerate(plan.tiles, start=2):
        box = Box(offset[0] + tile.window.x * scale, offset[1] + tile.window.y * scale,
                  tile.window.width * scale, tile.window.height * scale)
        corners = ((box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom))
        builder.add("marks", Polygon(corners, "overview.tile"))
        # The page number in a white disc at the tile's centre: readable over any field, clear of the edges.
        centre = box.centre
        builder.add("marks", Circle(centre, 4.2, "overview.label"))
        builder.add("text", Text((centre[0], text_baseline(centre[1], 4.4)), str(number), 4.4, "ink", bold=True))
    y = offset[1] + scene.height * scale + 3.0
    for line in legend:
        y = paragraph(builder, area.x, y, area.width, line, NOTE_SIZE) + 0.3 * NOTE_SIZE
    for n, line in enumerate(credits):
        y = paragraph(builder, area.x, y + (1.0 if n == 0 else 0.0), area.width, line, NOTE_SIZE, "ink.soft")
    footer(builder, paper, margin, say("{title}: overview, page 1 of {total}. Not to scale: do not measure it.")
           .format(title=scene.title, total=total), bar_label=say(CALIBRATION_LABEL))
    return builder.build()
