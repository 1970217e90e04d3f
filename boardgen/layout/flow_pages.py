"""Flowing text onto pages: headings, paragraphs with bold and italic words, lists, rows of diagrams.

The result is plain pages (scenes), drawn like every other product, in any
format.  Lines are broken by the embedded font's own widths (draw.fonts), so
what is measured here is what prints.  Each heading stays on one page with
its text and its first row of diagrams where that leaves no page more than
half empty; among a few diagram sizes the largest that gives the fewest
pages is chosen, so no sheet ends on a page a third full when slightly
smaller diagrams would save it; and a last page under a third full takes
rows from the pages before it.
"""

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..draw.fonts import text_width
from ..draw.scene import Anchor, Placed, Polyline, Scene, SceneBuilder, Text
from .flow import Block, Bullets, FigureRow, Heading, NewPage, Para, Run, Table
from .paper import Paper
from .text import keeps_to_number, set_as, wrap

PT = 25.4 / 72  # mm in a printer's point


class TextStyle(NamedTuple):
    size: float  # mm
    leading: float  # mm from one baseline to the next
    bold: bool = False
    italic: bool = False
    role: str = "ink"
    before: float = 0.0  # mm of space above
    after: float = 0.0  # mm of space below


BODY = TextStyle(9.6 * PT, 12.6 * PT, after=4.5 * PT)
HEADINGS = {1: TextStyle(20 * PT, 24 * PT, bold=True, after=4 * PT),
            2: TextStyle(12.5 * PT, 15 * PT, bold=True, role="ink.accent", before=7 * PT, after=3 * PT),
            3: TextStyle(10.5 * PT, 13 * PT, bold=True, before=5 * PT, after=2 * PT)}
CAPTION = TextStyle(8 * PT, 10 * PT, italic=True)
FOOTER = TextStyle(7.5 * PT, 9 * PT)
LIST_INDENT = 11 * PT
FIGURE_GAP = 5.0  # mm between diagrams in a row
FIGURE_SCALES = (1.0, 0.93, 0.86, 0.8)  # diagram sizes tried, largest first; smaller is hard to read
TALLEST = 1.05  # a figure is at most this many times as tall as its cell is wide
_ASCENT = 0.78  # from the top of a line to its baseline, as a fraction of the size


class Row(NamedTuple):
    """One unbreakable piece of a page: a line of text, a row of diagrams."""

    height: float
    before: float  # space above, dropped at the top of a page
    draw: Callable[[SceneBuilder, float, float], None]  # (builder, x, top)
    keep_with_next: bool = False  # a heading: never the last thing on a page


class FlowPage(NamedTuple):
    paper: Paper
    margin: float  # the printer's margin: the footer sits just inside it, the text 5 mm further in
    footer: str
    title: str


TEXT_INSET = 5.0  # mm between the printer's margin and the text


def text_area_width(page: FlowPage) -> float:
    """How wide the text is on the page: a figure drawn this wide prints at its own size."""
    return page.paper.width - 2 * (page.margin + TEXT_INSET)


def flow_pages(blocks: Sequence[Block], page: FlowPage) -> list[Scene]:
    """The blocks on as few pages as they fit, at the largest diagram size that needs no more."""
    frame = page.margin + TEXT_INSET
    width = page.paper.width - 2 * frame
    # The footer wraps beside the page number; the text ends above however many lines it takes.
    height = page.paper.height - 2 * frame - (len(_footer_lines(page, width)) - 1) * FOOTER.leading
    measured: dict[int, list[Row]] = {}

    def rows_at(scale: float) -> Callable[[Block], list[Row]]:
        def rows(block: Block) -> list[Row]:
            if isinstance(block, FigureRow):
                return [_figure_row(block, width, scale)]
            if id(block) not in measured:  # text is set alike at every diagram size: measured once
                measured[id(block)] = _rows(block, width)
            return measured[id(block)]

        return rows

    counts = {scale: len(_paginate(blocks, lambda number: height, rows_at(scale))) for scale in FIGURE_SCALES}
    fewest = min(counts.values())
    scale = next(s for s in FIGURE_SCALES if counts[s] == fewest)
    pages = _balanced(blocks, height, rows_at(scale))
    return [_page(rows, number, len(pages), page) for number, rows in enumerate(pages, start=1)]


LEAST_FILL = 0.5  # a page other than the last is at least half full, where the rows allow
LEAST_LAST = 1 / 3  # and the last a third full, where filling the others a little less allows
_SHORTER = (0.97, 0.94, 0.91, 0.88, 0.85, 0.82, 0.79, 0.76, 0.73, 0.7)


