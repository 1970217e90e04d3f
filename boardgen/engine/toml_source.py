"""TOML read once for every file boardgen reads (position files, game files), knowing where each key stands.

    document, source = read_toml(text)
    source.place(("positions", 0, "pieces", "a1"))   # Place(line=31, column=1), or None

tomllib gives the values.  A small scanner over the same text gives every key
path its line and column: quoted and dotted keys, [a.b] tables, arrays of
tables ([[x]]: the path holds its index), inline tables and arrays (their
items by index).  It runs first, so lists or tables nested deeper than any
file needs are refused at their line before tomllib recurses into them (it
recurses once a level, and a few thousand levels exhaust Python's stack).
Where the scanner meets text that is not TOML it stops and leaves the error
to tomllib, whose message has the line; keys after that have no place, and a
key without a place is reported without a line, never at a guessed one.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import BoardgenError
from .problems import Place, Problem

KeyPath = tuple[str | int, ...]  # ("positions", 0, "pieces", "a1"): table and key names, and list indices

# A game file needs 3 levels (a position's stack of pieces), a position file 2; the limit leaves room for any
# sensible file and stays far below where tomllib's recursion would exhaust the stack.
MAX_NESTING = 32
# a.b.c = ...: files need 3 parts at most; TOML readers take quadratic time on long dotted keys.
MAX_KEY_PARTS = 16

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_BASIC = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_LITERAL = re.compile(r"'[^'\n]*'")
_SCALAR = re.compile(r"[^,\]}\n#]*")  # a number, a date, true or false
_SPACE = " \t\r"


class TomlError(BoardgenError, ValueError):
    """A text that cannot be read as TOML, or one that would take too long or too deep to read."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class TomlSource:
    """A TOML text and the place of every key path in it."""

    def __init__(self, text: str, places: Mapping[KeyPath, Place]) -> None:
        self.text = text
        self.lines = text.splitlines()
        self._places = dict(places)

    def place(self, path: KeyPath) -> Place | None:
        """Where the key at `path` is written; for a table, its header (the first, for an array of tables
        named without its index); None when the scanner could not see it."""
        return self._places.get(path)

    def where(self, path: KeyPath) -> str:
        """"line 4, column 7", or "" when the place is not known."""
        place = self.place(path)
        return str(place) if place else ""


def read_toml(text: str) -> tuple[dict[str, Any], TomlSource]:
    """The document and where its keys are; TomlError (one Problem, at its line where there is one) if the text
    is not TOML, nests too deeply, or holds a number Python refuses to read."""
    places = _Scanner(text).run()
    try:
        document = tomllib.loads(text)
    except RecursionError:  # only if the scanner stopped before the nesting (it should never)
        raise TomlError(Problem("too-deep", _too_deep(), "")) from None
    except tomllib.TOMLDecodeError as error:
        raise TomlError(_not_toml(error)) from None
    except ValueError:
        # Python refuses to convert integers of thousands of digits (a guard against slow conversions).
        raise TomlError(Problem("number-too-long", "a number in the file is thousands of digits long; write a "
                                "shorter one", "")) from None
    return document, TomlSource(text, places)


SHOWN_LENGTH = 40  # a value quoted in a message: enough to recognise it, short enough for one line
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_quoted(text: str) -> str:
    """Text as a TOML basic string: in double quotes, with quotes, backslashes and control characters escaped
    (so it stays on its line)."""
    return '"' + "".join(_ESCAPES.get(c) or (f"\\u{ord(c):04x}" if ord(c) < 32 or ord(c) == 127 else c)
                         for c in text) + '"'


def toml_text(value: Any, limit: int = SHOWN_LENGTH) -> str:
    """A value as a TOML file writes it, for messages that quote what the file says: true, "red", ["a1"],
    { x = 1 }; cut to `limit` characters ("..." at the end) so that a message stays one short line."""
    text = _written(value, limit)
    return text if len(text) <= limit else text[: max(limit - 3, 1)] + "..."


def _written(value: Any, limit: int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return toml_quoted(value[: limit + 1])
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if value != value else "inf" if value == float("inf") else "-inf" if value == float("-inf") \
            else repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_items((_written(item, limit) for item in value), limit)) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        pairs = (f"{key if _BARE_KEY.fullmatch(key) else toml_quoted(key)} = {_written(item, limit)}"
                 for key, item in value.items())
        return "{ " + ", ".join(_items(pairs, limit)) + " }"
    if hasattr(value, "isoformat"):  # a date or a time, as TOML writes them
        return str(value.isoformat())
    return str(value)


