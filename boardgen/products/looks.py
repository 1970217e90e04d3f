"""The palette a game's products are drawn in: the named one, with the styles of the game's own zones and
pieces where it has any (a game file's)."""

from __future__ import annotations

from types import MappingProxyType

from ..draw.palettes import Palette, get_palette
from ..games.game import Game


def game_look(game: Game, palette_name: str) -> Palette:
    palette = get_palette(palette_name)
    own = game.styles(palette_name)
    if not own:
        return palette
    return palette._replace(styles=MappingProxyType({**palette.styles, **own}))
