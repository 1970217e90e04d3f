"""Rectangles on as few beds as rectpack's algorithms find: a part turned only where that saves a bed.

rectpack (secnot/rectpack) packs rectangles into bins with MaxRects,
Skyline and Guillotine heuristics, each with several orders and ways of
choosing a bin.  No one of them is best for every set of parts, so every
combination is tried, unturned first, and the fewest beds kept; the search
stops as soon as a packing needs no more beds than any packing must (by the
parts' area, by the large parts that cannot share a bed, and by the tall
ones that must stand side by side), which for most sets is the first.

Then, what a heuristic can leave behind is tidied: a bed under a fifth full
whose parts all fit on another bed goes onto it, a part on a later bed that
fits in the room left on an earlier one moves there, the parts of a group
(two-sided tokens, turned over together) split over beds go onto one where
they fit, and a turned part that fits where it lies unturned is turned back.

Each rectangle keeps `gap` to every other and `edge` to the bed's edges: it is
packed grown by the gap on its right and below, into a room the gap larger
than the bed less its margins.  rectpack is given whole micrometres (its own
documentation warns that floats round); sizes are rounded up and the room
down, so no gap is ever less than asked.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import rectpack

UNIT = 1000  # to the millimetre: rectpack packs whole micrometres
LIGHT = 0.2  # a bed less full than this is emptied onto another where its parts fit

# Every heuristic rectpack has, the one its documentation recommends first.
PACK_ALGORITHMS: tuple[type, ...] = (
    rectpack.MaxRectsBssf, rectpack.MaxRectsBaf, rectpack.MaxRectsBlsf, rectpack.MaxRectsBl,
    rectpack.SkylineMwf, rectpack.SkylineMwfl, rectpack.SkylineBl, rectpack.SkylineBlWm, rectpack.SkylineMwfWm,
    rectpack.SkylineMwflWm,
    rectpack.GuillotineBssfSas, rectpack.GuillotineBssfLas, rectpack.GuillotineBssfSlas, rectpack.GuillotineBssfLlas,
    rectpack.GuillotineBssfMaxas, rectpack.GuillotineBssfMinas, rectpack.GuillotineBlsfSas, rectpack.GuillotineBlsfLas,
    rectpack.GuillotineBlsfSlas, rectpack.GuillotineBlsfLlas, rectpack.GuillotineBlsfMaxas,
    rectpack.GuillotineBlsfMinas, rectpack.GuillotineBafSas, rectpack.GuillotineBafLas, rectpack.GuillotineBafSlas,
    rectpack.GuillotineBafLlas, rectpack.GuillotineBafMaxas, rectpack.GuillotineBafMinas,
)
SORTS: tuple[Callable[..., list[tuple[int, int, int]]], ...] = (
    rectpack.SORT_AREA, rectpack.SORT_LSIDE, rectpack.SORT_SSIDE, rectpack.SORT_PERI, rectpack.SORT_DIFF,
    rectpack.SORT_RATIO, rectpack.SORT_NONE)
BIN_CHOICES = (rectpack.PackingBin.BBF, rectpack.PackingBin.BFF, rectpack.PackingBin.BNF)
MAXRECTS = frozenset(PACK_ALGORITHMS[:4])
# Tries of rectpack times the rectangles squared (what one try costs, about 2.5 us each on one core): every try
# for up to 35 rectangles (the shipped games have at most 47 of one material, and their first try is their best),
# about 2.5 s at most for more.
EFFORT = 1_000_000


@dataclass(frozen=True)
class Spot:
    """Where a rectangle lies: its bed (from 0), its top-left corner on it, and whether it is turned (a quarter
    turn: its width along the bed's height); `forced` when it fits the bed only turned."""

    bed: int
    x: float
    y: float
    turned: bool
    forced: bool


# A rectangle as packed: (index, x, y, width, height) in micrometres, its size grown by the gap.
Packed = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class _Room:
    width: int
    height: int
    sizes: tuple[tuple[int, int], ...]  # each rectangle upright, grown by the gap
    forced: frozenset[int]  # those that fit only turned
    shapes: dict[frozenset[int], list[tuple[int, int]]] = field(default_factory=dict, compare=False)  # remembered

    def size(self, index: int, turned: bool) -> tuple[int, int]:
        width, height = self.sizes[index]
        return (height, width) if turned else (width, height)


def _up(value: float) -> int:
    return math.ceil(value * UNIT - 1e-3)  # a nanometre's grace: 197.0 mm is 197000, never 197001


def _down(value: float) -> int:
    return math.floor(value * UNIT + 1e-3)


def pack_rectangles(sizes: Sequence[tuple[float, float]], width: float, height: float, gap: float, edge: float,
                    areas: Sequence[float] | None = None, groups: Sequence[str | None] | None = None) -> list[Spot]:
    """Where each rectangle (width, height, in mm) lies on beds `width` x `height`, on as few beds as rectpack's
    algorithms find; `areas` (each part's own area, for parts that are not rectangles) say how full a bed is, and
    rectangles of one of `groups` go on one bed where there is room.  ValueError, its argument the index of the
    first rectangle that fits no bed either way round."""
    room_w, room_h = _down(width - 2 * edge + gap), _down(height - 2 * edge + gap)
    grown = tuple((_up(w + gap), _up(h + gap)) for w, h in sizes)
    forced = set()
    for index, (w, h) in enumerate(grown):
        if not (w <= room_w and h <= room_h):
            if not (h <= room_w and w <= room_h):
                raise ValueError(index)
            forced.add(index)
    room = _Room(room_w, room_h, grown, frozenset(forced))
    if not sizes:
        return []
    used = list(areas) if areas is not None else [w * h for w, h in sizes]
    shares = [area / (width * height) for area in used]
    grouped = list(groups) if groups is not None else [None] * len(sizes)
    beds = _emptied_light_beds(room, _fewest_beds(room), shares)
    beds = _gathered(room, _moved_forward(room, beds, grouped), grouped)
    beds = [_unturned(room, bed) for bed in _emptied_light_beds(room, beds, shares)]
    spots: dict[int, Spot] = {}
    for number, bed in enumerate(beds):
        for index, x, y, w, h in bed:
            turned = (w, h) != room.sizes[index]
            spots[index] = Spot(number, edge + x / UNIT, edge + y / UNIT, turned, index in room.forced)
    return [spots[index] for index in range(len(sizes))]


def _fewest_beds(room: _Room) -> list[list[Packed]]:
    """rectpack's best: every algorithm, order and choice of bin, unturned (but for the parts that fit only
    turned) before free to turn, stopping at the first packing that needs no more beds than any must.  Unturned,
    only the MaxRects algorithms are tried unless they reach that least: turning is what saves beds.  Many parts
    of many sizes get fewer tries (EFFORT), so that a game file of a hundred pieces is not waited for."""
    everything = list(range(len(room.sizes)))
    least = _fewest_possible(room, everything)
    best: list[list[Packed]] | None = None
    budget = max(2 * len(PACK_ALGORITHMS), EFFORT // len(everything) ** 2)
    for turning, pack_algorithm, bin_choice, order in _attempts(room, everything):
        if best is not None and not turning and pack_algorithm not in MAXRECTS:
            continue
        budget -= 1
        if budget < 0:
            break
        beds = _packed(room, order, turning, pack_algorithm, bin_choice, None)
        if beds is not None and (best is None or len(beds) < len(best)):
            best = beds
            if len(best) <= least:
                break
    assert best is not None  # every rectangle fits an empty bed, so the first attempt placed them all
    return best


def _attempts(room: _Room, indices: list[int], choices: tuple[int, ...] = BIN_CHOICES
              ) -> Iterator[tuple[bool, type, int, list[int]]]:
    """(turning, algorithm, choice of bin, order of the rectangles): unturned first; each order once, as sorted
    by each of rectpack's sorts (many agree where parts are alike, and then pack alike)."""
    orders: list[list[int]] = []
    for sort in SORTS:
        order = [rid for _, _, rid in sort([(*room.size(n, n in room.forced), n) for n in indices])]
        if all([room.sizes[n] for n in order] != [room.sizes[n] for n in other] for other in orders):
            orders.append(order)
    for turning in (False, True):
        for pack_algorithm in PACK_ALGORITHMS:
            for bin_choice, order in itertools.product(choices, orders):
                yield turning, pack_algorithm, bin_choice, order
            yield turning, pack_algorithm, rectpack.PackingBin.Global, indices  # Global chooses its own order


def _packed(room: _Room, order: list[int], turning: bool, pack_algorithm: type, bin_choice: int,
            beds: int | None) -> list[list[Packed]] | None:
    """The rectangles, in this order, packed by one of rectpack's algorithms onto `beds` beds (or as many as it
    takes), or None if some were left over."""
    packer = rectpack.newPacker(bin_algo=bin_choice, pack_algo=pack_algorithm, sort_algo=rectpack.SORT_NONE,
                                rotation=turning)
    packer.add_bin(room.width, room.height, count=float("inf") if beds is None else beds)
    for index in order:
        packer.add_rect(*room.size(index, index in room.forced), rid=index)
    packer.pack()
    placed = packer.rect_list()
    if len(placed) < len(order):
        return None
    found: list[list[Packed]] = [[] for _ in range(len(packer))]
    for number, x, y, w, h, index in placed:
        found[number].append((index, x, y, w, h))
    return [bed for bed in found if bed]


def _fewest_possible(room: _Room, indices: list[int]) -> int:
    """No packing of these rectangles needs fewer beds than any of these: their area over a bed's; the widths of
    those taller than half the bed however turned, which on a bed stand side by side (no two fit one above the
    other), over the bed's width, and the heights of those wider than half, likewise; and the beds the largest
    few need on their own, asking of every few whether they fit one bed together."""
    by_area = math.ceil(sum(room.sizes[n][0] * room.sizes[n][1] for n in indices) / (room.width * room.height))
    ways = [_ways(room, n) for n in indices]
    tall = sum(min(w for w, _ in each) for each in ways if all(2 * h > room.height for _, h in each))
    wide = sum(min(h for _, h in each) for each in ways if all(2 * w > room.width for w, _ in each))
    largest = sorted(indices, key=lambda n: -room.sizes[n][0] * room.sizes[n][1])[:LARGEST]
    return max(by_area, math.ceil(tall / room.width), math.ceil(wide / room.height), _beds_for(room, largest))


LARGEST = 8  # rectangles whose beds are counted exactly (every way of grouping them: 4140 for eight)
TOGETHER = 3  # the most rectangles whose fitting one bed is decided exactly


def _beds_for(room: _Room, indices: list[int]) -> int:
    """The fewest beds these few rectangles need, grouping them every way: a group of up to TOGETHER fits a bed
    exactly when it fits as a guillotine packing (every packing of three rectangles is one: the first that is
    not, a pinwheel round a hole, takes four), and a larger group is taken to fit when every TOGETHER of it does
    and its area is no more than the bed's (so the count is never more than the true one)."""
    count = len(indices)
    fitting = [False] * (1 << count)
    for mask in range(1, 1 << count):
        members = [indices[k] for k in range(count) if mask >> k & 1]
        if len(members) <= TOGETHER:
            fitting[mask] = any(w <= room.width and h <= room.height for w, h in _shapes(room, frozenset(members)))
        else:
            fitting[mask] = sum(room.sizes[n][0] * room.sizes[n][1] for n in members) <= room.width * room.height \
                and all(fitting[mask & ~(1 << k)] for k in range(count) if mask >> k & 1)
    fewest = [0] + [count] * ((1 << count) - 1)
    for mask in range(1, 1 << count):
        low = mask & -mask  # the group holding the lowest rectangle left, each way it can be made
        group = mask
        while group:
            if group & low and fitting[group]:
                fewest[mask] = min(fewest[mask], fewest[mask & ~group] + 1)
            group = (group - 1) & mask
    return fewest[(1 << count) - 1]


def _ways(room: _Room, index: int) -> list[tuple[int, int]]:
    """The rectangle's sizes either way round that fit an empty bed."""
    return [size for size in (room.sizes[index], room.sizes[index][::-1])
            if size[0] <= room.width and size[1] <= room.height]


def _shapes(room: _Room, members: frozenset[int]) -> list[tuple[int, int]]:
    """The sizes a guillotine packing of these rectangles can take (none larger both ways than another): one
    rectangle either way round it fits; a group, any two parts of it side by side or one above the other."""
    if len(members) == 1:
        return _ways(room, next(iter(members)))
    known = room.shapes.get(members)
    if known is not None:
        return known
    first = min(members)
    rest = sorted(members - {first})
    found: set[tuple[int, int]] = set()
    for size in range(len(rest)):  # every split into a part holding the first rectangle and the others
        for chosen in itertools.combinations(rest, size):
            one = frozenset((first, *chosen))
            for (aw, ah), (bw, bh) in itertools.product(_shapes(room, one), _shapes(room, members - one)):
                found.add((aw + bw, max(ah, bh)))
                found.add((max(aw, bw), ah + bh))
    shapes = [shape for shape in found if shape[0] <= room.width and shape[1] <= room.height and not any(
        other != shape and other[0] <= shape[0] and other[1] <= shape[1] for other in found)]
    room.shapes[members] = shapes
    return shapes


def _one_bed(room: _Room, indices: list[int]) -> list[Packed] | None:
    """The rectangles on one bed, by the first of rectpack's algorithms that fits them all, or None (on one bed
    the ways of choosing a bin are one: first fit, and Global, which chooses its own order)."""
    if _fewest_possible(room, indices) > 1:
        return None
    for turning, pack_algorithm, bin_choice, order in _attempts(room, indices, (rectpack.PackingBin.BFF,)):
        beds = _packed(room, order, turning, pack_algorithm, bin_choice, 1)
        if beds is not None:
            return beds[0]
    return None


def _emptied_light_beds(room: _Room, beds: list[list[Packed]], shares: list[float]) -> list[list[Packed]]:
    """Each bed under LIGHT full, lightest first, packed anew with another bed's parts where both fit on one."""
    beds = [list(bed) for bed in beds]
    changed = True
    while changed:
        changed = False
        fill = [sum(shares[p[0]] for p in bed) for bed in beds]
        for light in sorted((n for n in range(len(beds)) if fill[n] < LIGHT), key=lambda n: fill[n]):
            for other in sorted((n for n in range(len(beds)) if n != light), key=lambda n: -fill[n]):
                together = _one_bed(room, [p[0] for p in beds[other] + beds[light]])
                if together is not None:
                    beds[other] = together
                    del beds[light]
                    changed = True
                    break
            if changed:
                break
    return beds


def _moved_forward(room: _Room, beds: list[list[Packed]], groups: Sequence[str | None]) -> list[list[Packed]]:
    """Each part on a later bed, largest first, moved to the first earlier bed with room for it (but those of a
    group: they move together, in _gathered)."""
    beds = [list(bed) for bed in beds]
    for later in range(1, len(beds)):
        for packed in sorted(beds[later], key=lambda p: -p[3] * p[4]):
            if groups[packed[0]] is not None:
                continue
            for earlier in range(later):
                spot = _free_spot(room, beds[earlier], packed[0])
                if spot is not None:
                    beds[later].remove(packed)
                    beds[earlier].append(spot)
                    break
    return [bed for bed in beds if bed]


def _gathered(room: _Room, beds: list[list[Packed]], groups: Sequence[str | None]) -> list[list[Packed]]:
    """Each group's parts split over several beds moved onto one with room for them all: the bed that holds
    most of them if it can, else the next (two-sided tokens on one bed are turned over, and their backs engraved,
    in one run rather than two)."""
    beds = [list(bed) for bed in beds]
    for group in dict.fromkeys(group for group in groups if group is not None):
        held = [sum(1 for packed in bed if groups[packed[0]] == group) for bed in beds]
        if sum(1 for count in held if count) < 2:
            continue
        for target in sorted(range(len(beds)), key=lambda n: (-held[n], n)):
            placed = list(beds[target])
            moving = [packed for n, bed in enumerate(beds) if n != target for packed in bed
                      if groups[packed[0]] == group]
            for packed in sorted(moving, key=lambda p: -p[3] * p[4]):
                spot = _free_spot(room, placed, packed[0])
                if spot is None:
                    break
                placed.append(spot)
            else:
                moved = {packed[0] for packed in moving}
                beds = [placed if n == target else [p for p in bed if p[0] not in moved] for n, bed in enumerate(beds)]
                break
    return [bed for bed in beds if bed]


def _free_spot(room: _Room, placed: list[Packed], index: int, upright_only: bool = False) -> Packed | None:
    """Where the rectangle fits among those placed, unturned if it can: at the first corner, top to bottom and
    left to right, where one placed rectangle's right or bottom edge (or the bed's) meets another's."""
    xs = sorted({0} | {x + w for _, x, _, w, _ in placed})
    ys = sorted({0} | {y + h for _, _, y, _, h in placed})
    if index in room.forced:
        ways = [True]
    else:
        ways = [False] if upright_only else [False, True]
    for turned in ways:
        w, h = room.size(index, turned)
        for y, x in itertools.product(ys, xs):
            if x + w <= room.width and y + h <= room.height and _clear(placed, x, y, w, h):
                return (index, x, y, w, h)
    return None


def _clear(placed: list[Packed], x: int, y: int, w: int, h: int) -> bool:
    return all(x + w <= px or px + pw <= x or y + h <= py or py + ph <= y for _, px, py, pw, ph in placed)


def _unturned(room: _Room, bed: list[Packed]) -> list[Packed]:
    """The bed with each turned rectangle that need not be turned back upright: where it lies, or elsewhere on
    the bed where there is room (until none is left that could be: one moved may make room for another)."""
    bed = list(bed)
    changed = True
    while changed:
        changed = False
        for n, (index, x, y, w, h) in enumerate(bed):
            if (w, h) == room.sizes[index] or index in room.forced:
                continue
            others = bed[:n] + bed[n + 1:]
            upright = room.sizes[index]
            if x + upright[0] <= room.width and y + upright[1] <= room.height and _clear(others, x, y, *upright):
                bed[n] = (index, x, y, *upright)
            else:
                spot = _free_spot(room, others, index, upright_only=True)
                if spot is None:
                    continue
                bed[n] = spot
            changed = True
    return bed