def _items(items: Iterable[str], limit: int) -> list[str]:
    """Items of a list or table, only as many as a message can show: a long list is cut anyway."""
    shown: list[str] = []
    length = 0
    for item in items:
        shown.append(item)
        length += len(item) + 2
        if length > limit:
            break
    return shown


def _too_deep() -> str:
    return f"lists or tables are nested too deeply (more than {MAX_NESTING} inside each other); write them flatter"


def _not_toml(error: tomllib.TOMLDecodeError) -> Problem:
    message = str(error)
    place = re.search(r"\(at line (\d+), column (\d+)\)", message)
    reason = re.sub(r"\s*\(at .*\)$", "", message)
    if reason == "Illegal character '\\n'":
        reason = "a line ends inside quotes; is a closing quote missing?"
    return Problem.at("not-toml", f"the file is not valid TOML: {reason[:1].lower()}{reason[1:]}",
                      Place(int(place.group(1)), int(place.group(2))) if place else None)


class _Stop(Exception):
    """The scanner met text that is not TOML: tomllib will say what is wrong, and where."""


class _Scanner:
    """Walks a TOML text once, recording where each key path starts.  Linear in the text's length."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.line = 1
        self.line_start = 0
        self.places: dict[KeyPath, Place] = {}
        self.arrays: dict[KeyPath, int] = {}  # an array of tables' path -> the index of its last table

    def run(self) -> dict[KeyPath, Place]:
        try:
            table: KeyPath = ()
            while self._skip_blank_lines():
                if self._peek() == "[":
                    table = self._header()
                else:
                    self._key_value(table)
                self._end_of_line()
        except _Stop:
            pass
        return self.places

    # -- characters -----------------------------------------------------------------------------------------

    def _peek(self, ahead: int = 0) -> str:
        index = self.at + ahead
        return self.text[index] if index < len(self.text) else ""

    def _place(self) -> Place:
        return Place(self.line, self.at - self.line_start + 1)

    def _advance_to(self, end: int) -> None:
        """Move to `end`, counting the line ends passed."""
        newlines = self.text.count("\n", self.at, end)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rindex("\n", self.at, end) + 1
        self.at = end

    def _skip_space(self) -> None:
        while self._peek() and self._peek() in _SPACE:
            self.at += 1

    def _skip_comment(self) -> None:
        if self._peek() == "#":
            end = self.text.find("\n", self.at)
            self.at = len(self.text) if end < 0 else end

    def _skip_blank_lines(self) -> bool:
        """Past spaces, comments and line ends; whether anything is left."""
        while True:
            self._skip_space()
            self._skip_comment()
            if self._peek() != "\n":
                return self.at < len(self.text)
            self._advance_to(self.at + 1)

    def _end_of_line(self) -> None:
        self._skip_space()
        self._skip_comment()
        if self._peek() not in ("\n", ""):
            raise _Stop

    # -- keys and tables ------------------------------------------------------------------------------------

    def _key(self) -> tuple[list[str], Place]:
        """A bare, quoted or dotted key: its parts, and where it starts."""
        self._skip_space()
        start = self._place()
        parts = []
        while True:
            parts.append(self._key_part())
            if len(parts) > MAX_KEY_PARTS:
                raise TomlError(Problem.at("too-deep", f"a key has more than {MAX_KEY_PARTS} parts; files need "
                                           "keys like rules.dice at most", start))
            self._skip_space()
            if self._peek() != ".":
                return parts, start
            self.at += 1
            self._skip_space()

    def _key_part(self) -> str:
        for pattern in (_BARE, _BASIC, _LITERAL):
            match = pattern.match(self.text, self.at)
            if match:
                self.at = match.end()
                raw = match.group()
                if pattern is _BARE:
                    return raw
                if pattern is _LITERAL or "\\" not in raw:
                    return raw[1:-1]
                try:  # escapes in a quoted key, decoded exactly as tomllib decodes them
                    return str(tomllib.loads(f"k = {raw}")["k"])
                except tomllib.TOMLDecodeError:
                    raise _Stop from None
        raise _Stop

    def _header(self) -> KeyPath:
        """A [table] or [[array of tables]] header: the path of the table the lines below it fill."""
        array = self._peek(1) == "["
        self.at += 2 if array else 1
        parts, start = self._key()
        closing = "]]" if array else "]"
        if not self.text.startswith(closing, self.at):
            raise _Stop
        self.at += len(closing)
        path = self._resolve(parts)
        for end in range(1, len(path)):  # [a.b] also places a, where a has no header of its own
            self.places.setdefault(path[:end], start)
        if array:
            index = self.arrays.get(path, -1) + 1
            self.arrays[path] = index
            self.places.setdefault(path, start)
            path = (*path, index)
        self.places.setdefault(path, start)
        return path

    def _resolve(self, parts: list[str]) -> KeyPath:
        """A header's path, with the index of the last table of each array of tables it passes through
        ([fruits.physical] after [[fruits]] fills the last fruit)."""
        path: KeyPath = ()
        for number, part in enumerate(parts, start=1):
            path = (*path, part)
            if number < len(parts) and path in self.arrays:
                path = (*path, self.arrays[path])
        return path

    def _key_value(self, table: KeyPath, depth: int = 0) -> None:
        parts, start = self._key()
        path = (*table, *parts)
        for end in range(len(table) + 1, len(path) + 1):  # a.b.c = 1 also places a and a.b
            self.places.setdefault(path[:end], start)
        self._skip_space()
        if self._peek() != "=":
            raise _Stop
        self.at += 1
        self._skip_space()
        self._value(path, depth)

    # -- values ---------------------------------------------------------------------------------------------

    def _value(self, path: KeyPath, depth: int) -> None:
        char = self._peek()
        if char in ("[", "{"):
            if depth >= MAX_NESTING:
                raise TomlError(Problem.at("too-deep", _too_deep(), self._place()))
            if char == "[":
                self._array(path, depth + 1)
            else:
                self._inline_table(path, depth + 1)
        elif char in ('"', "'"):
            self._string(char)
        else:  # a number, a date, true or false: up to what ends a value
            match = _SCALAR.match(self.text, self.at)
            assert match is not None  # the pattern matches the empty text
            if not match.group().strip():
                raise _Stop
            self.at = match.end()

    def _string(self, quote: str) -> None:
        if self.text.startswith(quote * 3, self.at):
            end = self._multi_line_end(quote)
            self._advance_to(end)
            return
        match = (_BASIC if quote == '"' else _LITERAL).match(self.text, self.at)
        if not match:
            raise _Stop
        self.at = match.end()

    def _multi_line_end(self, quote: str) -> int:
        """Just past a multi-line string's closing quotes (up to two more quotes belong to its text)."""
        index = self.at + 3
        while True:
            found = self.text.find(quote * 3, index)
            if found < 0:
                raise _Stop
            if quote == '"':
                backslashes = len(self.text[index:found]) - len(self.text[index:found].rstrip("\\"))
                if backslashes % 2:  # an escaped quote
                    index = found + 1
                    continue
            end = found + 3
            extra = 0
            while extra < 2 and self.text.startswith(quote, end):
                end += 1
                extra += 1
            return end

    def _skip_in_brackets(self) -> None:
        """Past spaces, line ends and comments inside an array (inline tables are read as leniently)."""
        while True:
            self._skip_space()
            self._skip_comment()
            if self._peek() != "\n":
                return
            self._advance_to(self.at + 1)

    def _array(self, path: KeyPath, depth: int) -> None:
        self.at += 1
        index = 0
        while True:
            self._skip_in_brackets()
            if self._peek() == "]":
                self.at += 1
                return
            item = (*path, index)
            self.places.setdefault(item, self._place())
            self._value(item, depth)
            self._skip_in_brackets()
            if self._peek() == ",":
                self.at += 1
                index += 1
            elif self._peek() != "]":
                raise _Stop

    def _inline_table(self, path: KeyPath, depth: int) -> None:
        self.at += 1
        while True:
            self._skip_in_brackets()
            if self._peek() == "}":
                self.at += 1
                return
            self._key_value(path, depth)
            self._skip_in_brackets()
            if self._peek() == ",":
                self.at += 1
            elif self._peek() != "}":
                raise _Stop
