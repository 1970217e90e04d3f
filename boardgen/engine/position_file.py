"""Position files for any grid game: TOML in, problems with places out.

What every game shares lives here: reading the TOML, saying where a key or a
board token sits in the file, the board notation (`.` for an empty field,
`r4` for a piece, `b5w6` for a stack listed bottom to top), and the Problem
type that carries a stable code, a plain message and a place.  A game's own
module turns the checked pieces into its Position.
"""

import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .grid import Field, Grid, Variant
from .problems import PositionFileError, Problem
from .toml_source import TomlError, TomlSource, read_toml, toml_quoted, toml_text


class Piece(NamedTuple):
    owner: str  # the owner's letter in the file: "r", "y", "w", "b", ...
    face: int


Stack = tuple[Piece, ...]  # bottom to top; empty for an empty field


class SourceMap:
    """Where keys stand in a position file, by their dotted path ("rules.dice"): the shared TOML reader's
    places, so a problem names its key's line and column, and a key it cannot place gets no line at all."""

    def __init__(self, source: TomlSource) -> None:
        self.source = source
        self.lines = source.lines

    def line_of(self, path: str) -> int | None:
        place = self.source.place(tuple(path.split(".")))
        return place.line if place else None

    def where(self, path: str) -> str:
        """"line 4, column 1", or the key's own name where its place is not known."""
        return self.source.where(tuple(path.split("."))) or path


MAX_POSITION_BYTES = 64 * 1024  # a position is a few hundred bytes; the largest sample is under 1 KB


def load_toml(text: str | bytes) -> tuple[dict[str, Any], SourceMap]:
    """Read a position file's TOML, or raise PositionFileError saying why not.

    Whatever the bytes, this answers quickly and in little memory: files over
    MAX_POSITION_BYTES are refused before parsing, and keys or values nested
    too deeply and numbers too long for Python are problems, not crashes
    (toml_source.read_toml).  A UTF-8 byte-order mark (as Windows Notepad
    writes) is allowed, as are CRLF line ends.
    """
    if len(text) > MAX_POSITION_BYTES:
        raise PositionFileError([Problem("too-large", f"the file has {len(text):,} characters; a position file has "
                                         f"at most {MAX_POSITION_BYTES:,} (a real one a few hundred)", "")])
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise PositionFileError(
                [Problem("not-text", "this is not a text file (it is not UTF-8); a position file is plain text",
                         f"byte {error.start + 1}")]
            ) from None
    try:
        document, source = read_toml(text.removeprefix("\ufeff"))
    except TomlError as error:
        raise PositionFileError([error.problem]) from None
    return document, SourceMap(source)


def unknown_keys(table: Mapping[str, Any], allowed: set[str], prefix: str, source: SourceMap) -> list[Problem]:
    problems = []
    for key in table:
        if key not in allowed:
            path = f"{prefix}.{key}" if prefix else key
            known = ", ".join(sorted(allowed))
            problems.append(Problem("unknown-key", f"unknown setting '{path}'; known here: {known}",
                                    source.where(path)))
    return problems


def type_name(value: Any) -> str:
    """What kind of value it is, in words ("a whole number"): for messages where the kind is the mistake.  Where
    the value itself is meant, quote it as the file wrote it (toml_source.toml_text)."""
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text", list: "a list",
            dict: "a table"}.get(type(value), type(value).__name__)


def per_player(
    value: Any, players: tuple[str, ...], path: str, source: SourceMap, check: Callable[[Any], str | None],
) -> tuple[dict[str, Any], list[Problem]]:
    """A rule given once for everyone (`dice = 6`) or per player (`{ red = 6, yellow = 8 }`).

    `check` returns a complaint about one value, or None when it is fine.
    """
    problems: list[Problem] = []
    if isinstance(value, dict):
        result = {}
        for player, item in value.items():
            if player not in players:
                problems.append(Problem("unknown-player", f"'{path}' names '{player}', but the players are "
                                        f"{' and '.join(players)}", source.where(path)))
                continue
            complaint = check(item)
            if complaint:
                problems.append(Problem("bad-rule", f"'{path}' for {player}: {complaint}", source.where(path)))
            result[player] = item
        missing = [p for p in players if p not in value]
        if missing:
            problems.append(Problem("bad-rule", f"'{path}' is given per player but not for {', '.join(missing)}",
                                    source.where(path)))
        return result, problems
    complaint = check(value)
    if complaint:
        problems.append(Problem("bad-rule", f"'{path}': {complaint}", source.where(path)))
    return {player: value for player in players}, problems


_TOKEN = re.compile(r"([a-z])(\d{1,3})(?!\d)")  # a piece's number has at most 3 digits


