"""Reading a game file: every problem at once, each at its key's line and column, in words a teenager can act on.

The file is TOML, read by the same reader as position files (engine.toml_source), which knows where each key
is written; a problem whose place it cannot know is given without a line, never at a guessed one.  Nothing in
a file runs code, and it is never larger, its map never wider or taller, its texts never longer than the limits
below.  Numbers the command line takes too (the field's size) are checked against the same ranges
(options.ranges), palettes against the same list (draw.palettes).
"""

from __future__ import annotations

import difflib
import glob
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..draw.diagram_items import (
    DiagramItem,
    DiagramMarker,
    DiagramPiece,
    DiagramPosition,
    DiagramPyramid,
    DiagramTile,
)
from ..draw.fonts import describe_character, missing_characters
from ..draw.palettes import PALETTES
from ..draw.styles import Hatch, Style
from ..engine.grid import LETTERS
from ..engine.problems import Place, Problem
from ..engine.toml_source import KeyPath, TomlError, TomlSource, read_toml, toml_text
from ..errors import BoardgenError
from ..layout.piece_set import PIECE_KINDS, PIPS, STICK_AGAIN, PieceSpec
from ..options.ranges import FIELD_SIZE, LEGO_DICE, PIECE_COUNT, PIECE_SIZE, PLAYERS, Range
from .model import (
    OTHER_KEYS,
    ROLES,
    SYMBOLS,
    Colouring,
    GameArrow,
    GameFile,
    Jump,
    Label,
    Mark,
    Position,
    Zone,
)
from .play import BoardFacts, Drawn, compile_play, drawn_from, where_in

MAX_BYTES = 64 * 1024
MAX_SIDE = 26  # fields along a side: a to z
MIN_SIDE = 2
MAX_TEXT = {"name": 40, "designer": 60, "summary": 120, "pieces-summary": 120, "licence": 40, "credit": 120,
            "zone": 30, "title": 60, "side": 20}
