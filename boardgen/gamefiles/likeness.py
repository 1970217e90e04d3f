"""`boardgen new NAME --like GAME`: a built-in game's board written as a game file, to change.

The file is made from what the game says about its board (its BoardSpec) and how every palette draws it, so
the board it gives is the built-in board (tests/test_game_files.py compares them as pixels).  Each zone is
named after its style role with the player's name in it ("red start", "red start pale").
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from ..draw.board_spec import BoardSpec, EdgeLabel
from ..draw.diagram_items import DiagramItem, DiagramPiece, DiagramPyramid, DiagramTile
from ..draw.palettes import PALETTES
from ..draw.styles import Style
from ..engine.grid import LETTERS, Field, Variant
from ..games.game import Game
from ..layout.piece_set import PieceSet
from .model import ROLES, Position

PLAIN_CHAR = "."
SPARE_CHARS = "ABCDEFHIJKLMNOPQRTUVWXYZabcdefhijklmnopqrtuvwxyz0123456789"


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


def _number(value: float) -> str:
    return f"{value:g}"


def _field_name(field: Field) -> str:
    return f"{LETTERS[field[0]]}{field[1] + 1}"


def _look(style: Style | None, text: Style | None = None) -> str:
    """A style as the game file writes it: "#rrggbb" for a plain fill, "none", or an inline table."""
    if style is None:
        return '"none"'
    if style == Style(fill=style.fill) and style.fill and text is None:
        return _quoted(style.fill)
    parts = []
    if style.fill:
        parts.append(f"fill = {_quoted(style.fill)}")
    if style.stroke:
        parts += [f"stroke = {_quoted(style.stroke)}", f"width = {_number(style.stroke_width)}"]
    if style.hatch:
        angles = ", ".join(_number(angle) for angle in style.hatch.angles)
        parts += [f"hatch = [{angles}]", f"spacing = {_number(style.hatch.spacing)}",
                  f"line = {_number(style.hatch.width)}"]
        if style.hatch.colour != "#000000":
            parts.append(f"hatch-colour = {_quoted(style.hatch.colour)}")
    if text is not None and text.fill:
        parts.append(f"text = {_quoted(text.fill)}")
    return "{ " + ", ".join(parts) + " }"


class _Zones:
    """The board's style roles as legend entries: a character, a zone name, a role and a player each."""

    def __init__(self, info: Game, roles: Iterable[str]) -> None:
        self.info = info
        self.chars: dict[str, str] = {}
        taken = {PLAIN_CHAR}
        for role in sorted(set(roles)):
            kind, player = self.kind(role), self.player(role)
            wished = kind[0].upper() if player == 1 else kind[0].lower()
            char = wished if wished not in taken and kind in ROLES else next(c for c in SPARE_CHARS if c not in taken)
            taken.add(char)
            self.chars[role] = char

    def player(self, role: str) -> int:
        for part in role.split("."):
            if part.startswith("p") and part[1:].isdigit():
                return int(part[1:])
            if part in self.info.players:
                return self.info.players.index(part) + 1
        return 0

    @staticmethod
    def kind(role: str) -> str:
        parts = role.split(".")
        return next((part for part in parts if part in ROLES), parts[0])

    def name(self, role: str) -> str:
        player = self.player(role)
        words = [self.info.players[player - 1] if self.player(part) == player and player else part
                 for part in role.split(".")]
        ordered = [word for word in words if word in self.info.players] + \
            [word for word in words if word not in self.info.players]
        return " ".join(dict.fromkeys(ordered))


