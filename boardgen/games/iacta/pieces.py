"""The IACTA matchstick-and-paper kit: 36 two-sided tokens and two throwing sticks.

Each player has 18 tokens, six each of 1/6, 2/5 and 3/4 (opposite sides of a
die add up to 7).  The sticks replace the two thrown dice: stick 1 shows
nothing, 1, nothing, 1 on its four sides; stick 2 shows 1, 3, 5 and a rethrow
sign.  Their sum is 1 to 6, each equally likely, once a rethrow sign means
throwing again; `stick_sum_table` works that out rather than claiming it.
"""

import itertools
from fractions import Fraction
from typing import NamedTuple

from ...draw.fonts import text_width
from ...draw.scene import Box, Circle, Polyline, Rect, Scene, SceneBuilder, Text, text_baseline
from ...layout.bed import LaserJob, LaserPart, rect_part
from ...layout.nets import draw_stick_net, stick_net_size
from ...layout.pages import footer, header_height, sheet_header, usable_area
from ...layout.paper import Paper
from ...layout.sheets import Draw, TwoSided, draw_pieces, lay_out
from ...layout.text import paragraph
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
        builder.add("marks", Polyline(((centre[0] - bar, y), (centre[0] + bar, y)), f"token.bar.{player}"))
    return draw


def laser_parts(options: PiecesOptions) -> list[LaserJob]:
    """Tokens to cut from plywood, numbers engraved on both sides; the stick nets from card."""
    size = options.field_size - CLEARANCE
    token_parts = tuple(rect_part(size, size, piece.front, piece.back) for piece in tokens(size))
    net_width, net_height = stick_net_size(STICK_SIDE, STICK_LENGTH)

    def stick(marks: tuple[int | None, ...]) -> LaserPart:
        def draw(builder: SceneBuilder, box: Box) -> None:
            draw_stick_net(builder, box.x, box.y, STICK_SIDE, STICK_LENGTH, [_stick_face(m) for m in marks])
        return LaserPart(net_width, net_height, draw)

    return [LaserJob("tokens", "3 mm plywood or MDF", token_parts),
            LaserJob("sticks", "card (about 0.3 mm)", (stick(STICK_1), stick(STICK_2)))]


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


def _token_headers(options: PiecesOptions, size: float, sheets: int) -> list[tuple[str, str]]:
    """(title, note) for each kind of token page: fronts and backs for duplex, strips for folding."""
    if options.sides == "fold":
        return [("IACTA tokens: cut out each strip, fold on the dashed line, glue",
                 f"18 tokens per player, {size:g} mm: the numbers on the two halves add up to 7 like the "
                 "opposite sides of a die.")]
    flip = "the long edge" if options.sides == "duplex-long" else "the short edge"
    return [(f"IACTA tokens, front (sheet N of {sheets})",
             f"Print the next page on the back, flipping on {flip}; then cut along the solid lines. "
             f"Tokens are {size:g} mm."),
            (f"IACTA tokens, back (sheet N of {sheets})",
             f"This page goes on the back of the previous one (flip on {flip}). Nothing to cut here.")]


def pieces_pages(options: PiecesOptions) -> list[Scene]:
    paper, margin, sides = options.paper, options.margin, options.sides
    size = options.field_size - CLEARANCE
    # Every token page has the same room below its header, so a back lands behind its front.
    headers = _token_headers(options, size, 9)
    top = max(header_height(paper, margin, title, note) for title, note in headers)
    usable = usable_area(paper, margin, top)
    placed = lay_out(tokens(size), usable, paper, sides, GAP)
    token_pages = max(max(p.front_page, p.back_page) for p in placed) + 1
    builders = [_page(paper) for _ in range(token_pages)]
    draw_pieces(builders, placed, sides, BLEED)
    sheets = token_pages if sides == "fold" else (token_pages + 1) // 2
    for number, builder in enumerate(builders):
        title, note = _token_headers(options, size, sheets)[0 if sides == "fold" else number % 2]
        sheet_header(builder, paper, margin, title.replace("sheet N", f"sheet {number // 2 + 1}"), note)
        footer(builder, paper, margin, f"IACTA pieces, page {number + 1}: print at 100 % (actual size).")
    # The sticks go under the tokens on the last front page when they fit there: fewer sheets.
    last_front = max(p.front_page for p in placed)
    below = max(p.front.bottom for p in placed if p.front_page == last_front) + 6.0
    room = Box(usable.x, below, usable.width, usable.bottom - below)
    if _sticks(SceneBuilder(paper.width, paper.height), room) <= room.bottom:
        _sticks(builders[last_front], room)
    else:
        page = _page(paper)
        start = sheet_header(page, paper, margin, "IACTA throwing sticks")
        footer(page, paper, margin, f"IACTA pieces, page {len(builders) + 1}: print at 100 % (actual size).")
        _sticks(page, usable_area(paper, margin, start - paper.printable(margin).y))
        builders.append(page)
    return [b.build() for b in builders]


