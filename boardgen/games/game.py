"""What a game is to every product: the `Game` protocol, and what a built-in game's folder declares.

A game has two implementations: a built-in game's package (`GameFolder`,
one per folder under boardgen/games, or from another package's entry
point) and a game file (`boardgen.gamefiles.game.FileGame`).  Products ask
only this protocol, never which kind they have: the board, the looks of
the game's own roles, its pieces, its rule texts, its named positions, and
its rules engine where it has one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeAlias, TypedDict, TypeVar

from ..draw.board_spec import BoardSpec
from ..draw.diagram_items import DiagramItem, DiagramPosition
from ..draw.styles import Style
from ..engine.contract import GameRules, Position
from ..engine.examples import Chooser
from ..engine.grid import Field, Variant
from ..engine.studies import StudySpec
from ..errors import BoardgenError
from ..layout.piece_set import PieceSet

# The built-in games' texts (rule sheets, sample positions), shipped inside the package.
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"

# A game's players, first to move first: two, three or four of them.
Players = tuple[str, str] | tuple[str, str, str] | tuple[str, str, str, str]


def players_named(names: tuple[str, ...]) -> Players:
    """`names` as a game's players; ValueError unless there are two to four."""
    match names:
        case (first, second):
            return (first, second)
        case (first, second, third):
            return (first, second, third)
        case (first, second, third, fourth):
            return (first, second, third, fourth)
    raise ValueError(f"a game has 2 to 4 players, not {len(names)}")


class MoveJson(TypedDict):
    """What every move's JSON holds; each game's kinds of move add their own keys (a TypedDict per kind)."""

    kind: str
    notation: str


def move_fields(kinds: Mapping[str, type]) -> Mapping[str, frozenset[str]]:
    """{kind: the keys of its JSON besides kind and notation}, read from each kind's TypedDict."""
    return MappingProxyType({kind: frozenset(typed.__annotations__) - {"kind", "notation"}
                             for kind, typed in kinds.items()})


PositionT = TypeVar("PositionT", contravariant=True)
MoveT = TypeVar("MoveT", contravariant=True)
P = TypeVar("P", bound=Position)
M = TypeVar("M")


class Presentation(Protocol[PositionT, MoveT]):
    """How a game's positions and moves are shown to people and programs (apart from its rules)."""

    def summary(self, position: PositionT) -> str: ...  # "red to move, throw 4 and 2"

    def no_moves_reason(self, position: PositionT) -> str: ...  # why a valid, unfinished position lists no moves

    def move_json(self, position: PositionT, move: MoveT) -> MoveJson: ...  # a TypedDict of the move's kind

    def origin(self, position: PositionT, move: MoveT) -> Field | None: ...  # where the moving piece stands

    def reached(self, position: PositionT, move: MoveT) -> list[Field]: ...  # fields a diagram marks for the move

    def items(self, position: PositionT) -> list[DiagramItem]: ...  # what a diagram draws on the board

    def standing(self, position: PositionT) -> dict[str, Any]: ...  # how the game stands (scores, captures)

    def player_json(self, player: str) -> str | int: ...  # a player as JSON gives it: "red", or a seat's number

    # The keys of each kind of move's JSON besides "kind" and "notation": {"move": {"from", "to"}, ...}.
    @property
    def move_fields(self) -> Mapping[str, frozenset[str]]: ...


@dataclass(frozen=True)
class Engine(Generic[P, M]):
    """A game's rules engine, for its positions P and moves M: what `check`, `diagram`, `simulate`, `study` and
    `report` play and show."""

    rules: GameRules[P, M]
    presentation: Presentation[P, M]
    # Random positions for property tests and benchmarks: `random_position(choose)` gives a position file's text.
    examples: Callable[[Chooser], str] | None = None
    # The designers' questions about the game that `boardgen study` answers.
    studies: tuple[StudySpec, ...] = ()


