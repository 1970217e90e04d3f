"""Sheets of cut-out pieces: packing, and backs that land behind their fronts.

A two-sided piece has a front and a back.  For a duplex printer the backs go
on the next page, placed where the flip puts them: flipped on the long edge of
a portrait sheet, left and right swap; flipped on the short edge, top and
bottom swap.  Without a duplex printer ("fold"), front and back sit side by
side on one strip with a fold line between them.
"""

from collections.abc import Callable
from typing import NamedTuple

from ..draw.scene import Box, Polygon, Polyline, SceneBuilder
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
