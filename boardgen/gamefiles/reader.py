"""Reading a game file: every problem at once, each at its line and column, in words a teenager can act on.

The file is TOML, read with the standard library.  Nothing in it runs code,
and it is never larger, its map never wider or taller, its texts never
longer than the limits below.
"""

from __future__ import annotations

import difflib
import glob
import re
import tomllib
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
from ..draw.styles import Hatch, Style
from ..engine.grid import LETTERS
from ..errors import BoardgenError
from ..layout.piece_set import PIECE_KINDS, PIPS, STICK_AGAIN, PieceSpec
from .model import (
    OTHER_KEYS,
    ROLES,
    SYMBOLS,
    Colouring,
    GameArrow,
    GameFile,
    Label,
    Mark,
    Position,
    Zone,
)

MAX_BYTES = 64 * 1024
MAX_SIDE = 26  # fields along a side: a to z
MIN_SIDE = 2
MAX_TEXT = {"name": 40, "designer": 60, "summary": 120, "pieces-summary": 120, "licence": 40, "credit": 120,
            "zone": 30, "title": 60}
MAX_MARKS = 26 * 26
MAX_ARROWS = 16
PALETTES = ("classic", "cud", "mono")
KEYS = {
    "about": ("name", "designer", "year", "players", "summary", "licence", "pieces-summary"),
    "board": ("map", "field", "coordinates", "credit", "title"),
    "legend": (),  # any single character
    "marks": ("field", "fields", "symbol"),
    "arrows": ("from", "to", "player"),
    "colours": PALETTES,
    "rules": (),  # a language code each: en, da, it, ...
    "pieces": ("kind", "count", "front", "back", "size", "faces", "length", "pips", "shared"),
    "positions": ("name", "pieces", "crosses", "rings"),
    "labels": ("side", "start", "texts", "upside-down", "player"),
    "lego": ("dice", "colours"),
}
MAX_PIECES = 60  # pieces of one kind for each player
STICK_FACES = ("", "0", *PIPS, STICK_AGAIN)
MAX_KINDS = 12  # [[pieces]] tables
MAX_TILE = 10  # fields a tile is long
MAX_POSITIONS = 64
MAX_LABELS = 16
MAX_RULES = 32 * 1024  # characters of one rule text
_LANG = re.compile(r"[a-z]{2,3}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_FIELD = re.compile(r"([a-z])([1-9][0-9]?)")


class GameFileError(BoardgenError):
    """A game file with problems: the message names them all; `problems` holds each as (line, column, text)."""

    def __init__(self, message: str, problems: tuple[tuple[int, int, str], ...]) -> None:
        super().__init__(message)
        self.problems = problems


class _Problems:
    """The problems found so far, each with where it is in the file."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.found: list[tuple[int, int, str]] = []

    def add(self, line: int, column: int, message: str) -> None:
        self.found.append((line, column, message))

    def at_key(self, section: str, key: str | None, message: str, index: int = 0) -> None:
        """A problem with `key` in `[section]` (the index-th table of an array of tables)."""
        line, column = self.locate(section, key, index)
        self.add(line, column, message)

    def locate(self, section: str, key: str | None, index: int = 0) -> tuple[int, int]:
        seen = -1
        inside = False
        for number, text in enumerate(self.lines, start=1):
            header = re.match(r"\s*\[\[?\s*([A-Za-z_.]+)\s*\]\]?", text)
            if header:
                name = header.group(1)
                inside = name == section or name.startswith(section + ".")
                if name == section:  # a sub-table ([positions.pieces]) belongs to the table before it
                    seen += 1
                if inside and key is None and seen == index:
                    return number, header.start(1) + 1
                continue
            if inside and key is not None and seen >= index:
                match = re.match(rf'\s*("?){re.escape(key)}\1\s*=', text)
                if match:
                    return number, match.start() + len(text) - len(text.lstrip()) + 1
        return 1, 1


def read_game_file(path: Path) -> GameFile:
    """The game file, checked; BoardgenError naming every problem, each at its line and column."""
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
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardgenError(f"{label}: {error} (a game file is TOML: see docs/game-files.md)") from None
    problems = _Problems(text)
    game = _checked(data, problems, path)
    if problems.found:
        shown = "; ".join(f"line {line}, column {column}: {message}" for line, column, message in
                          sorted(problems.found))
        count = len(problems.found)
        raise GameFileError(f"{label} has {count} problem{'s' if count > 1 else ''}: {shown}",
                            tuple(sorted(problems.found)))
    assert game is not None
    return game


def _checked(data: dict[str, Any], problems: _Problems, path: Path) -> GameFile | None:
    for section in data:
        if section not in KEYS:
            problems.at_key(section, None, f"unknown section [{section}]{_did_you_mean(section, KEYS)}; "
                                           f"sections: {', '.join(KEYS)}")
    about = _table(data, "about", problems)
    board = _table(data, "board", problems)
    for section in ("about", "board", "marks", "arrows", "colours", "pieces", "positions", "labels", "lego"):
        tables = data.get(section)
        entries = tables if isinstance(tables, list) else [tables] if isinstance(tables, dict) else []
        for index, table in enumerate(entries):
            for key in table if isinstance(table, dict) else ():
                if key not in KEYS[section]:
                    problems.at_key(section, key, f"unknown key {key!r} in [{section}]"
                                                  f"{_did_you_mean(key, KEYS[section])}; keys: "
                                                  f"{', '.join(KEYS[section])}", index)
    name = _text(about, "about", "name", problems, required=True)
    designer = _text(about, "about", "designer", problems, required=True)
    summary = _text(about, "about", "summary", problems)
    licence = _text(about, "about", "licence", problems)
    pieces_summary = _text(about, "about", "pieces-summary", problems)
    year = _whole(about, "about", "year", 1, 3000, problems, 2026)
    players = _whole(about, "about", "players", 2, 4, problems, 2)
    zones = _legend(data.get("legend"), problems, players)
    cells = _map(board, problems, zones, text_lines=problems.lines)
    field = _number(board, "board", "field", 5.0, 100.0, problems, 18.0)
    coordinates = board.get("coordinates", True)
    if not isinstance(coordinates, bool):
        problems.at_key("board", "coordinates", "coordinates is true or false")
    credit = _credit(board, problems)
    board_title = _text(board, "board", "title", problems) or f"{name} board"
    rows = len(cells)
    columns = len(cells[0]) if cells else 0
    absent = {(c, rows - 1 - r) for r, line in enumerate(cells) for c, char in enumerate(line)
              if char in zones and zones[char].role == "none"}
    marks = _marks(data.get("marks", []), problems, columns, rows, absent)
    arrows = _arrows(data.get("arrows", []), problems, columns, rows, absent, players)
    colours = _colours(data.get("colours", {}), problems, {zone.name for zone in zones.values()}, players)
    rules = _rules(data.get("rules", {}), problems, path)
    pieces = _pieces(data.get("pieces", []), problems)
    positions = _positions(data.get("positions", []), problems, columns, rows, absent, players)
    labels = _labels(data.get("labels", []), problems, columns, rows, players)
    lego = _lego(data.get("lego"), problems, players)
    if problems.found or not cells:
        if not cells and not problems.found:
            problems.at_key("board", "map", "the board needs a map")
        return None
    return GameFile(str(path), _short_name(name, path), name, designer, year, players, summary, licence, columns,
                    rows, tuple(tuple(line) for line in cells), tuple(zones.values()), field, bool(coordinates),
                    credit, marks, arrows, colours, rules, pieces, positions, labels, lego, board_title, pieces_summary)


def _did_you_mean(word: str, choices: Any) -> str:
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
        problems.add(1, 1, f"the file needs {'an' if section[0] in 'aeiou' else 'a'} [{section}] section")
        return {}
    if not isinstance(table, dict):
        problems.at_key(section, None, f"[{section}] is a table of keys")
        return {}
    return table


def _text(table: dict[str, Any], section: str, key: str, problems: _Problems, required: bool = False,
          limit: str | None = None) -> str:
    value = table.get(key, "")
    longest = MAX_TEXT[limit or key]
    if not isinstance(value, str):
        problems.at_key(section, key, f"{key} is text in quotes")
        return ""
    if required and not value.strip():
        # at the key if it is there but empty, else at the section's header
        problems.at_key(section, key if key in table else None, f"[{section}] needs a {key}")
    if len(value) > longest:
        problems.at_key(section, key, f"{key} is {len(value)} characters; at most {longest}")
    if any(ord(c) < 32 for c in value):
        problems.at_key(section, key, f"{key} is one line, without control characters")
    return value.strip()


def _credit(board: dict[str, Any], problems: _Problems) -> tuple[str, ...]:
    """The lines under the board: one text, or a list of up to 3."""
    value = board.get("credit", "")
    lines = value if isinstance(value, list) else [value]
    if not 1 <= len(lines) <= 3:
        problems.at_key("board", "credit", "credit is one line of text, or a list of up to 3 lines")
        return ()
    return tuple(line for line in (_text({"credit": line}, "board", "credit", problems) for line in lines) if line)


def _whole(table: dict[str, Any], section: str, key: str, low: int, high: int, problems: _Problems,
           default: int) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        problems.at_key(section, key, f"{key} is a whole number from {low} to {high}, not {value!r}")
        return default
    return value


def _number(table: dict[str, Any], section: str, key: str, low: float, high: float, problems: _Problems,
            default: float) -> float:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        problems.at_key(section, key, f"{key} is a number from {low:g} to {high:g} (mm), not {value!r}")
        return default
    return float(value)


def _legend(legend: Any, problems: _Problems, players: int) -> dict[str, Zone]:
    zones: dict[str, Zone] = {}
    if not isinstance(legend, dict) or not legend:
        problems.add(1, 1, "the file needs a [legend] that gives each character of the map a zone")
        return zones
    for char, entry in legend.items():
        if len(char) != 1 or char.isspace():
            problems.at_key("legend", char, f"a legend key is one character, not {char!r}")
            continue
        if not isinstance(entry, dict):
            problems.at_key("legend", char, f"{char!r} needs {{ zone = \"...\" }} (and a role and a player)")
            continue
        for key in entry:
            if key not in ("zone", "role", "player"):
                problems.at_key("legend", char, f"unknown key {key!r} for {char!r}"
                                                f"{_did_you_mean(key, ('zone', 'role', 'player'))}")
        name = entry.get("zone", "")
        role = entry.get("role", "plain")
        player = entry.get("player", 0)
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_TEXT["zone"]:
            problems.at_key("legend", char, f"{char!r} needs a zone name of 1 to {MAX_TEXT['zone']} characters")
            continue
        if not isinstance(role, str) or not re.fullmatch(r"[a-z][a-z0-9-]{0,19}", role):
            problems.at_key("legend", char, f"the role of {char!r} is a word: one of {', '.join(ROLES)}, or "
                                            "your own (small letters)")
            continue
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player <= players:
            problems.at_key("legend", char, f"the player of {char!r} is a number from 1 to {players} (or 0 for "
                                            "nobody's)")
            continue
        zones[char] = Zone(char, name.strip(), role, player)
    return zones


def _map(board: dict[str, Any], problems: _Problems, zones: dict[str, Zone], text_lines: list[str]) -> list[str]:
    text = board.get("map")
    if text is None:
        return []
    if not isinstance(text, str):
        problems.at_key("board", "map", 'the map is text in triple quotes: map = """ ... """')
        return []
    start, _ = problems.locate("board", "map")
    rows = [line.replace(" ", "") for line in text.splitlines()]
    first = 0
    while first < len(rows) and not rows[first]:
        first += 1
    rows = rows[first:]
    while rows and not rows[-1]:
        rows.pop()
    # TOML drops the line end right after an opening """: the map's first row is then on the next line.
    opening = text_lines[start - 1].rstrip() if 0 < start <= len(text_lines) else ""
    offset = start + (1 if opening.endswith(("\"\"\"", "\'\'\'")) else 0) + first
    if not MIN_SIDE <= len(rows) <= MAX_SIDE:
        problems.at_key("board", "map", f"the map has {len(rows)} rows; a board has {MIN_SIDE} to {MAX_SIDE}")
        return []
    width = len(rows[0])
    ok = True
    for number, row in enumerate(rows):
        line = offset + number
        source = text_lines[line - 1] if 0 < line <= len(text_lines) else row
        if len(row) != width:
            problems.add(line, 1, f"this row has {len(row)} fields and the first has {width}: every row of the map "
                                  "has as many")
            ok = False
        for char in dict.fromkeys(row):
            if char not in zones:
                column = source.find(char) + 1 or 1
                known = ", ".join(repr(c) for c in zones)
                problems.add(line, column, f"{char!r} is not in the legend; the legend has {known}")
                ok = False
    if not MIN_SIDE <= width <= MAX_SIDE:
        problems.at_key("board", "map", f"the map is {width} fields wide; a board has {MIN_SIDE} to {MAX_SIDE}")
        ok = False
    return rows if ok else []


def _tables(entries: Any, section: str, what: str, limit: int, problems: _Problems) -> list[tuple[int, dict[str, Any]]]:
    """The [[section]] tables with their index, once the whole list is checked: a list, of tables, at most
    `limit` of them (a limit refused, never silently cut)."""
    if not isinstance(entries, list):
        problems.at_key(section, None, f"{section} are [[{section}]] tables, one {what}")
        return []
    if len(entries) > limit:
        problems.at_key(section, None, f"{len(entries)} [[{section}]]; at most {limit}")
        return []
    found = []
    for index, entry in enumerate(entries):
        if isinstance(entry, dict):
            found.append((index, entry))
        else:
            problems.at_key(section, None, f"each of [[{section}]] is a table of keys, one {what}", index)
    return found


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
        symbol = str(entry.get("symbol", "target"))
        if symbol not in SYMBOLS and not re.fullmatch(r"[0-9]{1,3}|[A-Za-z]{1,3}", symbol):
            problems.at_key("marks", "symbol", f"a mark is {', '.join(SYMBOLS)}, a number or a word of up to 3 "
                                               f"letters, not {symbol!r}", index)
            continue
        if ("field" in entry) == ("fields" in entry):
            problems.at_key("marks", None, "a mark needs field = \"a3\" or fields = [\"a3\", \"c5\"]", index)
            continue
        key = "field" if "field" in entry else "fields"
        names = [entry["field"]] if key == "field" else entry["fields"]
        if not isinstance(names, list) or not names:
            problems.at_key("marks", key, "fields is a list of fields: [\"a3\", \"c5\"]", index)
            continue
        for name in names:
            field = _field(name, columns, rows)
            if field is None or field in absent:
                problems.at_key("marks", key, f"{name!r} is not a field of the board (a1 is the bottom left)", index)
            else:
                marks.append(Mark(field, symbol))
    if len(marks) > MAX_MARKS:
        problems.at_key("marks", None, f"{len(marks)} fields are marked; at most {MAX_MARKS}")
    return tuple(marks)


def _arrows(entries: Any, problems: _Problems, columns: int, rows: int, absent: set[tuple[int, int]],
            players: int) -> tuple[GameArrow, ...]:
    arrows = []
    for index, entry in _tables(entries, "arrows", "an arrow", MAX_ARROWS, problems):
        ends = []
        for key in ("from", "to"):
            field = _field(entry.get(key), columns, rows)
            if field is None or field in absent:
                problems.at_key("arrows", key, f"{entry.get(key)!r} is not a field of the board", index)
            ends.append(field)
        player = entry.get("player", 1)
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= min(players, 2):
            problems.at_key("arrows", "player", "an arrow's player is 1 or 2", index)
            continue
        if ends[0] is not None and ends[1] is not None and ends[0] != ends[1]:
            arrows.append(GameArrow(ends[0], ends[1], player))
    return tuple(arrows)


def _colours(table: Any, problems: _Problems, names: set[str], players: int) -> tuple[tuple[str, Colouring], ...]:
    """[colours.PALETTE]: a look for each zone by name, and for the board's other things (OTHER_KEYS)."""
    if not isinstance(table, dict):
        problems.at_key("colours", None, "colours are tables: [colours.classic] with zone = \"#rrggbb\"")
        return ()
    found = []
    others = {key.format(n=n) for key in OTHER_KEYS for n in range(1, players + 1)}
    for palette, entries in table.items():
        if palette not in PALETTES or not isinstance(entries, dict):
            continue  # the unknown key is reported with the others
        chosen: list[tuple[str, Style | None]] = []
        for key, value in entries.items():
            if key not in names and key not in others:
                problems.at_key(f"colours.{palette}", key, f"{key!r} is not a zone of the legend"
                                                           f"{_did_you_mean(key, names | others)} (nor "
                                                           "marks, notes, \"arrow 1\", \"label 1\", \"pieces 1\")")
                continue
            style, text, problem = _look(value)
            if problem:
                problems.at_key(f"colours.{palette}", key, f"{key}: {problem}")
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
        return None, "", f"{usage}, not {value!r}"
    if not isinstance(value, dict):
        return None, "", usage
    unknown = [key for key in value if key not in LOOK_KEYS]
    if unknown:
        return None, "", (f"unknown key {unknown[0]!r}{_did_you_mean(unknown[0], LOOK_KEYS)}; keys: "
                          f"{', '.join(LOOK_KEYS)}")
    colours = {key: value[key] for key in ("fill", "stroke", "hatch-colour", "text") if key in value}
    for key, colour in colours.items():
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            return None, "", f"{key} is a colour \"#rrggbb\", not {colour!r}"
    numbers = {}
    for key, low, high, default in (("width", 0.0, 3.0, 0.0), ("spacing", 0.5, 10.0, 2.0), ("line", 0.05, 2.0, 0.3)):
        number = value.get(key, default)
        if isinstance(number, bool) or not isinstance(number, (int, float)) or not low <= number <= high:
            return None, "", f"{key} is a number from {low:g} to {high:g} (mm), not {number!r}"
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


def _rules(table: Any, problems: _Problems, path: Path) -> tuple[tuple[str, str], ...]:
    """Rule texts by language: [rules] en = \"\"\"...\"\"\" in the file, and NAME.LANG.md beside it (only beside
    it: a game file reads no other file), English first."""
    texts: dict[str, str] = {}
    if not isinstance(table, dict):
        problems.at_key("rules", None, "rules are texts by language: [rules] with en = \"\"\"...\"\"\"")
        table = {}
    for lang, text in table.items():
        if not _LANG.fullmatch(lang):
            problems.at_key("rules", lang, f"a rule text's key is its language, 2 or 3 small letters (en, da), not "
                                           f"{lang!r}")
        elif not isinstance(text, str) or not text.strip():
            problems.at_key("rules", lang, "a rule text is Markdown in triple quotes")
        elif len(text) > MAX_RULES:
            problems.at_key("rules", lang, f"the {lang} rules are {len(text):,} characters; at most {MAX_RULES:,}")
        else:
            texts[lang] = text
    for beside in sorted(path.parent.glob(f"{glob.escape(path.stem)}.*.md")):
        lang = beside.name[len(path.stem) + 1:-3]
        if not _LANG.fullmatch(lang) or lang in texts or not beside.is_file() or beside.is_symlink():
            continue
        try:
            if beside.stat().st_size > 4 * MAX_RULES:
                raise ValueError
            text = beside.read_bytes().decode("utf-8-sig")
        except (OSError, UnicodeDecodeError, ValueError):
            problems.add(1, 1, f"{beside.name} beside the game file is not a readable rule text (UTF-8, at most "
                               f"{4 * MAX_RULES:,} bytes)")
            continue
        texts[lang] = text
    return tuple(sorted(texts.items(), key=lambda item: (item[0] != "en", item[0])))


def _pieces(entries: Any, problems: _Problems) -> tuple[PieceSpec, ...]:
    pieces = []
    for index, entry in _tables(entries, "pieces", "a kind of piece", MAX_KINDS, problems):
        kind = entry.get("kind", "token")
        if kind not in PIECE_KINDS:
            problems.at_key("pieces", "kind", f"a piece's kind is {' or '.join(PIECE_KINDS)}, not {kind!r}"
                                              f"{_did_you_mean(kind, PIECE_KINDS)}", index)
            continue
        count = entry.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_PIECES:
            problems.at_key("pieces", "count", f"count is how many each player has (shared: the table), 1 to "
                                               f"{MAX_PIECES}", index)
            continue
        sides = []
        for key in ("front", "back"):
            text = entry.get(key, "")
            if not isinstance(text, str) or len(text) > 3 or any(ord(c) < 32 for c in text):
                problems.at_key("pieces", key, f"{key} is up to 3 characters, like \"6\" or \"K\"", index)
                text = ""
            sides.append(text)
        if kind == "counter" and sides[1]:
            problems.at_key("pieces", "back", "a counter has one side: give it a front only", index)
        size = entry.get("size", 0)
        if isinstance(size, bool) or not isinstance(size, (int, float)) or not (size == 0 or 5 <= size <= 60):
            problems.at_key("pieces", "size", "size is a piece's side in mm, 5 to 60 (or leave it out: the field "
                                              "less 1 mm)", index)
            continue
        faces = entry.get("faces", list(PIPS) if kind == "die" else [])
        if kind not in ("die", "stick") and "faces" in entry:
            problems.at_key("pieces", "faces", "faces are for a die or a stick", index)
        elif kind == "die" and (not isinstance(faces, list) or len(faces) != 6 or
                                any(not isinstance(f, (str, int)) or isinstance(f, bool) or len(str(f)) > 3
                                    for f in faces)):
            problems.at_key("pieces", "faces", 'a die has 6 faces, each up to 3 characters: faces = ["1", "2", "3", '
                                               '"4", "5", "6"] (1 to 6 are drawn as pips)', index)
            continue
        elif kind == "stick" and (not isinstance(faces, list) or len(faces) != 4 or
                                  any(str(f) not in STICK_FACES or isinstance(f, bool) for f in faces)):
            problems.at_key("pieces", "faces" if "faces" in entry else None, 'a stick has 4 faces, each "" (none), '
                            f'a number of dots 1 to 6 or "{STICK_AGAIN}" (throw again): faces = ["", "1", "", "1"]',
                            index)
            continue
        length, pips = entry.get("length", 1), entry.get("pips", 0)
        if kind != "tile" and "length" in entry:
            problems.at_key("pieces", "length", "length is for a tile", index)
        elif isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_TILE:
            problems.at_key("pieces", "length", f"a tile's length is a whole number of fields, 1 to {MAX_TILE}", index)
            continue
        if kind == "pyramid" and (isinstance(pips, bool) or pips not in (1, 2, 3)):
            problems.at_key("pieces", "pips" if "pips" in entry else None, "a pyramid has pips = 1 (small), 2 (medium) "
                            "or 3 (large)", index)
            continue
        if kind != "pyramid" and "pips" in entry:
            problems.at_key("pieces", "pips", "pips are for a pyramid", index)
        if kind in ("tile", "pyramid", "stick") and sides[1]:
            problems.at_key("pieces", "back", f"a {kind} has one side: give it a front only", index)
        if kind == "pyramid" and (sides[0] or "size" in entry):
            problems.at_key("pieces", "front" if sides[0] else "size", "a pyramid's size and marks are its pips",
                            index)
        if kind in ("die", "stick") and sides[0]:
            problems.at_key("pieces", "front", f"a {kind}'s marks are its faces", index)
        shared = entry.get("shared", kind == "stick")
        if not isinstance(shared, bool) or (kind == "stick" and not shared):
            problems.at_key("pieces", "shared", "shared is true (one set for the table, in white) or false (a set for "
                                                "each player in their colour); a stick is always the table's", index)
        pieces.append(PieceSpec(kind, count, sides[0], sides[1], float(size), tuple(str(f) for f in faces), length,
                                pips, shared is True))
    return tuple(pieces)


def _positions(entries: Any, problems: _Problems, columns: int, rows: int, absent: set[tuple[int, int]],
               players: int) -> tuple[Position, ...]:
    """[[positions]]: a name, the pieces by field, and fields to mark with an X (crosses) or a ring (rings)."""
    found: list[Position] = []
    for index, entry in _tables(entries, "positions", "a position", MAX_POSITIONS, problems):
        name = entry.get("name", "")
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9-]{0,30}", name) or \
                name in {p.name for p in found}:
            problems.at_key("positions", "name", "a position's name is one word of small letters, digits and -, "
                                                 "each position its own", index)
            continue
        items: list[DiagramItem] = []
        table = entry.get("pieces", {})
        for key, value in (table.items() if isinstance(table, dict) else ()):
            field = _field(key, columns, rows)
            # at the field's own line in a [positions.pieces] table, else at pieces = { ... }
            where = key if problems.locate("positions", key, index) != (1, 1) else "pieces"
            if field is None or field in absent:
                problems.at_key("positions", where, f"{key!r} is not a field of the board", index)
                continue
            placed = _placed(field, value, players, columns, rows)
            if isinstance(placed, str):
                problems.at_key("positions", where, f"{key} = {_shown(value)}: {placed}", index)
            else:
                items += placed
        marked = []
        for key in ("crosses", "rings"):
            fields = []
            for name_of_field in entry.get(key, []) if isinstance(entry.get(key, []), list) else ():
                field = _field(name_of_field, columns, rows)
                if field is None or field in absent:
                    problems.at_key("positions", key, f"{name_of_field!r} is not a field of the board", index)
                else:
                    fields.append(field)
            marked.append(tuple(fields))
        found.append(Position(name, DiagramPosition(tuple(items), *marked)))
    return tuple(found)