TEXT, BOLD = 2.7, 3.0  # mm: instructions and their headings
_INSTRUCTIONS = [
    ("Two matches will do as well", True),
    ("Take two matches and remove their heads. Stick 1: on its four long sides mark nothing, one dot, nothing, "
     "one dot. Stick 2: mark one dot, three dots, five dots and a zigzag.", False),
    ("Throwing", True),
    ("Throw both sticks and add the dots on their upper sides: that is your number. A zigzag on top: throw "
     "both again. Throw twice for the two dice of a turn.", False),
]
_TEXT_COLUMN = 62.0  # mm the instructions need beside the nets; on narrower paper they go below


def _sticks(builder: SceneBuilder, area: Box) -> float:
    """The two stick nets, the match instructions and the computed chance table in `area`; the y below them."""
    y = paragraph(builder, area.x, area.y, area.width, "Throwing sticks instead of dice: cut out, fold on the "
                  "dashed lines, glue the tab inside, close the ends", 3.2, bold=True) + 3.0
    net_width, net_height = stick_net_size(STICK_SIDE, STICK_LENGTH)
    nets_width = 2 * net_width + 12.0
    for n, (label, marks) in enumerate((("Stick 1", STICK_1), ("Stick 2", STICK_2))):
        x = area.x + 2.0 + n * (net_width + 12.0)
        builder.add("text", Text((x, y + 2.4), label, BOLD, "ink", "start", bold=True))
        draw_stick_net(builder, x, y + 4.5, STICK_SIDE, STICK_LENGTH, [_stick_face(m) for m in marks])
    nets_bottom = y + 4.5 + net_height
    if area.width - nets_width - 6.0 >= _TEXT_COLUMN:
        x, top, width = area.x + nets_width + 6.0, y, area.width - nets_width - 6.0
    else:
        x, top, width = area.x, nets_bottom + 5.0, area.width
    bottom = _instructions(builder, x, top, width)
    return max(nets_bottom, bottom)


def _instructions(builder: SceneBuilder, x: float, y: float, width: float) -> float:
    for text, bold in _INSTRUCTIONS:
        y = paragraph(builder, x, y + (1.8 if bold else 0.6), width, text, BOLD if bold else TEXT, bold=bold)
    y = paragraph(builder, x, y + 2.4, width, "Every number is equally likely", BOLD, bold=True)
    table, rethrow = stick_sum_table()
    counted = sum(row.ways for row in table)
    headers = ("sum", f"ways out of {counted}", "chance")
    # Each column as wide as its widest entry, so the table fits any paper the text column fits.
    cells = [headers] + [(str(row.total), str(row.ways), str(row.chance)) for row in table]
    widths = [max(text_width(row[i], TEXT, bold=i == 0) for row in cells) + 4.0 for i in range(3)]
    lefts = [x, x + widths[0], x + widths[0] + widths[1]]
    y += 1.2
    for n, row in enumerate(cells):
        y += 1.3 * TEXT
        for value, left in zip(row, lefts, strict=True):
            builder.add("text", Text((left, y), value, TEXT, "ink.soft" if n == 0 else "ink", "start", bold=n == 0))
    return paragraph(builder, x, y + 2.0, width, f"A zigzag shows in {rethrow} of all throws; those are thrown "
                     "again and do not count.", TEXT)
