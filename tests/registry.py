"""The games the tests run over, from the one registry a user names games in (boardgen.gamefiles.GAMES).

`FOLDER_GAMES` is the part of it that is a folder of Python (boardgen.games.GameFolder): the games whose engines
come with example positions, samples and studies, which many tests are about.  It is a view of GAMES, not a
second registry: a game added to either kind shows up here as a user sees it."""

from __future__ import annotations

from collections.abc import Mapping

from boardgen.gamefiles import GAMES, find_game
from boardgen.games.game import Game, GameFolder

FOLDER_GAMES: Mapping[str, Game] = {name: game for name, game in GAMES.items() if isinstance(game, GameFolder)}

__all__ = ["FOLDER_GAMES", "GAMES", "find_game"]