def read_board(
    text: Any, grid: Grid, owners: str, source: SourceMap, key: str = "board",
) -> tuple[dict[Field, Stack], list[Problem]]:
    """Board text -> {field: stack}, with every problem found and where it is.

    One line per row, the top row first; fields separated by white space.
    """
    if not isinstance(text, str):
        return {}, [Problem("wrong-type", f"'{key}' must be text in triple quotes, not {toml_text(text)}",
                            source.where(key))]
    first_line = source.line_of(key)
    # TOML drops the newline right after the opening quotes, so row 1 of the text is the next line.
    offset = first_line if first_line and source.lines[first_line - 1].rstrip().endswith('"""') else None
    rows = [(i, line) for i, line in enumerate(text.split("\n")) if line.strip()]
    problems: list[Problem] = []
    if len(rows) != grid.rows:
        problems.append(Problem("board-rows", f"the board has {len(rows)} rows; it needs {grid.rows}, "
                                f"one line per row with row {grid.rows} at the top", source.where(key)))
    cells: dict[Field, Stack] = {}
    for row_index, (line_index, line) in enumerate(rows[: grid.rows]):
        row = grid.rows - 1 - row_index
        tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", line)]
        line_where = f"line {offset + 1 + line_index}" if offset else f"board row {row + 1}"
        if len(tokens) != grid.columns:
            problems.append(Problem("board-columns", f"row {row + 1} has {len(tokens)} fields; it needs "
                                    f"{grid.columns}, separated by spaces", line_where))
        for column, (start, token) in enumerate(tokens[: grid.columns]):
            field = (column, row)
            stack, complaint = _read_token(token, owners)
            if complaint:
                place = grid.name(field)
                if offset:
                    place += f" (line {offset + 1 + line_index}, column {start + 1})"
                problems.append(Problem("bad-token", f"'{token}' at {grid.name(field)}: {complaint}", place))
            elif stack:
                cells[field] = stack
    return cells, problems


def _read_token(token: str, owners: str) -> tuple[Stack, str | None]:
    if token == ".":
        return (), None
    pieces = []
    position = 0
    while position < len(token):
        match = _TOKEN.match(token, position)
        if not match:
            return (), (f"a field is '.' (empty) or a die like {owners[0]}4: a player's letter "
                        f"({' or '.join(owners)}) and a number")
        if match.group(1) not in owners:
            return (), f"'{match.group(1)}' is not a player's letter; use {' or '.join(owners)}"
        pieces.append(Piece(match.group(1), int(match.group(2))))
        position = match.end()
    return tuple(pieces), None


def format_board(cells: Mapping[Field, Stack], grid: Grid) -> str:
    """The board text for a file: rows top first, columns aligned."""
    tokens = {f: "".join(f"{p.owner}{p.face}" for p in stack) for f, stack in cells.items() if stack}
    width = max([len(t) for t in tokens.values()] + [1]) + 1
    lines = []
    for row in reversed(range(grid.rows)):
        line = "".join(tokens.get((c, row), ".").ljust(width) for c in range(grid.columns))
        lines.append(line.rstrip())
    return "\n".join(lines)


def toml_string(value: str) -> str:
    """Text as a TOML string, for the files boardgen writes."""
    return toml_quoted(value)


def read_variant(document: Mapping[str, Any], source: SourceMap, variants: tuple[Variant, ...],
                 problems: list[Problem]) -> Variant:
    """The `variant` key: one of the game's boards by name; without it, the first (the default)."""
    value = document.get("variant", variants[0].name)
    for variant in variants:
        if value == variant.name:
            return variant
    names = ", ".join(f'"{v.name}"' for v in variants)
    problems.append(Problem("bad-variant", f"variant is {toml_text(value)}; this game's boards are {names}",
                            source.where("variant")))
    return variants[0]


def read_to_move(document: Mapping[str, Any], players: tuple[str, ...], source: SourceMap,
                 problems: list[Problem]) -> Any:
    """The `to_move` key, which every game's file has; problems are added to the list."""
    choices = " or ".join(f'"{p}"' for p in players)
    to_move = document.get("to_move")
    if to_move is None:
        problems.append(Problem("missing-key", f"the file needs to_move = {choices}", ""))
    elif to_move not in players:
        problems.append(Problem("bad-player", f"to_move is {toml_text(to_move)}; it must be {choices}",
                                source.where("to_move")))
    return to_move


def read_required_board(document: Mapping[str, Any], grid: Grid, owners: str, source: SourceMap,
                        problems: list[Problem]) -> dict[Field, Stack]:
    """The `board` key, which every grid game's file has; problems are added to the list."""
    if "board" not in document:
        problems.append(Problem("missing-key", f'the file needs a board = """ ... """ with {grid.rows} rows', ""))
        return {}
    cells, board_problems = read_board(document["board"], grid, owners, source)
    problems.extend(board_problems)
    return cells


def board_shape(text: Any) -> tuple[int, int] | None:
    """(columns, rows) of a board text, for games whose board's shape is read from the file rather than named:
    the lines that are not blank, and the most fields on any of them.  None if it is not text or has no fields."""
    if not isinstance(text, str):
        return None
    rows = [line.split() for line in text.split("\n") if line.strip()]
    if not rows:
        return None
    return max(len(row) for row in rows), len(rows)
