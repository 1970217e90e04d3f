"""How a mechanism of [play] declares its keys: as data, written once.

A key's declaration is what the compiler checks a file against (an unknown key gets "did you mean"), what the
vocabulary table in docs/game-files.md is made from (tools/regenerate.py), and what the starter's comments say.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Table(Enum):
    """Where a key is written in a game file."""

    PLAY = "play"  # [play]
    KIND = "kind"  # [play.kinds.NAME]: a kind of piece's own (also allowed in [play] for a game of one kind)
    EVALUATION = "evaluation"  # [play.evaluation]


@dataclass(frozen=True)
class Key:
    """One key of the language: its name, what its value is, its default, one sentence and an example line."""

    name: str
    value: str  # what it takes, in words: "a number", "true or false", "\"anywhere\", \"column\" or \"flank\""
    default: str  # as TOML writes it, or "" where leaving it out means "not played"
    sentence: str  # what it does, one sentence
    example: str  # a line of TOML using it
    table: Table = Table.PLAY
    choices: tuple[str, ...] = ()  # the words it takes, where it takes words


@dataclass(frozen=True)
class Mechanism:
    """A part of the language: its name, what it adds in a sentence, and its keys."""

    name: str
    sentence: str
    keys: tuple[Key, ...]
    engine: str  # which engine plays it: "race" (tracks and throws), "board" (pieces on fields) or "sowing"

    def key(self, name: str) -> Key:
        for key in self.keys:
            if key.name == name:
                return key
        raise KeyError(name)
