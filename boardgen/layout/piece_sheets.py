"""A game's pieces (a PieceSet) on sheets of paper, each sheet with its header and footer.

The order is the same for every game: two-sided tokens (fronts, then backs where a duplex printer puts them,
or folded strips), the throwing sticks under the last of them when they fit, then the flat one-sided pieces
(tiles, counters) packed together, the dice nets, and the pyramid nets.
"""

from __future__ import annotations

from typing import NamedTuple

from ..draw.fonts import text_width
from ..draw.scene import Box, Scene, SceneBuilder, Text
from .bed import LaserPart
from .nets import ICEHOUSE
from .pages import footer, header_height, sheet_header, usable_area
from .paper import Paper
from .piece_parts import by_size, opposite_faces_add_to_seven, part, parts, token_face
from .piece_set import PieceSet, PieceSpec, square_side, stick_sum_table
from .sheets import TwoSided, draw_pieces, grid_slots, lay_out, shelf_pack
from .text import paragraph

GAP = 2.4  # mm between pieces on a sheet
BLEED = 1.0  # mm the duplex backs overhang, so a slightly shifted back leaves no white edge


class SheetOptions(NamedTuple):
    field_size: float  # mm: pieces that stand on fields are sized to them
    paper: Paper
    margin: float
    sides: str  # duplex-long | duplex-short | fold, for two-sided pieces


def piece_pages(title: str, pieces: PieceSet, options: SheetOptions) -> list[Scene]:
    """Every sheet of the set; ValueError when a piece does not fit the printable area."""
    pages: list[SceneBuilder] = []
    sticks = [piece for _, piece in pieces.each(("stick",))]
    tokens = pieces.each(("token",))
    sizes = sorted({square_side(piece, options.field_size) for _, piece in tokens}, reverse=True)
    for size in sizes:
        group = [TwoSided(size, size, token_face(colour, piece.front), token_face(colour, piece.back or piece.front))
                 for colour, piece in tokens if square_side(piece, options.field_size) == size]
        made, below = _token_pages(title, options, group, size)
        pages += made
        if sticks and size == sizes[-1] and _sticks_fit(options.paper, below, sticks):
            _sticks(pages[below[0]], below[1], sticks)
            sticks = []
    if sticks:
        page = _page(options.paper, f"{title} throwing sticks")
        start = sheet_header(page, options.paper, options.margin, f"{title} throwing sticks")
        _sticks(page, usable_area(options.paper, options.margin, start - options.paper.printable(options.margin).y),
                sticks)
        pages.append(page)
    pages += _packed_pages(options, by_size(parts(pieces, ("tile", "counter"), options.field_size)),
                           _flat_header(title, pieces))
    dice = pieces.each(("die",))
    if dice:
        pages += _dice_pages(title, options, dice)
    pyramids = by_size(parts(pieces, ("pyramid",), options.field_size))
    if pyramids:
        largest = ICEHOUSE[max(piece.pips for piece in pieces.pieces if piece.kind == "pyramid")]
        pages += _packed_pages(options, pyramids, (
            f"{title} pyramids",
            "Cut along the solid lines and fold along the dashed ones, pips outside; glue the tab under the first "
            "face. Leave the base open, so the pyramids nest and stack. Print on card at 100 % (actual size): the "
            f"{largest.name} pyramids are then {largest.base:g} mm wide at the base and {largest.height:.1f} mm "
            "tall."))
    if not pages:
        raise ValueError("the game gives no pieces")
    for number, builder in enumerate(pages, start=1):
        footer(builder, options.paper, options.margin,
               f"{title} pieces, page {number} of {len(pages)}: print at 100 % (actual size).")
    return [builder.build() for builder in pages]


def _page(paper: Paper, title: str) -> SceneBuilder:
    return SceneBuilder(paper.width, paper.height, title)


def _numbered(title: str, number: int, count: int) -> str:
    return title if count == 1 else f"{title} (page {number} of {count})"


