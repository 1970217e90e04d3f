"""A game file as a Game: its board described, its zones styled, its texts and positions; a rules engine once
the file declares its rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from ..draw.board_spec import Arrow, BoardSpec, EdgeLabel, FieldMark, Jump
from ..draw.diagram_items import DiagramPosition
from ..draw.styles import Style
from ..engine.grid import Field, Variant
from ..errors import BoardgenError
from ..games.game import (
    GiftBox,
    LegoColour,
    LegoTowers,
    Players,
    PrintedPieces,
    chosen_variant,
    players_named,
    year_text,
)
from ..layout.piece_set import PieceSet, describe
from .model import GameFile
from .play import FileEngine
from .styles import MARK_ROLE, NOTE_ROLE, TRACK_ARROW, colour_warnings, jump_role, zone_role, zone_styles


@dataclass(frozen=True)
class FileGame:
    """A game from a TOML file: the same kind of thing to every product as a built-in game (games.game.Game)."""

    file: GameFile
    spec: BoardSpec
    variants: tuple[Variant, ...]
    pieces: PrintedPieces | None
    lego: LegoTowers | None
    engine: FileEngine | None = None
    box: GiftBox = field(default_factory=GiftBox)

    @property
    def name(self) -> str:
        return self.file.name

    @property
    def title(self) -> str:
        return self.file.title

    @property
    def designer(self) -> str:
        return self.file.designer

    @property
    def year(self) -> int | None:
        return self.file.year

    @property
    def summary(self) -> str:
        return self.file.summary

    @property
    def players(self) -> Players:
        return players_named(tuple(f"player {n}" for n in range(1, self.file.players + 1)))

    @property
    def side_names(self) -> tuple[str, ...]:
        """[about] sides where the file names them ("geese", "fox"); else the players' own names."""
        return self.file.sides or self.players

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang, _ in self.file.rules)

    @property
    def default_field(self) -> float:
        return self.file.field

    @property
    def smallest_field(self) -> float:
        return 5.0

    @property
    def texts(self) -> Path:
        return Path(self.file.path).parent

    @property
    def file_name(self) -> str:
        return Path(self.file.path).name

    @property
    def no_pieces_reason(self) -> str:
        return f"{self.file_name} gives no pieces: add [[pieces]] (docs/game-files.md)"

    @property
    def no_lego_reason(self) -> str:
        return f"{self.file_name} gives no LEGO towers: add [lego] (docs/game-files.md)"

    @property
    def no_engine_reason(self) -> str:
        return (f"{self.title} comes from a game file without rules to play: boardgen can print and cut it, but "
                "to check positions, play or simulate games it needs a [play] section (docs/game-files.md)")

    @property
    def lid(self) -> DiagramPosition:
        return DiagramPosition(self.file.positions[0].shown.items if self.file.positions else ())

    @property
    def default_variant(self) -> Variant:
        return self.variants[0]

    def variant(self, name: str | None) -> Variant:
        return chosen_variant(self, name)

    def board(self, variant: Variant) -> BoardSpec:
        return self.spec

    def styles(self, palette: str) -> Mapping[str, Style | None]:
        return zone_styles(self.file, palette)

    def notices(self, palette: str) -> tuple[str, ...]:
        return colour_warnings(self.file, palette)

    def rule_text(self, lang: str) -> str:
        texts = dict(self.file.rules)
        if lang not in texts:
            raise BoardgenError(f"{self.file_name} has no rules in {lang!r}: add [rules] {lang} = \"\"\"...\"\"\" "
                                f"or {Path(self.file.path).stem}.{lang}.md beside it")
        return texts[lang]

    def file_text(self) -> str:
        return Path(self.file.path).read_text(encoding="utf-8-sig")

    def position(self, name: str) -> DiagramPosition:
        """A position the file names: its pieces, an X on its crosses and a ring on its rings."""
        positions = {position.name: position for position in self.file.positions}
        if name not in positions:
            known = ", ".join(positions) or "none"
            raise BoardgenError(f"{self.file_name} has no position {name!r} (its [[positions]]: {known})")
        return positions[name].shown


def file_game(game: GameFile) -> FileGame:
    variant = Variant(f"{game.columns}x{game.rows}", game.columns, game.rows, "the board the game file draws")
    spec = board_spec(game, variant)
    credits = game.credit or (_credit_line(game),)
    spec = replace(spec, credits=credits + ((f"Licence: {game.licence}",) if game.licence else ()))
    return FileGame(game, spec, (variant,), _printed_pieces(game), _lego(game), game.engine)


def _credit_line(game: GameFile) -> str:
    year = f", {year_text(game.year)}" if game.year is not None else ""
    return f"{game.title}, a game by {game.designer}{year}"


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
    return PrintedPieces(lambda variant: kit, summary, two_sided=kit.has("token"),
                         laser_description=f"{summary}, cut and engraved")