# The engine of a game of unknown kind: what the registry's games and the Game protocol hold.  Every game's
# positions and moves are types of its own, and Python cannot write "an Engine[P, M] for some P and M", so their
# types are Any here (and in games.loading.SomeLoaded, a position of such a game), nowhere else.  Code that plays
# an engine takes it as `Engine[P, M]` in a function generic in P and M (as simulate.match does), where mypy checks
# it alike for every game.
SomeEngine: TypeAlias = Engine[Any, Any]


@dataclass(frozen=True)
class LegoColour:
    bricklink_id: int
    name: str


@dataclass(frozen=True)
class LegoTowers:
    """For a game whose dice can be LEGO towers: each player's brick colour, and the dice a player has."""

    colours: Mapping[str, LegoColour]
    dice: int = 6


@dataclass(frozen=True)
class PrintedPieces:
    """A game's pieces to print or cut, for sets that lack them: what `pieces` and gift sets ask a game for."""

    kit: Callable[[Variant], PieceSet]  # the pieces for a board, described; drawn by layout.piece_sheets
    description: str  # "36 two-sided paper tokens and two throwing sticks", for help, boxes and read-mes
    two_sided: bool = False  # whether --sides means anything for them (they include tokens)
    laser_description: str = ""  # the pieces as cut ("36 two-sided plywood tokens ..."), for a laser set's read-me


@dataclass(frozen=True)
class GiftBox:
    """What a gift set's box needs to know of a game beyond its board and pieces."""

    to_buy: str = ""  # what a gift set cannot print, for its read-me ("" when the paper pieces are all)
    # The numbers `to_buy` names with {fields}, for each board ("{trees} Treehouse sets": 3 on 5x5, 5 on 7x7).
    to_buy_counts: Callable[[Variant], Mapping[str, int]] | None = None


class Game(Protocol):
    """A game, built in or from a file: everything any product asks of one."""

    @property
    def name(self) -> str: ...  # "iacta", or a game file's short name

    @property
    def title(self) -> str: ...

    @property
    def designer(self) -> str: ...

    @property
    def year(self) -> int | None: ...  # negative: BC; None: not known, and nothing prints one

    @property
    def summary(self) -> str: ...

    @property
    def players(self) -> Players: ...

    # Each player's side in the game's own words, in the order of `players` ("red", "yellow"; "geese", "fox"): what
    # a page calls the players by.  A built-in game's are its players' names; a game file's, its [about] sides.
    @property
    def side_names(self) -> tuple[str, ...]: ...

    @property
    def variants(self) -> tuple[Variant, ...]: ...  # the default first

    @property
    def languages(self) -> tuple[str, ...]: ...  # rule sheets: English first, then the home language

    @property
    def default_field(self) -> float: ...  # mm

    @property
    def smallest_field(self) -> float: ...  # mm: the smallest field the pieces stand in

    @property
    def texts(self) -> Path: ...  # the folder rules/GAME.LANG.md and positions/GAME/*.toml are looked up in

    @property
    def pieces(self) -> PrintedPieces | None: ...

    @property
    def no_pieces_reason(self) -> str: ...  # what to use instead, for a game without printable pieces

    @property
    def lego(self) -> LegoTowers | None: ...

    @property
    def no_lego_reason(self) -> str: ...

    @property
    def box(self) -> GiftBox: ...

    @property
    def engine(self) -> SomeEngine | None: ...  # None: a game to print and cut, not to play

    @property
    def no_engine_reason(self) -> str: ...  # why there is none, and what would give one

    @property
    def lid(self) -> DiagramPosition | None: ...  # what the box's lid shows; None: a sample the engine picks

    @property
    def default_variant(self) -> Variant: ...

    def variant(self, name: str | None) -> Variant: ...

    def board(self, variant: Variant) -> BoardSpec: ...

    def styles(self, palette: str) -> Mapping[str, Style | None]: ...  # the looks of the game's own roles

    def notices(self, palette: str) -> tuple[str, ...]: ...  # what to know about how it is drawn in a palette

    def rule_text(self, lang: str) -> str | None: ...  # its own rule text (Markdown); None: the packaged sheet

    def position(self, name: str) -> DiagramPosition: ...  # a position it names, for rule sheets and diagrams

    def file_text(self) -> str | None: ...  # the game file it is, to copy (`new --like`); None: a game's folder


