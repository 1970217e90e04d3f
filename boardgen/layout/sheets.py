"""Sheets of cut-out pieces: packing, and backs that land behind their fronts.

A two-sided piece has a front and a back.  For a duplex printer the backs go
on the next page, placed where the flip puts them: flipped on the long edge of
a portrait sheet, left and right swap; flipped on the short edge, top and
bottom swap.  Without a duplex printer ("fold"), front and back sit side by
side on one strip with a fold line between them.
"""

import math
from collections.abc import Callable
from typing import NamedTuple

from ..draw.scene import Box, Circle, Point, Polygon, Polyline, Rect, SceneBuilder, Shape, Text
from .bed import LaserPart
from .paper import Paper

SIDES: tuple[str, ...] = ("duplex-long", "duplex-short", "fold")

Draw = Callable[[SceneBuilder, Box], None]


class TwoSided(NamedTuple):
    width: float
    height: float
    front: Draw
    back: Draw


class Placed2(NamedTuple):
    """Where one piece's front and back were put, on which page each."""

    piece: TwoSided
    front_page: int
    front: Box
    back_page: int
    back: Box


def flip_box(box: Box, paper: Paper, sides: str) -> Box:
    """Where a box on the front of a sheet sits on its back, in the back page's own coordinates."""
    if sides == "duplex-long":
        return Box(paper.width - box.right, box.y, box.width, box.height)
    if sides == "duplex-short":
        return Box(box.x, paper.height - box.bottom, box.width, box.height)
    raise ValueError(f"no flip for {sides!r}")


