"""The IACTA matchstick-and-paper kit: 36 two-sided tokens and two throwing sticks.

Each player has 18 tokens, six each of 1/6, 2/5 and 3/4 (opposite sides of a
die add up to 7).  The sticks replace the two thrown dice: stick 1 shows
nothing, 1, nothing, 1 on its four sides; stick 2 shows 1, 3, 5 and a rethrow
sign.  Their sum is 1 to 6, each equally likely, once a rethrow sign means
throwing again; `stick_sum_table` works that out rather than claiming it.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import NamedTuple

from ...draw.scene import Box, Circle, Polyline, Rect, Scene, SceneBuilder, Text, text_baseline
from ...layout.nets import draw_stick_net, stick_net_size
from ...layout.pages import footer
from ...layout.paper import Paper
from ...layout.sheets import Draw, TwoSided, draw_pieces, lay_out
from ..registry import PiecesOptions

RETHROW = None  # the rethrow sign on a stick
STICK_1: tuple[int | None, ...] = (0, 1, 0, 1)
STICK_2: tuple[int | None, ...] = (1, 3, 5, RETHROW)
TOKEN_PAIRS = ((1, 6), (2, 5), (3, 4))
TOKENS_PER_PAIR = 6  # per player: 6 x 3 pairs = 18 tokens each
CLEARANCE = 1.0  # mm a token is smaller than a field, so it sits inside the grid lines
GAP = 2.4  # mm between tokens on the sheet
BLEED = 1.0  # mm the duplex backs overhang, so a slightly shifted back leaves no white edge
STICK_SIDE = 8.0
STICK_LENGTH = 64.0
HEADER = 12.0  # mm at the top of each sheet for its title


class SumRow(NamedTuple):
    total: int
    ways: int
    chance: Fraction


def stick_sum_table(first: tuple[int | None, ...] = STICK_1,
                    second: tuple[int | None, ...] = STICK_2) -> tuple[list[SumRow], Fraction]:
    """Each sum's share of the throws that count, and the share of throws to repeat."""
    throws = list(itertools.product(first, second))
    counted = [a + b for a, b in throws if a is not RETHROW and b is not RETHROW]
    table = [SumRow(total, counted.count(total), Fraction(counted.count(total), len(counted)))
             for total in sorted(set(counted))]
    return table, Fraction(len(throws) - len(counted), len(throws))


def tokens(size: float) -> list[TwoSided]:
    pieces = []
    for player in ("red", "yellow"):
        for low, high in TOKEN_PAIRS:
            for _ in range(TOKENS_PER_PAIR):
                pieces.append(TwoSided(size, size, _token_face(player, low), _token_face(player, high)))
    return pieces


def _token_face(player: str, number: int) -> Draw:
    def draw(builder: SceneBuilder, box: Box) -> None:
        builder.add("fields", Rect(box, f"token.{player}"))
        side = min(box.width, box.height)
        size = 0.55 * side
        centre = box.centre
        builder.add("text", Text((centre[0], text_baseline(centre[1], size)), str(number), size,
                                 f"pip.{player}", bold=True))
        # A bar under the number shows which way up it is read.
        bar = 0.22 * side
        y = centre[1] + 0.36 * side
        builder.add("text", Polyline(((centre[0] - bar, y), (centre[0] + bar, y)), f"token.bar.{player}"))
    return draw


def _stick_face(mark: int | None) -> Draw:
    def draw(builder: SceneBuilder, box: Box) -> None:
        builder.add("fields", Rect(box, "stick.face"))
        cx, cy = box.centre
        if mark is RETHROW:
            w = 0.3 * box.width
            zigzag = ((cx - w, cy + 1.5 * w), (cx - w / 3, cy - 1.5 * w), (cx + w / 3, cy + 1.5 * w),
                      (cx + w, cy - 1.5 * w))
            builder.add("marks", Polyline(zigzag, "stick.sign"))
            return
        step = 0.9 * box.width
        for i in range(mark):
            builder.add("marks", Circle((cx, cy + (i - (mark - 1) / 2) * step), 0.16 * box.width, "stick.mark"))
    return draw


def _page(paper: Paper) -> SceneBuilder:
    return SceneBuilder(paper.width, paper.height, "IACTA pieces")


def _title(builder: SceneBuilder, margin: float, text: str, note: str = "") -> None:
    builder.add("text", Text((margin, margin + 4.5), text, 4.2, "ink", "start", bold=True))
    if note:
        builder.add("text", Text((margin, margin + 9.5), note, 2.8, "ink", "start"))


def _usable(paper: Paper, margin: float) -> Box:
    area = paper.printable(margin)
    return Box(area.x, area.y + HEADER, area.width, area.height - HEADER - 15.0)


