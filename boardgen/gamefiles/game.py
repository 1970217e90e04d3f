"""A game file as a Game: its board described, its zones styled, its texts and positions; a rules engine once
the file declares its rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from ..draw.board_spec import BAR, DARK, PIT, POINT, STORE, Arrow, BoardSpec, EdgeLabel, FieldMark, Jump, Tray
from ..draw.diagram_items import DiagramPosition
from ..draw.palettes import get_palette
from ..draw.styles import Style
from ..draw.track_arrows import track_arrows
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
from ..layout.piece_set import PIPS, PieceSet, PieceSpec, describe
from .model import GameFile
from .play import FileEngine, PlayEngine, Tables
from .styles import MARK_ROLE, NOTE_ROLE, TRACK_ARROW, colour_warnings, jump_role, zone_role, zone_styles


@dataclass(frozen=True)
class FileGame:
    """A game from a TOML file: the same kind of thing to every product as a built-in game (games.game.Game)."""

    file: GameFile
    spec: BoardSpec
    variants: tuple[Variant, ...]
    pieces: PrintedPieces | None
    lego: LegoTowers | None
    engine: PlayEngine | None = None
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
        styles = {**zone_styles(with_shape_looks(self.file, palette), palette), **_shape_styles(self.file, palette)}
        # A tray in its player's zone's colour, and in black and white its pattern, which the zone's points leave out
        zoned = zone_styles(with_shape_looks(self.file, palette, plain_points=False), palette)
        styles.update({tray.role: zoned[tray.role.removeprefix(TRAY_ROLE)] for tray in self.spec.trays})
        if not self.file.chequered:
            return styles
        given = dict(dict(self.file.colours).get(palette, ()))
        return {**styles, DARK: given.get("dark squares", DARK_SQUARES.get(palette, DARK_SQUARES["classic"]))}

    def notices(self, palette: str) -> tuple[str, ...]:
        return colour_warnings(with_shape_looks(self.file, palette), palette)

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


# The words a designer starts with when no one person made the game: worded as products.translations.credit
# words them in English, so that a gift set finds the line (products.board.in_language) and says it in its own
# language.  (This tier cannot reach the catalogues; tests/test_game_file_drawing.py holds the two together.)
_TRADITIONAL = ("traditional", "folk")
_UNKNOWN = ("unknown", "anonymous")


def _credit_line(game: GameFile) -> str:
    """The board's credit line for a file that gives none: "Racers, a game by You (2026)", "Senet, a traditional
    game (3000 BC)", "Ur, designer unknown (rules after Irving Finkel, 2600 BC)"."""
    head, _comma, rest = game.designer.partition(",")
    word = head.strip().lower()
    if word in _TRADITIONAL or word in _UNKNOWN:
        who = "a traditional game" if word in _TRADITIONAL else "designer unknown"
        details = [rest.strip()] if rest.strip() else []
    else:
        who, details = f"a game by {game.designer}", []
    if game.year is not None:
        details.append(year_text(game.year))
    return f"{game.title}, {who}" + (f" ({', '.join(details)})" if details else "")


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
    pieces = game.pieces
    stick_values: tuple[int, ...] = ()
    if isinstance(game.engine, FileEngine):  # the pieces count as the rules throw them (a race's)
        throw = game.engine.rules.play.default
        pieces = tuple(_die_as_thrown(piece, throw) for piece in pieces)
        stick_values = _stick_values(throw)
    kit = PieceSet(player_colours(game), pieces, stick_values)
    summary = game.pieces_summary or describe(kit)
    return PrintedPieces(lambda variant: kit, summary, two_sided=kit.has("token"),
                         laser_description=f"{summary}, cut and engraved")


def _stick_values(throw: Tables) -> tuple[int, ...]:
    """What a throw of the sticks counts by the number of marked faces up, where that is not the number itself:
    [play] throw = { sticks = 4, values = { 0 = 5, ... } }, or two-sided dice whose faces count other than 0 and
    1 (dice = 4, sides = 2, faces = [0, 1] are plain sticks); () otherwise."""
    values = throw.stick_values
    if not values and throw.dice and len(throw.die_faces) == 2:
        unmarked, marked = throw.die_faces
        values = tuple(up * marked + (throw.dice - up) * unmarked for up in range(throw.dice + 1))
    return () if values == tuple(range(len(values))) else values


def _die_as_thrown(piece: PieceSpec, throw: Tables) -> PieceSpec:
    """A die the file leaves with its ordinary faces, marked as [play] throw counts them where its six faces count
    otherwise (faces = [0, 0, 1, 1, 2, 2]): pips for 1 to 6, blank for 0, the number beyond 6."""
    ordinary = tuple(range(1, 7))
    if piece.kind != "die" or piece.faces != PIPS or len(throw.die_faces) != 6 or throw.die_faces == ordinary:
        return piece
    return replace(piece, faces=tuple(str(value) if value else "" for value in throw.die_faces))


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


def _arrows_along_tracks(game: GameFile) -> tuple[Arrow, ...]:
    """Arrows along every leg of each player's track (draw.track_arrows), in that player's colour; one track that
    everyone shares in the track's own colour."""
    roles = [TRACK_ARROW if game.shared_track else f"arrow.p{player}" for player in range(1, len(game.tracks) + 1)]
    return track_arrows(game.tracks, roles, game.numbers)


def track_numbers(game: GameFile) -> tuple[FieldMark, ...]:
    """Each field of the (first) track numbered from 1 in its corner, as [board] numbers = true asks."""
    if not game.numbers or not game.tracks:
        return ()
    return tuple(FieldMark(f, NOTE_ROLE, f"note:{n}") for n, f in enumerate(game.tracks[0], start=1))


