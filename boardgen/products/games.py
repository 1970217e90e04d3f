"""The games a user can name, as the faces see them: the one registry (boardgen.gamefiles.GAMES) and the lookup of
a GAME argument, offered here so that the command line and the web page reach games through the products only.

For a game of the user's own: a game file read now (load_game_file), its every problem at its line when it has
any (GameFileError), and the starter file `boardgen new` writes (starter_text), which the page offers to begin
from.  Importing this module loads the game-file reader, which the page uses anyway; the command line reaches
games through its products' declarations, which load the reader only when a file is named.
"""

from __future__ import annotations

from ..gamefiles import GAMES, find_game, is_game_file, load_game_file
from ..gamefiles.reader import GameFileError
from ..gamefiles.starter import starter_text
from ..games.game import Game

__all__ = ["GAMES", "Game", "GameFileError", "find_game", "is_game_file", "load_game_file", "starter_text"]
