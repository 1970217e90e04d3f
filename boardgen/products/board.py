"""The board product: a game's board, on paper (PDF, tiled when large) or at true size (SVG, PNG)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..draw.board import BoardDrawing, BoardLook, draw_board
from ..draw.board_spec import BoardSpec
from ..engine.grid import Variant
from ..games.game import Game
from ..layout.bed import largest_fitting
from ..layout.pages import fits_one_page, layout_pages, sheet
from .document import Document, DocumentInfo, Output
from .translations import credit, number_text, translator


def board_stem(game: Game, variant: Variant, palette: str, arrows: bool) -> str:
    """iacta-board-classic, stacktics-3x5-board-cud-arrows: the board is named only where a game has several."""
    board = f"-{variant.name}" if len(game.variants) > 1 else ""
    return f"{game.name}{board}-board-{palette}{'-arrows' if arrows else ''}"


def page_note(look: BoardLook, lang: str = "en") -> str:
    """The board page's footer, in the reader's language: "... each field is 15,8 mm ..." in a Danish set."""
    return translator(lang)("Print at 100 % (actual size): each field is {field} mm and the bar measures 50 mm."
                            ).format(field=number_text(look.field_size, lang))


def board_document(game: Game, variant: Variant, look: BoardLook, output: Output, stem: str,
                   lang: str = "en") -> Document:
    """The board on paper or at true size; `lang` the language of its footer and of the credit line boardgen
    words itself (a gift set's)."""
    spec = in_language(game, game.board(variant), lang)
    return drawing_document(lambda chosen: draw_board(spec, chosen), look, output, page_note(look, lang), stem,
                            spec.credits, game.smallest_field, lang)


def in_language(game: Game, spec: BoardSpec, lang: str) -> BoardSpec:
    """The board with the words boardgen gives it itself in `lang`: its title where that is the game's title and
    "board" ("Ur-bræt"), the credit line of a game file that gives none ("Racers, a game by You (2026)", as
    gamefiles.game words it in English), and the credit lines of the games boardgen ships; a game's own words
    otherwise as given."""
    if lang == "en":
        return spec
    _ = translator(lang)
    title = _("{title} board").format(title=game.title) if spec.title == f"{game.title} board" else spec.title
    own = f"{game.title}, {credit(game, 'en')}"
    # The credit line boardgen words itself, in `lang`; a game's own lines as the catalogue has them (the games
    # boardgen ships), else as the game gives them.
    credits = tuple(f"{game.title}, {credit(game, lang)}" if line == own else _(line) for line in spec.credits)
    return replace(spec, title=title[:1].upper() + title[1:], credits=credits)


def drawing_document(draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, output: Output, note: str,
                     stem: str, credits: tuple[str, ...] = (), smallest_field: float = 5.0,
                     lang: str = "en") -> Document:
    """A drawn board (or diagram) on paper pages, or at true size on its own sheet; `lang` the language its
    words are in."""
    drawing = draw_for_output(draw, look, output)
    scene = drawing.scene
    notice = ""
    if output.format.on_paper:
        # A tiled board's overview shows it without the credits line, which tile outlines would cross.
        plain = replace(look, credits=False)
        pages = layout_pages(scene, drawing.grid_box, output.paper, output.margin, note,
                             overview=lambda: draw(plain).scene, credits=credits if look.credits else (),
                             say=translator(lang))
        if len(pages) > 1:
            notice = _tiled_notice(draw, look, output, len(pages), smallest_field)
    else:
        pages = [sheet(scene)]
    return Document(stem, tuple(pages), DocumentInfo(scene.title, note, lang), notice)


def _tiled_notice(draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, output: Output, pages: int,
                  smallest_field: float) -> str:
    """How many pages a board too large for one takes, and the largest field that would fit one (no smaller
    than the game's pieces need)."""
    def one_page(field: float) -> bool:
        drawing = draw_for_output(draw, replace(look, field_size=field), output)
        return fits_one_page(drawing.scene, drawing.grid_box, output.paper, output.margin)

    largest = largest_fitting(one_page, smallest_field, look.field_size)
    paper = output.paper.name.upper() if len(output.paper.name) <= 2 else output.paper.name.capitalize()
    fits = f"--field {largest:g} fits one page" if largest is not None else \
        f"no field its pieces stand in ({smallest_field:g} mm or more) fits one page: a larger --paper does"
    return (f"with {look.field_size:g} mm fields the board does not fit one {paper} page: it takes {pages} pages "
            f"(an overview and {pages - 1} tiles to glue); {fits}")


def draw_for_output(draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, output: Output) -> BoardDrawing:
    """The drawing, with compact edges when only they keep a paper page to one sheet.

    An 18 mm board on A4 leaves 5 mm beside the grid: enough for small
    coordinates, not for the roomy default ones, and tiles would be silly.
    """
    drawing = draw(look)
    if not output.format.on_paper or fits_one_page(drawing.scene, drawing.grid_box, output.paper, output.margin):
        return drawing
    compact = draw(replace(look, compact=True))
    if fits_one_page(compact.scene, compact.grid_box, output.paper, output.margin):
        return compact
    return drawing