def _balanced(blocks: Sequence[Block], height: float,
              rows_of: Callable[[Block], list[Row]]) -> list[list[tuple[Row, float]]]:
    """The pages, none but the last under half full and the last not under a third, where the rows allow: a page
    short of that takes rows from the page before it, which is filled a little less (as little as does it),
    as long as the number of pages stays and no page before becomes short."""
    limits: dict[int, float] = {}

    def paginate() -> list[list[tuple[Row, float]]]:
        return _paginate(blocks, lambda number: limits.get(number, height), rows_of)

    def short(pages: list[list[tuple[Row, float]]]) -> int | None:
        least = [LEAST_FILL] * (len(pages) - 1) + [LEAST_LAST]
        return next((n for n, page in enumerate(pages) if _fill(page, height) < least[n]), None)

    pages = paginate()
    for _ in range(len(pages)):
        first = short(pages)
        if first is None or first == 0:
            break
        for shorter in _SHORTER:
            limits[first - 1] = height * shorter
            tried = paginate()
            fixed = short(tried)
            if len(tried) == len(pages) and (fixed is None or fixed > first):
                pages = tried
                break
        else:
            del limits[first - 1]
            break
    return pages


def _fill(rows: list[tuple[Row, float]], height: float) -> float:
    """How much of the text area the page's rows take, from its top to the end of its last row."""
    if not rows:
        return 0.0
    row, top = rows[-1]
    return (top + row.height) / height


def _page(rows: list[tuple[Row, float]], number: int, total: int, page: FlowPage) -> Scene:
    paper, frame = page.paper, page.margin + TEXT_INSET
    builder = SceneBuilder(paper.width, paper.height, page.title)
    for row, top in rows:
        row.draw(builder, frame, frame + top)
    baseline = paper.height - page.margin - 0.6  # the footer's descenders stay inside the printable area
    lines = _footer_lines(page, paper.width - 2 * frame)
    for n, line in enumerate(lines):
        y = baseline - (len(lines) - 1 - n) * FOOTER.leading
        builder.add("text", Text((frame, y), line, FOOTER.size, "ink", "start"))
    builder.add("text", Text((paper.width - frame, baseline), str(number), FOOTER.size, "ink", "end"))
    return builder.build()


def _footer_lines(page: FlowPage, width: float) -> list[str]:
    return wrap(page.footer, width - 10.0, FOOTER.size)  # 10 mm left for the page number


# -- pagination ----------------------------------------------------------------------------------------------

def _paginate(blocks: Sequence[Block], heights: Callable[[int], float],
              rows_of: Callable[[Block], list[Row]]) -> list[list[tuple[Row, float]]]:
    """Rows placed on pages: (row, its top within the text area); page n (from 0) filled to heights(n)."""
    pages: list[list[tuple[Row, float]]] = [[]]
    y = 0.0
    for section in _sections(blocks):
        height = heights(len(pages) - 1)
        if isinstance(section[0], NewPage):
            pages.append([])
            y = 0.0
            height = heights(len(pages) - 1)
            continue
        rows = [row for block in section for row in rows_of(block)]
        needed = sum(r.before + r.height for r in rows) - rows[0].before
        if pages[-1] and y + rows[0].before + needed > height and needed <= height and y >= LEAST_FILL * height:
            # The section fits a page, just not what is left of this one: it starts the next, unless that would
            # leave this page more than half empty (then it runs on, its heading kept with its next row).
            pages.append([])
            y = 0.0
            height = heights(len(pages) - 1)
        for index, row in enumerate(rows):
            before = row.before if pages[-1] else 0.0
            following = rows[index + 1].height if row.keep_with_next and index + 1 < len(rows) else 0.0
            if pages[-1] and y + before + row.height + following > height:
                pages.append([])
                y, before = 0.0, 0.0
                height = heights(len(pages) - 1)
            pages[-1].append((row, y + before))
            y += before + row.height
    return [p for p in pages if p] or [[]]


def _sections(blocks: Sequence[Block]) -> list[list[Block]]:
    """Each heading with what follows it up to and including its first row of diagrams; a page break alone."""
    sections: list[list[Block]] = []
    current: list[Block] = []
    closed = True  # the current section has had its first diagrams: what follows starts anew
    for block in blocks:
        starts = isinstance(block, (Heading, NewPage)) or (closed and bool(current)
                                                           and not isinstance(block, FigureRow))
        if starts and current:
            sections.append(current)
            current = []
        if isinstance(block, NewPage):
            sections.append([block])
            closed = True
            continue
        if isinstance(block, Heading):
            closed = False
        current.append(block)
        if isinstance(block, FigureRow):
            closed = True
    if current:
        sections.append(current)
    return sections


# -- blocks to rows ------------------------------------------------------------------------------------------

