"""The laser files of the board, the diagram and the pieces, behind one late import of the laser's making.

Making laser files takes the beds, the packer (rectpack) and the glyph outlines every engraved letter needs
(fontTools): about 40 ms of imports, a third of what a print board costs to start.  So the products that make
both print and laser files reach the laser's making through this module, a registry choosing one of the two
ways a product is made, which imports products.laser only when laser files are asked for, as the format
registry imports only the renderer asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # for the signatures only: the modules themselves are loaded when laser files are made
    from ..draw.board import BoardDrawing, BoardLook
    from ..engine.grid import Variant
    from ..games.game import Game
    from ..layout.piece_options import PiecesOptions
    from .document import RenderedFile
    from .laser_settings import LaserSettings


class LaserMaking(Protocol):
    """What the products ask of the laser's making (products.laser, which satisfies this as a module)."""

    def board_laser_files(self, game: Game, variant: Variant, look: BoardLook, settings: LaserSettings,
                          stem: str) -> list[RenderedFile]: ...

    def plate_files(self, draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, settings: LaserSettings,
                    stem: str, what: str, smallest: float = ...) -> list[RenderedFile]: ...

    def pieces_laser_files(self, game: Game, options: PiecesOptions, settings: LaserSettings, stem: str,
                           lang: str = ...) -> list[RenderedFile]: ...


def _laser() -> LaserMaking:
    """The laser's making: the registry's one late choice, made when laser files are asked for."""
    from . import laser

    return laser


def board_laser_files(game: Game, variant: Variant, look: BoardLook, settings: LaserSettings,
                      stem: str) -> list[RenderedFile]:
    """The game's board as a plate to cut (products.laser.board_laser_files)."""
    return _laser().board_laser_files(game, variant, look, settings, stem)


def plate_files(draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, settings: LaserSettings, stem: str,
                what: str, smallest: float) -> list[RenderedFile]:
    """A drawn board or diagram as a plate to cut (products.laser.plate_files)."""
    return _laser().plate_files(draw, look, settings, stem, what, smallest)


def pieces_laser_files(game: Game, options: PiecesOptions, settings: LaserSettings, stem: str,
                       lang: str) -> list[RenderedFile]:
    """The game's pieces to cut (products.laser.pieces_laser_files)."""
    return _laser().pieces_laser_files(game, options, settings, stem, lang)
