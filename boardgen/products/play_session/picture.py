"""The table's pictures: the board (the game's diagram of the position, a chosen piece's moves marked and the last
move framed) at true size, without a sheet's scale bar or credits, with where each field lies on it; the pieces a
player has off the board, drawn as the board draws them; and the throw, as the game's own dice or sticks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from ...draw.board import BoardLook
from ...draw.diagram import LAST_FROM, LAST_MOVE, draw_die, draw_stick
from ...draw.palettes import Palette
from ...draw.scene import Box, Circle, Scene, SceneBuilder
from ...draw.styles import Style
from ...engine.contract import Position
from ...engine.grid import Field
from ...games.game import Game
from ...games.loading import Loaded
from ...layout.paper import get_paper
from ..diagram import diagram_sheet
from ..document import Document, DocumentInfo, output_for, render_document
from ..looks import game_look
from .throw import DIE, Throw, Thrown

P = TypeVar("P", bound=Position)
M = TypeVar("M")

PALETTE = "classic"
# The page's own looks beside the palette's: the last move framed in an orange no player's pieces have, solid
# where it went and dashed where it came from.
LAST_LOOKS: Mapping[str, Style] = MappingProxyType({
    LAST_MOVE: Style(stroke="#ff7a00", stroke_width=1.2),
    LAST_FROM: Style(stroke="#ff7a00", stroke_width=0.9, dash=(1.8, 1.2)),
})
PIECE_RADIUS = 4.0  # mm: a piece off the board, as a marker on an 13 mm field
PIECE_STEP = 9.0  # mm from one to the next, closer where there are many
PIECES_WIDTH = 80.0  # mm the pieces off the board of one kind take at the most
DIE_SIDE = 11.0  # mm: a thrown die
STICK = (24.0, 5.0)  # mm: a thrown stick, lying across
GAP = 1.6  # mm between thrown pieces, and twice that between throws of a set


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
    """A picture as an SVG, its size, and (the board's) every field's box on it."""

    svg: bytes
    width: float  # mm, as the SVG's viewBox
    height: float
    boxes: Mapping[Field, Box] = field(default_factory=dict)  # mm from its top left corner; none off the board

    def share(self, field: Field) -> Share | None:
        """Where `field` lies, in percent of the picture; None for a field the board does not have."""
        box = self.boxes.get(field)
        if box is None:
            return None
        return Share(100 * box.x / self.width, 100 * box.y / self.height, 100 * box.width / self.width,
                     100 * box.height / self.height)


def table_look(game: Game) -> Palette:
    """How the table draws `game`: its palette's looks (with the game's own) and the last move's."""
    look = game_look(game, PALETTE)
    return look._replace(styles=MappingProxyType({**look.styles, **LAST_LOOKS}))


def _svg(scene: Scene, stem: str, look: Palette) -> bytes:
    output = output_for("svg", get_paper("a4"))  # at true size: the paper is the output's default, never used
    (made,) = render_document(Document(stem, (scene,), DocumentInfo(scene.title)), output, look)
    return made.data


def draw_table(loaded: Loaded[P, M], chosen: Field | None = None, last_from: Field | None = None,
               last_reached: Sequence[Field] = ()) -> Picture:
    """The position on its board, with the fields `chosen`'s moves reach marked (if a piece is chosen) and the
    last move framed (where it came from and where it went, where given)."""
    game = loaded.game
    look = BoardLook(field_size=game.default_field, credits=False)
    output = output_for("svg", get_paper("a4"))
    sheet = diagram_sheet(loaded, look, output, f"{game.name}-play", chosen is not None, chosen, furniture=False,
                          last_from=last_from, last_reached=last_reached)
    (made,) = render_document(sheet.document, output, table_look(game))
    return Picture(made.data, sheet.width, sheet.height, sheet.fields)


def draw_pieces(game: Game, colour: str, count: int, title: str) -> Picture:
    """`count` of a player's pieces off the board, in a row, each as the board draws a piece (marker.COLOUR)."""
    step = PIECE_STEP if count < 2 else min(PIECE_STEP, (PIECES_WIDTH - 2 * PIECE_RADIUS) / (count - 1))
    margin = 0.6  # round a piece's outline
    width = 2 * (PIECE_RADIUS + margin) + step * max(count - 1, 0)
    height = 2 * (PIECE_RADIUS + margin)
    builder = SceneBuilder(width, height, title)
    for n in range(count):
        builder.add("marks", Circle((PIECE_RADIUS + margin + n * step, height / 2), PIECE_RADIUS, f"marker.{colour}"))
    return Picture(_svg(builder.build(), f"{game.name}-pieces", table_look(game)), width, height)


def draw_throw(game: Game, throw: Throw, title: str) -> Picture:
    """The throw's dice or sticks as they lie: the sets side by side, in a set dice beside each other and sticks
    one under another."""
    edge = 0.5  # mm round the pieces: their outlines' width
    placed: list[tuple[Thrown, Box]] = []
    x = edge
    for pieces in throw.sets:
        stacked = any(thrown.kind != DIE for thrown in pieces)
        left, y = x, edge
        for thrown in pieces:
            width, height = (DIE_SIDE, DIE_SIDE) if thrown.kind == DIE else STICK
            placed.append((thrown, Box(x if stacked else left, y, width, height)))
            if stacked:
                y += height + GAP
            else:
                left += width + GAP
        x = max(box.right for _, box in placed) + 2 * GAP
    width = max((box.right for _, box in placed), default=DIE_SIDE) + edge
    height = max((box.bottom for _, box in placed), default=DIE_SIDE) + edge
    builder = SceneBuilder(width, height, title)
    for thrown, box in placed:
        if thrown.kind == DIE:
            draw_die(builder, box, thrown.colour, thrown.value or 0)
        else:
            draw_stick(builder, box, thrown.value)
    return Picture(_svg(builder.build(), f"{game.name}-throw", table_look(game)), width, height)