def _rows(block: Block, width: float) -> list[Row]:
    """A text block's rows (a row of figures is laid out at its scale by _figure_row)."""
    if isinstance(block, Heading):
        style = HEADINGS.get(block.level, HEADINGS[3])
        return [row._replace(keep_with_next=True) for row in _text_rows(block.runs, width, style, 0.0)]
    if isinstance(block, Para):
        return _text_rows(block.runs, width, BODY, 0.0)
    if isinstance(block, Bullets):
        items: list[Row] = []
        for number, item in enumerate(block.items, start=1):
            marker = f"{number}" if block.numbered else "•"
            items += _text_rows(item, width - LIST_INDENT, BODY, LIST_INDENT, marker, bold_marker=block.numbered)
        return items
    if isinstance(block, Table):
        return _table_rows(block, width)
    return []


TABLE_GAP = 4.0  # mm between columns
TABLE_SMALLEST = 0.85  # of the body size: a table too wide is set this much smaller before its text wraps
TABLE_TEXT_LEAST = 25.0  # mm a wrapped text column keeps; with less, the whole table is set smaller instead


def _table_columns(table: Table, width: float) -> tuple[float, list[float]]:
    """The size a table is set in and its columns' widths.  A table that fits is set at the body size; one too
    wide is set smaller, down to TABLE_SMALLEST, and then wraps its headers and its text columns (numbers keep
    their line) where that leaves the text columns room enough; otherwise it is set as small as fits on one
    line a row (small text is better than text off the page)."""
    lines = [table.header, *table.rows]
    gaps = TABLE_GAP * (len(table.header) - 1)

    def widths(size: float) -> list[float]:
        return [max(text_width(line[n], size, bold=(line is table.header)) for line in lines)
                for n in range(len(table.header))]

    natural = sum(widths(BODY.size))
    one_line = BODY.size * min(1.0, (width - gaps) / natural)
    if one_line >= BODY.size * TABLE_SMALLEST:
        return one_line, widths(one_line)
    size = BODY.size * TABLE_SMALLEST
    texts = [n for n, right in enumerate(table.numeric) if not right]
    # numbers as wide as their widest value or their header's longest word; the text columns share the rest
    numbers = {n: max([text_width(row[n], size) for row in table.rows] +
                      [text_width(word, size, bold=True) for word in table.header[n].split()])
               for n, right in enumerate(table.numeric) if right}
    room = (width - gaps - sum(numbers.values())) / max(1, len(texts))
    if not texts or room < TABLE_TEXT_LEAST:
        return one_line, widths(one_line)
    return size, [numbers[n] if n in numbers else room for n in range(len(table.header))]


def _table_rows(table: Table, width: float) -> list[Row]:
    """The header in bold with a rule under it, then a row of text per row, each cell wrapped to its column."""
    lines = [table.header, *table.rows]
    size, columns = _table_columns(table, width)
    leading = size * BODY.leading / BODY.size
    rows = []
    for number, line in enumerate(lines):
        header = number == 0
        cells = [wrap(cell, column, size, bold=header) or [""] for cell, column in zip(line, columns, strict=True)]
        height = leading * max(len(cell) for cell in cells)

        def draw(builder: SceneBuilder, x: float, top: float, cells: list[list[str]] = cells,
                 header: bool = header, height: float = height) -> None:
            left = x
            for cell, column, right in zip(cells, columns, table.numeric, strict=True):
                anchor: Anchor = "end" if right else "start"
                for n, text in enumerate(cell):
                    baseline = top + _ASCENT * leading + n * leading
                    builder.add("text", Text((left + column if right else left, baseline), text, size, "ink",
                                             anchor, bold=header))
                left += column + TABLE_GAP
            if header:
                rule_y = top + height + 0.6
                builder.add("lines", Polyline(((x, rule_y), (left - TABLE_GAP, rule_y)), "rule"))

        extra = 1.2 if header else (BODY.after if number == len(lines) - 1 else 0.0)
        rows.append(Row(height + extra, BODY.before, draw, keep_with_next=header))
    return rows


Piece = tuple[str, bool, bool]  # text, bold, italic


def _words(runs: Sequence[Run]) -> list[list[Piece]]:
    """Words, each a list of pieces in their styles (a word may change style halfway, as in **IACTA**'s), as a
    line may break between them: never at a no-break space, nor between a number and its unit (layout.text)."""
    words: list[list[Piece]] = [[]]
    for text, bold, italic, code in runs:
        bold = bold or code  # commands stand out in bold: the sheets embed no monospace font
        for n, part in enumerate(text.replace("\n", " ").split(" ")):
            if n > 0 and words[-1]:
                words.append([])
            if part:
                words[-1].append((set_as(part), bold, italic))
    kept: list[list[Piece]] = []
    for word in (w for w in words if w):
        if kept and keeps_to_number(_plain(kept[-1]), _plain(word)):
            kept[-1] = [*kept[-1], (" ", *kept[-1][-1][1:]), *word]  # the space in the style before it
        else:
            kept.append(word)
    return kept