def like_text(info: Game, variant: Variant, name: str, positions: Sequence[Position] = (),
              rules: Sequence[tuple[str, str]] = ()) -> str:
    """The game file for `info`'s `variant` board, as text, with the positions and rule texts (by language)
    given: what only the game's rules engine knows (products.like_game works them out)."""
    spec = info.board(variant)
    zones = _Zones(info, spec.zones.values())
    lines = [
        f"# {name}: {info.title}'s board ({variant.name}) as a game file, for you to change.  Make its board with",
        f"#   boardgen board output/{name}.toml",  # where `boardgen new` writes it, as the starter says
        "# Every key is explained in docs/game-files.md.  A mistake is pointed out at its line.",
        "",
        "[about]",
        f"name = {_quoted(info.title)}",
        f"designer = {_quoted(info.designer)}",
        *([f"year = {info.year}"] if info.year is not None else []),
        f"players = {len(info.players)}",
        f"sides = [{', '.join(_quoted(side) for side in info.side_names)}]",
        f"summary = {_quoted(info.summary)}",
        *([f"pieces-summary = {_quoted(info.pieces.description)}"] if info.pieces is not None else []),
        "",
        "[board]",
        f"title = {_quoted(spec.title)}",
        f"field = {_number(info.default_field)}",
        f"credit = [{', '.join(_quoted(line) for line in spec.credits)}]",
        "map = \"\"\"",
        *_map(spec, zones),
        "\"\"\"",
        "",
        "[legend]",
        f'"{PLAIN_CHAR}" = {{ zone = "plain", role = "plain" }}',
    ]
    for role, char in zones.chars.items():
        player = zones.player(role)
        lines.append(f'"{char}" = {{ zone = {_quoted(zones.name(role))}, role = {_quoted(zones.kind(role))}'
                     + (f", player = {player} }}" if player else " }"))
    by_symbol: dict[str, list[Field]] = {}
    for mark in spec.marks:  # one [[marks]] a symbol, in the order the game gives them
        symbol = mark.symbol[len("note:"):] if mark.symbol.startswith("note:") else mark.symbol
        by_symbol.setdefault(symbol, []).append(mark.field)
    for symbol, fields in by_symbol.items():
        listed = ", ".join(_quoted(_field_name(field)) for field in fields)
        lines += ["", "[[marks]]", f"symbol = {_quoted(symbol)}",
                  f"field = {listed}" if len(fields) == 1 else f"fields = [{listed}]"]
    for arrow in spec.arrows:
        lines += ["", "[[arrows]]", f"from = {_quoted(_field_name(arrow.start))}",
                  f"to = {_quoted(_field_name(arrow.end))}", f"player = {zones.player(arrow.role)}"]
    for run in _label_runs(spec.edge_labels):
        first = run[0]
        start = LETTERS[first.place] if first.side in ("bottom", "top") else str(first.place + 1)
        lines += ["", "[[labels]]", f"side = {_quoted(first.side)}", f"start = {_quoted(start)}",
                  f"texts = [{', '.join(_quoted(label.text) for label in run)}]"]
        if first.upside_down:
            lines.append("upside-down = true")
        if zones.player(first.role):
            lines.append(f"player = {zones.player(first.role)}")
    if info.pieces is not None:
        lines += _pieces(info.pieces.kit(variant))
    for position in positions:
        lines += _position(position)
    lines += _colours(info, spec, zones)
    if rules:
        lines += ["", "[rules]"] + [f"{lang} = {_long_text(text)}" for lang, text in rules]
    return "\n".join(lines) + "\n"


def _long_text(text: str) -> str:
    """A text of many lines as TOML: a literal multi-line string, read as it stands (no escapes)."""
    if "'''" in text or "\r" in text:
        return _quoted(text)
    return "'''\n" + text + "'''"


def _position(position: Position) -> list[str]:
    """A [[positions]] table: its marked fields, then its pieces by field (a stack as a list, bottom first)."""
    lines = ["", "[[positions]]", f"name = {_quoted(position.name)}"]
    for key, fields in (("crosses", position.shown.reached), ("rings", position.shown.also_reached)):
        if fields:
            lines.append(f"{key} = [{', '.join(_quoted(_field_name(field)) for field in fields)}]")
    on: dict[Field, list[DiagramItem]] = {}
    for item in position.shown.items:
        on.setdefault(item.field, []).append(item)
    if on:
        lines += ["", "[positions.pieces]"]
    for field, items in on.items():
        pieces = [_piece(item) for item in sorted(items, key=lambda item: getattr(item, "level", 0))]
        lines.append(f"{_field_name(field)} = {pieces[0] if len(pieces) == 1 else '[' + ', '.join(pieces) + ']'}")
    return lines


