"""Shared by the tests of game files' [play]: engines from text, positions from text, moves as their JSON."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from boardgen.engine.grid import Field
from boardgen.engine.position_file import load_toml
from boardgen.engine.problems import Problem
from boardgen.engine.toml_source import TomlError, read_toml
from boardgen.gamefiles import find_game
from boardgen.gamefiles.play import BoardFacts, compile_play, where_in
from boardgen.games.game import Engine

SHIPPED_GAMES = ("ur", "snakes-and-ladders", "fox-and-geese", "ludo")


def engine(text: str, name: str = "test") -> Engine:
    found, problems = engine_from_text(text, name)
    assert found is not None, problems
    return found


def shipped(name: str) -> Engine:
    """A game boardgen ships as a file, read as every product reads it."""
    found = find_game(name).engine
    assert found is not None, name
    return found


def position(game: Engine, text: str) -> Any:
    document, source = load_toml(text)
    return game.rules.read(document, source)


def moves(game: Engine, text: str) -> list[str]:
    """The legal moves' notations in the position `text`."""
    where = position(game, text)
    return sorted(game.rules.notation(where, move) for move in game.rules.legal_moves(where))


def move_json(game: Engine, text: str) -> list[dict[str, Any]]:
    where = position(game, text)
    found = [dict(game.presentation.move_json(where, move)) for move in game.rules.legal_moves(where)]
    return sorted(found, key=lambda m: m["notation"])


def after(game: Engine, text: str, notation: str) -> str:
    """The position file after the move `notation`."""
    where = position(game, text)
    return game.rules.write(game.rules.apply(where, game.rules.parse_move(where, notation)))


# A small board for the mechanisms: 6 fields in a row, one track for each player along it.
BOARD = '''
[about]
name = "Test"
designer = "Tests"
players = {players}

[board]
map = """
. . . . . .
. . . . . .
"""

[legend]
"." = {{ zone = "field", role = "plain" }}
'''


def small_game(play: str, players: int = 2) -> Engine:
    return engine(BOARD.format(players=players) + "\n[play]\n" + play)


def board_facts(document: Mapping[str, Any], name: str) -> BoardFacts:
    """The facts compile_play needs, from a game file's [about], [board] map and [legend] (read plainly: a
    test's small file need not be a whole game file)."""
    about, board, legend = document.get("about", {}), document.get("board", {}), document.get("legend", {})
    rows = [line.replace(" ", "") for line in str(board.get("map", "")).split("\n") if line.strip()]
    absent: set[Field] = set()
    zones: dict[str, list[Field]] = {}
    for r, line in enumerate(rows):
        row = len(rows) - 1 - r  # the map's first line is the far side
        for column, char in enumerate(line):
            entry = legend.get(char, {})
            if entry.get("role") == "none":
                absent.add((column, row))
            else:
                zones.setdefault(str(entry.get("zone", "")), []).append((column, row))
    return BoardFacts(name, max(len(line) for line in rows), len(rows), frozenset(absent),
                      {zone: tuple(fields) for zone, fields in zones.items()}, int(about.get("players", 2)))


def engine_from_text(text: str, name: str) -> tuple[Engine | None, list[Problem]]:
    """A whole game file's text -> its engine from [play], or the problems (a file that is not TOML among them)."""
    try:
        document, source = read_toml(text)
    except TomlError as error:
        return None, [error.problem]
    if "play" not in document:
        return None, [Problem("no-play", "the game file has no [play] section")]
    return compile_play(document["play"], board_facts(document, name), where_in(source))


def random_game(rules: Any, rng: random.Random, most: int = 5000) -> Iterator[Any]:
    """The positions of a random game from the rules' start, first included: each throw drawn by its chances, each
    move chosen at random, until the game is over or after `most` steps."""
    position = rules.start()
    yield position
    for _ in range(most):
        if rules.outcome(position) is not None:
            return
        position = rules.sample_throw(position, rng) if rules.throw_due(position) else \
            rules.apply(position, rng.choice(list(rules.legal_moves(position))))
        yield position
