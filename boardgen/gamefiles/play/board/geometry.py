"""Mechanism `lines`: the lines pieces move along, and so the board's neighbours in each direction.

On a grid the lines are its rows and columns (`"orthogonal"`), with its diagonals too (`"all"`), or with the
diagonals only through every other point (`"alquerque"`, as a Fox and Geese or Alquerque board draws them).  A
list of lines, each a straight run between two fields ("a1-g1"), draws them one by one: each field of the map on a
run is joined to the next, so a step goes only along a drawn line, and the board is drawn as points and lines.
"""

from __future__ import annotations

from ..declare import Key, Mechanism
from ..reading import shown
from .reading import BoardReading
from .tables import DIRECTIONS, ORTHOGONAL, Geometry

WORDS = ("orthogonal", "all", "alquerque")

MECHANISM = Mechanism("lines", "The lines pieces move along: a grid's, or lines drawn point to point.", (
    Key("lines", '"orthogonal", "all", "alquerque", or a list of lines like "a1-g1"', '"orthogonal"',
        "The lines steps, slides, jumps and rows go along: the rows and columns, with the diagonals too, with "
        "diagonals through every other point, or lines drawn one by one (a board of points and lines).",
        'lines = ["a1-g1", "a7-g7", "a1-a7", "g1-g7"]', choices=WORDS),
), "board")


def compile_geometry(reading: BoardReading) -> Geometry:
    grid = reading.grid
    size = grid.size
    present = tuple(grid.field_at(i) not in reading.board.absent for i in range(size))
    neighbour = [[-1] * size for _ in DIRECTIONS]

    def join(first: int, second: int, direction: int) -> None:
        neighbour[direction][first] = second
        neighbour[(direction + 4) % 8][second] = first

    value = reading.table.get("lines", "orthogonal")
    drawn = isinstance(value, list)
    if isinstance(value, str) and value in WORDS:
        for index in range(size):
            if not present[index]:
                continue
            column, row = grid.field_at(index)
            for direction, (dc, dr) in enumerate(DIRECTIONS):
                diagonal = direction not in ORTHOGONAL
                if diagonal and (value == "orthogonal" or (value == "alquerque" and (column + row) % 2)):
                    continue
                place = (column + dc, row + dr)
                if grid.contains(place) and place not in reading.board.absent:
                    neighbour[direction][index] = grid.index(place)
    elif drawn and not value:
        reading.problem("no-lines", "lines = [] draws no line at all: list the lines, like [\"a1-g1\", \"a1-a7\"], or "
                        "leave lines out (the rows and columns)", "lines")
    elif drawn:
        for number, item in enumerate(value):
            run = _run(reading, item, str(number))
            for first, second, direction in run:
                join(first, second, direction)
    else:
        reading.problem("wrong-type" if not isinstance(value, str) else "unknown-word",
                        f"lines is \"orthogonal\", \"all\", \"alquerque\" or a list of lines like [\"a1-g1\"], not "
                        f"{shown(value)}", "lines")
    return Geometry(reading.board.variant, tuple(grid.index_name(i) for i in range(size)), present,
                    tuple(tuple(by_field) for by_field in neighbour), drawn, grid.columns, grid.rows,
                    tuple(_rays(neighbour, index) for index in range(size)),
                    tuple(index for index in range(size) if present[index]))


def _rays(neighbour: list[list[int]], index: int) -> tuple[tuple[int, ...], ...]:
    found = []
    for way in neighbour:
        ray = []
        at = way[index]
        while at >= 0:
            ray.append(at)
            at = way[at]
        if len(ray) >= 2:
            found.append(tuple(ray))
    return tuple(found)


def _run(reading: BoardReading, item: object, number: str) -> list[tuple[int, int, int]]:
    """A drawn line "a1-g1" -> each (field, next field, direction) along it, over the fields the map has."""
    ends = item.split("-") if isinstance(item, str) else []
    if len(ends) != 2:
        reading.problem("bad-line", f"lines: {shown(item)} is not a line; write its two ends, like \"a1-g1\"",
                        "lines", number)
        return []
    start, end = reading.field(ends[0], "lines", number), reading.field(ends[1], "lines", number)
    if start is None or end is None:
        return []
    grid = reading.grid
    (c0, r0), (c1, r1) = grid.field_at(start), grid.field_at(end)
    dc, dr = c1 - c0, r1 - r0
    if (dc and dr and abs(dc) != abs(dr)) or not (dc or dr):
        reading.problem("not-a-line", f"lines: {item} is not a straight line between two fields (a row, a column "
                        "or a diagonal)", "lines", number)
        return []
    step = ((dc > 0) - (dc < 0), (dr > 0) - (dr < 0))
    direction = DIRECTIONS.index(step)
    on_it = [grid.index((c0 + n * step[0], r0 + n * step[1])) for n in range(max(abs(dc), abs(dr)) + 1)]
    points = [i for i in on_it if grid.field_at(i) not in reading.board.absent]
    return [(first, second, direction) for first, second in zip(points, points[1:], strict=False)]
