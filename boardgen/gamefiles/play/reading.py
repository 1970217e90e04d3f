"""Reading a [play] table: the words, numbers, players and fields its keys give, each problem told at its key.

Both engines' compilers read their keys through a `Reading`: the race engine's (compile.py) and the board
engine's (board/compile.py), so a field, a player's table or a number is checked the same way in every key.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from ...engine.grid import LETTERS, Field, Grid, Variant
from ...engine.problems import Place, Problem
from ...engine.toml_source import toml_text
from .model import MAX_PLAYERS

E = TypeVar("E", bound=Enum)

MAX_PIECES = 60
_FIELD = re.compile(r"([a-z])([1-9][0-9]?)")
_WHERE = re.compile(r"line (\d+), column (\d+)")


@dataclass(frozen=True)
class BoardFacts:
    """What compiling [play] needs to know of the rest of the game file."""

    name: str  # the game's name, as position files write it: "ur", or the file's path as they give it
    columns: int
    rows: int
    absent: frozenset[Field] = frozenset()  # fields the map leaves out
    zones: Mapping[str, tuple[Field, ...]] = field(default_factory=dict)  # a zone's name -> its fields
    players: int = 2  # [about] players: the default when [play] does not say
    description: str = "the board the game file draws"  # the variant's, as the game file's own Variant has it

    @property
    def variant(self) -> Variant:
        return Variant(f"{self.columns}x{self.rows}", self.columns, self.rows, self.description)


def names_fields(text: str) -> bool:
    """Whether a text is written as a field or a line of them ("a1", "b1-h1"), whatever fields it names."""
    return all(_FIELD.fullmatch(end.strip().lower()) for end in text.split("-"))


def place_of(where: str) -> Place | None:
    """The line and column a `where` names, so the reader can sort these problems among its own."""
    found = _WHERE.fullmatch(where)
    return Place(int(found.group(1)), int(found.group(2))) if found else None


def at(code: str, message: str, where: str) -> Problem:
    return Problem(code, message, where, place_of(where))


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1)
    return f" (did you mean '{close[0]}'?)" if close else f"; known: {', '.join(choices)}"


def shown(value: Any) -> str:
    """A value as the file wrote it (TOML: true, "a1", ["a1"], { x = 1 })."""
    return toml_text(value)


def counted(number: int, thing: str) -> str:
    """"1 piece", "2 pieces": a count with its noun."""
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


# The kinds of game [play] says, each played by its own engine, as a message names them.
KINDS_OF_GAME = {"race": "a race (tracks and throws)",
                 "board": "a game of pieces on fields (placing, moving along lines, capturing)",
                 "sowing": "a sowing game (pits of seeds)"}


class Reading:
    """One set of rules' [play] table (an option's values laid over it), read key by key."""

    def __init__(self, table: Mapping[str, Any], board: BoardFacts, where: Callable[[str], str],
                 paths: Mapping[str, str], options: tuple[tuple[str, str], ...]) -> None:
        self.table = table
        self.board = board
        self.where_of = where
        self.paths = paths  # a key -> its dotted path in the file (an option's value overrides it there)
        self.options = options
        self.grid = Grid(board.columns, board.rows)
        self.problems: list[Problem] = []
        self.told: set[str] = set()  # the keys a problem has been told at: what follows from them is not told again

    # -- saying where -----------------------------------------------------------------------------
    def path(self, key: str, *sub: str) -> str:
        return ".".join((self.paths.get(key, f"play.{key}"), *sub))

    def problem(self, code: str, message: str, key: str, *sub: str) -> None:
        path = self.path(key, *sub)
        # A key the file leaves out is told at the [play] header.
        where = self.where_of(path) or self.where_of(self.path(key)) or self.where_of("play") or "[play]"
        found = at(code, message, where)
        self.told.add(key)
        if found not in self.problems:  # the same mistake met twice (each player's value, a field named twice)
            self.problems.append(found)

    @staticmethod
    def named(key: str, *sub: str) -> str:
        """The key a message names: a kind's own key ("goal" of [play.kinds.king]) by its own name."""
        return sub[1] if key == "kinds" and len(sub) >= 2 else key

    def one_kind_of_game(self, own: str, known: Mapping[str, frozenset[str]], drawn: bool = False) -> tuple[
            frozenset[str], bool]:
        """Keys of another kind of game mixed with this one's: the keys of whichever kind the file says less of are
        each told as that kind's rules (`known`: every kind's keys, by KINDS_OF_GAME's names; `drawn`: lines drawn
        one by one, which only a game of pieces on fields has).  -> the keys told, and whether the file is mostly
        another kind of game (so nothing else in it is worth telling)."""
        def knowing(key: str) -> list[str]:
            return ["board"] if key == "lines" and drawn else [kind for kind in known if key in known[kind]]

        # Only a key one kind alone knows says which kind the file is.
        unique: dict[str, list[str]] = {kind: [] for kind in known}
        for key in self.table:
            kinds = knowing(key)
            if len(kinds) == 1:
                unique[kinds[0]].append(key)
        present = [kind for kind in unique if unique[kind]]
        if present and own not in present:  # a rule option brings this kind's keys in: told in its set of rules
            return frozenset(), True
        if len(present) < 2:
            return frozenset(), False
        main = max(present, key=lambda kind: (len(unique[kind]), kind == own))
        said = ", ".join(unique[main][:3]) + (", ..." if len(unique[main]) > 3 else "")
        told = unique[own] if main != own else [key for key in self.table if knowing(key) and own not in knowing(key)]
        for key in told:
            named = "lines as a list (drawn one by one)" if key == "lines" and drawn else key
            whose = " or ".join(KINDS_OF_GAME[kind] for kind in knowing(key))
            self.problem("mixed-games", f"{named} belongs to {whose}, but this [play] is {KINDS_OF_GAME[main]}: it "
                         f"has {said}; a game is one kind or the other", key)
        return frozenset(told), main != own

    # -- words and numbers ---------------------------------------------------------------------------
    def choice(self, key: str, kind: type[E], default: E, allowed: tuple[E, ...] | None = None) -> E:
        value = self.table.get(key, default.value)
        words = tuple(member.value for member in (allowed or tuple(kind)))
        if isinstance(value, str) and value in words:
            return kind(value)
        if isinstance(value, str):
            self.problem("unknown-word", f"{key} = {shown(value)} is not one of the rules boardgen plays"
                         f"{did_you_mean(value, words)}", key)
        else:
            self.problem("wrong-type", f"{key} is a word: {', '.join(shown(w) for w in words)}, not "
                         f"{shown(value)}", key)
        return default

    def whole(self, value: Any, low: int, high: int, what: str, key: str, *sub: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.problem("bad-number", f"{what} is a whole number from {low} to {high}, not {shown(value)}",
                         key, *sub)
            return None
        return value

    def by_player(self, key: str, players: int, check: Callable[[Any, str], Any], default: Any) -> list[Any]:
        """A value for everyone, or a table by player number ("1" to "4"); each value checked by `check`."""
        value = self.table.get(key)
        if value is None:
            return [default] * MAX_PLAYERS
        if not isinstance(value, dict):
            return [check(value, "")] * MAX_PLAYERS
        found = [default] * MAX_PLAYERS
        for name, item in value.items():
            if name not in {str(n) for n in range(1, players + 1)}:
                self.problem("bad-player", f"{key} names player {shown(name)}; the players are 1 to {players}", key,
                             name)
                continue
            found[int(name) - 1] = check(item, name)
        return found

    # -- fields -----------------------------------------------------------------------------------------
    def field(self, text: str, key: str, *sub: str) -> int | None:
        match = _FIELD.fullmatch(text.strip().lower()) if isinstance(text, str) else None
        name = self.named(key, *sub)
        if not match:
            self.problem("bad-field", f"{shown(text)} is not a field name like a1 (in {name})", key, *sub)
            return None
        place = (LETTERS.index(match.group(1)), int(match.group(2)) - 1)
        if not self.grid.contains(place):
            self.problem("off-board", f"{name} names {text}, which is off the board (a1-{self.grid.last_name()})",
                         key, *sub)
            return None
        if place in self.board.absent:
            self.problem("not-a-field", f"{name} names {text}, which is not on the board: the map has no field "
                         "there", key, *sub)
            return None
        return self.grid.index(place)

    def fields(self, value: Any, key: str, *sub: str) -> list[int] | None:
        """A list of fields, each a name ("a1"), a straight line of them ("a1-h1") or a zone's name."""
        items = [value] if isinstance(value, str) else value
        name = self.named(key, *sub)
        if not isinstance(items, list):
            self.problem("wrong-type", f"{name} is a list of fields, like [\"a1\", \"b1-h1\"], not {shown(value)}",
                         key, *sub)
            return None
        found: list[int] = []
        for item in items:
            if isinstance(item, str) and item in self.board.zones:
                fields = self.board.zones[item]
                if any(f in self.board.absent for f in fields):
                    self.problem("not-a-field", f"{name} names the zone {shown(item)}, whose fields are not on the "
                                 "board (its role is \"none\")", key, *sub)
                    return None
                found += sorted(self.grid.index(f) for f in fields)
                continue
            if isinstance(item, str) and self.board.zones and not names_fields(item):
                self.problem("bad-field", f"{name} names {shown(item)}, which is neither a field (like a1) nor a "
                             f"zone of the legend{did_you_mean(item, tuple(self.board.zones))}", key, *sub)
                return None
            ends = item.split("-") if isinstance(item, str) else [item]
            if len(ends) == 2:
                line = self.line(ends[0], ends[1], key, *sub)
                if line is None:
                    return None
                found += line
                continue
            one = self.field(item, key, *sub)
            if one is None:
                return None
            found.append(one)
        return found

    def line(self, first: str, last: str, key: str, *sub: str) -> list[int] | None:
        start, end = self.field(first, key, *sub), self.field(last, key, *sub)
        if start is None or end is None:
            return None
        (c0, r0), (c1, r1) = self.grid.field_at(start), self.grid.field_at(end)
        dc, dr = c1 - c0, r1 - r0
        name = self.named(key, *sub)
        if dc and dr and abs(dc) != abs(dr):
            self.problem("not-a-line", f"{first}-{last} in {name} is not a straight line of fields (a row, a column "
                         "or a diagonal)", key, *sub)
            return None
        count = max(abs(dc), abs(dr))
        sc, sr = (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
        indices = []
        for n in range(count + 1):
            place = (c0 + n * sc, r0 + n * sr)
            if place in self.board.absent:
                self.problem("not-a-field", f"{first}-{last} in {name} goes through {self.grid.name(place)}, which "
                             "is not on the board: the map has no field there", key, *sub)
                return None
            indices.append(self.grid.index(place))
        return indices

    # -- the whole set ------------------------------------------------------------------------------------

    def player_counts(self) -> tuple[int, ...]:
        value = self.table.get("players", [self.board.players])
        items = value if isinstance(value, list) else [value]
        # [about] players is the most who play it: its pieces, colours and sides are for so many.
        most = self.board.players
        counts = [self.whole(item, 2, MAX_PLAYERS, "a number of players", "players") for item in items]
        beyond = sorted({c for c in counts if c is not None and c > most})
        if beyond:
            self.problem("bad-number", f"players names {', '.join(map(str, beyond))}, but [about] players = {most} "
                         "is the most who play it (its pieces, colours and sides are for so many)", "players")
            counts = [c for c in counts if c is None or c <= most]
        found = tuple(sorted({c for c in counts if c is not None}))  # the fewest first: the default
        return found or (2,)

    def flag(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if not isinstance(value, bool):
            self.problem("wrong-type", f"{key} is true or false, not {shown(value)}", key)
            return default
        return value
    def every_player(self, key: str, players: int, example: str) -> None:
        """A table by player must give every player a value, as many as play it at most."""
        value = self.table[key]
        missing = [str(n) for n in range(1, players + 1) if str(n) not in value]
        if missing:
            named = f"player {missing[0]}" if len(missing) == 1 else \
                f"players {', '.join(missing[:-1])} and {missing[-1]}"
            self.problem("missing-player", f"{key} = {shown(value)} gives nothing for {named}: "
                         f"a table by player gives every player (up to {players} play it), like {key} = {example}",
                         key)