PLACED = ("a player's number (a marker), or a table: { player = 1, die = 4 }, { player = 1, pyramid = 3 }, "
          "{ player = 1, tile = 3, value = \"2\", direction = \"up\" }; a list of dice or pyramids is a stack, "
          "bottom first")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _placed(field: tuple[int, int], value: Any, players: int, columns: int,
            rows: int) -> list[DiagramItem] | str:
    """What a position puts on a field, as diagram items; or what is wrong with it."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = {"player": value}
    stack = value if isinstance(value, list) else [value]
    if not stack or not all(isinstance(piece, dict) for piece in stack):
        return f"a piece is {PLACED}"
    items: list[DiagramItem] = []
    for level, piece in enumerate(stack):
        player = piece.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= players:
            return f"a piece's player is a number, 1 to {players}"
        kinds = [kind for kind in ("die", "pyramid", "tile") if kind in piece]
        unknown = set(piece) - {"player", "die", "pyramid", "tile", "value", "direction"}
        if len(kinds) > 1 or unknown or (len(stack) > 1 and kinds not in (["die"], ["pyramid"])):
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
        elif kind == "marker" and not (set(piece) - {"player"}):
            items.append(DiagramMarker(field, colour))
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
            problems.at_key("labels", "side", f"side is {', '.join(SIDES)}, not {side!r}", index)
            continue
        along = columns if side in ("bottom", "top") else rows
        start = str(entry.get("start", "a" if side in ("bottom", "top") else "1")).strip().lower()
        first = LETTERS.index(start) if side in ("bottom", "top") and start in LETTERS[:columns] else \
            int(start) - 1 if side in ("left", "right") and start.isdigit() and 1 <= int(start) <= rows else None
        if first is None:
            what = "column letter" if side in ("bottom", "top") else "row number"
            problems.at_key("labels", "start", f"start is the {what} the first text stands beside, not {start!r}",
                            index)
            continue
        texts = entry.get("texts", [])
        if not isinstance(texts, list) or not texts or len(texts) > along - first or \
                any(not isinstance(t, (str, int)) or isinstance(t, bool) or len(str(t)) > 4 for t in texts):
            problems.at_key("labels", "texts", f"texts are up to {along - first} short texts (up to 4 characters "
                                               "each), one a field", index)
            continue
        upside_down = entry.get("upside-down", False)
        if not isinstance(upside_down, bool):
            problems.at_key("labels", "upside-down", "upside-down is true or false", index)
            continue
        player = entry.get("player", 0)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player <= players:
            problems.at_key("labels", "player", f"a label's player is 1 to {players}, or 0 for nobody's (in ink)",
                            index)
            continue
        found += [Label(side, first + n, str(text), upside_down, player) for n, text in enumerate(texts) if str(text)]
    return tuple(found)


def _lego(table: Any, problems: _Problems, players: int) -> tuple[int, tuple[tuple[int, str], ...]] | None:
    """[lego]: how many dice each player has as towers of 2x2 bricks, and each player's brick colour as its
    BrickLink colour number and name."""
    if table is None:
        return None
    if not isinstance(table, dict):
        problems.at_key("lego", None, "[lego] is a table: dice = 6 and colours = [[5, \"Red\"], [3, \"Yellow\"]]")
        return None
    dice = _whole(table, "lego", "dice", 1, 20, problems, 6)
    colours = table.get("colours")
    usage = (f"colours gives each of the {players} players a BrickLink colour number and its name: "
             "[[5, \"Red\"], [3, \"Yellow\"]]")
    if not isinstance(colours, list) or len(colours) != players or any(
            not isinstance(c, list) or len(c) != 2 or isinstance(c[0], bool) or not isinstance(c[0], int)
            or not 0 < c[0] < 10_000 or not isinstance(c[1], str) or not 0 < len(c[1]) <= 40 for c in colours):
        problems.at_key("lego", "colours" if "colours" in table else None, usage)
        return None
    return dice, tuple((int(number), str(name)) for number, name in colours)