def _token_pages(game: str, options: SheetOptions, group: list[TwoSided],
                 size: float) -> tuple[list[SceneBuilder], tuple[int, Box]]:
    """The token sheets of one size, and the room left under the tokens on the last front page (its index in
    the list, and the box)."""
    paper, margin, sides = options.paper, options.margin, options.sides
    flip = "the long edge" if sides == "duplex-long" else "the short edge"
    title = f"{game} tokens, {size:g} mm"
    if sides == "fold":
        headers = [(f"{title}: cut out each strip, fold on the dashed line, glue",
                    "The two halves of a strip are the two sides of one token.")]
    else:
        headers = [(f"{title}, front (sheet N)", f"Print the next page on the back, flipping on {flip}; then cut "
                    "along the solid lines."),
                   (f"{title}, back (sheet N)", f"This page goes on the back of the previous one (flip on {flip}). "
                    "Nothing to cut here.")]
    # Every token page has the same room below its header, so a back lands behind its front.
    top = max(header_height(paper, margin, t.replace("N", "99 of 99"), note) for t, note in headers)
    usable = usable_area(paper, margin, top)
    placed = lay_out(group, usable, paper, sides, GAP)
    count = max(max(p.front_page, p.back_page) for p in placed) + 1
    builders = [_page(paper, title) for _ in range(count)]
    draw_pieces(builders, placed, sides, BLEED)
    sheets = count if sides == "fold" else count // 2
    for number, builder in enumerate(builders):
        heading, note = headers[0 if sides == "fold" else number % 2]
        sheet = number if sides == "fold" else number // 2
        sheet_header(builder, paper, margin, heading.replace(" (sheet N)", "" if sheets == 1 else
                                                             f" (sheet {sheet + 1} of {sheets})"), note)
    last_front = max(p.front_page for p in placed)
    below = max(p.front.bottom for p in placed if p.front_page == last_front) + 6.0
    return builders, (last_front, Box(usable.x, below, usable.width, usable.bottom - below))


def _flat_header(title: str, pieces: PieceSet) -> tuple[str, str]:
    kinds = [kind for kind in ("tile", "counter") if pieces.has(kind)]
    names = " and ".join({"tile": "tiles", "counter": "counters"}[kind] for kind in kinds)
    return f"{title} {names}", "Cut along the solid lines (or glue the sheet to card first)."


def _packed_pages(options: SheetOptions, made: list[LaserPart],
                  header: tuple[str, str]) -> list[SceneBuilder]:
    """Parts of any size packed in rows onto as few sheets as they need."""
    if not made:
        return []
    paper, margin = options.paper, options.margin
    title, note = header
    usable = usable_area(paper, margin, header_height(paper, margin, _numbered(title, 99, 99), note))
    try:
        placed = shelf_pack([(p.width, p.height) for p in made], usable, GAP)
    except ValueError:
        raise ValueError(f"{title} are larger than the printable area of {paper.name}") from None
    builders = [_page(paper, title) for _ in range(max(page for page, _ in placed) + 1)]
    for piece, (page, box) in zip(made, placed, strict=True):
        piece.front(builders[page], box)
    for number, builder in enumerate(builders, start=1):
        sheet_header(builder, paper, margin, _numbered(title, number, len(builders)), note)
    return builders


def _dice_pages(game: str, options: SheetOptions, dice: list[tuple[str, PieceSpec]]) -> list[SceneBuilder]:
    """The dice nets in a grid of slots as large as the largest net."""
    paper, margin = options.paper, options.margin
    made = [part(colour, piece, options.field_size) for colour, piece in dice]
    width, height = max(p.width for p in made), max(p.height for p in made)
    sides = sorted({p.width / 3 for p in made})
    title = f"{game} dice, {' and '.join(f'{side:g}' for side in sides)} mm"
    note = "Cut along the solid lines, fold along the dashed lines with the faces outside, glue the tabs inside." + \
        (" Opposite faces add up to 7." if all(opposite_faces_add_to_seven(piece.faces) for _, piece in dice) else "")
    slots = grid_slots(usable_area(paper, margin, header_height(paper, margin, _numbered(title, 99, 99), note)),
                       width, height, GAP)
    if not slots:
        raise ValueError(f"a {sides[-1]:g} mm die's net does not fit the printable area of {paper.name}")
    builders: list[SceneBuilder] = []
    for n, piece in enumerate(made):
        if n % len(slots) == 0:
            builders.append(_page(paper, title))
        slot = slots[n % len(slots)]
        piece.front(builders[-1], Box(slot.x, slot.y, piece.width, piece.height))
    for number, builder in enumerate(builders, start=1):
        sheet_header(builder, paper, margin, _numbered(title, number, len(builders)), note)
    return builders