MAX_MARKS = 26 * 26
MAX_ARROWS = 16
MAX_YEAR = 9999  # a year is printed on the box and the read-me: 9999 BC to AD 9999 is room enough
KEYS: dict[str, tuple[str, ...]] = {
    "about": ("name", "designer", "year", "players", "sides", "summary", "licence", "pieces-summary"),
    "board": ("map", "field", "coordinates", "credit", "title", "numbers", "chequered"),
    "legend": (),  # any single character
    "marks": ("field", "fields", "symbol"),
    "arrows": ("from", "to", "player"),
    "colours": tuple(PALETTES),
    "rules": (),  # a language code each: en, da, it, ...
    "pieces": ("kind", "count", "front", "back", "size", "faces", "length", "pips", "shared", "player"),
    "positions": ("name", "pieces", "crosses", "rings"),
    "labels": ("side", "start", "texts", "upside-down", "player"),
    "lego": ("dice", "colours"),
    "play": (),  # the rules the engine plays: compiled, and its keys checked, by gamefiles.play
}
STICK_FACES = ("", "0", *PIPS, STICK_AGAIN)
MAX_KINDS = 12  # [[pieces]] tables
MAX_TILE = 10  # fields a tile is long
MAX_POSITIONS = 64
MAX_LABELS = 16
MAX_RULES = 32 * 1024  # characters of one rule text
_LANG = re.compile(r"[a-z]{2,3}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_FIELD = re.compile(r"([a-z])([1-9][0-9]?)")
_MARK_TEXT = re.compile(r"[^\s\x00-\x1f\x7f]{1,3}")  # up to 3 characters, none of them a space or a control
_SHOWN_POSITION = re.compile(r"\]\(position:([^)\s]*)\)")  # a rule text's diagram: ![Caption](position:NAME)


class GameFileError(BoardgenError):
    """A game file with problems: the message names them all, in one line; `problems` holds each, with its place
    in the file where it has one."""

    def __init__(self, message: str, problems: tuple[Problem, ...]) -> None:
        super().__init__(message)
        self.problems = problems


class _Problems:
    """The problems found so far, each at the place of the key it is about."""

    def __init__(self, source: TomlSource) -> None:
        self.source = source
        self.found: list[Problem] = []
        # Sections and keys ("board.map") the file misspelt: the misspelling is the problem named, not their absence.
        self.misspelt: set[str] = set()

    def at(self, path: KeyPath, message: str, code: str = "bad-value") -> None:
        """A problem with the key at `path` (("pieces", 2, "count"): the third [[pieces]]'s count)."""
        self.found.append(Problem.at(code, message, self.source.place(path)))

    def missing(self, path: KeyPath, message: str, code: str = "missing-key") -> None:
        """A key that is not there, at the table that should hold it.  Nothing if the file has the key misspelt,
        or has no such table at all: either is named already, and is the one thing to fix."""
        if ".".join(str(part) for part in path) in self.misspelt:
            return
        for end in range(len(path) - 1, 0, -1):
            place = self.source.place(path[:end])
            if place is not None:
                self.found.append(Problem.at(code, message, place))
                return

    def at_place(self, place: Place | None, message: str, code: str = "bad-value") -> None:
        self.found.append(Problem.at(code, message, place))

    def in_file(self, message: str, code: str = "bad-value") -> None:
        """A problem of the whole file, or of another file beside it: no line."""
        self.found.append(Problem(code, message))

    def sorted(self) -> tuple[Problem, ...]:
        """The whole file's problems first, then by line and column."""
        return tuple(sorted(self.found, key=lambda p: (0, 0, 0) if p.place is None else
                            (1, p.place.line, p.place.column)))


def read_game_file(path: Path, known_as: str | None = None) -> GameFile:
    """The game file, checked; BoardgenError naming every problem, each at its line and column.  `known_as` is
    the name position files give it (a game boardgen ships: "ur"); otherwise they give its file name."""
    label = path.name
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise BoardgenError(f"{label} is not a file")
        if size > MAX_BYTES:
            raise BoardgenError(f"{label} is {size:,} bytes; a game file may be at most {MAX_BYTES:,}")
        text = path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise BoardgenError(f"there is no game file {path}") from None
    except UnicodeDecodeError as error:
        raise BoardgenError(f"{label} is not UTF-8 text (byte {error.start + 1})") from None
    except OSError as error:
        raise BoardgenError(f"cannot read {label}: {error.strerror}") from None
    try:
        data, source = read_toml(text)
    except TomlError as error:
        problem = error.problem
        where = f"{problem.where}: " if problem.where else ""
        raise GameFileError(f"{label}: {where}{problem.message} (a game file is TOML: see docs/game-files.md)",
                            (problem,)) from None
    problems = _Problems(source)
    game = _checked(data, problems, path, known_as or path.name)
    if problems.found:
        found = problems.sorted()
        shown = "; ".join(f"{p.where}: {p.message}" if p.where else p.message for p in found)
        count = len(found)
        raise GameFileError(f"{label} has {count} problem{'s' if count > 1 else ''}: {shown}", found)
    assert game is not None
    return game


def _checked(data: dict[str, Any], problems: _Problems, path: Path, known_as: str) -> GameFile | None:
    _unknown_sections(data, problems)
    for section in KEYS:
        tables = data.get(section)
        entries = tables if isinstance(tables, list) else [tables] if isinstance(tables, dict) else []
        for index, table in enumerate(entries):
            at: KeyPath = (section, index) if isinstance(tables, list) else (section,)
            for key in table if isinstance(table, dict) else ():
                if not KEYS[section]:
                    continue  # [legend] and [rules] check their own keys
                if section == "colours" and key not in KEYS[section]:
                    problems.at((*at, key), f"unknown palette [colours.{key}]{_did_you_mean(key, KEYS[section])}; "
                                            f"the palettes are {', '.join(KEYS[section])}", "unknown-key")
                elif key not in KEYS[section]:
                    problems.misspelt.update(f"{section}.{close}" for close in
                                             difflib.get_close_matches(key, KEYS[section], n=1) if close not in table)
                    problems.at((*at, key), f"unknown key {key!r} in [{section}]"
                                            f"{_did_you_mean(key, KEYS[section])}; keys: "
                                            f"{', '.join(KEYS[section])}", "unknown-key")
    about = _table(data, "about", problems)
    board = _table(data, "board", problems)
    name = _text(about, "about", "name", problems, required=True)
    designer = _text(about, "about", "designer", problems, required=True)
    summary = _text(about, "about", "summary", problems)
    licence = _text(about, "about", "licence", problems)
    pieces_summary = _text(about, "about", "pieces-summary", problems)
    year = _year(about, problems)
    players = int(_in_range(about, ("about", "players"), PLAYERS, problems, 2,
                            "players is how many play it"))
    sides = _sides(about, problems, players)
    zones = _legend(data.get("legend"), problems, players)
    rows = _map(board, problems, zones) if "board" in data else None  # no [board]: named once, above
    field = float(_in_range(board, ("board", "field"), FIELD_SIZE, problems, 18.0,
                            "field is the side of one field"))
    coordinates = board.get("coordinates", True)
    if not isinstance(coordinates, bool):
        problems.at(("board", "coordinates"), "coordinates is true or false")
    numbers = board.get("numbers", False)
    if not isinstance(numbers, bool):
        problems.at(("board", "numbers"), "numbers is true (number the fields along the track of [play]) or false")
    chequered = board.get("chequered", False)
    if not isinstance(chequered, bool):
        problems.at(("board", "chequered"), "chequered is true (a1 and every other square dark, as a draughts board, "
                                            "the fields left out light squares) or false")
    credit = _credit(board, problems)
    board_title = _text(board, "board", "title", problems) or f"{name} board"
    colours = _colours(data.get("colours", {}), problems, {zone.name for zone in zones.values()}, players)
    rules = _rules(data.get("rules", {}), problems, path)
    pieces = _pieces(data.get("pieces", []), problems, players)
    lego = _lego(data.get("lego"), problems, players)
    if rows is None:
        # Without a board, every field a mark, an arrow, a position or a label names would be refused as well:
        # the map's own problem is the one to fix first.
        return None
    cells = rows if all(char in zones for row in rows for char in row) else []
    columns, height = len(rows[0]), len(rows)
    absent = {(c, height - 1 - r) for r, line in enumerate(rows) for c, char in enumerate(line)
              if char in zones and zones[char].role == "none"}
    marks = _marks(data.get("marks", []), problems, columns, height, absent)
    arrows = _arrows(data.get("arrows", []), problems, columns, height, absent, players)
    positions = _positions(data.get("positions", []), problems, columns, height, absent, players)
    labels = _labels(data.get("labels", []), problems, columns, height, players)
    _shown_positions(rules, {position.name for position in positions}, problems)
    if chequered is True:
        _chequered(absent, problems)
    if problems.found or not cells:
        return None
    engine = None
    drawn = Drawn()  # a game to print, not to play: nothing drawn from rules
    if "play" in data:  # compiled once the board it plays on is known to be right
        facts = BoardFacts(known_as, columns, height, frozenset(absent), _zone_fields(cells, zones), players)
        engine, found = compile_play(data["play"], facts, where_in(problems.source))
        problems.found.extend(found)
        if found or engine is None:
            return None
        drawn = drawn_from(engine, columns)
    if numbers is True and not drawn.tracks:
        problems.at(("board", "numbers"), "numbers = true numbers the fields along a track, but [play] gives no "
                                          "tracks: add them (docs/game-files.md), or remove numbers")
        return None
    if chequered is True and drawn.points:
        problems.at(("board", "chequered"), "chequered = true draws a board of squares, but [play] lines draws this "
                                            "one as points joined by lines: remove chequered")
        return None
    return GameFile(str(path), _short_name(name, path), name, designer, year, players, summary, licence, columns,
                    height, tuple(tuple(line) for line in cells), tuple(zones.values()), field, bool(coordinates),
                    credit, marks, arrows, colours, tuple((lang, text) for lang, text, _ in rules), pieces,
                    positions, labels, lego, board_title, pieces_summary, engine, drawn.tracks, drawn.shared,
                    tuple(Jump(start, end, kind) for start, end, kind in drawn.ladders), numbers is True, sides,
                    drawn.lines, drawn.points, drawn.option_lines, chequered is True)


def _chequered(absent: set[tuple[int, int]], problems: _Problems) -> None:
    """A chequered board's fields left out are its light squares: b1, a2 and every other square from them.  One
    left out on a dark square (a1, c1, b2, ...) is a map drawn the other way round, or a board that is no
    chequer."""
    dark = sorted((row, column) for column, row in absent if (column + row) % 2 == 0)
    if dark:
        row, column = dark[0]
        problems.at(("board", "chequered"), f"chequered = true draws a1 and every other square dark, but the map "
                                            f"leaves out {LETTERS[column]}{row + 1}, a dark square (role \"none\"): "
                                            "leave out only light squares (b1, d1, a2, ...), or remove chequered")


def _zone_fields(cells: list[str], zones: dict[str, Zone]) -> dict[str, tuple[tuple[int, int], ...]]:
    """Each zone's fields by its name, which [play] may use for them: {"red start": ((0, 0),), ...}."""
    found: dict[str, list[tuple[int, int]]] = {}
    for r, line in enumerate(cells):
        for column, char in enumerate(line):
            found.setdefault(zones[char].name, []).append((column, len(cells) - 1 - r))
    return {name: tuple(sorted(fields)) for name, fields in found.items()}


def _check_characters(text: str, path: KeyPath, what: str, problems: _Problems) -> bool:
    """Whether the fonts have every character of `text`; each one they lack named in words otherwise (as a gift
    set's dedication is checked), since it would be drawn as an empty box."""
    missing = missing_characters(text)
    if missing:
        problems.at(path, f"{what} {_shown(text)} has {', '.join(describe_character(c) for c in missing)}, which the "
                          "fonts boardgen prints with do not have: use other characters")
    return not missing


def _unknown_sections(data: dict[str, Any], problems: _Problems) -> None:
    """Each section the file has that a game file does not, named with the one it is most like, which is then
    known to be misspelt (a missing [legend] is not reported again, nor everything that follows from it)."""
    for section in data:
        if section in KEYS:
            continue
        close = difflib.get_close_matches(section, list(KEYS), n=1)
        if close:
            problems.misspelt.add(close[0])
        hint = f": did you mean [{close[0]}]?" if close else ""
        problems.at((section,), f"unknown section [{section}]{hint} (the sections are {', '.join(KEYS)})",
                    "unknown-section")


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(str(word), list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _short_name(title: str, path: Path) -> str:
    """The name its files get: the game file's own (mine.toml: mine-board-classic.pdf), so a file made --like a
    built-in game never overwrites that game's files; else the game's name."""
    stem = re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-")
    return stem or re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "game"


def _table(data: dict[str, Any], section: str, problems: _Problems) -> dict[str, Any]:
    table = data.get(section)
    if table is None:
        if section not in problems.misspelt:
            problems.in_file(f"the file needs {'an' if section[0] in 'aeiou' else 'a'} [{section}] section "
                             "(docs/game-files.md shows one)", "missing-section")
        return {}
    if not isinstance(table, dict):
        problems.at((section,), f"[{section}] is a table of keys: write [{section}] on a line of its own, its keys "
                                "below it")
        return {}
    return table


def _text(table: dict[str, Any], section: str, key: str, problems: _Problems, required: bool = False,
          limit: str | None = None, path: KeyPath | None = None) -> str:
    value = table.get(key, "")
    at = path or (section, key)
    longest = MAX_TEXT[limit or key]
    if not isinstance(value, str):
        problems.at(at, f"{key} is text in quotes, like {key} = \"...\"")
        return ""
    if required and not value.strip():
        if key in table:
            problems.at(at, f"{key} is empty: write the game's {key} between the quotes")
        else:
            problems.missing(at, f"[{section}] needs a {key}: add {key} = \"...\"")
    if len(value) > longest:
        problems.at(at, f"{key} is {len(value)} characters; make it at most {longest}")
    if any(ord(c) < 32 for c in value):
        problems.at(at, f"{key} is one line, without control characters")
    return value.strip()


def _credit(board: dict[str, Any], problems: _Problems) -> tuple[str, ...]:
    """The lines under the board: one text, or a list of up to 3."""
    value = board.get("credit", "")
    lines = value if isinstance(value, list) else [value]
    if not 1 <= len(lines) <= 3:
        problems.at(("board", "credit"), "credit is one line of text, or a list of up to 3 lines")
        return ()
    return tuple(line for line in (_text({"credit": line}, "board", "credit", problems, path=("board", "credit"))
                                   for line in lines) if line)


def _in_range(table: dict[str, Any], path: KeyPath, allowed: Range, problems: _Problems, default: float,
              what: str) -> float:
    """A number the file may give, from the range the command line uses too; the default if it gives none."""
    key = path[-1]
    if key not in table:
        return default
    value = table[key]
    if not allowed.holds(value):
        problems.at(path, f"{what}, {allowed.text()}: write {key} = {default:g}, say, not {_shown(value)}")
        return default
    return float(value) if not allowed.whole else int(value)


def _sides(about: dict[str, Any], problems: _Problems, players: int) -> tuple[str, ...]:
    """[about] sides: a name for each player's side, in order ("geese", "fox"), which the play page shows; () where
    the file gives none (the players are then "player 1", "player 2", ...)."""
    if "sides" not in about:
        return ()
    value = about["sides"]
    longest = MAX_TEXT["side"]
    if not isinstance(value, list) or len(value) != players or any(
            not isinstance(side, str) or not side.strip() or len(side) > longest or any(ord(c) < 32 for c in side)
            for side in value) or len({side.strip() for side in value}) != len(value):
        problems.at(("about", "sides"), f"sides names each of the {players} players' sides in order ([about] players "
                                        f"= {players}), each its own and up to {longest} characters, like sides = "
                                        f"[\"geese\", \"fox\"]; not {_shown(value)}")
        return ()
    if not all(_check_characters(side, ("about", "sides"), "a side", problems) for side in value):
        return ()
    return tuple(side.strip() for side in value)


def _year(about: dict[str, Any], problems: _Problems) -> int | None:
    """The year the game was made: a whole number, negative before Christ (-2600: 2600 BC); None if not given."""
    if "year" not in about:
        return None
    value = about["year"]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < abs(value) <= MAX_YEAR:
        problems.at(("about", "year"), f"year is a whole number like 1985, or -2600 for 2600 BC (from "
                                       f"-{MAX_YEAR} to {MAX_YEAR}, no year 0); leave it out if it is not known, "
                                       f"not {_shown(value)}")
        return None
    return value


def _legend(legend: Any, problems: _Problems, players: int) -> dict[str, Zone]:
    zones: dict[str, Zone] = {}
    if legend is None:
        if "legend" not in problems.misspelt:
            problems.in_file("the file needs a [legend] that gives each character of the map a zone, like "
                             "\".\" = { zone = \"track\" }", "missing-section")
        return zones
    if not isinstance(legend, dict) or not legend:
        problems.missing(("legend", "."), "the [legend] gives each character of the map a zone, like "
                                          "\".\" = { zone = \"track\" }")
        return zones
    for char, entry in legend.items():
        at = ("legend", char)
        if len(char) != 1 or char.isspace():
            problems.at(at, f"a legend key is one character of the map in quotes, like \"S\", not {char!r}")
            continue
        if not isinstance(entry, dict):
            problems.at(at, f"{char!r} needs {{ zone = \"...\" }} (and a role and a player)")
            continue
        for key in entry:
            if key not in ("zone", "role", "player"):
                problems.at((*at, key), f"unknown key {key!r} for {char!r}"
                                        f"{_did_you_mean(key, ('zone', 'role', 'player'))}; keys: zone, role, "
                                        "player", "unknown-key")
        name = entry.get("zone", "")
        role = entry.get("role", "plain")
        player = entry.get("player", 0)
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_TEXT["zone"]:
            problems.at((*at, "zone") if "zone" in entry else at,
                        f"{char!r} needs a zone name of 1 to {MAX_TEXT['zone']} characters: zone = \"...\"")
            continue
        if not isinstance(role, str) or not re.fullmatch(r"[a-z][a-z0-9-]{0,19}", role):
            problems.at((*at, "role"), f"the role of {char!r} is a word: one of {', '.join(ROLES)}, or your own "
                                       "(small letters)")
            continue
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player <= players:
            problems.at((*at, "player"), f"the player of {char!r} is a number from 1 to {players} (or 0 for "
                                         "nobody's)")
            continue
        zones[char] = Zone(char, name.strip(), role, player)
    return zones


def _map(board: dict[str, Any], problems: _Problems, zones: dict[str, Zone]) -> list[str] | None:
    """The map's rows, top first, once its shape is right (each character then checked against the legend);
    None without a map of a board's shape."""
    text = board.get("map")
    if text is None:
        problems.missing(("board", "map"), "the board needs a map: add map = \"\"\" with one character a field, "
                                           "a row a line, and \"\"\" after the last row", "missing-map")
        return None
    if not isinstance(text, str):
        problems.at(("board", "map"), 'the map is text in triple quotes: map = """ then a row a line, then """')
        return None
    rows = [line.replace(" ", "") for line in text.splitlines()]
    first = 0
    while first < len(rows) and not rows[first]:
        first += 1
    rows = rows[first:]
    while rows and not rows[-1]:
        rows.pop()
    if not MIN_SIDE <= len(rows) <= MAX_SIDE:
        problems.at(("board", "map"), f"the map has {len(rows)} rows; a board has {MIN_SIDE} to {MAX_SIDE}, one a "
                                      "line")
        return None
    width = len(rows[0])
    if not MIN_SIDE <= width <= MAX_SIDE:
        problems.at(("board", "map"), f"the map is {width} fields wide; a board has {MIN_SIDE} to {MAX_SIDE}")
        return None
    lines = problems.source.lines
    place = problems.source.place(("board", "map"))
    # TOML drops the line end right after an opening """: the map's first row is then on the next line.
    offset = None
    if place is not None:
        opening = lines[place.line - 1].rstrip() if place.line <= len(lines) else ""
        offset = place.line + (1 if opening.endswith(('"""', "'''")) else 0) + first
    shaped = True
    for number, row in enumerate(rows):
        line = offset + number if offset is not None else None
        written = lines[line - 1] if line is not None and line <= len(lines) else row
        if len(row) != width:
            problems.at_place(Place(line, 1) if line else None, f"this row of the map has {len(row)} fields and the "
                              f"first has {width}: every row has as many")
            shaped = False
        for char in dict.fromkeys(row):
            if zones and char not in zones:
                known = ", ".join(repr(c) for c in zones)
                problems.at_place(Place(line, written.find(char) + 1 or 1) if line else None,
                                  f"{char!r} is not in the legend; the legend has {known}: add a line "
                                  f"\"{char}\" = {{ zone = \"...\" }} to it, or use one of those", "not-in-legend")
    if not shaped:
        return None
    used = {char for row in rows for char in row}
    for char in zones:
        if char not in used:
            # An error rather than a note: a character the map never uses is nearly always a typo in the map or
            # the legend, and the zone it names would be missing from the board without a word.
            problems.at(("legend", char), f"{char!r} ({zones[char].name}) is in the legend but not on the map: use "
                                          "it in the map, or remove its line", "unused-legend")
    return rows


def _tables(entries: Any, section: str, what: str, limit: int, problems: _Problems) -> list[tuple[int, dict[str, Any]]]:
    """The [[section]] tables with their index, once the whole list is checked: a list, of tables, at most
    `limit` of them (a limit refused, never silently cut)."""
    if not isinstance(entries, list):
        problems.at((section,), f"{section} are [[{section}]] tables, each one {what}: write [[{section}]] on a "
                                "line of its own, its keys below it")
        return []
    if len(entries) > limit:
        problems.at((section,), f"{len(entries)} [[{section}]]; at most {limit}: leave some out")
        return []
    found = []
    for index, entry in enumerate(entries):
        if isinstance(entry, dict):
            found.append((index, entry))
        else:
            problems.at((section, index), f"each of [[{section}]] is a table of keys, one {what}")
    return found


def _not_a_field(name: Any, columns: int, rows: int) -> str:
    return (f"{_shown(name)} is not a field of the board: its fields are a1 (bottom left) to "
            f"{LETTERS[columns - 1]}{rows}, less any with role \"none\"")


def _field(name: Any, columns: int, rows: int) -> tuple[int, int] | None:
    match = _FIELD.fullmatch(str(name).strip().lower())
    if not match:
        return None
    column, row = LETTERS.index(match.group(1)), int(match.group(2)) - 1
    return (column, row) if column < columns and row < rows else None


def _marks(entries: Any, problems: _Problems, columns: int, rows: int,
           absent: set[tuple[int, int]]) -> tuple[Mark, ...]:
    """[[marks]]: a symbol on one field (field = "a3") or on several (fields = ["a3", "c5"])."""
    marks: list[Mark] = []
    for index, entry in _tables(entries, "marks", "a mark", MAX_MARKS, problems):
        symbol = entry.get("symbol", "target")
        if isinstance(symbol, int) and not isinstance(symbol, bool) and 0 <= symbol <= 999:
            symbol = str(symbol)
        if not isinstance(symbol, str) or (symbol not in SYMBOLS and not _MARK_TEXT.fullmatch(symbol)):
            problems.at(("marks", index, "symbol"), f"a mark is {', '.join(SYMBOLS)}, or up to 3 characters (a number, "
                                               f"a word, a sign like \"☥\"), not {_shown(symbol)}")
            continue
        if symbol not in SYMBOLS and not _check_characters(symbol, ("marks", index, "symbol"), "a mark", problems):
            continue
        if ("field" in entry) == ("fields" in entry):
            problems.at(("marks", index), "a mark needs field = \"a3\" or fields = [\"a3\", \"c5\"]")
            continue
        key = "field" if "field" in entry else "fields"
        names = [entry["field"]] if key == "field" else entry["fields"]
        if not isinstance(names, list) or not names:
            problems.at(("marks", index, key), "fields is a list of fields: [\"a3\", \"c5\"]")
            continue
        for number, name in enumerate(names):
            field = _field(name, columns, rows)
            if field is None or field in absent:
                at: KeyPath = ("marks", index, key, number) if key == "fields" else ("marks", index, key)
                problems.at(at, _not_a_field(name, columns, rows))
            else:
                marks.append(Mark(field, symbol))
    if len(marks) > MAX_MARKS:
        problems.at(("marks",), f"{len(marks)} fields are marked; at most {MAX_MARKS}: leave some out")
    return tuple(marks)


def _arrows(entries: Any, problems: _Problems, columns: int, rows: int, absent: set[tuple[int, int]],
            players: int) -> tuple[GameArrow, ...]:
    arrows = []
    for index, entry in _tables(entries, "arrows", "an arrow", MAX_ARROWS, problems):
        ends = []
        for key in ("from", "to"):
            field = _field(entry.get(key), columns, rows)
            if field is None or field in absent:
                problems.at(("arrows", index, key) if key in entry else ("arrows", index),
                            f"an arrow goes from a field to a field: {_not_a_field(entry.get(key), columns, rows)}")
            ends.append(field)
        player = entry.get("player", 1)
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= players:
            problems.at(("arrows", index, "player"), f"an arrow's player is a number from 1 to {players}")
            continue
        if ends[0] is not None and ends[1] is not None and ends[0] != ends[1]:
            arrows.append(GameArrow(ends[0], ends[1], player))
    return tuple(arrows)


def _colours(table: Any, problems: _Problems, names: set[str], players: int) -> tuple[tuple[str, Colouring], ...]:
    """[colours.PALETTE]: a look for each zone by name, and for the board's other things (OTHER_KEYS)."""
    if not isinstance(table, dict):
        problems.at(("colours",), "colours are tables: [colours.classic] with zone = \"#rrggbb\"")
        return ()
    found = []
    others = {key.format(n=n) for key in OTHER_KEYS for n in range(1, players + 1)}
    for palette, entries in table.items():
        if palette not in PALETTES or not isinstance(entries, dict):
            continue  # the unknown key is reported with the others
        chosen: list[tuple[str, Style | None]] = []
        for key, value in entries.items():
            if names and key not in names and key not in others:  # without a legend, no zone is known
                problems.at(("colours", palette, key), f"{key!r} is not a zone of the legend"
                                                           f"{_did_you_mean(key, names | others)} (nor "
                                                           "marks, notes, arrows, ladders, snakes, dark squares, "
                                                           "points, other points, cups, board, \"arrow 1\", "
                                                           "\"label 1\", \"pieces 1\")")
                continue
            style, text, problem = _look(value)
            if problem:
                problems.at(("colours", palette, key), f"{key}: {problem}")
                continue
            chosen.append((key, style))
            if text:
                chosen.append((f"{key} text", Style(fill=text)))
        found.append((palette, tuple(chosen)))
    return tuple(found)


LOOK_KEYS = ("fill", "stroke", "width", "hatch", "spacing", "line", "hatch-colour", "text")


def _look(value: Any) -> tuple[Style | None, str, str]:
    """A look as the file writes it: "#rrggbb" (a fill), "none" (not drawn), or a table of LOOK_KEYS; with the
    colour of text on it (pieces), and what is wrong with it."""
    usage = ('a colour is written "#rrggbb" (like "#d7263d"), "none", or a table like { fill = "#ffffff", '
             'hatch = [45], spacing = 1.4, line = 0.4 }')
    if value == "none":
        return None, "", ""
    if isinstance(value, str):
        if _COLOUR.fullmatch(value):
            return Style(fill=value.lower()), "", ""
        return None, "", f"{usage}, not {_shown(value)}"
    if not isinstance(value, dict):
        return None, "", usage
    unknown = [key for key in value if key not in LOOK_KEYS]
    if unknown:
        return None, "", (f"unknown key {unknown[0]!r}{_did_you_mean(unknown[0], LOOK_KEYS)}; keys: "
                          f"{', '.join(LOOK_KEYS)}")
    colours = {key: value[key] for key in ("fill", "stroke", "hatch-colour", "text") if key in value}
    for key, colour in colours.items():
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            return None, "", f"{key} is a colour \"#rrggbb\", not {_shown(colour)}"
    numbers = {}
    for key, low, high, default in (("width", 0.0, 3.0, 0.0), ("spacing", 0.5, 10.0, 2.0), ("line", 0.05, 2.0, 0.3)):
        number = value.get(key, default)
        if isinstance(number, bool) or not isinstance(number, (int, float)) or not low <= number <= high:
            return None, "", f"{key} is a number from {low:g} to {high:g} (mm), not {_shown(number)}"
        numbers[key] = float(number)
    hatch = None
    if "hatch" in value:
        angles = value["hatch"]
        if not isinstance(angles, list) or not 1 <= len(angles) <= 3 or any(
                isinstance(a, bool) or not isinstance(a, (int, float)) or not 0 <= a < 180 for a in angles):
            return None, "", "hatch is a list of 1 to 3 angles in degrees (0 to 179), like [45] or [45, 135]"
        hatch = Hatch(tuple(float(a) for a in angles), numbers["spacing"], numbers["line"],
                      str(colours.get("hatch-colour", "#000000")).lower())
    stroke = colours.get("stroke")
    style = Style(fill=colours["fill"].lower() if "fill" in colours else None,
                  stroke=stroke.lower() if stroke else None, stroke_width=numbers["width"] if stroke else 0.0,
                  hatch=hatch)
    return style, str(colours.get("text", "")).lower(), ""


RuleText = tuple[str, str, int | str | None]  # language, Markdown, where: its first line here, or a file's name


def _rules(table: Any, problems: _Problems, path: Path) -> tuple[RuleText, ...]:
    """Rule texts by language: [rules] en = \"\"\"...\"\"\" in the file, and NAME.LANG.md beside it (only beside
    it: a game file reads no other file), English first; each with where it is written."""
    texts: dict[str, tuple[str, int | str | None]] = {}
    if not isinstance(table, dict):
        problems.at(("rules",), "rules are texts by language: [rules] with en = \"\"\"...\"\"\"")
        table = {}
    for lang, text in table.items():
        if not _LANG.fullmatch(lang):
            problems.at(("rules", lang), f"a rule text's key is its language, 2 or 3 small letters (en, da), not "
                                           f"{_shown(lang)}")
        elif not isinstance(text, str) or not text.strip():
            problems.at(("rules", lang), "a rule text is Markdown in triple quotes")
        elif len(text) > MAX_RULES:
            problems.at(("rules", lang), f"the {lang} rules are {len(text):,} characters; at most {MAX_RULES:,}")
        else:
            texts[lang] = (text, _first_line(problems.source, ("rules", lang)))
    for beside in sorted(path.parent.glob(f"{glob.escape(path.stem)}.*.md")):
        lang = beside.name[len(path.stem) + 1:-3]
        if not _LANG.fullmatch(lang) or lang in texts or not beside.is_file() or beside.is_symlink():
            continue
        try:
            if beside.stat().st_size > 4 * MAX_RULES:
                raise ValueError
            text = beside.read_bytes().decode("utf-8-sig")
        except (OSError, UnicodeDecodeError, ValueError):
            problems.in_file(f"{beside.name} beside the game file is not a readable rule text (UTF-8, at most "
                               f"{4 * MAX_RULES:,} bytes)")
            continue
        texts[lang] = (text, beside.name)
    return tuple((lang, text, where) for lang, (text, where) in
                 sorted(texts.items(), key=lambda item: (item[0] != "en", item[0])))


def _first_line(source: TomlSource, path: KeyPath) -> int | None:
    """The line a multi-line text's first line is on: the line after its key's, as TOML drops the line end right
    after the opening quotes; None where that is not plain (a text on the key's line, with escapes for lines)."""
    place = source.place(path)
    if place is None or place.line > len(source.lines):
        return None
    return place.line + 1 if source.lines[place.line - 1].rstrip().endswith(('"""', "'''")) else None


def _shown_positions(rules: tuple[RuleText, ...], names: set[str], problems: _Problems) -> None:
    """Each diagram a rule text shows, ![Caption](position:NAME), is one of the file's [[positions]]."""
    known = ", ".join(sorted(names)) or "none yet"
    for lang, text, where in rules:
        for match in _SHOWN_POSITION.finditer(text):
            name = match.group(1)
            if name in names:
                continue
            message = (f"the {lang} rules show (position:{name}), but the file has no position {name!r} (its "
                       f"[[positions]]: {known}): add a [[positions]] with name = \"{name}\", or show one of those")
            line = text.count("\n", 0, match.start())
            if isinstance(where, str):
                problems.in_file(f"{where}, line {line + 1}: {message}", "unknown-position")
            elif where is not None:
                start = text.rfind("\n", 0, match.start()) + 1
                column = match.start() + len("](") - start + 1  # at "position:"
                problems.at_place(Place(where + line, column), message, "unknown-position")
            else:
                problems.at(("rules", lang), message, "unknown-position")


def _pieces(entries: Any, problems: _Problems, players: int) -> tuple[PieceSpec, ...]:
    pieces = []
    for index, entry in _tables(entries, "pieces", "a kind of piece", MAX_KINDS, problems):
        kind = entry.get("kind", "token")
        if kind not in PIECE_KINDS:
            problems.at(("pieces", index, "kind"), f"a piece's kind is {' or '.join(PIECE_KINDS)}, not {_shown(kind)}"
                                              f"{_did_you_mean(kind, PIECE_KINDS)}")
            continue
        count = entry.get("count", 1)
        if not PIECE_COUNT.holds(count):
            problems.at(("pieces", index, "count"), f"count is how many each player has (shared: the table), "
                                                    f"{PIECE_COUNT.text()}, not {_shown(count)}")
            continue
        sides = []
        for key in ("front", "back"):
            text = entry.get(key, "")
            if not isinstance(text, str) or len(text) > 3 or any(ord(c) < 32 for c in text):
                problems.at(("pieces", index, key), f"{key} is up to 3 characters, like \"6\" or \"K\"")
                text = ""
            sides.append(text)
        if kind == "counter" and sides[1]:
            problems.at(("pieces", index, "back"), "a counter has one side: give it a front only")
        size = entry.get("size", 0)
        if not (PIECE_SIZE.holds(size) or (size == 0 and not isinstance(size, bool))):
            problems.at(("pieces", index, "size"), f"size is a piece's side, {PIECE_SIZE.text()} (or leave it out: "
                                                   "the field less 1 mm)")
            continue
        faces = entry.get("faces", list(PIPS) if kind == "die" else [])
        if kind not in ("die", "stick") and "faces" in entry:
            problems.at(("pieces", index, "faces"), "faces are for a die or a stick")
        elif kind == "die" and (not isinstance(faces, list) or len(faces) != 6 or
                                any(not isinstance(f, (str, int)) or isinstance(f, bool) or len(str(f)) > 3
                                    for f in faces)):
            problems.at(("pieces", index, "faces"), 'a die has 6 faces, each up to 3 characters: faces = ["1", "2", '
                                                    '"3", "4", "5", "6"] (1 to 6 are drawn as pips)')
            continue
        elif kind == "stick" and (not isinstance(faces, list) or len(faces) != 4 or
                                  any(str(f) not in STICK_FACES or isinstance(f, bool) for f in faces)):
            problems.at(("pieces", index, "faces") if "faces" in entry else ("pieces", index),
                        f'a stick has 4 faces, each "" (none), a number of dots 1 to 6 or "{STICK_AGAIN}" (throw '
                        'again): faces = ["", "1", "", "1"]')
            continue
        length, pips = entry.get("length", 1), entry.get("pips", 0)
        if kind != "tile" and "length" in entry:
            problems.at(("pieces", index, "length"), "length is for a tile")
        elif isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_TILE:
            problems.at(("pieces", index, "length"), f"a tile's length is a whole number of fields, 1 to {MAX_TILE}")
            continue
        if kind == "pyramid" and (isinstance(pips, bool) or pips not in (1, 2, 3)):
            problems.at(("pieces", index, "pips") if "pips" in entry else ("pieces", index),
                        "a pyramid has pips = 1 (small), 2 (medium) or 3 (large)")
            continue
        if kind != "pyramid" and "pips" in entry:
            problems.at(("pieces", index, "pips"), "pips are for a pyramid")
        if kind in ("tile", "pyramid", "stick") and sides[1]:
            problems.at(("pieces", index, "back"), f"a {kind} has one side: give it a front only")
        if kind == "pyramid" and (sides[0] or "size" in entry):
            problems.at(("pieces", index, "front" if sides[0] else "size"), "a pyramid's size and marks are its pips")
        if kind in ("die", "stick") and sides[0]:
            problems.at(("pieces", index, "front"), f"a {kind}'s marks are its faces")
        shared = entry.get("shared", kind == "stick")
        if not isinstance(shared, bool) or (kind == "stick" and not shared):
            problems.at(("pieces", index, "shared"), "shared is true (one set for the table, in white) or false (a "
                                                     "set for each player in their colour); a stick is always the "
                                                     "table's")
        player = entry.get("player", 0)
        if "player" in entry and (isinstance(player, bool) or not isinstance(player, int) or
                                  not 1 <= player <= players):
            problems.at(("pieces", index, "player"), f"player is the one player (1 to {players}) who has this kind of "
                                                     f"piece, count of them; leave it out for every player's, not "
                                                     f"{_shown(player)}")
            continue
        if player and (shared is True or kind == "stick"):
            problems.at(("pieces", index, "player"), "a piece for the table (shared, or a stick) is nobody's: give it "
                                                     "shared = true or a player, not both")
            continue
        for key, text in (("front", sides[0]), ("back", sides[1])):
            _check_characters(text, ("pieces", index, key), key, problems)
        pieces.append(PieceSpec(kind, count, sides[0], sides[1], float(size), tuple(str(f) for f in faces), length,
                                pips, shared is True, player))
    return tuple(pieces)


def _positions(entries: Any, problems: _Problems, columns: int, rows: int, absent: set[tuple[int, int]],
               players: int) -> tuple[Position, ...]:
    """[[positions]]: a name, the pieces by field, and fields to mark with an X (crosses) or a ring (rings)."""
    found: list[Position] = []
    for index, entry in _tables(entries, "positions", "a position", MAX_POSITIONS, problems):
        name = entry.get("name", "")
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9-]{0,30}", name) or \
                name in {p.name for p in found}:
            problems.at(("positions", index, "name"), "a position's name is one word of small letters, digits and -, "
                                                 "each position its own")
            continue
        items: list[DiagramItem] = []
        table = entry.get("pieces", {})
        for key, value in (table.items() if isinstance(table, dict) else ()):
            field = _field(key, columns, rows)
            if field is None or field in absent:
                problems.at(("positions", index, "pieces", key), _not_a_field(key, columns, rows))
                continue
            placed = _placed(field, value, players, columns, rows)
            if isinstance(placed, str):
                problems.at(("positions", index, "pieces", key), f"{key} = {_shown(value)}: {placed}")
            else:
                items += placed
        marked = []
        for key in ("crosses", "rings"):
            fields = []
            for number, name_of_field in enumerate(entry.get(key, []) if isinstance(entry.get(key, []), list)
                                                   else ()):
                field = _field(name_of_field, columns, rows)
                if field is None or field in absent:
                    problems.at(("positions", index, key, number), _not_a_field(name_of_field, columns, rows))
                else:
                    fields.append(field)
            marked.append(tuple(fields))
        crosses, rings = marked  # as a diagram marks the fields a move reaches, and a second piece's
        found.append(Position(name, DiagramPosition(tuple(items), crosses, rings)))
    return tuple(found)


PLACED = ("a player's number (a marker), or a table: { player = 1, mark = \"K\" }, { player = 1, die = 4 }, "
          "{ player = 1, pyramid = 3 }, { player = 1, tile = 3, value = \"2\", direction = \"up\" }; a list of "
          "markers, dice or pyramids is a stack, bottom first")


def _shown(value: Any) -> str:
    """A value as the file wrote it, in TOML (true, "red", ["a1"], { x = 1 }), cut short for one line."""
    return toml_text(value)


def _placed(field: tuple[int, int], value: Any, players: int, columns: int,
            rows: int) -> list[DiagramItem] | str:
    """What a position puts on a field, as diagram items; or what is wrong with it."""
    stack = value if isinstance(value, list) else [value]
    # A player's number is a marker of theirs, alone or in a stack ([1, 1]: two, a draughts king).
    stack = [{"player": piece} if isinstance(piece, int) and not isinstance(piece, bool) else piece
             for piece in stack]
    if not stack or not all(isinstance(piece, dict) for piece in stack):
        return f"a piece is {PLACED}"
    if len({tuple(kind for kind in ("die", "pyramid", "tile") if kind in piece) for piece in stack}) > 1:
        return f"a piece is {PLACED}"  # a stack is of one kind: markers, dice or pyramids
    items: list[DiagramItem] = []
    for level, piece in enumerate(stack):
        player = piece.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= players:
            return f"a piece's player is a number, 1 to {players}"
        kinds = [kind for kind in ("die", "pyramid", "tile") if kind in piece]
        unknown = set(piece) - {"player", "die", "pyramid", "tile", "value", "direction", "mark"}
        if len(kinds) > 1 or unknown or (len(stack) > 1 and kinds not in ([], ["die"], ["pyramid"])):
            return f"a piece is {PLACED}"
        colour, kind = f"p{player}", kinds[0] if kinds else "marker"
        number = piece.get(kind, 0)
        if kind != "marker" and (isinstance(number, bool) or not isinstance(number, int)):
            return f"a piece is {PLACED}"
        if kind == "die" and 1 <= number <= 6:
            items.append(DiagramPiece(field, colour, number, level))
        elif kind == "pyramid" and 1 <= number <= 3:
            items.append(DiagramPyramid(field, colour, number, level, len(stack)))
        elif kind == "tile" and 1 <= number <= MAX_TILE:
            value, direction = piece.get("value", ""), piece.get("direction", "right")
            if not isinstance(value, str) or len(value) > 3 or direction not in ("right", "up"):
                return 'a tile\'s value is up to 3 characters and its direction "right" or "up"'
            end = (field[0] + number - 1, field[1]) if direction == "right" else (field[0], field[1] + number - 1)
            if end[0] >= columns or end[1] >= rows:
                return f"a tile {number} fields long from here runs off the board"
            items.append(DiagramTile(field, number, direction == "right", colour, value))
        elif kind == "marker" and not (set(piece) - {"player", "mark"}):
            mark = piece.get("mark", "")
            if not isinstance(mark, str | int) or isinstance(mark, bool) or len(str(mark)) > 3:
                return "a marker's mark is up to 3 characters: a king's crown \"♛\", a pit's seeds 4"
            items.append(DiagramMarker(field, colour, level, mark=str(mark)))
        else:
            return "a die shows 1 to 6, a pyramid has 1 to 3 pips, a tile is 1 to " \
                   f"{MAX_TILE} fields long"
    return items


SIDES = ("bottom", "top", "left", "right")


def _labels(entries: Any, problems: _Problems, columns: int, rows: int, players: int) -> tuple[Label, ...]:
    """[[labels]]: texts along one edge, one beside each field from `start` (a column letter or a row number)."""
    found: list[Label] = []
    for index, entry in _tables(entries, "labels", "a row of texts along an edge", MAX_LABELS, problems):
        side = entry.get("side", "bottom")
        if side not in SIDES:
            problems.at(("labels", index, "side"), f"side is {', '.join(SIDES)}, not {_shown(side)}")
            continue
        along = columns if side in ("bottom", "top") else rows
        start = str(entry.get("start", "a" if side in ("bottom", "top") else "1")).strip().lower()
        first = LETTERS.index(start) if side in ("bottom", "top") and start in LETTERS[:columns] else \
            int(start) - 1 if side in ("left", "right") and start.isdigit() and 1 <= int(start) <= rows else None
        if first is None:
            what = "column letter" if side in ("bottom", "top") else "row number"
            problems.at(("labels", index, "start"), f"start is the {what} the first text stands beside, not "
                                                    f"{_shown(start)}")
            continue
        texts = entry.get("texts", [])
        if not isinstance(texts, list) or not texts or len(texts) > along - first or \
                any(not isinstance(t, (str, int)) or isinstance(t, bool) or len(str(t)) > 4 for t in texts):
            problems.at(("labels", index, "texts"), f"texts are up to {along - first} short texts (up to 4 characters "
                                               "each), one a field")
            continue
        upside_down = entry.get("upside-down", False)
        if not isinstance(upside_down, bool):
            problems.at(("labels", index, "upside-down"), "upside-down is true or false")
            continue
        player = entry.get("player", 0)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player <= players:
            problems.at(("labels", index, "player"), f"a label's player is 1 to {players}, or 0 for nobody's (in ink)")
            continue
        found += [Label(side, first + n, str(text), upside_down, player) for n, text in enumerate(texts) if str(text)]
    return tuple(found)


def _lego(table: Any, problems: _Problems, players: int) -> tuple[int, tuple[tuple[int, str], ...]] | None:
    """[lego]: how many dice each player has as towers of 2x2 bricks, and each player's brick colour as its
    BrickLink colour number and name."""
    if table is None:
        return None
    if not isinstance(table, dict):
        problems.at(("lego",), "[lego] is a table: dice = 6 and colours = [[5, \"Red\"], [3, \"Yellow\"]]")
        return None
    dice = int(_in_range(table, ("lego", "dice"), LEGO_DICE, problems, 6, "dice is how many dice each player has"))
    colours = table.get("colours")
    usage = (f"colours gives each of the {players} players a BrickLink colour number and its name: "
             "[[5, \"Red\"], [3, \"Yellow\"]]")
    if not isinstance(colours, list) or len(colours) != players or any(
            not isinstance(c, list) or len(c) != 2 or isinstance(c[0], bool) or not isinstance(c[0], int)
            or not 0 < c[0] < 10_000 or not isinstance(c[1], str) or not 0 < len(c[1]) <= 40 for c in colours):
        problems.at(("lego", "colours") if "colours" in table else ("lego",), usage)
        return None
    return dice, tuple((int(number), str(name)) for number, name in colours)
