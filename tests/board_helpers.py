"""Shared by the board engine's tests: its games through the Python API (a user's view), positions written as
position files, and the moves a position lists as a set of notations to compare with an answer worked out by hand.

The small games of tests/board_games/ are the tests' own, each a mechanism or two in miniature; `inline` writes a
game of a few lines of [play] on a map of the test's own."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from textwrap import dedent
from typing import Any

import boardgen
from boardgen.api import Game, Position

OWN_GAMES = Path(__file__).resolve().parent / "board_games"


@cache
def own(name: str) -> Game:
    """One of the tests' own games (tests/board_games/NAME.toml)."""
    return boardgen.game(OWN_GAMES / f"{name}.toml")


@cache
def shipped(name: str) -> Game:
    """A game boardgen ships, by name, as a user opens it."""
    return boardgen.game(name)


# The map's symbols an inline game may use: a field, a point (the same, for boards of points and lines), none.
LEGEND = {".": '{ zone = "field", role = "plain" }', "o": '{ zone = "point", role = "plain" }',
          "#": '{ zone = "no field", role = "none" }'}


FIVE = "\n".join([". . . . ."] * 5)


def inline(folder: Path, play: str, kind: str = "", board: str = FIVE) -> Game:
    """A game of the `play` lines (the body of [play]) and, where given, the `kind` lines (the body of
    [play.kinds.piece], its one kind of piece), on the map `board` (each row a line, the top row first, of the
    symbols LEGEND gives), written into `folder` as a game file is.  A kind's table makes it a game of the board
    engine whatever else [play] says (lines and steps alone are keys of the race engine's too)."""
    path = folder / f"game-{len(list(folder.glob('game-*.toml')))}.toml"
    legend = "".join(f'"{symbol}" = {entry}\n' for symbol, entry in LEGEND.items() if symbol in board.split())
    kinds = f"\n[play.kinds.piece]\n{dedent(kind)}\n" if kind else ""
    path.write_text(f'[about]\nname = "Inline"\ndesigner = "Tests"\nplayers = 2\n\n[board]\nmap = """\n{board}\n"""\n\n'
                    f"[legend]\n{legend}\n[play]\nplayers = 2\n{dedent(play)}\n{kinds}", encoding="utf-8")
    return boardgen.game(path)


def at(game: Game, text: str) -> Position:
    """The position a position file's text holds (its indentation taken away)."""
    return game.read_position(dedent(text))


def listed(position: Position) -> set[str]:
    """The notations of every move the position lists."""
    notations = [move.notation for move in position.moves()]
    assert len(set(notations)) == len(notations), notations  # no move is listed twice
    return set(notations)


def file_of(position: Position) -> dict[str, Any]:
    """The position file's document, as a user reading to_toml() sees it."""
    return tomllib.loads(position.to_toml())


def pieces(position: Position) -> dict[str, str]:
    """{field: "1", or "2 king" for a piece not of the first kind}: the [pieces] a position file writes."""
    return {name: str(value) for name, value in file_of(position).get("pieces", {}).items()}


def played(position: Position, *notations: str) -> Position:
    """The position after the moves `notations`, one after another."""
    for notation in notations:
        position = position.play(notation)
    return position