def _mark(symbol: str) -> tuple[str, str]:
    """The role and symbol of a mark the file gives: a symbol in the file's mark style, a number or a word as a
    note in the corner, one sign of another kind ("☥", "≈") large in the middle."""
    if symbol in ("target", "star", "dot"):
        return MARK_ROLE, symbol
    if symbol.startswith("arrow-"):
        return MARK_ROLE, f"arrow-head:{symbol[len('arrow-'):]}"
    if len(symbol) == 1 and not symbol.isalnum():
        return MARK_ROLE, f"sign:{symbol}"
    return NOTE_ROLE, f"note:{symbol}"


LANES = 0.76  # of a field: the breadth that arrows side by side share
NUMBERED_WIDTH = 0.45  # a lone arrow's width on a numbered track, so that it passes between the numbers


def track_arrows(game: GameFile) -> tuple[Arrow, ...]:
    """Arrows along each player's track, one along each straight stretch of it (the turns between stretches are
    left to the eye); where several players' tracks run over the same fields, either way, their arrows lie side
    by side, each in its player's colour, in the order of the players."""
    if not game.tracks:
        return ()
    steps = [{frozenset(step) for step in zip(track, track[1:], strict=False)} for track in game.tracks]
    arrows: list[Arrow] = []
    for player, track in enumerate(game.tracks, start=1):
        role = TRACK_ARROW if game.shared_track else f"arrow.p{player}"
        for run in _stretches(track):
            # Split where the players sharing the way change: a lane is the same all along one arrow.
            pieces: list[tuple[tuple[int, ...], list[Field]]] = []
            for a, b in zip(run, run[1:], strict=False):
                sharing = tuple(n for n, own in enumerate(steps, start=1) if frozenset((a, b)) in own)
                if pieces and pieces[-1][0] == sharing:
                    pieces[-1][1].append(b)
                else:
                    pieces.append((sharing, [a, b]))
            for sharing, fields in pieces:
                if len(fields) < 2 or (len(fields) == 2 and len(run) > 2):
                    continue  # a single step left over beside a longer stretch: too short for an arrow of its own
                lanes = len(sharing)
                width = 1.0 / lanes if lanes > 1 else (NUMBERED_WIDTH if game.numbers else 1.0)
                # Lanes are counted across the fields' own order (from a1 on), so that two players going opposite
                # ways along a row keep to their own sides of it.
                way = 1.0 if fields[0] < fields[-1] else -1.0
                lane = way * ((lanes - 1) / 2 - sharing.index(player)) * LANES / lanes
                arrows.append(Arrow(fields[0], fields[-1], role, lane, width))
    return tuple(arrows)


def _stretches(track: tuple[Field, ...]) -> list[list[Field]]:
    """The track cut into straight stretches of two fields or more, each a step of the same way; a lone step
    that only turns a corner (or jumps a gap) is left out when the track has longer ones."""
    runs: list[list[Field]] = []
    for a, b in zip(track, track[1:], strict=False):
        way = (b[0] - a[0], b[1] - a[1])
        if runs and len(runs[-1]) >= 2 and (runs[-1][-1][0] - runs[-1][-2][0],
                                             runs[-1][-1][1] - runs[-1][-2][1]) == way and runs[-1][-1] == a:
            runs[-1].append(b)
        else:
            runs.append([a, b])
    longer = [run for run in runs if len(run) > 2]
    return longer or runs


def track_numbers(game: GameFile) -> tuple[FieldMark, ...]:
    """Each field of the (first) track numbered from 1 in its corner, as [board] numbers = true asks."""
    if not game.numbers or not game.tracks:
        return ()
    return tuple(FieldMark(f, NOTE_ROLE, f"note:{n}") for n, f in enumerate(game.tracks[0], start=1))


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
    marks = track_numbers(game) + tuple(FieldMark(mark.field, *_mark(mark.symbol)) for mark in game.marks)
    # Arrows of the file's own stand instead of those along its tracks: two sets would lie on top of each other.
    arrows = tuple(Arrow(arrow.start, arrow.end, f"arrow.p{arrow.player}") for arrow in game.arrows) or \
        track_arrows(game)
    labels = tuple(EdgeLabel(label.side, label.place, label.text, f"label.p{label.player}" if label.player else "ink",
                             label.upside_down) for label in game.labels)
    jumps = tuple(Jump(jump.start, jump.end, jump_role(jump.kind), jump.kind) for jump in game.jumps)
    return BoardSpec(game.board_title or f"{game.title} board", variant.grid, MappingProxyType(zones), marks, arrows,
                     edge_labels=labels, absent=frozenset(absent), jumps=jumps, coordinates=game.coordinates)

