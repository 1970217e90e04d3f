"""Every page right the first time, checked on the output a user prints or opens.

Each test here failed on the output before it was fixed: text off the page
on A5, labels over a tiled board's overview, headings apart from their
diagrams, missing metadata and fonts, help that drifted from the registry,
collapsing SVG spaces, and the smaller looks.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy
import pypdfium2
import pytest
from helpers import run_cli
from pypdf import PdfReader
from registry import FOLDER_GAMES
from svg_helpers import SVG, layer, svg_root

from boardgen.layout.paper import PAPERS

MARGIN = 10.0


def _pages_as_pixels(path: Path, dpi: float = 40.0) -> list[numpy.ndarray]:
    document = pypdfium2.PdfDocument(str(path))
    try:
        return [numpy.asarray(page.render(scale=dpi / 72).to_pil().convert("L")) for page in document]
    finally:
        document.close()


def _products() -> list[tuple[str, tuple[str, ...]]]:
    """Every paper product of every game, and a tiled board."""
    found = []
    for game in FOLDER_GAMES.values():
        found.append((f"{game.name} board", ("board", game.name)))
        found.append((f"{game.name} tiled board", ("board", game.name, "--field", "30")))
        found += [(f"{game.name} rules {lang}", ("rules", game.name, "--lang", lang)) for lang in game.languages]
        if game.pieces is not None:
            found.append((f"{game.name} pieces", ("pieces", game.name)))
            if game.pieces.two_sided:
                found.append((f"{game.name} pieces to fold", ("pieces", game.name, "--sides", "fold")))
        found.append((f"{game.name} diagram", ("diagram", f"sample:{game.name}/02-" + _second_sample(game.name),
                                               "--moves", "--format", "pdf")))
    return found


def _second_sample(game: str) -> str:
    folder = FOLDER_GAMES[game].texts / "positions" / game
    return next(p.stem for p in sorted(folder.glob("02-*.toml")))[3:]


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
@pytest.mark.parametrize("name, args", _products(), ids=[name for name, _ in _products()])
def test_nothing_is_printed_in_the_margin(tmp_path, name, args, paper):
    """Text that runs off the printable area shows up as ink in the margin, on any paper."""
    target = tmp_path / "out.pdf"
    result = run_cli(*args, "--paper", paper, "--margin", str(MARGIN), "-o", str(target))
    assert result.exit_code == 0, result.output
    for number, pixels in enumerate(_pages_as_pixels(target), start=1):
        height, width = pixels.shape
        per_mm = width / PAPERS[paper].width if pixels.shape[1] < pixels.shape[0] else width / PAPERS[paper].height
        band = int((MARGIN - 0.5) * per_mm)
        edges = {"left": pixels[:, :band], "right": pixels[:, width - band:], "top": pixels[:band, :],
                 "bottom": pixels[height - band:, :]}
        for side, strip in edges.items():
            assert strip.min() > 200, f"page {number}: ink in the {side} margin"


def _overview(tmp_path):
    from boardgen.draw.board import BoardLook
    from boardgen.products.board import board_document
    from boardgen.products.document import output_for

    game = FOLDER_GAMES["iacta"]
    output = output_for("pdf", PAPERS["a4"])
    return board_document(game, game.default_variant, BoardLook(30.0), output, "x").pages[0]


def test_the_overview_of_a_tiled_board_writes_nothing_over_the_board(tmp_path):
    from boardgen.draw.scene import Circle, Placed, Text

    page = _overview(tmp_path)
    shapes = [shape for _, layer_shapes in page.layers for shape in layer_shapes]
    (picture,) = [s for s in shapes if isinstance(s, Placed)]
    left, top = picture.offset
    right, bottom = left + picture.scene.width * picture.scale, top + picture.scene.height * picture.scale
    discs = [s for s in shapes if isinstance(s, Circle) and s.role == "overview.label"]
    for text in (s for s in shapes if isinstance(s, Text)):
        x, y = text.position
        if left <= x <= right and top <= y <= bottom:
            # Only the page numbers stand on the picture, each on its own white disc.
            assert text.text.isdigit() and any(abs(d.centre[0] - x) < 0.01 for d in discs), text.text
    assert len(discs) >= 4
    # The picture is the board without its credits line: the tile outlines would cross it.
    credits = [s.text for _, ls in picture.scene.layers for s in ls if isinstance(s, Text) and "Bundgaard" in s.text]
    assert not credits
    assert any(isinstance(s, Text) and "Bundgaard" in s.text for s in shapes)


def _headings_with_diagrams(game: str, lang: str) -> list[tuple[str, str]]:
    """(heading, the caption of the first diagram under it) for every heading followed by diagrams."""
    from boardgen.layout.flow import FigureRow, Heading
    from boardgen.products.rule_sheet import parse_rules
    from boardgen.products.templates import rules_text

    found, heading = [], None
    for block in parse_rules(rules_text(game, lang)):
        if isinstance(block, Heading):
            heading = "".join(run[0] for run in block.runs)
        elif isinstance(block, FigureRow) and heading is not None:
            found.append((heading, "".join(run[0] for run in block.figures[0].caption)))
            heading = None
    return found


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game, lang", [(g.name, lang) for g in FOLDER_GAMES.values() for lang in g.languages])
def test_every_heading_shares_its_page_with_its_first_diagram(tmp_path, game, lang, paper):
    target = tmp_path / "rules.pdf"
    assert run_cli("rules", game, "--lang", lang, "--paper", paper, "-o", str(target)).exit_code == 0
    pages = [_squash(page.extract_text()) for page in PdfReader(str(target)).pages]
    for heading, caption in _headings_with_diagrams(game, lang):
        on = [n for n, text in enumerate(pages) if _squash(heading) in text]
        shown = [n for n, text in enumerate(pages) if _squash(caption)[:40] in text]
        assert on and shown and on[0] == shown[0], f"'{heading}' on page {on}, its diagram on {shown}"
    # No page but a sheet's last ends with a heading: every heading has its text under it.
    for text in pages[:-1]:
        assert not any(text.endswith(_squash(h)) for h, _ in _headings_with_diagrams(game, lang))


@pytest.mark.parametrize("args", [("board", "alea"), ("rules", "alea", "--lang", "it"), ("pieces", "iacta"),
                                  ("diagram", "sample:isaac/03-worked-example", "--format", "pdf")])
def test_pdfs_say_what_they_are_and_embed_their_fonts(tmp_path, args):
    """Boards, rule sheets, pieces and diagrams embed their fonts."""
    target = tmp_path / "out.pdf"
    assert run_cli(*args, "-o", str(target)).exit_code == 0
    reader = PdfReader(str(target))
    info = reader.metadata
    assert info["/Producer"].startswith("boardgen") and info["/Author"] == "boardgen"
    assert info.get("/Subject") and "unspecified" not in info["/Subject"]
    assert "/CreationDate" not in info and "/ModDate" not in info
    root = reader.trailer["/Root"]
    assert root["/Lang"] == ("it" if "it" in args else "en")
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"
    if args[0] == "pieces":
        assert "pieces" in info["/Title"] and "kit" not in info["/Title"].lower()
    fonts = {}
    for page in reader.pages:
        for name, font in page["/Resources"]["/Font"].items():
            fonts[name] = font.get_object()
    assert fonts
    for font in fonts.values():
        descriptor = font["/FontDescriptor"] if "/FontDescriptor" in font else None
        assert descriptor is not None and "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"


def test_danish_and_italian_letters_print_from_the_embedded_font(tmp_path):
    target = tmp_path / "regler.pdf"
    assert run_cli("rules", "iacta", "--lang", "da", "-o", str(target)).exit_code == 0
    text = "".join(page.extract_text() for page in PdfReader(str(target)).pages)
    assert all(letter in text for letter in "æøå")


def test_help_is_generated_from_the_registry():
    rules_help = run_cli("rules", "--help").output
    for game in FOLDER_GAMES.values():
        assert f"{game.name}: {', '.join(game.languages)}" in " ".join(rules_help.split())
    pieces_help = " ".join(run_cli("pieces", "--help").output.split())
    assert "--sides" in pieces_help
    for game in FOLDER_GAMES.values():
        assert game.pieces is None or game.pieces.description in pieces_help


def test_svg_texts_keep_their_spaces(tmp_path):
    """A text with a leading, trailing or double space (a bold word's neighbour in a rule sheet's line) keeps
    them in the SVG: it says xml:space="preserve", and the text reads back exactly.  The texts are made here,
    so the check always has something to look at."""
    from boardgen.draw.palettes import get_palette
    from boardgen.draw.scene import SceneBuilder, Text
    from boardgen.layout.paper import PAPERS
    from boardgen.products.document import Document, DocumentInfo, output_for, render_document

    spaced = [" after a bold word", "before a bold word ", "two  spaces"]
    builder = SceneBuilder(100, 40, "spaces")
    for n, words in enumerate(spaced):
        builder.add("text", Text((5, 10 + 10 * n), words, 4, "ink", "start"))
    builder.add("text", Text((5, 38), "plain", 4, "ink", "start"))
    document = Document("spaces", (builder.build(),), DocumentInfo("spaces"))
    (file,) = render_document(document, output_for("svg", PAPERS["a4"]), get_palette("classic"))
    (tmp_path / file.name).write_bytes(file.data)
    texts = {t.text: t for t in svg_root(tmp_path / file.name).iter(f"{SVG}text")}
    for words in spaced:
        assert texts[words].get("{http://www.w3.org/XML/1998/namespace}space") == "preserve", words
    assert "plain" in texts


def test_mono_arrows_differ_without_colour(tmp_path):
    assert run_cli("board", "iacta", "--palette", "mono", "--arrows", "--format", "svg",
                   "-o", str(tmp_path / "b.svg")).exit_code == 0
    arrows = [p for p in layer(svg_root(tmp_path / "b.svg"), "marks").iter(f"{SVG}polygon")
              if len(p.get("points").split()) == 7]
    assert len(arrows) == 2 and arrows[0].get("fill") != arrows[1].get("fill")


def test_alea_start_rows_show_a_small_three_not_a_ghost_die(tmp_path):
    assert run_cli("board", "alea", "--format", "svg", "-o", str(tmp_path / "a.svg")).exit_code == 0
    root = svg_root(tmp_path / "a.svg")
    assert not [r for r in root.iter(f"{SVG}rect") if r.get("stroke-dasharray")], "dashed ghost dice"
    threes = [t for t in root.iter(f"{SVG}text") if t.text == "3" and float(t.get("font-size")) < 3.6]  # not rows
    assert len(threes) == 16


@pytest.mark.parametrize("game", list(FOLDER_GAMES))
def test_the_scale_bar_sits_right_under_the_board(tmp_path, game):
    target = tmp_path / "b.pdf"
    assert run_cli("board", game, "-o", str(target)).exit_code == 0
    (pixels,) = _pages_as_pixels(target, dpi=100)
    ink_rows = numpy.flatnonzero((pixels < 128).any(axis=1))
    gaps = numpy.diff(ink_rows) / (100 / 25.4)
    assert gaps.max() < 15, f"a gap of {gaps.max():.0f} mm on the page"


def test_isaac_scores_and_coordinates_stand_apart(tmp_path):
    from boardgen.draw.board import BoardLook, draw_board
    from boardgen.draw.scene import Text

    spec = FOLDER_GAMES["isaac"].board(FOLDER_GAMES["isaac"].default_variant)
    scene = draw_board(spec, BoardLook(15.8)).scene
    texts = [s for _, shapes in scene.layers for s in shapes if isinstance(s, Text)]
    rows = [t for t in texts if t.text == "10" and t.anchor == "end"]
    scores = [t for t in texts if t.text == "90" and t.role == "label.dark"]
    assert rows and scores
    from boardgen.draw.fonts import text_width

    gap = scores[0].position[0] - text_width("90", scores[0].size, True) / 2 - rows[0].position[0]
    assert gap >= 1.5


@pytest.mark.parametrize("args, trimmed", [(("pieces", "isaac"), True), (("board", "iacta"), False),
                                           (("rules", "alea"), False)])
def test_sheets_of_parts_say_where_they_are_trimmed(in_tmp, args, trimmed):
    """Print shops expect a TrimBox (and BleedBox) on sheets to cut: the whole page, as it is cut."""
    from pypdf import PdfReader

    assert run_cli(*args, "-o", "x.pdf").exit_code == 0
    for page in PdfReader("x.pdf").pages:
        assert ("/TrimBox" in page) == trimmed and ("/BleedBox" in page) == trimmed
        if trimmed:
            assert [float(v) for v in page["/TrimBox"]] == [float(v) for v in page.mediabox]


def test_a_two_sided_run_gives_every_sheet_its_own_back_and_every_document_a_sheet_of_its_own():
    from boardgen.draw.scene import SceneBuilder
    from boardgen.layout.duplex import both_sides, run_spans, two_sided

    def pages(name: str, count: int, landscape: bool = False) -> list:
        size = (297.0, 210.0) if landscape else (210.0, 297.0)
        return [SceneBuilder(*size, f"{name} {n}").build() for n in range(1, count + 1)]

    board, tokens, rules, box = pages("board", 1), pages("tokens", 4), pages("rules", 3), pages("box", 3, True)
    run, spans = two_sided([(board, frozenset()), (tokens, frozenset({1, 3})), (rules, both_sides(3)),
                            (box, frozenset({1}))])
    titles = [page.title for page in run]
    assert titles == ["board 1", "", "tokens 1", "tokens 2", "tokens 3", "tokens 4", "rules 1", "rules 2",
                      "rules 3", "", "box 1", "box 2", "box 3", ""]
    assert spans == [(1, 2), (3, 6), (7, 10), (11, 14)] == run_spans([(1, frozenset()), (4, frozenset({1, 3})),
                                                                    (3, both_sides(3)), (3, frozenset({1}))])
    assert (run[-1].width, run[-1].height) == (297.0, 210.0)  # a blank back is the size of its front
    for backs in (frozenset({0}), frozenset({1, 2}), frozenset({5})):  # a first page, a back's back, no page
        with pytest.raises(ValueError):
            two_sided([(tokens, backs)])
