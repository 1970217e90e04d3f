"""`new`: a game file to start your own game from."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import BoardgenError
from ...gamefiles import find_game
from ...gamefiles.starter import starter_text
from ...options import FromValues, Kind, Mode, Option, Product, Refusal, Values
from ...products.writer import DEFAULT_FOLDER, prepare_target
from ..document import RenderedFile
from ..like_game import like_game_text
from . import common


def _name(text: str) -> str:
    name = text.strip().lower()
    if not re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", name):
        raise ValueError("give a name of letters, digits, - and _ (up to 40), starting with a letter")
    return name


@dataclass(frozen=True)
class NewValues(FromValues):
    """What `new` reads of its options."""

    name: str
    like: str | None
    variant: str | None
    variant_given: bool
    output: Path | None


def make_new(values: Values) -> list[Any]:
    asked = NewValues.of(values)
    name = asked.name
    target = prepare_target(asked.output or DEFAULT_FOLDER / f"{name}.toml")  # a name too long, a folder...
    if target.exists():
        raise BoardgenError(f"{target} is already there, perhaps with your changes: give another name or -o")
    if asked.like is None:
        return [RenderedFile(f"{name}.toml", starter_text(name).encode("utf-8"))]
    info = find_game(asked.like)
    text = like_game_text(info, info.variant(asked.variant), name)
    return [RenderedFile(f"{name}.toml", text.encode("utf-8"))]


def _variant_of_the_game_like(values: Values) -> Refusal | None:
    asked = NewValues.of(values)
    if not asked.variant_given:
        return None
    if asked.like is None:
        return Refusal("variant", "--variant applies with --like: the board of the built-in game to start from")

    try:
        find_game(asked.like).variant(asked.variant)
    except ValueError as error:
        return Refusal("variant", f"--variant: {error}")
    return None


NEW = Product(
    "new",
    "Write a game file to start your own game from: a small complete race game on a ring board, with its pieces, "
    "a position and its rules, every key commented; or, with --like, a built-in game's board to change. "
    "board, pieces, rules, diagram, box and giftset take the file "
    "where they take a game (see docs/game-files.md).",
    (
        Option("name", Kind.TEXT, "Your game's name (letters, digits, - and _).", argument=True, metavar="NAME",
               max_length=40, validate=_name, label="Name", sentence="Your game's name."),
        Option("like", Kind.CHOICE, "Start from a built-in game instead: a file that draws its board, with its "
               "colours in every palette, for you to change.", choices=common.games, metavar="GAME",
               label="Start from", sentence="A game here whose board you change."),
        Option("variant", Kind.TEXT, "With --like: the built-in game's board to start from (its default "
               "otherwise).", metavar="BOARD", max_length=40, label="Board",
               sentence="That game's board to start from."),
        common.output("output/NAME.toml"),
    ),
    make=make_new,
    checks=(_variant_of_the_game_like,),
    reads=NewValues,
    mode=Mode.COMMAND,  # a file to edit, written where you work; the page has its own game file page
    title="Your own game",  # what the page that does the same is called
    sentence="A game file to start your own game from.",
)
