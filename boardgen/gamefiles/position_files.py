"""Reading any game's position file: the file names its game (a game's name, or a game file's path relative to
the position file), and that game's rules engine reads the rest."""

from __future__ import annotations

from pathlib import Path

from ..engine.position_file import load_toml, type_name
from ..engine.problems import PositionFileError, Problem
from ..errors import BoardgenError
from ..games.game import require_engine
from ..games.loading import Loaded, SomeLoaded
from . import GAMES, find_game, is_game_file


def load_position(text: str | bytes, folder: Path | None = None) -> SomeLoaded:
    """The position in a file's text, or PositionFileError listing every problem found.  `folder` is where a
    game file it names is looked for; None where no file may be read (a position pasted into the web page)."""
    document, source = load_toml(text)
    game = document.get("game")
    if game is None and isinstance(document.get("about"), dict) and isinstance(document.get("board"), dict):
        raise BoardgenError("this is a game file, not a position: check and diagram read a position file, which "
                            'names its game (game = "mine.toml"); boardgen diagram FILE.toml#NAME draws a position '
                            "the game file names")
    if game is None:
        raise PositionFileError([Problem("missing-key", 'the file needs a line like game = "iacta"', "")])
    if not isinstance(game, str):
        raise PositionFileError([Problem("wrong-type", f"game must be text, not {type_name(game)}",
                                         source.where("game"))])
    if is_game_file(game):
        if folder is None:
            raise PositionFileError([Problem("unknown-game", f"game = {game!r} names a game file, which only a "
                                             "position file on your own computer can use", source.where("game"))])
        info = find_game(game, folder)
    elif game.lower() in GAMES:
        info = GAMES[game.lower()]
    else:
        raise PositionFileError([Problem("unknown-game", f"there is no game '{game}'; games: {', '.join(GAMES)}, "
                                         "or a game file's path", source.where("game"))])
    engine = require_engine(info)
    return Loaded(info, engine, engine.rules.read(document, source))


def game_named_in(text: str | bytes) -> str | None:
    """The game a broken file is for, when that much can be read."""
    try:
        document, _ = load_toml(text)
    except PositionFileError:
        return None
    value = document.get("game")
    return value if isinstance(value, str) else None
