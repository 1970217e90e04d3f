"""A game's pieces (a PieceSet) on sheets of paper, each sheet with its header and footer.

The order is the same for every game: two-sided tokens (fronts, then backs where a duplex printer puts them,
or folded strips), the throwing sticks under the last of them when they fit, then the flat one-sided pieces
(tiles, counters) packed together, the dice nets, and the pyramid nets.

Sheets to cut on a guillotine (crop marks) keep every cut across the sheet clear of every piece: rectangular
pieces lie in rows and columns that share their edges, on sheets of their own (sticks and nets, which a cut
across the sheet would go through, go on other sheets).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from ..draw.fonts import text_width
from ..draw.scene import Box, Scene, SceneBuilder, Text
from .bed import LaserPart
from .crop_marks import rectangular_parts
from .nets import ICEHOUSE
from .pages import CALIBRATION_LABEL, footer, header_height, sheet_header, usable_area
from .paper import Paper
from .piece_parts import by_size, opposite_faces_add_to_seven, part, parts, token_face
from .piece_set import TABLE, PieceSet, PieceSpec, SumRow, square_side, stick_sum_table
from .sheets import TwoSided, draw_pieces, grid_pack, grid_slots, lay_out, shelf_pack, turned_part
from .text import paragraph

GAP = 2.4  # mm between pieces on a sheet
BLEED = 1.0  # mm the duplex backs overhang, so a slightly shifted back leaves no white edge


def _as_written(text: str) -> str:
    return text


def _with_point(value: float) -> str:
    return f"{value:g}"


@dataclass(frozen=True)
class SheetOptions:
    field_size: float  # mm: pieces that stand on fields are sized to them
    paper: Paper
    margin: float
    sides: str  # duplex-long | duplex-short | fold, for two-sided pieces
    # The sheets' texts in the reader's language: a gettext lookup (products.translations), English as written.
    translate: Callable[[str], str] = _as_written
    # Laid out for a guillotine: every cut along a piece's edge, right across the sheet, clear of every piece.
    guillotine: bool = False
    # A number as the sheets' language writes it ("14,8" in Danish), for sizes in titles and notes.
    number: Callable[[float], str] = _with_point
    # What a throw of the sticks counts by how many dots are up, where the game says (a game file's [play] throw
    # values: Senet's 0 counts 5); () for the dots themselves.
    stick_values: tuple[int, ...] = ()


class PieceSheets(NamedTuple):
    """The sheets' pages in order, and which of them print on the back of the page before (duplex backs)."""

    pages: list[Scene]
    backs: frozenset[int]


def piece_pages(title: str, pieces: PieceSet, options: SheetOptions) -> PieceSheets:
    """Every sheet of the set; ValueError when a piece does not fit the printable area."""
    _ = options.translate
    pages: list[SceneBuilder] = []
    backs: set[int] = set()
    sticks = [piece for _colour, piece in pieces.each(("stick",))]
    tokens = pieces.each(("token",))
    sizes = sorted({square_side(piece, options.field_size) for _colour, piece in tokens}, reverse=True)
    for size in sizes:
        group = [TwoSided(size, size, token_face(colour, piece.front), token_face(colour, piece.back or piece.front))
                 for colour, piece in tokens if square_side(piece, options.field_size) == size]
        made, below = _token_pages(title, options, group, size)
        if options.sides != "fold":  # fronts and backs by turns
            backs.update(len(pages) + n for n in range(1, len(made), 2))
        pages += made
        # Under the tokens a cut across the sheet would go through the sticks: with crop marks they go apart.
        if sticks and size == sizes[-1] and not options.guillotine and _sticks_fit(options, below, sticks):
            _sticks(pages[below[0]], below[1], sticks, options)
            sticks = []
    if sticks:
        heading = _("{title} throwing sticks").format(title=title)
        page = _page(options.paper, heading)
        start = sheet_header(page, options.paper, options.margin, heading)
        _sticks(page, usable_area(options.paper, options.margin, start - options.paper.printable(options.margin).y),
                sticks, options)
        pages.append(page)
    pages += _flowed_pages(options, _sections(title, pieces, options))
    if not pages:
        raise ValueError("the game gives no pieces")
    for number, builder in enumerate(pages, start=1):
        footer(builder, options.paper, options.margin,
               _("{title} pieces, page {page} of {pages}: print at 100 % (actual size).").format(
                   title=title, page=number, pages=len(pages)), bar_label=_(CALIBRATION_LABEL))
    return PieceSheets([builder.build() for builder in pages], frozenset(backs))


def _page(paper: Paper, title: str) -> SceneBuilder:
    return SceneBuilder(paper.width, paper.height, title)