def grid_slots(area: Box, width: float, height: float, gap: float) -> list[Box]:
    """Slots of one size filling the area row by row, centred left to right."""
    columns = int((area.width + gap) // (width + gap))
    rows = int((area.height + gap) // (height + gap))
    if columns < 1 or rows < 1:
        return []
    used = columns * width + (columns - 1) * gap
    left = area.x + (area.width - used) / 2
    return [Box(left + c * (width + gap), area.y + r * (height + gap), width, height)
            for r in range(rows) for c in range(columns)]


def lay_out(pieces: list[TwoSided], area: Box, paper: Paper, sides: str, gap: float) -> list[Placed2]:
    """Pack pieces onto as few sheets as fit; pages are numbered from 0.

    Duplex: fronts on even pages, backs on the odd page after.  Fold: one
    strip per piece (front | back), all on even pages, no back page.
    """
    if not pieces:
        return []
    width, height = pieces[0].width, pieces[0].height
    strip = 2 * width if sides == "fold" else width
    slots = grid_slots(area, strip, height, gap)
    if not slots:
        raise ValueError("a piece is larger than the printable area")
    placed = []
    step = 1 if sides == "fold" else 2
    for n, piece in enumerate(pieces):
        page = (n // len(slots)) * step
        slot = slots[n % len(slots)]
        if sides == "fold":
            front = Box(slot.x, slot.y, width, height)
            back = Box(slot.x + width, slot.y, width, height)
            placed.append(Placed2(piece, page, front, page, back))
        else:
            front = Box(slot.x, slot.y, width, height)
            placed.append(Placed2(piece, page, front, page + 1, flip_box(front, paper, sides)))
    return placed


def outline(box: Box) -> tuple[tuple[float, float], ...]:
    return ((box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom))


def draw_pieces(builders: list[SceneBuilder], placed: list[Placed2], sides: str, bleed: float) -> None:
    """Draw fronts and backs, with thin cut lines round what is cut on the front.

    Duplex backs grow by `bleed` on every side: a printer that shifts the back
    by a millimetre then still leaves no white edge on the cut piece.
    """
    for item in placed:
        item.piece.front(builders[item.front_page], item.front)
        if sides == "fold":
            item.piece.back(builders[item.back_page], item.back)
            strip = Box(item.front.x, item.front.y, item.front.width * 2, item.front.height)
            builders[item.front_page].add("lines", Polygon(outline(strip), "cut"))
            x = item.back.x
            builders[item.front_page].add("lines", Polyline(((x, strip.y), (x, strip.bottom)), "fold"))
        else:
            item.piece.back(builders[item.back_page], item.back.grown(bleed))
            builders[item.front_page].add("lines", Polygon(outline(item.front), "cut"))


def shelf_pack(sizes: list[tuple[float, float]], area: Box, gap: float) -> list[tuple[int, Box]]:
    """Pieces of different sizes in rows (shelves) onto as few pages as fit: first fit.

    Each piece goes into the first shelf with room along it and enough height;
    otherwise a new shelf opens below, or on a new page.  Give them longest
    first for the tightest result.  Returns (page, box) in the order given.
    """
    shelves: list[list[float]] = []  # [page, y, height, x used]
    placed = []
    for width, height in sizes:
        if width > area.width or height > area.height:
            raise ValueError("a piece is larger than the printable area")
        for shelf in shelves:
            page, y, shelf_height, used = shelf
            if height <= shelf_height + 1e-9 and used + width <= area.right + 1e-9:
                placed.append((int(page), Box(used, y, width, height)))
                shelf[3] = used + width + gap
                break
        else:
            page, y = (shelves[-1][0], shelves[-1][1] + shelves[-1][2] + gap) if shelves else (0, area.y)
            if y + height > area.bottom + 1e-9:
                page, y = page + 1, area.y
            shelves.append([page, y, height, area.x + width + gap])
            placed.append((int(page), Box(area.x, y, width, height)))
    return placed


class Cell(NamedTuple):
    """Where grid_pack put a piece: on which page, in which box, and whether turned a quarter turn to fit it."""

    page: int
    box: Box
    turned: bool = False


Size = tuple[float, float]


def grid_pack(sizes: list[Size], area: Box, gap: float, turnable: bool = False) -> list[Cell]:
    """Pieces in rows and columns that share their edges, onto as few pages as this greedy fill makes: every
    column of a page holds pieces of one width and every row pieces of one height, so a cut along any piece's
    edge right across the sheet (a guillotine's, from crop mark to crop mark) passes through no piece.

    With `turnable`, every piece may instead lie turned a quarter turn (long tiles standing up), whichever takes
    fewer pages.  Returns a Cell for each size, in the order given; ValueError if a piece is larger than the
    area."""
    upright = _grid_pages(sizes, area, gap)
    if turnable and all(h <= area.width + 1e-9 and w <= area.height + 1e-9 for w, h in sizes):
        turned = _grid_pages([(h, w) for w, h in sizes], area, gap)
        if _count(turned) < _count(upright):
            return [Cell(page, box, True) for page, box in turned]
    return [Cell(page, box) for page, box in upright]


def _count(placed: list[tuple[int, Box]]) -> int:
    return 1 + max((page for page, _box in placed), default=-1)


def _grid_pages(sizes: list[Size], area: Box, gap: float) -> list[tuple[int, Box]]:
    """(page, box) of each piece, upright: page by page, the columns that place the most and then the rows."""
    for width, height in sizes:
        if width > area.width + 1e-9 or height > area.height + 1e-9:
            raise ValueError("a piece is larger than the printable area")
    left = {n: (round(w, 6), round(h, 6)) for n, (w, h) in enumerate(sizes)}
    placed: dict[int, tuple[int, Box]] = {}
    page = 0
    while left:
        best: dict[int, Box] = {}
        for columns in _column_choices(left, area, gap):
            crossed = {width: columns.count(width) for width in set(columns)}
            rows = _choose({height: _held(counts, crossed, height) for height, counts in
                            _by(left, 1, set(columns)).items()}, area.height, gap)
            here = _in_grid(columns, rows, left, area, gap)
            if _area(here) > _area(best) + 1e-9:
                best = here
        if not best:  # cannot happen: a piece that fits the area has a column and a row of its own
            raise ValueError("a piece is larger than the printable area")
        for n, box in best.items():
            placed[n] = (page, box)
            del left[n]
        page += 1
    return [placed[n] for n in range(len(sizes))]


def _area(placed: dict[int, Box]) -> float:
    return sum(box.width * box.height for box in placed.values())


def _by(left: dict[int, Size], axis: int, across: set[float] | None = None) -> dict[float, dict[float, int]]:
    """The pieces left by their size along `axis` (0: width, 1: height): {that size: {the other size: how
    many}}; with `across`, only pieces whose other size is one of those."""
    found: dict[float, dict[float, int]] = {}
    for size in left.values():
        other = size[1 - axis]
        if across is None or other in across:
            counts = found.setdefault(size[axis], {})
            counts[other] = counts.get(other, 0) + 1
    return found


def _held(counts: dict[float, int], crossed: dict[float, int], thickness: float) -> list[float]:
    """The area 1, 2, 3, ... lines of one thickness hold: each line holds one piece in each line it crosses of
    the piece's other size (`crossed`: {size: how many lines}), while pieces last."""
    most = max(-(-n // crossed.get(other, 1)) for other, n in counts.items())
    return [sum(min(k * crossed.get(other, 1), n) * other * thickness for other, n in counts.items())
            for k in range(1, most + 1)]


def _column_choices(left: dict[int, Size], area: Box, gap: float) -> list[list[float]]:
    """Columns to try for a page: for each width, as many columns of it as fit (and it has pieces for); and the
    mix of widths that places the most, were every column as full as the page allows for its tallest piece."""
    choices = []
    for width, heights in _by(left, 0).items():
        count = min(int((area.width + gap + 1e-9) // (width + gap)), sum(heights.values()))
        choices.append([width] * count)
    mixed = {}
    for width, heights in _by(left, 0).items():
        rows = max(1, int((area.height + gap + 1e-9) // (max(heights) + gap)))
        mixed[width] = _held({max(heights): sum(heights.values())}, {max(heights): rows}, width)
    return [*choices, _choose(mixed, area.width, gap)]


_STEP = 0.1  # mm: a page's rows and columns are chosen to this (each rounded up, so the chosen ones surely fit)


def _choose(tables: dict[float, list[float]], room: float, gap: float) -> list[float]:
    """Lines (rows or columns) across `room` mm: how many of each thickness, for the most area held (a knapsack
    over the room, each line as thick as its pieces and a gap); the thickest first.  `tables`: for each
    thickness, the area 1, 2, 3, ... lines of it hold."""
    capacity = int((room + gap + 1e-9) // _STEP)
    best: dict[int, tuple[float, tuple[float, ...]]] = {0: (0.0, ())}  # room used -> area held, lines chosen
    for thickness, held in sorted(tables.items(), reverse=True):
        cost = math.ceil((thickness + gap) / _STEP - 1e-9)
        grown = dict(best)
        for used, (area, chosen) in best.items():
            for count, value in enumerate(held, start=1):
                total = used + count * cost
                if total > capacity:
                    break
                if area + value > grown.get(total, (-1.0, ()))[0] + 1e-9:
                    grown[total] = (area + value, (*chosen, *[thickness] * count))
        best = grown
    _area_held, chosen = max(best.values(), key=lambda entry: (entry[0], -len(entry[1])))
    return sorted(chosen, reverse=True)


def _in_grid(columns: list[float], rows: list[float], left: dict[int, Size], area: Box,
             gap: float) -> dict[int, Box]:
    """The pieces the grid holds, each in the first free cell of its size, column by column from the left and
    row by row from the top."""
    waiting: dict[Size, list[int]] = {}
    for n, size in sorted(left.items()):
        waiting.setdefault(size, []).append(n)
    placed = {}
    y = area.y
    for height in rows:
        x = area.x
        for width in columns:
            queue = waiting.get((width, height))
            if queue:
                placed[queue.pop(0)] = Box(x, y, width, height)
            x += width + gap
        y += height + gap
    return placed


def turned_part(part: LaserPart) -> LaserPart:
    """The part turned a quarter turn clockwise: as wide as it was tall, drawn with every shape and text turned.
    A part that places another scene inside it (a board) cannot be turned: ValueError."""
    def front(builder: SceneBuilder, box: Box) -> None:
        upright = SceneBuilder(part.width, part.height)
        part.front(upright, Box(0.0, 0.0, part.width, part.height))
        for layer, shapes in upright.build().layers:
            builder.add(layer, *(_turned(shape, part.height, box) for shape in shapes))

    return LaserPart(part.height, part.width, front)


def _turned(shape: Shape, height: float, box: Box) -> Shape:
    """A shape of an upright part turned a quarter turn clockwise about the part and put in `box`."""
    def at(point: Point) -> Point:
        x, y = point
        return (box.x + height - y, box.y + x)

    if isinstance(shape, Rect):
        (x0, y0), (x1, y1) = at((shape.box.x, shape.box.y)), at((shape.box.right, shape.box.bottom))
        return Rect(Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)), shape.role)
    if isinstance(shape, Polygon):
        return Polygon(tuple(map(at, shape.points)), shape.role)
    if isinstance(shape, Polyline):
        return Polyline(tuple(map(at, shape.points)), shape.role)
    if isinstance(shape, Circle):
        return Circle(at(shape.centre), shape.radius, shape.role)
    if isinstance(shape, Text):
        return shape._replace(position=at(shape.position), rotation=shape.rotation + 90.0)
    raise ValueError("a part that places another drawing inside it cannot be turned")