def _plain(word: list[Piece]) -> str:
    return "".join(text for text, _, _ in word)


def _width(word: list[Piece], size: float) -> float:
    return sum(text_width(text, size, bold, italic) for text, bold, italic in word)


def _text_rows(runs: Sequence[Run], width: float, style: TextStyle, indent: float, marker: str = "",
               bold_marker: bool = False) -> list[Row]:
    """Lines of text, broken greedily by measured widths; the first carries the space above the block."""
    space = text_width(" ", style.size)
    lines: list[list[list[Piece]]] = [[]]
    used = 0.0
    for word in _words(runs):
        needed = _width(word, style.size) + (space if lines[-1] else 0.0)
        if lines[-1] and used + needed > width:
            lines.append([])
            used, needed = 0.0, _width(word, style.size)
        lines[-1].append(word)
        used += needed
    rows = []
    for n, line in enumerate(lines):
        last = n == len(lines) - 1
        rows.append(Row(style.leading + (style.after if last else 0.0), style.before if n == 0 else 0.0,
                        _line_drawer(line, style, indent, marker if n == 0 else "", bold_marker)))
    return rows


def _line_drawer(words: list[list[Piece]], style: TextStyle, indent: float, marker: str,
                 bold_marker: bool) -> Callable[[SceneBuilder, float, float], None]:
    # Consecutive words of one style make one text, with the spaces between them.
    segments: list[Piece] = []
    for n, word in enumerate(words):
        for m, (text, bold, italic) in enumerate(word):
            text = (" " if n > 0 and m == 0 else "") + text
            if segments and segments[-1][1:] == (bold, italic):
                segments[-1] = (segments[-1][0] + text, bold, italic)
            else:
                segments.append((text, bold, italic))

    def draw(builder: SceneBuilder, x: float, top: float) -> None:
        baseline = top + _ASCENT * style.leading
        if marker:
            builder.add("text", Text((x, baseline), marker, style.size, style.role, "start", bold=bold_marker))
        cursor = x + indent
        for text, bold, italic in segments:
            bold, italic = bold or style.bold, italic or style.italic
            builder.add("text", Text((cursor, baseline), text, style.size, style.role, "start", bold=bold,
                                     italic=italic))
            cursor += text_width(text, style.size, bold, italic)

    return draw


def _figure_row(row: FigureRow, width: float, scale: float) -> Row:
    count = len(row.figures)
    shared = max(row.slots, count)
    cell = min((width - FIGURE_GAP * (shared - 1)) / shared, row.max_width) * scale
    drawn = cell - 1.0
    # Each figure fits the cell's width and, for a board taller than wide (3x5), a height a little over it:
    # a narrow board is drawn with fields like its neighbours', not stretched to the width of a square one.
    scales = [min(drawn / figure.scene.width, TALLEST * drawn / figure.scene.height) for figure in row.figures]
    heights = [figure.scene.height * s for figure, s in zip(row.figures, scales, strict=True)]
    captions = [_text_rows(figure.caption, drawn, CAPTION, 0.0) for figure in row.figures]
    caption_height = max(sum(r.height for r in rows) for rows in captions)
    pad_top, pad_bottom = 1.0 * PT, 3.0 * PT
    total = pad_top + max(heights) + caption_height + pad_bottom
    span = count * cell + (count - 1) * FIGURE_GAP

    def draw(builder: SceneBuilder, x: float, top: float) -> None:
        left = x + (width - span) / 2
        for n, (figure, figure_height, lines, s) in enumerate(zip(row.figures, heights, captions, scales,
                                                                  strict=True)):
            cell_x = left + n * (cell + FIGURE_GAP) + (cell - drawn) / 2
            picture_x = cell_x + (drawn - figure.scene.width * s) / 2
            builder.add("fields", Placed(figure.scene, (picture_x, top + pad_top), s))
            y = top + pad_top + figure_height
            for line in lines:
                _centred(line, builder, cell_x, y, drawn)
                y += line.height

    return Row(total, 2.0 * PT, draw)


def _centred(row: Row, builder: SceneBuilder, x: float, top: float, width: float) -> None:
    """Draw a caption line centred in `width`, by drawing it aside and moving its texts."""
    scratch = SceneBuilder(width, row.height)
    row.draw(scratch, 0.0, 0.0)
    texts = [shape for _, shapes in scratch.build().layers for shape in shapes if isinstance(shape, Text)]
    line_width = sum(text_width(t.text, t.size, t.bold, t.italic) for t in texts)
    shift = x + (width - line_width) / 2
    for text in texts:
        builder.add("text", text._replace(position=(text.position[0] + shift, text.position[1] + top)))