def _token_pages(game: str, options: SheetOptions, group: list[TwoSided],
                 size: float) -> tuple[list[SceneBuilder], tuple[int, Box]]:
    """The token sheets of one size, and the room left under the tokens on the last front page (its index in
    the list, and the box)."""
    paper, margin, sides, _ = options.paper, options.margin, options.sides, options.translate
    flip = _("the long edge") if sides == "duplex-long" else _("the short edge")
    title = _("{game} tokens, {size} mm").format(game=game, size=options.number(size))
    if sides == "fold":
        headers = [(_("{title}: cut out each strip, fold on the dashed line, glue").format(title=title),
                    _("The two halves of a strip are the two sides of one token."))]
    else:
        headers = [(_("{title}, front").format(title=title),
                    _("Print the next page on the back, flipping on {flip}; then cut along the solid lines.").format(
                        flip=flip)),
                   (_("{title}, back").format(title=title),
                    _("This page goes on the back of the previous one (flip on {flip}). Nothing to cut here.").format(
                        flip=flip))]
    sheet_of = _(" (sheet {sheet} of {sheets})")
    # Every token page has the same room below its header, so a back lands behind its front.
    top = max(header_height(paper, margin, heading + sheet_of.format(sheet=99, sheets=99), note)
              for heading, note in headers)
    usable = usable_area(paper, margin, top)
    placed = lay_out(group, usable, paper, sides, GAP)
    count = max(max(p.front_page, p.back_page) for p in placed) + 1
    builders = [_page(paper, title) for _page_number in range(count)]
    draw_pieces(builders, placed, sides, BLEED)
    sheets = count if sides == "fold" else count // 2
    for number, builder in enumerate(builders):
        heading, note = headers[0 if sides == "fold" else number % 2]
        sheet = number if sides == "fold" else number // 2
        numbered = heading if sheets == 1 else heading + sheet_of.format(sheet=sheet + 1, sheets=sheets)
        sheet_header(builder, paper, margin, numbered, note)
    last_front = max(p.front_page for p in placed)
    below = max(p.front.bottom for p in placed if p.front_page == last_front) + 6.0
    return builders, (last_front, Box(usable.x, below, usable.width, usable.bottom - below))


class _Section(NamedTuple):
    """Parts of one kind on a sheet, under their title and note: packed in rows, or in a centred grid (nets
    of one size)."""

    title: str
    note: str
    parts: list[LaserPart]
    grid: bool = False


def _sections(title: str, pieces: PieceSet, options: SheetOptions) -> list[_Section]:
    """The one-sided pieces, a section for each kind of sheet: the flat ones, the dice nets, the pyramid nets."""
    _, field = options.translate, options.field_size
    kinds = tuple(kind for kind in ("tile", "counter") if pieces.has(kind))
    flat = {("tile",): "{title} tiles", ("counter",): "{title} counters",
            ("tile", "counter"): "{title} tiles and counters"}.get(kinds, "{title}")
    sections = [_Section(_(flat).format(title=title), _("Cut along the solid lines (or glue the sheet to card "
                                                            "first)."), by_size(parts(pieces, kinds, field)))]
    dice = pieces.each(("die",))
    if dice:
        nets = [part(colour, piece, field) for colour, piece in dice]
        sides = " / ".join(options.number(side) for side in sorted({net.width / 3 for net in nets}))
        note = _("Cut along the solid lines, fold along the dashed lines with the faces outside, glue the tabs "
                 "inside.") + (" " + _("Opposite faces add up to 7.")
                               if all(opposite_faces_add_to_seven(piece.faces) for _colour, piece in dice) else "")
        sections.append(_Section(_("{game} dice, {size} mm").format(game=title, size=sides), note, nets,
                                 grid=len({(net.width, net.height) for net in nets}) == 1))
    if pieces.has("pyramid"):
        largest = ICEHOUSE[max(piece.pips for piece in pieces.pieces if piece.kind == "pyramid")]
        sections.append(_Section(_("{title} pyramids").format(title=title), _(
            "Cut along the solid lines and fold along the dashed ones, pips outside; glue the tab under the first "
            "face. Leave the base open, so the pyramids nest and stack. Print on card at 100 % (actual size): the "
            "largest are then {base} mm wide at the base and {height} mm tall.").format(
                base=options.number(largest.base), height=options.number(round(largest.height, 1))),
            by_size(parts(pieces, ("pyramid",), field))))
    return [section for section in sections if section.parts]


SECTION_GAP = 8.0  # mm between one section's parts and the next section's title on the same sheet


