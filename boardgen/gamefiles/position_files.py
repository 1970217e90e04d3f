"""Reading any game's position file: the file names its game (a game's name, or a game file's path relative to
the position file), and that game's rules engine reads the rest.

A game file a position names is looked for in `folder`: the position file's own folder, or the current folder for
a position read from standard input (`boardgen check -`).  Whatever is wrong with the name is told at the `game`
line, with the path looked for; a game file that is a symbolic link is read only where the link stays in its own
folder, so a position file cannot have boardgen read (and quote) a file from somewhere else.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..engine.position_file import SourceMap, load_toml
from ..engine.problems import PositionFileError, Problem
from ..engine.toml_source import toml_text
from ..errors import BoardgenError
from ..games.game import Game, require_engine
from ..games.loading import Loaded, SomeLoaded
from . import GAMES, game_from_file, is_game_file


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
        raise PositionFileError([Problem("wrong-type", f"game is the game's name in quotes, like game = \"ur\", not "
                                         f"{toml_text(game)}", source.where("game"))])
    if is_game_file(game):
        info = _named_file(game, folder, source)
    elif game.lower() in GAMES:
        info = GAMES[game.lower()]
    else:
        raise PositionFileError([Problem("unknown-game", f"there is no game {toml_text(game)}; games: "
                                         f"{', '.join(GAMES)}, or a game file's path", source.where("game"))])
    engine = require_engine(info)
    return Loaded(info, engine, engine.rules.read(document, source))


def _named_file(name: str, folder: Path | None, source: SourceMap) -> Game:
    """The game file `game = "NAME.toml"` names, looked for in `folder`; PositionFileError at the game line if it
    is not there, not a file, or a link out of its folder.  A file that is there but is not a good game file is
    told in the game file's own words, each problem at its line there (the reader's GameFileError)."""
    where = source.where("game")

    def refused(reason: str) -> PositionFileError:
        return PositionFileError([Problem("unknown-game", f"game = {toml_text(name, 80)}: {reason}", where)])

    if folder is None:
        raise refused("a game file can be named only by a position file on your own computer")
    path = Path(name)
    full = path if path.is_absolute() else folder / path
    looked = _shown_path(full)
    try:
        if not os.path.lexists(full):
            raise refused(f"there is no such game file (looked for {looked}; a game file's path is relative to "
                          "the position file's folder, or to the current folder for a position read from standard "
                          "input)")
        if full.is_symlink() and full.resolve().parent != full.parent.resolve():
            raise refused(f"{looked} is a symbolic link to a file in another folder; a position's game file is read "
                          "only from the folder it names: copy the game file there")
        if not full.is_file():
            raise refused(f"{looked} is not a file")
    except OSError as error:  # a name too long, a folder that cannot be read
        raise refused(f"cannot read {looked}: {error.strerror or error}") from None
    return game_from_file(full)


def _shown_path(path: Path) -> str:
    """The path looked for, whole (the folder a relative one is relative to, too), cut short if it is long."""
    try:
        text = str(path.absolute())
    except OSError:  # the current folder is gone
        text = str(path)
    return text if len(text) <= 120 else "..." + text[-117:]


def game_named_in(text: str | bytes) -> str | None:
    """The game a broken file is for, when that much can be read."""
    try:
        document, _ = load_toml(text)
    except PositionFileError:
        return None
    value = document.get("game")
    return value if isinstance(value, str) else None
