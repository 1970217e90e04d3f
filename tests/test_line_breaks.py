"""Numbers and their units never split across lines ("14.8" at the end of one line and "%" at the start of the
next, as the Ludo report once printed), in paragraphs, lists and tables, read back from the PDF; and a no-break
space holds its words together and prints as a space."""

from __future__ import annotations

import re

import pypdfium2
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen.draw import fonts
from boardgen.draw.palettes import get_palette
from boardgen.layout.flow import Bullets, Para, Table, runs
from boardgen.layout.flow_pages import BODY, TABLE_GAP, FlowPage, _table_columns, flow_pages, text_area_width
from boardgen.layout.paper import get_paper
from boardgen.layout.text import NO_BREAK, words, wrap
from boardgen.products.document import Document, DocumentInfo, output_for, render_document

FILLERS = 80  # texts whose number falls a narrow letter further along the line each time: some at its end


def _texts(unit: str = "%") -> list[str]:
    return [f"The first player wins a share, the first player wins a share {'i' * n} of about 14.8 {unit} of the "
            "games it plays against the other players at the table." for n in range(FILLERS)]


def _naive_wrap(text: str, width: float, size: float) -> list[str]:
    """A greedy wrap at every space, knowing no units: what the rule is measured against."""
    lines: list[str] = []
    for word in text.split():
        if lines and fonts.text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _split_by_fonts_wrap(texts: list[str], width: float, size: float) -> int:
    """How many of the texts a wrap that knows no units would break between 14.8 and its unit."""
    return sum(any(line.endswith("14.8") for line in _naive_wrap(text, width, size)) for text in texts)


def _pdf_lines(blocks: list, tmp_path) -> list[str]:
    page = FlowPage(get_paper("a4"), 12.0, "line breaks", "Line breaks")
    output = output_for("pdf", page.paper, page.margin)
    document = Document("breaks", tuple(flow_pages(blocks, page)), DocumentInfo("Line breaks", "test"))
    (pdf,) = render_document(document, output, get_palette("classic"))
    path = tmp_path / pdf.name
    path.write_bytes(pdf.data)
    reader = pypdfium2.PdfDocument(str(path))
    text = "\n".join(p.get_textpage().get_text_range() for p in reader)
    reader.close()
    return [line.strip() for line in text.replace("\r", "").splitlines()]


def test_a_number_and_its_unit_share_a_line_in_paragraphs_and_lists(tmp_path):
    page_width = text_area_width(FlowPage(get_paper("a4"), 12.0, "", ""))
    texts = _texts()
    assert _split_by_fonts_wrap(texts, page_width, BODY.size) > 0  # without the rule, some would break
    lines = _pdf_lines([*(Para(runs(text)) for text in texts), Bullets(tuple(runs(text) for text in texts))],
                       tmp_path)
    assert not [line for line in lines if line.endswith("14.8")]
    assert not [line for line in lines if line.startswith("% ") or line == "%"]
    assert sum(line.count("14.8 %") for line in lines) == 2 * FILLERS


def test_a_number_and_its_unit_share_a_line_in_a_tables_wrapped_column(tmp_path):
    width = text_area_width(FlowPage(get_paper("a4"), 12.0, "", ""))
    long = " and".join(["a sentence long enough to make the table too wide for its page"] * 2)
    table = Table(("Measure", "Estimate"), tuple((f"{long} {text}", "1.0") for text in _texts("mm")), (False, True))
    size, columns = _table_columns(table, width)
    assert columns[0] + TABLE_GAP + columns[1] <= width + 1e-6
    assert _split_by_fonts_wrap([row[0] for row in table.rows], columns[0], size) > 0
    lines = _pdf_lines([table], tmp_path)
    assert not [line for line in lines if re.search(r"14\.8$", line)]
    assert sum(line.count("14.8 mm") for line in lines) == FILLERS


def test_a_no_break_space_holds_and_prints_as_a_space(tmp_path):
    text = f"Player{NO_BREAK}A wins"
    assert words(text) == [f"Player{NO_BREAK}A", "wins"]
    narrow = fonts.text_width("Player A", BODY.size) + 0.5
    assert wrap(text, narrow, BODY.size) == ["Player A", "wins"]
    assert wrap(f"Player{NO_BREAK}A", fonts.text_width("Player", BODY.size), BODY.size) == ["Player A"]
    lines = _pdf_lines([Para(runs(" ".join([f"word{n}" for n in range(30)]) + f" Player{NO_BREAK}A"))], tmp_path)
    assert any("Player A" in line for line in lines) and NO_BREAK not in "".join(lines)


def test_words_keep_units_to_their_numbers_and_nothing_else():
    assert words("it wins 14.8 % (53.8 % to 70.0 %).") == ["it", "wins", "14.8 %", "(53.8 %", "to", "70.0 %)."]
    assert words("a board 300 mm wide, 3 cm deep") == ["a", "board", "300 mm", "wide,", "3 cm", "deep"]
    assert words("after 40 moves, % alone") == ["after", "40", "moves,", "%", "alone"]
    assert words("5\n%") == ["5 %"]


UNITS = ("%", "mm", "cm", "°", "s")


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.one_of(st.from_regex(r"[a-z]{1,12}", fullmatch=True),
                                st.builds(lambda n, u: f"{n:.1f} {u}", st.floats(0, 1000), st.sampled_from(UNITS))),
                      min_size=1, max_size=40),
       width=st.floats(5.0, 120.0))
def test_no_wrap_ends_a_line_on_a_number_whose_unit_starts_the_next(parts, width):
    lines = wrap(" ".join(parts), width, BODY.size)
    for line, following in zip(lines, lines[1:], strict=False):
        assert not (line[-1].isdigit() and following.split(" ")[0] in UNITS), (line, following)
    assert " ".join(lines).split() == " ".join(parts).split()  # nothing lost or added


def test_a_charts_title_never_parts_a_number_from_its_unit():
    """Charts wrap their titles and notes by the same rule as pages (draw.fonts.wrap)."""
    from boardgen.draw.fonts import wrap

    for width in range(20, 80):
        lines = wrap("the first player wins 14.8\u00a0% of the games, 3 mm each way", width, 4.0)
        assert not any(line.startswith(("%", "mm")) for line in lines), lines
        assert "\u00a0" not in "".join(lines)
