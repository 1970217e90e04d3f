"""Outlines of shapes that meet edge to edge: the faces of a net, the fields of a marked region.

Given polygons that touch along whole edges, an edge used by one polygon
lies on the outside (where a net is cut), an edge used by two lies inside
(where it is folded).  Each edge comes out once, so nothing is drawn twice:
a printed net has no solid line under a fold, and a laser cuts every edge
exactly once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Point = tuple[float, float]
Segment = tuple[Point, Point]

_GRID = 1e-6  # mm: points closer than this are the same point


def _key(point: Point) -> tuple[int, int]:
    return (round(point[0] / _GRID), round(point[1] / _GRID))


def _edges(polygon: Sequence[Point]) -> Iterable[Segment]:
    for i, start in enumerate(polygon):
        end = polygon[(i + 1) % len(polygon)]
        if _key(start) != _key(end):
            yield (start, end)


def outer_and_inner_edges(polygons: Iterable[Sequence[Point]]) -> tuple[list[Segment], list[Segment]]:
    """(edges on the outside, edges shared by two polygons), each edge once, in a stable order."""
    seen: dict[frozenset[tuple[int, int]], list[Segment]] = {}
    for polygon in polygons:
        for edge in _edges(polygon):
            seen.setdefault(frozenset((_key(edge[0]), _key(edge[1]))), []).append(edge)
    outer = [uses[0] for uses in seen.values() if len(uses) == 1]
    inner = [uses[0] for uses in seen.values() if len(uses) >= 2]
    return outer, inner


def loops(segments: Sequence[Segment]) -> list[tuple[Point, ...]]:
    """Segments that join end to end, chained into closed loops (the outline of each piece, holes apart)."""
    by_point: dict[tuple[int, int], list[int]] = {}
    for n, (start, end) in enumerate(segments):
        by_point.setdefault(_key(start), []).append(n)
        by_point.setdefault(_key(end), []).append(n)
    used = [False] * len(segments)
    found: list[tuple[Point, ...]] = []
    for first in range(len(segments)):
        if used[first]:
            continue
        used[first] = True
        start, point = segments[first]
        path = [start, point]
        while _key(point) != _key(start):
            following = next((n for n in by_point[_key(point)] if not used[n]), None)
            if following is None:
                break  # an open chain: not a closed outline
            used[following] = True
            a, b = segments[following]
            point = b if _key(a) == _key(point) else a
            path.append(point)
        found.append(tuple(path[:-1]) if _key(path[-1]) == _key(path[0]) else tuple(path))
    return found
