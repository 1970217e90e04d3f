"""The games a user can name, as the faces see them: the one registry (boardgen.gamefiles.GAMES) and the lookup of
a GAME argument, offered here so that the command line and the web page reach games through the products only."""

from __future__ import annotations

from ..gamefiles import GAMES, find_game, is_game_file
from ..games.game import Game

__all__ = ["GAMES", "Game", "find_game", "is_game_file"]