# -- throwing sticks, with how to use them and the chance of each sum ------------------------------------------

TEXT, BOLD = 2.7, 3.0  # mm: instructions and their headings
_TEXT_COLUMN = 62.0  # mm the instructions need beside the nets; on narrower paper they go below
_NET_GAP = 12.0  # mm between stick nets
_WORDS = ("nothing", "one dot", "two dots", "three dots", "four dots", "five dots", "six dots")


def _sticks_fit(paper: Paper, below: tuple[int, Box], sticks: list[PieceSpec]) -> bool:
    room = below[1]
    return room.height > 0 and _sticks(SceneBuilder(paper.width, paper.height), room, sticks) <= room.bottom


def _sticks(builder: SceneBuilder, area: Box, sticks: list[PieceSpec]) -> float:
    """The stick nets, how to make and throw them and the computed chance table in `area`; the y below them."""
    y = paragraph(builder, area.x, area.y, area.width, "Throwing sticks instead of dice: cut out, fold on the "
                  "dashed lines, glue the tab inside, close the ends", 3.2, bold=True) + 3.0
    x, bottom = area.x + 2.0, y
    for n, piece in enumerate(sticks, start=1):
        made = part("", piece, 0.0)
        builder.add("text", Text((x, y + 2.4), f"Stick {n}", BOLD, "ink", "start", bold=True))
        made.front(builder, Box(x, y + 4.5, made.width, made.height))
        x += made.width + _NET_GAP
        bottom = max(bottom, y + 4.5 + made.height)
    nets_width = x - _NET_GAP - area.x
    if area.width - nets_width - 6.0 >= _TEXT_COLUMN:
        left, top, width = area.x + nets_width + 6.0, y, area.width - nets_width - 6.0
    else:
        left, top, width = area.x, bottom + 5.0, area.width
    return max(bottom, _instructions(builder, left, top, width, sticks))


def _marked(face: str) -> str:
    return "a zigzag" if not face.isdigit() else _WORDS[int(face)]


def _instructions(builder: SceneBuilder, x: float, y: float, width: float, sticks: list[PieceSpec]) -> float:
    """How to make the sticks from matches, how to throw them, and each sum's chance, worked out."""
    marks = " ".join(f"Stick {n}: mark {', '.join(_marked(face or '0') for face in piece.faces[:-1])} and "
                     f"{_marked(piece.faces[-1] or '0')}." for n, piece in enumerate(sticks, start=1))
    again = any(not (face or "0").isdigit() for piece in sticks for face in piece.faces)
    texts: list[tuple[str, bool]] = [
        ("Matches will do as well", True),
        (f"Take {len(sticks)} matches and remove their heads; on the four long sides of each, {marks}", False),
        ("Throwing", True),
        ("Throw the sticks and add the dots on their upper sides: that is your number."
         + (" A zigzag on top: throw them all again." if again else ""), False),
    ]
    for text, bold in texts:
        y = paragraph(builder, x, y + (1.8 if bold else 0.6), width, text, BOLD if bold else TEXT, bold=bold)
    table, rethrow = stick_sum_table([tuple(piece.faces) for piece in sticks])
    even = len({row.ways for row in table}) == 1
    y = paragraph(builder, x, y + 2.4, width, "Every number is equally likely" if even else
                  "How likely each number is", BOLD, bold=True)
    counted = sum(row.ways for row in table)
    cells = [("sum", f"ways out of {counted}", "chance")] + \
        [(str(row.total), str(row.ways), str(row.chance)) for row in table]
    # Each column as wide as its widest entry, so the table fits any paper the text column fits.
    widths = [max(text_width(row[i], TEXT, bold=i == 0) for row in cells) + 4.0 for i in range(3)]
    lefts = [x, x + widths[0], x + widths[0] + widths[1]]
    y += 1.2
    for n, row in enumerate(cells):
        y += 1.3 * TEXT
        for value, left in zip(row, lefts, strict=True):
            builder.add("text", Text((left, y), value, TEXT, "ink.soft" if n == 0 else "ink", "start", bold=n == 0))
    if not rethrow:
        return y
    return paragraph(builder, x, y + 2.0, width, f"A zigzag shows in {rethrow} of all throws; those are thrown "
                     "again and do not count.", TEXT)