def _piece(item: DiagramItem) -> str:
    player = int(item.colour[1:])
    if isinstance(item, DiagramPiece):
        return f"{{ player = {player}, die = {item.face} }}"
    if isinstance(item, DiagramPyramid):
        return f"{{ player = {player}, pyramid = {item.pips} }}"
    if isinstance(item, DiagramTile):
        value = f", value = {_quoted(item.label)}" if item.label else ""
        return f"{{ player = {player}, tile = {item.length}{value}, direction = " \
               f"\"{'right' if item.horizontal else 'up'}\" }}"
    return str(player)


def _pieces(kit: PieceSet) -> list[str]:
    """The pieces as [[pieces]] tables, each key only where it is not the kind's default."""
    lines = []
    for piece in kit.pieces:
        lines += ["", "[[pieces]]", f"kind = {_quoted(piece.kind)}", f"count = {piece.count}"]
        for key, value in (("front", piece.front), ("back", piece.back)):
            if value:
                lines.append(f"{key} = {_quoted(value)}")
        if piece.size:
            lines.append(f"size = {_number(piece.size)}")
        if piece.kind in ("die", "stick"):
            lines.append(f"faces = [{', '.join(_quoted(face) for face in piece.faces)}]")
        if piece.kind == "tile":
            lines.append(f"length = {piece.length}")
        if piece.kind == "pyramid":
            lines.append(f"pips = {piece.pips}")
        if piece.shared and piece.kind != "stick":
            lines.append("shared = true")
    return lines


def _map(spec: BoardSpec, zones: _Zones) -> list[str]:
    grid = spec.grid
    return [" ".join(zones.chars.get(spec.zones.get((column, row), ""), PLAIN_CHAR) for column in range(grid.columns))
            for row in reversed(range(grid.rows))]


def _label_runs(labels: tuple[EdgeLabel, ...]) -> list[list[EdgeLabel]]:
    """The labels as [[labels]] tables: each a run along one side, beside neighbouring fields, in one look."""
    runs: list[list[EdgeLabel]] = []
    for label in sorted(labels, key=lambda lab: (lab.side, lab.role, lab.upside_down, lab.place)):
        last = runs[-1][-1] if runs else None
        if last and (last.side, last.role, last.upside_down, last.place + 1) == \
                (label.side, label.role, label.upside_down, label.place):
            runs[-1].append(label)
        else:
            runs.append([label])
    return runs


def _colours(info: Game, spec: BoardSpec, zones: _Zones) -> list[str]:
    """Every palette's look for each zone and for the marks, notes, arrows, labels and pieces."""
    lines = []
    for palette in PALETTES.values():
        lines += ["", f"[colours.{palette.name}]"]
        for role in zones.chars:
            lines.append(f"{_quoted(zones.name(role))} = {_look(palette.style(role))}")
        targets = {mark.role for mark in spec.marks if not mark.symbol.startswith("note:")}
        notes = {mark.role for mark in spec.marks if mark.symbol.startswith("note:")}
        for role in sorted(targets):
            lines.append(f"marks = {_look(palette.style(role))}")
        for role in sorted(notes):
            lines.append(f"notes = {_look(palette.style(role))}")
        for arrow in sorted({arrow.role for arrow in spec.arrows}):
            lines.append(f'"arrow {zones.player(arrow)}" = {_look(palette.style(arrow))}')
        for role in sorted({label.role for label in spec.edge_labels if zones.player(label.role)}):
            lines.append(f'"label {zones.player(role)}" = {_look(palette.style(role))}')
        for number, player in enumerate(info.players, start=1):
            if f"die.{player}" in palette.styles:
                look = _look(palette.style(f"die.{player}"), palette.style(f"pip.{player}"))
                lines.append(f'"pieces {number}" = {look}')
    return lines
