"""The table's board as a picture: the game's diagram of the position (a chosen piece's moves marked), as SVG at
true size, with where each field lies on it, both from the one drawing that made the picture."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from ...draw.board import BoardLook
from ...draw.scene import Box
from ...engine.contract import Position
from ...engine.grid import Field
from ...games.loading import Loaded
from ...layout.paper import get_paper
from ..diagram import diagram_sheet
from ..document import output_for, render_document
from ..looks import game_look

P = TypeVar("P", bound=Position)
M = TypeVar("M")

PALETTE = "classic"


@dataclass(frozen=True)
class Share:
    """Where a field lies on the picture, in percent of its width (left, width) and height (top, height): as a
    page lays a link over it, whatever size the picture is shown at."""

    left: float
    top: float
    width: float
    height: float


@dataclass(frozen=True)
class Picture:
    """The board as an SVG, its size (the scale bar under the drawing included) and every field's box on it."""

    svg: bytes
    width: float  # mm, as the SVG's viewBox
    height: float
    boxes: Mapping[Field, Box]  # mm from the picture's top left corner; a field the board leaves out has none

    def share(self, field: Field) -> Share | None:
        """Where `field` lies, in percent of the picture; None for a field the board does not have."""
        box = self.boxes.get(field)
        if box is None:
            return None
        return Share(100 * box.x / self.width, 100 * box.y / self.height, 100 * box.width / self.width,
                     100 * box.height / self.height)


def draw_table(loaded: Loaded[P, M], chosen: Field | None = None) -> Picture:
    """The position on its board, with the fields `chosen`'s moves reach marked (if a piece is chosen)."""
    game = loaded.game
    look = BoardLook(field_size=game.default_field)
    output = output_for("svg", get_paper("a4"))  # at true size: the paper is the output's default, never used
    sheet = diagram_sheet(loaded, look, output, f"{game.name}-play", chosen is not None, chosen)
    (made,) = render_document(sheet.document, output, game_look(game, PALETTE))
    return Picture(made.data, sheet.width, sheet.height, sheet.fields)