# The legend's roles that draw a field as a shape of its own, and the shape.
SHAPES = {"point": POINT, "pit": PIT, "store": STORE, "bar": BAR}
# A shape's zone nobody owns, where the file gives no look for it, as the palette draws the shape: a point's ground
# as the board's surface, a bar as a bar, a pit's and a store's inside as a cup's; a player's zone keeps its colour.
NOBODYS_SHAPE = {"point": "board", "bar": "bar", "pit": "cup.inside", "store": "cup.inside"}
# The looks of the shapes a game file's [colours] may give, and the palette's role each stands for.  (A bar, as
# every field, is in its zone's look.)
SHAPE_KEYS = {"points": "point.one", "other points": "point.two", "cups": "cup", "board": "board"}
TRAY_ROLE = "tray."  # and the zone's own role: a tray is styled as the zone of the point it is beside


def _shape_styles(game: GameFile, palette: str) -> dict[str, Style | None]:
    """The looks of the board's shapes in `palette`: the file's own where it gives them, otherwise the palette's."""
    given = dict(dict(game.colours).get(palette, ()))
    return {role: given[key] for key, role in SHAPE_KEYS.items() if key in given}


def with_shape_looks(game: GameFile, palette: str, plain_points: bool = True) -> GameFile:
    """The file as if it gave each shape's zone nobody owns (a point's ground, a bar, a pit) the palette's look of
    that shape in `palette`, where it gives none of its own: as every zone it is then styled and checked against
    its neighbours' colours.  In black and white a player's points stand on plain ground too (`plain_points`): a
    pattern between the points would blur them, and on wood its engraving would run into theirs."""
    given = dict(dict(game.colours).get(palette, ()))
    look = get_palette(palette)
    added = tuple((zone.name, look.style(NOBODYS_SHAPE[zone.role])) for zone in game.zones
                  if zone.role in NOBODYS_SHAPE and zone.name not in given and (zone.player == 0 or zone.role == "bar"))
    if plain_points and palette == "mono":
        added += tuple((zone.name, look.style("board")) for zone in game.zones
                       if zone.role == "point" and zone.player and zone.name not in given)
    if not added:
        return game
    colours = dict(game.colours)
    return replace(game, colours=tuple({**colours, palette: colours.get(palette, ()) + added}.items()))


def _trays(game: GameFile, shapes: Mapping[Field, str], zones: Mapping[Field, str]) -> tuple[Tray, ...]:
    """A tray for each track that ends on a point at the board's left or right edge (backgammon's bearing off),
    beyond that edge beside the point's row, in the look of the point's zone (its player's home board)."""
    trays = []
    for track in game.tracks:
        last = track[-1] if track else None
        if last is not None and shapes.get(last) == POINT and last[0] in (0, game.columns - 1):
            trays.append(Tray(last, "left" if last[0] == 0 else "right", TRAY_ROLE + zones[last]))
    return tuple(trays)


# A chequered board's dark squares, where the file gives no look for them: dark enough for a piece of either
# colour to stand out on (the light squares are white), and in mono a grey the laser engraves whole.
DARK_SQUARES = {"classic": Style(fill="#a77b52"), "cud": Style(fill="#8f8f8f"), "mono": Style(fill="#707070")}


def board_spec(game: GameFile, variant: Variant) -> BoardSpec:
    zones: dict[Field, str] = {}
    absent: set[Field] = set()
    shapes: dict[Field, str] = {}
    for r, line in enumerate(game.cells):
        row = game.rows - 1 - r  # the map's first line is the far side of the board
        for column, char in enumerate(line):
            zone = game.zone_of(char)
            if zone.role in SHAPES:
                shapes[(column, row)] = SHAPES[zone.role]
            if zone.role == "none":
                absent.add((column, row))
            elif game.chequered and zone.role == "plain" and (column + row) % 2 == 0:
                zones[(column, row)] = DARK  # a1 and every other square; a zone of its own keeps its colour
            else:
                zones[(column, row)] = zone_role(zone)
    marks = track_numbers(game) + tuple(FieldMark(mark.field, *_mark(mark.symbol)) for mark in game.marks)
    # Arrows of the file's own stand instead of those along its tracks: two sets would lie on top of each other.
    arrows = tuple(Arrow(arrow.start, arrow.end, f"arrow.p{arrow.player}") for arrow in game.arrows) or \
        _arrows_along_tracks(game)
    labels = tuple(EdgeLabel(label.side, label.place, label.text, f"label.p{label.player}" if label.player else "ink",
                             label.upside_down) for label in game.labels)
    jumps = tuple(Jump(jump.start, jump.end, jump_role(jump.kind), jump.kind) for jump in game.jumps)
    # A board of squares shows which fields neighbour each other by its squares: its lines are drawn only on a
    # board of points, where they are the board (diagonals for every square would cross out a whole board of
    # squares); the lines only a rule option moves along are drawn on either, lighter, so one board serves both.
    return BoardSpec(game.board_title or f"{game.title} board", variant.grid, MappingProxyType(zones), marks, arrows,
                     edge_labels=labels, absent=frozenset(absent), jumps=jumps, coordinates=game.coordinates,
                     lines=game.lines if game.points else (), points=game.points, option_lines=game.option_lines,
                     chequered=game.chequered, shapes=MappingProxyType(shapes), trays=_trays(game, shapes, zones))

