"""What the registry knows about each game, and the loaders that fetch its parts on first use.

`boardgen board` must start fast, so a GameInfo holds only names, numbers
and loaders: the rules, the presentation and the printable pieces are
imported the first time something asks for them, and then kept.
"""

from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypedDict, TypeVar

from ..engine.grid import Field, Variant
from ..lazy import LazyFunction, Loader

__all__ = ["GameInfo", "GiftBox", "LazyFunction", "LegoColour", "LegoTowers", "Loader", "PrintedPieces", "TEMPLATES"]

if TYPE_CHECKING:
    from ..draw.board_spec import BoardSpec
    from ..draw.diagram_items import DiagramItem, DiagramPosition
    from ..draw.styles import Style
    from ..engine.contract import GameRules
    from ..engine.examples import Chooser
    from ..engine.studies import StudySpec
    from ..layout.paper import Paper
    from ..layout.piece_set import PieceSet

T = TypeVar("T")

# The built-in games' texts (rule sheets, sample positions), shipped inside the package.
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


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


class Presentation(Protocol[PositionT, MoveT]):
    """How a game's positions and moves are shown to people and programs (apart from its rules)."""

    def summary(self, position: PositionT) -> str: ...  # "red to move, throw 4 and 2"

    def no_moves_reason(self, position: PositionT) -> str: ...  # why a valid, unfinished position lists no moves

    def move_json(self, position: PositionT, move: MoveT) -> MoveJson: ...  # a TypedDict of the move's kind

    def origin(self, position: PositionT, move: MoveT) -> Field | None: ...  # where the moving piece stands

    def reached(self, position: PositionT, move: MoveT) -> list[Field]: ...  # fields a diagram marks for the move

    def items(self, position: PositionT) -> "list[DiagramItem]": ...  # what a diagram draws on the board

    def standing(self, position: PositionT) -> dict[str, Any]: ...  # how the game stands (scores, captures)

    # The keys of each kind of move's JSON besides "kind" and "notation": {"move": {"from", "to"}, ...}.
    move_fields: Mapping[str, frozenset[str]]


class PiecesOptions(NamedTuple):
    """What a game's printable pieces are laid out for."""

    field_size: float  # mm: pieces that stand on fields are sized to them
    paper: "Paper"
    margin: float
    sides: str  # duplex-long | duplex-short | fold, for two-sided pieces
    variant: Variant


PieceKit = Callable[[Variant], "PieceSet"]


class LegoColour(NamedTuple):
    bricklink_id: int
    name: str


class PrintedPieces(NamedTuple):
    """A game's pieces to print or cut, for sets that lack them: what `pieces` and gift sets ask a game for."""

    kit: Loader[PieceKit]  # the pieces for a board, described (layout.piece_set); drawn by layout.piece_sheets
    description: str  # "36 two-sided paper tokens and two throwing sticks", for help, boxes and read-mes
    two_sided: bool = False  # whether --sides means anything for them (they include tokens)
    laser_description: str = ""  # the pieces as cut ("36 two-sided plywood tokens ..."), for a laser set's read-me


class LegoTowers(NamedTuple):
    """For a game whose dice can be LEGO towers: each player's brick colour, and the dice a player has."""

    colours: Mapping[str, LegoColour]
    dice: int = 6


class GiftBox(NamedTuple):
    """What a gift set's box needs to know of a game beyond its board and pieces."""

    to_buy: str = ""  # what a gift set cannot print, for its read-me ("" when the paper pieces are all)
    # The numbers `to_buy` names with {fields}, for each board ("{trees} Treehouse sets": 3 on 5x5, 5 on 7x7).
    to_buy_counts: "Callable[[Variant], Mapping[str, int]] | None" = None


class GameInfo(NamedTuple):
    """A game's identity and where its parts are; each product asks for the part it needs."""

    name: str
    title: str
    designer: str
    year: int
    summary: str
    players: tuple[str, str]
    variants: tuple[Variant, ...]  # the default first
    board: "Callable[[Variant], BoardSpec]"  # describes the board: cheap, needs no rules
    rules: "Loader[GameRules[Any, Any]]"
    presentation: Loader[Presentation[Any, Any]]
    languages: tuple[str, ...]  # rule sheets: English first, then the home language
    default_field: float  # mm
    texts: Path  # the folder of its texts: rules/GAME.LANG.md and positions/GAME/*.toml
    pieces: PrintedPieces | None = None
    no_pieces_reason: str = ""  # what to use instead, for a game without printable pieces
    lego: LegoTowers | None = None
    no_lego_reason: str = ""
    box: GiftBox = GiftBox()
    # Random positions for property tests and benchmarks: a module's `random_position(choose)`.
    examples: "Loader[Callable[[Chooser], str]] | None" = None
    # The designers' questions about the game that `boardgen study` answers: a module's STUDIES.
    studies: "Loader[tuple[StudySpec, ...]] | None" = None
    # mm: the smallest field the game's pieces stand in; a laser set shrinking its board to fit a bed stops here.
    smallest_field: float = 5.0
    # The styles of roles of the game's own (a game file's zones), by palette name; the built-in games' roles
    # are all in the palettes.
    styles: "Callable[[str], Mapping[str, Style | None]] | None" = None
    # A game file's rule texts by language (Markdown); the built-in games' are in their texts folder.
    rule_texts: "Callable[[str], str] | None" = None
    # What the user should know about how the game is drawn in a palette (a game file's colours that look alike).
    notices: "Callable[[str], tuple[str, ...]] | None" = None
    # A game file's named positions, for its rule sheet and `diagram FILE#NAME` (BoardgenError for a name it
    # lacks); the built-in games' diagrams are drawn from positions their engines load and play.
    positions: "Callable[[str], DiagramPosition] | None" = None
    # What a game file's box lid shows (its first position's pieces, or its bare board); a built-in game's lid
    # shows a sample position its engine draws.
    lid: "DiagramPosition | None" = None

    @property
    def default_variant(self) -> Variant:
        return self.variants[0]

    def variant(self, name: str | None) -> Variant:
        """The named board, or the default; ValueError naming the boards otherwise."""
        if name is None:
            return self.default_variant
        for variant in self.variants:
            if variant.name == name.lower():
                return variant
        raise ValueError(f"{self.title} has no {name!r} board; boards: {', '.join(v.name for v in self.variants)}")
