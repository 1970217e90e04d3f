"""A game file as the registry's GameInfo: its board described, its zones styled, no rules engine."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from ..draw.board_spec import Arrow, BoardSpec, EdgeLabel, FieldMark
from ..draw.diagram_items import DiagramPosition
from ..engine.grid import Field, Variant
from ..errors import BoardgenError
from ..games.registry import GameInfo, LegoColour, LegoTowers, PrintedPieces
from ..layout.piece_set import PieceSet, describe
from ..lazy import Loader
from .model import GameFile
from .styles import MARK_ROLE, NOTE_ROLE, colour_warnings, zone_role, zone_styles


class _NoEngine(Loader[Any]):
    """What a game file has instead of a rules engine: a clear refusal for whatever would need one."""

    def __init__(self, title: str) -> None:
        super().__init__("", "")
        self.title = title

    def __call__(self) -> Any:
        raise BoardgenError(f"{self.title} comes from a game file: boardgen can print and cut it, but has no "
                            "rules engine for it to check positions, play or simulate games")


def game_info(game: GameFile) -> GameInfo:
    variant = Variant(f"{game.columns}x{game.rows}", game.columns, game.rows, "the board the game file draws")
    spec = board_spec(game, variant)
    credits = (game.credit or (f"{game.title}, a game by {game.designer}, {game.year}",)) + \
        ((f"Licence: {game.licence}",) if game.licence else ())
    spec = spec._replace(credits=credits)
    players = tuple(f"player {n}" for n in range(1, game.players + 1))
    no_engine = _NoEngine(game.title)
    return GameInfo(
        name=game.name, title=game.title, designer=game.designer, year=game.year, summary=game.summary,
        players=cast(tuple[str, str], players), variants=(variant,), board=lambda chosen: spec, rules=no_engine,
        presentation=no_engine, languages=tuple(lang for lang, _ in game.rules),
        default_field=game.field, texts=Path(game.path).parent,
        pieces=_printed_pieces(game),
        no_pieces_reason=f"{Path(game.path).name} gives no pieces: add [[pieces]] (docs/game-files.md)",
        lego=_lego(game),
        no_lego_reason=f"{Path(game.path).name} gives no LEGO towers: add [lego] (docs/game-files.md)",
        styles=lambda palette: zone_styles(game, palette), rule_texts=lambda lang: _rule_text(game, lang),
        notices=lambda palette: colour_warnings(game, palette),
        positions=lambda name: _position(game, name),
        lid=DiagramPosition(game.positions[0].shown.items if game.positions else ()))


def _lego(game: GameFile) -> LegoTowers | None:
    if game.lego is None:
        return None
    dice, colours = game.lego
    return LegoTowers(MappingProxyType({f"player {n}": LegoColour(number, name)
                                        for n, (number, name) in enumerate(colours, start=1)}), dice)


def player_colours(game: GameFile) -> tuple[str, ...]:
    """Each player's colour name, which the file's colours style as the palettes style "red": token.p1, ..."""
    return tuple(f"p{n}" for n in range(1, game.players + 1))


def _printed_pieces(game: GameFile) -> PrintedPieces | None:
    if not game.pieces:
        return None
    kit = PieceSet(player_colours(game), game.pieces)
    summary = game.pieces_summary or describe(kit)
    return PrintedPieces(_Ready(lambda variant: kit), summary, two_sided=kit.has("token"),
                         laser_description=f"{summary}, cut and engraved")


class _Ready(Loader[Any]):
    """A part already at hand, where the registry expects one to load."""

    def __init__(self, value: Any) -> None:
        super().__init__("", "")
        self._value = value

    def __call__(self) -> Any:
        return self._value


def _position(game: GameFile, name: str) -> DiagramPosition:
    """A position the file names: its pieces, an X on its crosses and a ring on its rings."""
    positions = {position.name: position for position in game.positions}
    if name not in positions:
        known = ", ".join(positions) or "none"
        raise BoardgenError(f"{Path(game.path).name} has no position {name!r} (its [[positions]]: {known})")
    return positions[name].shown


def _rule_text(game: GameFile, lang: str) -> str:
    texts = dict(game.rules)
    if lang not in texts:
        raise BoardgenError(f"{Path(game.path).name} has no rules in {lang!r}: add [rules] {lang} = \"\"\"...\"\"\" "
                            f"or {Path(game.path).stem}.{lang}.md beside it")
    return texts[lang]


def _mark(symbol: str) -> tuple[str, str]:
    """The role and symbol of a mark the file gives: a symbol in the file's mark style, a word as a note."""
    if symbol in ("target", "star", "dot"):
        return MARK_ROLE, symbol
    if symbol.startswith("arrow-"):
        return MARK_ROLE, f"arrow-head:{symbol[len('arrow-'):]}"
    return NOTE_ROLE, f"note:{symbol}"


def board_spec(game: GameFile, variant: Variant) -> BoardSpec:
    zones: dict[Field, str] = {}
    absent: set[Field] = set()
    for r, line in enumerate(game.cells):
        row = game.rows - 1 - r  # the map's first line is the far side of the board
        for column, char in enumerate(line):
            zone = game.zone_of(char)
            if zone.role == "none":
                absent.add((column, row))
            else:
                zones[(column, row)] = zone_role(zone)
    marks = tuple(FieldMark(mark.field, *_mark(mark.symbol)) for mark in game.marks)
    arrows = tuple(Arrow(arrow.start, arrow.end, f"arrow.p{arrow.player}") for arrow in game.arrows)
    labels = tuple(EdgeLabel(label.side, label.place, label.text, f"label.p{label.player}" if label.player else "ink",
                             label.upside_down) for label in game.labels)
    return BoardSpec(game.board_title or f"{game.title} board", variant.grid, MappingProxyType(zones), marks, arrows,
                     edge_labels=labels, absent=frozenset(absent))