def pieces_pages(options: PiecesOptions) -> list[Scene]:
    paper, margin, sides = options.paper, options.margin, options.sides
    size = options.field_size - CLEARANCE
    placed = lay_out(tokens(size), _usable(paper, margin), paper, sides, GAP)
    token_pages = max(max(p.front_page, p.back_page) for p in placed) + 1
    builders = [_page(paper) for _ in range(token_pages)]
    draw_pieces(builders, placed, sides, BLEED)
    sheets = (token_pages + 1) // 2 if sides != "fold" else token_pages
    flip = {"duplex-long": "the long edge", "duplex-short": "the short edge"}.get(sides)
    for number, builder in enumerate(builders):
        if sides == "fold":
            title = "IACTA tokens: cut out each strip, fold on the dashed line, glue"
            note = (f"18 tokens per player, {size:g} mm: the numbers on the two halves add up to 7 "
                    "like the opposite sides of a die.")
        elif number % 2 == 0:
            title = f"IACTA tokens, front (sheet {number // 2 + 1} of {sheets})"
            note = (f"Print the next page on the back, flipping on {flip}; then cut along the thin lines. "
                    f"Tokens are {size:g} mm.")
        else:
            title = f"IACTA tokens, back (sheet {number // 2 + 1} of {sheets})"
            note = f"This page goes on the back of the previous one (flip on {flip}). Nothing to cut here."
        _title(builder, margin, title, note)
        footer(builder, paper, margin, f"IACTA pieces, page {number + 1}: print at 100 % (actual size).")
    # The sticks go under the tokens on the last front page when they fit: fewer sheets.
    usable = _usable(paper, margin)
    last_front = max(p.front_page for p in placed)
    below = max(p.front.bottom for p in placed if p.front_page == last_front) + 6.0
    if usable.bottom - below >= STICKS_HEIGHT and usable.width >= 175.0:
        _draw_sticks(builders[last_front], usable.x, below)
    else:
        page = _page(paper)
        _title(page, margin, "IACTA throwing sticks")
        footer(page, paper, margin, f"IACTA pieces, page {len(builders) + 1}: print at 100 % (actual size).")
        _draw_sticks(page, usable.x, usable.y)
        builders.append(page)
    return [b.build() for b in builders]


STICKS_HEIGHT = 8.0 + 2 * STICK_SIDE + STICK_LENGTH + 4.0  # label, net, breathing room


def _draw_sticks(builder: SceneBuilder, x0: float, top: float) -> None:
    """The two stick nets, the match instructions and the computed chance table, from (x0, top)."""
    builder.add("text", Text((x0, top + 3.5), "Throwing sticks instead of dice: cut out, fold on the dashed lines, "
                             "glue the tab inside, close the ends", 3.2, "ink", "start", bold=True))
    net_width, _ = stick_net_size(STICK_SIDE, STICK_LENGTH)
    net_top = top + 12.0
    for n, (label, marks) in enumerate((("Stick 1", STICK_1), ("Stick 2", STICK_2))):
        x = x0 + 2.0 + n * (net_width + 12.0)
        builder.add("text", Text((x, net_top - 2.0), label, 3.0, "ink", "start", bold=True))
        draw_stick_net(builder, x, net_top, STICK_SIDE, STICK_LENGTH, [_stick_face(m) for m in marks])
    x = x0 + 2 * (net_width + 12.0) + 6.0
    y = net_top + 2.0
    lines = [
        ("Two matches will do as well", True),
        ("Take two matches and remove their heads.", False),
        ("Stick 1: on its four long sides mark", False),
        ("   nothing, one dot, nothing, one dot.", False),
        ("Stick 2: mark one dot, three dots,", False),
        ("   five dots and a zigzag.", False),
        ("", False),
        ("Throwing", True),
        ("Throw both sticks and add the dots on", False),
        ("their upper sides: that is your number.", False),
        ("A zigzag on top: throw both again.", False),
        ("Throw twice for the two dice of a turn.", False),
    ]
    for text, bold in lines:
        if text:
            builder.add("text", Text((x, y), text, 3.0 if bold else 2.7, "ink", "start", bold=bold))
        y += 4.4
    y += 1.5
    table, rethrow = stick_sum_table()
    builder.add("text", Text((x, y), "Every number is equally likely", 3.0, "ink", "start", bold=True))
    y += 4.8
    counted = sum(row.ways for row in table)
    columns = (x, x + 12.0, x + 42.0)
    for header, cx in zip(("sum", f"ways out of {counted}", "chance"), columns, strict=True):
        builder.add("text", Text((cx, y), header, 2.6, "ink.soft", "start", bold=True))
    for row in table:
        y += 4.0
        for value, cx in zip((str(row.total), str(row.ways), str(row.chance)), columns, strict=True):
            builder.add("text", Text((cx, y), value, 2.7, "ink", "start"))
    y += 5.0
    builder.add("text", Text((x, y), f"A zigzag shows in {rethrow} of all throws;", 2.7, "ink", "start"))
    builder.add("text", Text((x, y + 4.0), "those are thrown again and do not count.", 2.7, "ink", "start"))