def _flowed_pages(options: SheetOptions, sections: list[_Section]) -> list[SceneBuilder]:
    """The sections one after another: a section starts under the one before where its title and its first
    parts fit there, so a few counters and a die share one sheet; otherwise on a sheet of its own.  For a
    guillotine, rectangular pieces are laid out in a grid on sheets of their own."""
    paper, margin = options.paper, options.margin
    pages: list[SceneBuilder] = []
    room: Box | None = None  # what is left of the last sheet, under what is on it
    for section in sections:
        todo = section.parts
        if options.guillotine and any(map(_rectangular, todo)):
            pages += _grid_sheets(options, section)
            room = None  # a cut across the sheet would go through whatever came under the grid
            continue
        if room is not None:  # the last sheet has room left
            top = room.y + SECTION_GAP
            start = top + header_height(paper, margin, section.title, section.note)
            placed, rest = _fill(Box(room.x, start, room.width, room.bottom - start), todo, section.grid)
            if placed:
                sheet_header(pages[-1], paper, margin, section.title, section.note, top=top)
                room = _place(pages[-1], placed, room)
                todo = rest
        while todo:
            page = _page(paper, section.title)
            sheet_header(page, paper, margin, section.title, section.note)
            usable = usable_area(paper, margin, header_height(paper, margin, section.title, section.note))
            placed, todo = _fill(usable, todo, section.grid)
            if not placed:
                raise ValueError(f"{section.title}: a part is larger than the printable area of {paper.name}")
            room = _place(page, placed, usable)
            pages.append(page)
    return pages


def _fill(area: Box, todo: list[LaserPart], grid: bool) -> tuple[list[tuple[LaserPart, Box]], list[LaserPart]]:
    """As many of the parts as fit in `area` (in order), where; and the parts left over."""
    if area.height <= 0:
        return [], todo
    if grid:
        slots = grid_slots(area, max(p.width for p in todo), max(p.height for p in todo), GAP)
        # fewer slots than parts: the rest go on the next sheet
        return [(p, Box(slot.x, slot.y, p.width, p.height)) for p, slot in zip(todo, slots, strict=False)], \
            todo[len(slots):]
    fits = [n for n, p in enumerate(todo) if p.width <= area.width and p.height <= area.height]
    placed = shelf_pack([(todo[n].width, todo[n].height) for n in fits], area, GAP) if fits else []
    here = {n: box for n, (page, box) in zip(fits, placed, strict=True) if page == 0}
    return [(todo[n], box) for n, box in here.items()], [p for n, p in enumerate(todo) if n not in here]


def _rectangular(piece: LaserPart) -> bool:
    """Whether the piece is cut along its own box (a tile, a token), not along an outline of its own."""
    scratch = SceneBuilder(piece.width, piece.height)
    piece.front(scratch, Box(0.0, 0.0, piece.width, piece.height))
    whole = Box(0.0, 0.0, piece.width, piece.height)
    return any(box.contains(whole, 1e-6) and whole.contains(box, 1e-6)
               for box in rectangular_parts(scratch.build()))


def _grid_sheets(options: SheetOptions, section: _Section) -> list[SceneBuilder]:
    """A section's pieces in rows and columns that share their edges (layout.sheets.grid_pack), so that every
    cut along an edge right across the sheet misses every piece: long tiles may stand turned a quarter turn
    where that takes fewer sheets.  A piece of its own outline (a counter) has a cell of its own size, which no
    cut goes through."""
    paper, margin = options.paper, options.margin
    usable = usable_area(paper, margin, header_height(paper, margin, section.title, section.note))
    cells = grid_pack([(p.width, p.height) for p in section.parts], usable, GAP, turnable=True)
    pages = [_page(paper, section.title) for _sheet in range(max(cell.page for cell in cells) + 1)]
    for page in pages:
        sheet_header(page, paper, margin, section.title, section.note)
    for piece, cell in zip(section.parts, cells, strict=True):
        (turned_part(piece) if cell.turned else piece).front(pages[cell.page], cell.box)
    return pages


def _place(builder: SceneBuilder, placed: list[tuple[LaserPart, Box]], area: Box) -> Box:
    """Draw the parts where they were placed; the room left in `area` under them."""
    for piece, box in placed:
        piece.front(builder, box)
    bottom = max(box.bottom for _piece, box in placed)
    return Box(area.x, bottom, area.width, area.bottom - bottom)


# -- throwing sticks, with how to use them and the chance of each sum ------------------------------------------