def year_text(year: int) -> str:
    """A year as people write it: 2026, or 2600 BC for a negative one."""
    return f"{-year} BC" if year < 0 else str(year)


def designer_and_year(game: Game) -> str:
    """"Thorleif Bundgaard, 2001", "Irving Finkel, 2600 BC", or the designer alone where the year is not known."""
    return game.designer if game.year is None else f"{game.designer}, {year_text(game.year)}"


def board_label(game: Game, variant: str) -> str:
    """How a report names the board a game was played on: the board's name for a game of several ("Stacktics
    3x5"); nothing for a game of one, whose board is the game's own (a game file's "10x3" is its map's size, not a
    name anyone gave it)."""
    return variant if len(game.variants) > 1 else ""


def chosen_variant(game: Game, name: str | None) -> Variant:
    """The named board of `game`, or its default; ValueError naming its boards otherwise."""
    if name is None:
        return game.variants[0]
    for variant in game.variants:
        if variant.name == name.lower():
            return variant
    raise ValueError(f"{game.title} has no {name!r} board; boards: {', '.join(v.name for v in game.variants)}")


def require_engine(game: Game) -> SomeEngine:
    """The game's rules engine, or BoardgenError saying why it has none."""
    if game.engine is None:
        raise BoardgenError(game.no_engine_reason)
    return game.engine


_NO_STYLES: Mapping[str, Style | None] = MappingProxyType({})


@dataclass(frozen=True)
class GameFolder:
    """A built-in game: a package under boardgen/games (or another package's) whose `GAME` is one of these."""

    name: str
    title: str
    designer: str
    year: int | None
    summary: str
    players: Players
    variants: tuple[Variant, ...]  # the default first
    draw_board: Callable[[Variant], BoardSpec]  # describes the board: cheap, needs no rules
    engine: SomeEngine | None
    languages: tuple[str, ...]
    default_field: float
    texts: Path  # the folder of its texts: rules/GAME.LANG.md and positions/GAME/*.toml
    pieces: PrintedPieces | None = None
    no_pieces_reason: str = ""
    lego: LegoTowers | None = None
    no_lego_reason: str = ""
    box: GiftBox = field(default_factory=GiftBox)
    # mm: the smallest field the game's pieces stand in; a laser set shrinking its board to fit a bed stops here.
    smallest_field: float = 5.0
    no_engine_reason: str = ""
    lid: DiagramPosition | None = None  # None: the lid shows a sample position its engine draws

    @property
    def default_variant(self) -> Variant:
        return self.variants[0]

    @property
    def side_names(self) -> tuple[str, ...]:
        return self.players  # its players are named by their colours: "red", "yellow"

    def variant(self, name: str | None) -> Variant:
        return chosen_variant(self, name)

    def board(self, variant: Variant) -> BoardSpec:
        return self.draw_board(variant)

    def styles(self, palette: str) -> Mapping[str, Style | None]:
        return _NO_STYLES  # every role of a built-in game is in the palettes

    def notices(self, palette: str) -> tuple[str, ...]:
        return ()

    def rule_text(self, lang: str) -> str | None:
        return None  # its sheets are the packaged rules/GAME.LANG.md, their diagrams sample positions

    def file_text(self) -> str | None:
        return None  # `new --like` describes it as a game file (products.like_game)

    def position(self, name: str) -> DiagramPosition:
        raise BoardgenError(f"{self.title}'s diagrams are drawn from sample positions: boardgen diagram "
                            f"sample:{self.name}/NAME draws one (boardgen list names them)")
