"""The board product: a game's board, on paper (PDF, tiled when large) or at true size (SVG, PNG)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..draw.board import BoardDrawing, BoardLook, draw_board
from ..engine.grid import Variant
from ..games.game import Game
from ..layout.bed import largest_fitting
from ..layout.pages import fits_one_page, layout_pages, sheet
from .document import Document, DocumentInfo, Output


def board_stem(game: Game, variant: Variant, palette: str, arrows: bool) -> str:
    """iacta-board-classic, stacktics-3x5-board-cud-arrows: the board is named only where a game has several."""
    board = f"-{variant.name}" if len(game.variants) > 1 else ""
    return f"{game.name}{board}-board-{palette}{'-arrows' if arrows else ''}"


def page_note(look: BoardLook) -> str:
    return f"Print at 100 % (actual size): each field is {look.field_size:g} mm and the bar measures 50 mm."


def board_document(game: Game, variant: Variant, look: BoardLook, output: Output, stem: str) -> Document:
    spec = game.board(variant)
    return drawing_document(lambda chosen: draw_board(spec, chosen), look, output, page_note(look), stem,
                            spec.credits, game.smallest_field)


def drawing_document(draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, output: Output, note: str,
                     stem: str, credits: tuple[str, ...] = (), smallest_field: float = 5.0) -> Document:
    """A drawn board (or diagram) on paper pages, or at true size on its own sheet."""
    drawing = draw_for_output(draw, look, output)
    scene = drawing.scene
    notice = ""
    if output.format.on_paper:
        # A tiled board's overview shows it without the credits line, which tile outlines would cross.
        plain = replace(look, credits=False)
        pages = layout_pages(scene, drawing.grid_box, output.paper, output.margin, note,
                             overview=lambda: draw(plain).scene, credits=credits if look.credits else ())
        if len(pages) > 1:
            notice = _tiled_notice(draw, look, output, len(pages), smallest_field)
    else:
        pages = [sheet(scene)]
    return Document(stem, tuple(pages), DocumentInfo(scene.title, note), notice)


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