TEXT, BOLD = 2.7, 3.0  # mm: instructions and their headings
_TEXT_COLUMN = 62.0  # mm the instructions need beside the nets; on narrower paper they go below
_NET_GAP = 12.0  # mm between stick nets
_WORDS = ("nothing", "one dot", "two dots", "three dots", "four dots", "five dots", "six dots")


def _sticks_fit(options: SheetOptions, below: tuple[int, Box], sticks: list[PieceSpec]) -> bool:
    room, paper = below[1], options.paper
    return room.height > 0 and \
        _sticks(SceneBuilder(paper.width, paper.height), room, sticks, options) <= room.bottom


def _sticks(builder: SceneBuilder, area: Box, sticks: list[PieceSpec], options: SheetOptions) -> float:
    """The stick nets, how to make and throw them and the computed chance table in `area`; the y below them."""
    _ = options.translate
    y = paragraph(builder, area.x, area.y, area.width, _("Throwing sticks instead of dice: cut out, fold on the "
                  "dashed lines, glue the tab inside, close the ends"), 3.2, bold=True) + 3.0
    x, bottom = area.x + 2.0, y
    for n, piece in enumerate(sticks, start=1):
        made = part(TABLE, piece, 0.0)
        builder.add("text", Text((x, y + 2.4), _("Stick {number}").format(number=n), BOLD, "ink", "start",
                                 bold=True))
        made.front(builder, Box(x, y + 4.5, made.width, made.height))
        x += made.width + _NET_GAP
        bottom = max(bottom, y + 4.5 + made.height)
    nets_width = x - _NET_GAP - area.x
    if area.width - nets_width - 6.0 >= _TEXT_COLUMN:
        left, top, width = area.x + nets_width + 6.0, y, area.width - nets_width - 6.0
    else:
        left, top, width = area.x, bottom + 5.0, area.width
    return max(bottom, _instructions(builder, left, top, width, sticks, options))


def _counted(dots: int, values: tuple[int, ...]) -> int:
    """What a throw with this many dots up counts."""
    return values[dots] if dots < len(values) else dots


def _marked(face: str, translate: Callable[[str], str]) -> str:
    return translate("a zigzag") if not face.isdigit() else translate(_WORDS[int(face)])


def _instructions(builder: SceneBuilder, x: float, y: float, width: float, sticks: list[PieceSpec],
                  options: SheetOptions) -> float:
    """How to make the sticks from matches, how to throw them, and each number's chance, worked out: the dots
    up, or what the game counts for them (options.stick_values)."""
    _ = options.translate
    table, rethrow = stick_sum_table([tuple(piece.faces) for piece in sticks])
    values = options.stick_values
    counts = [SumRow(_counted(row.total, values), row.ways, row.chance) for row in table]
    table = [SumRow(total, sum(row.ways for row in counts if row.total == total),
                    sum((row.chance for row in counts if row.total == total), Fraction(0)))
             for total in sorted({row.total for row in counts})]
    exceptions = [_("a throw of {dots} counts {value}").format(dots=dots, value=value)
                  for dots, value in enumerate(values) if value != dots]
    counted_as = (" " + "; ".join(exceptions)[:1].upper() + "; ".join(exceptions)[1:] + ".") if exceptions else ""
    marks = " ".join(_("Stick {number}: mark {faces} and {last}.").format(
        number=n, faces=", ".join(_marked(face or "0", _) for face in piece.faces[:-1]),
        last=_marked(piece.faces[-1] or "0", _)) for n, piece in enumerate(sticks, start=1))
    again = any(not (face or "0").isdigit() for piece in sticks for face in piece.faces)
    texts: list[tuple[str, bool]] = [
        (_("Matches will do as well"), True),
        (_("Take {count} matches and remove their heads; on the four long sides of each:").format(count=len(sticks))
         + " " + marks, False),
        (_("Throwing"), True),
        (_("Throw the sticks and add the dots on their upper sides: that is your number.") + counted_as
         + (" " + _("A zigzag on top: throw them all again.") if again else ""), False),
    ]
    for text, bold in texts:
        y = paragraph(builder, x, y + (1.8 if bold else 0.6), width, text, BOLD if bold else TEXT, bold=bold)
    even = len({row.ways for row in table}) == 1
    y = paragraph(builder, x, y + 2.4, width, _("Every number is equally likely") if even else
                  _("How likely each number is"), BOLD, bold=True)
    counted = sum(row.ways for row in table)
    cells = [(_("number") if exceptions else _("sum"), _("ways out of {count}").format(count=counted), _("chance"))] + \
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
    return paragraph(builder, x, y + 2.0, width, _("A zigzag shows in {share} of all throws; those are thrown again "
                                                   "and do not count.").format(share=rethrow), TEXT)
