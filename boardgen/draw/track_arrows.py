"""Arrows along the tracks pieces run, for a board that shows its direction of play (--arrows).

One arrow along each leg of a track: each straight stretch of it, the first
and the last included however short (where pieces come on and where they
leave), the one-step turns between longer stretches left to the eye.  Where
several players' tracks run over the same fields, either way, their arrows
lie side by side, each in its own lane; on a board whose fields carry numbers
in their corner (Snakes and Ladders' 1 to 100) the lanes keep clear of the
numbers.

    arrows = track_arrows(((a1, b1, c1), (c1, b1, a1)), ("arrow.p1", "arrow.p2"), numbered=False)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.grid import Field
from .board_spec import Arrow

LANES = 0.76  # of a field: the breadth that arrows side by side share
NUMBERED_WIDTH = 0.45  # a lone arrow's width on a numbered track, so that it passes between the numbers
HEAD = 0.34  # half an arrowhead's width for a lone arrow, as a share of the field (draw.board's HEAD_WIDTH)
SPACE = 0.05  # of a field: bare paper between two arrows side by side
# Where arrows on a numbered board may lie across their way, as shares of the field from its top or left edge:
# clear of the number in the field's lower right corner (under a horizontal arrow, beside a vertical one).
ACROSS_A_ROW = (0.04, 0.66)
ALONG_A_COLUMN = (0.04, 0.40)


def track_arrows(tracks: Sequence[Sequence[Field]], roles: Sequence[str], numbered: bool = False) -> tuple[Arrow,
                                                                                                             ...]:
    """An arrow along every leg of every track, in the track's own role; where tracks share a step, side by
    side in the order of the tracks."""
    steps = [{frozenset(step) for step in zip(track, track[1:], strict=False)} for track in tracks]
    arrows: list[Arrow] = []
    for player, (track, role) in enumerate(zip(tracks, roles, strict=True)):
        for leg in legs(track):
            # Split where the tracks sharing the way change: a lane is the same all along one arrow.
            pieces: list[tuple[tuple[int, ...], list[Field]]] = []
            for a, b in zip(leg, leg[1:], strict=False):
                sharing = tuple(n for n, own in enumerate(steps) if frozenset((a, b)) in own)
                if pieces and pieces[-1][0] == sharing:
                    pieces[-1][1].append(b)
                else:
                    pieces.append((sharing, [a, b]))
            for sharing, fields in pieces:
                if len(fields) == 2 and len(leg) > 2:
                    continue  # a single step left over beside a longer stretch: too short for an arrow of its own
                lane, width = _lane(fields[0], fields[-1], sharing.index(player), len(sharing), numbered)
                arrows.append(Arrow(fields[0], fields[-1], role, lane, width))
    return tuple(arrows)


def legs(track: Sequence[Field]) -> list[list[Field]]:
    """The track cut into straight stretches, each a step of the same way: every stretch of two steps or more,
    and the first and the last of the track whatever their length (where pieces come on and leave); a single
    step between two stretches only turns a corner, and is left out."""
    runs: list[list[Field]] = []
    for a, b in zip(track, track[1:], strict=False):
        way = (b[0] - a[0], b[1] - a[1])
        if runs and runs[-1][-1] == a and (runs[-1][-1][0] - runs[-1][-2][0],
                                           runs[-1][-1][1] - runs[-1][-2][1]) == way:
            runs[-1].append(b)
        else:
            runs.append([a, b])
    if all(len(run) == 2 for run in runs):
        return runs  # a track of single steps (a zigzag): an arrow each
    return [run for n, run in enumerate(runs) if len(run) > 2 or n in (0, len(runs) - 1)]


def _lane(start: Field, end: Field, index: int, lanes: int, numbered: bool) -> tuple[float, float]:
    """(lane, width) of the index-th of `lanes` arrows side by side from start to end: lane as a share of the
    field to the arrow's left, width as a share of a lone arrow's."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    straight = dx == 0 or dy == 0
    if not numbered or not straight:
        if lanes == 1:
            return 0.0, NUMBERED_WIDTH if numbered else 1.0
        # Counted across the fields' own order (from a1 on), so that two players going opposite ways along a row
        # keep to their own sides of it.
        way = 1.0 if start < end else -1.0
        return way * ((lanes - 1) / 2 - index) * LANES / lanes, 1.0 / lanes
    low, high = ACROSS_A_ROW if dy == 0 else ALONG_A_COLUMN
    if lanes == 1 and low <= 0.5 - HEAD * NUMBERED_WIDTH and 0.5 + HEAD * NUMBERED_WIDTH <= high:
        return 0.0, NUMBERED_WIDTH  # a lone arrow down the middle of a row passes above the numbers
    spacing = (high - low) / lanes
    width = min(NUMBERED_WIDTH, (spacing - SPACE) / (2 * HEAD))
    across = low + spacing * (index + 0.5) - 0.5  # from the field's middle, down the page or to its right
    # The arrow's left, on the page (rows count up the board, the page down): up the page for an arrow to the
    # right, left for an arrow up the board.
    if dy == 0:
        return (-across if dx > 0 else across), width
    return (-across if dy > 0 else across), width
