"""An IACTA position: reading it from a file, checking it, writing it back."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...engine.grid import Variant
from ...engine.position_file import (
    Piece,
    SourceMap,
    format_board,
    per_player,
    read_required_board,
    read_to_move,
    read_variant,
    toml_string,
    type_name,
    unknown_keys,
)
from ...engine.problems import PositionFileError, Problem
from .geometry import CLASSIC, PLAYERS, VARIANTS

LETTER: Mapping[str, str] = MappingProxyType({"red": "r", "yellow": "y"})
PLAYER_OF: Mapping[str, str] = MappingProxyType({letter: player for player, letter in LETTER.items()})
HOMELAND_SIZES: Mapping[str, int] = MappingProxyType({"small": 6, "large": 10})
DOUBLES = ("off", "throw", "keep")
# The pale fields: part of a large homeland (the 2021 clarifications), or a border where no die can be struck
# (the 2001 page: "the lighter fields are the security border").
BORDERS = ("homeland", "safe")
MAX_DICE = 10
FACES = range(1, 7)


@dataclass(frozen=True, eq=False)
class IactaOptions:
    """The rule options a file may set; the defaults are the 2001 game."""

    homeland: Mapping[str, str]  # player -> "small" | "large"
    dice: Mapping[str, int]  # player -> number of dice
    rocade: bool = False
    doubles: str = "off"  # "off" | "throw" | "keep"
    border: str = "homeland"  # "homeland" | "safe"

    # Mappings are not hashable; positions are (the simulator keeps them in tables).
    def _key(self) -> tuple[object, ...]:
        return (tuple(sorted(self.homeland.items())), tuple(sorted(self.dice.items())), self.rocade, self.doubles,
                self.border)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IactaOptions) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


DEFAULT_OPTIONS = IactaOptions(MappingProxyType({p: "small" for p in PLAYERS}),
                               MappingProxyType({p: 6 for p in PLAYERS}))


@dataclass(frozen=True)
class IactaPosition:
    to_move: str  # "red" | "yellow"
    cells: tuple[Piece | None, ...]  # one per field, index = row * columns + column, a1 first
    throw: tuple[int, int] | None = None
    options: IactaOptions = DEFAULT_OPTIONS
    variant: Variant = CLASSIC


_TOP_KEYS = {"game", "variant", "to_move", "throw", "board", "rules"}
_RULE_KEYS = {"homeland", "dice", "rocade", "doubles", "border"}


def read_position(document: Mapping[str, Any], source: SourceMap) -> IactaPosition:
    """A parsed TOML document -> IactaPosition, or PositionFileError listing every problem."""
    problems = unknown_keys(document, _TOP_KEYS, "", source)
    variant = read_variant(document, source, VARIANTS, problems)
    grid = variant.grid
    to_move = read_to_move(document, PLAYERS, source, problems)
    throw = _read_throw(document.get("throw"), source, problems)
    options = _read_options(document.get("rules", {}), source, problems)
    cells = read_required_board(document, grid, "".join(LETTER.values()), source, problems)
    for field, stack in cells.items():
        if len(stack) > 1:
            problems.append(Problem("stack-not-allowed", f"{grid.name(field)} holds {len(stack)} dice; in IACTA a "
                                    "field holds one die at most", grid.name(field)))
    if problems:
        raise PositionFileError(problems)
    board: list[Piece | None] = [None] * grid.size
    for field, stack in cells.items():
        board[grid.index(field)] = stack[0]
    return IactaPosition(to_move, tuple(board), throw, options, variant)


def _read_throw(value: Any, source: SourceMap, problems: list[Problem]) -> tuple[int, int] | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        problems.append(Problem("bad-throw", "throw must be the two thrown dice, like throw = [4, 2]",
                                source.where("throw")))
        return None
    return (value[0], value[1])


def _homeland_complaint(value: Any) -> str | None:
    if isinstance(value, str) and value in HOMELAND_SIZES:
        return None
    shown = value if isinstance(value, str) else type_name(value)
    return f"'{shown}' is not \"small\" or \"large\""


def _dice_complaint(value: Any) -> str | None:
    if type(value) is not int:
        return f"must be a whole number, not {type_name(value)}"
    return None if 1 <= value <= MAX_DICE else f"{value} dice is not possible; use 1 to {MAX_DICE}"


def _read_options(value: Any, source: SourceMap, problems: list[Problem]) -> IactaOptions:
    if not isinstance(value, dict):
        problems.append(Problem("wrong-type", f"rules must be a [rules] table, not {type_name(value)}",
                                source.where("rules")))
        return DEFAULT_OPTIONS
    problems.extend(unknown_keys(value, _RULE_KEYS, "rules", source))
    homeland, more = per_player(value.get("homeland", "small"), PLAYERS, "rules.homeland", source,
                                _homeland_complaint)
    problems.extend(more)
    dice, more = per_player(value.get("dice", 6), PLAYERS, "rules.dice", source, _dice_complaint)
    problems.extend(more)
    rocade = value.get("rocade", False)
    if type(rocade) is not bool:
        problems.append(Problem("bad-rule", f"'rules.rocade' must be true or false, not {type_name(rocade)}",
                                source.where("rules.rocade")))
        rocade = False
    doubles = value.get("doubles", "off")
    if not (isinstance(doubles, str) and doubles in DOUBLES):
        shown = doubles if isinstance(doubles, str) else type_name(doubles)
        problems.append(Problem("bad-rule", f"'rules.doubles' is '{shown}'; use \"off\", \"throw\" or \"keep\"",
                                source.where("rules.doubles")))
        doubles = "off"
    border = value.get("border", "homeland")
    if not (isinstance(border, str) and border in BORDERS):
        shown = border if isinstance(border, str) else type_name(border)
        problems.append(Problem("bad-rule", f"'rules.border' is '{shown}'; use \"homeland\" (the pale fields are "
                                "part of a large homeland) or \"safe\" (no die on them can be struck, as in 2001)",
                                source.where("rules.border")))
        border = "homeland"
    sizes = {p: homeland[p] if _homeland_complaint(homeland.get(p)) is None else "small" for p in PLAYERS}
    counts = {p: dice[p] if type(dice.get(p)) is int else 6 for p in PLAYERS}
    return IactaOptions(MappingProxyType(sizes), MappingProxyType(counts), rocade, doubles, border)


def count_problems(position: IactaPosition, won_by: list[str]) -> list[Problem]:
    """Counts and ranges; `won_by` lists the players whose dice all stand in their goal."""
    grid = position.variant.grid
    problems = []
    counts = {player: 0 for player in PLAYERS}
    for i, piece in enumerate(position.cells):
        if piece is None:
            continue
        counts[PLAYER_OF[piece.owner]] += 1
        if piece.face not in FACES:
            problems.append(Problem("face-out-of-range", f"the die on {grid.index_name(i)} shows {piece.face}; "
                                    "a die shows 1 to 6", grid.index_name(i)))
    for player in PLAYERS:
        wanted = position.options.dice[player]
        size = position.options.homeland[player]
        if counts[player] != wanted:
            problems.append(Problem("dice-count", f"{player} has {counts[player]} dice on the board; the rules give "
                                    f"{player} {wanted}", ""))
        if wanted > HOMELAND_SIZES[size]:
            problems.append(Problem("homeland-too-small", f"{player} plays with {wanted} dice, but a {size} homeland "
                                    f"holds only {HOMELAND_SIZES[size]}; give {player} a large homeland or fewer dice",
                                    "rules"))
    if position.throw is not None:
        for value in position.throw:
            if value not in FACES:
                problems.append(Problem("bad-throw", f"a thrown die shows 1 to 6, not {value}", "throw"))
    if len(won_by) == len(PLAYERS):
        problems.append(Problem("both-won", "both players have all their dice in their goal; only one can win", ""))
    return problems


def format_position(position: IactaPosition) -> str:
    grid = position.variant.grid
    cells = {grid.field_at(i): (piece,) for i, piece in enumerate(position.cells) if piece is not None}
    lines = ['game = "iacta"', f"to_move = {toml_string(position.to_move)}"]
    if position.throw is not None:
        lines.append(f"throw = [{position.throw[0]}, {position.throw[1]}]")
    lines += ['board = """', format_board(cells, grid), '"""', "", "[rules]"]
    options = position.options
    lines.append(f"homeland = {_per_player_toml(options.homeland, toml_string)}")
    lines.append(f"dice = {_per_player_toml(options.dice, str)}")
    lines.append(f"rocade = {'true' if options.rocade else 'false'}")
    lines.append(f"doubles = {toml_string(options.doubles)}")
    if options.border != "homeland":  # written when it differs, so files written before it existed stay the same
        lines.append(f"border = {toml_string(options.border)}")
    return "\n".join(lines) + "\n"


def _per_player_toml(values: Mapping[str, Any], show: Callable[[Any], str]) -> str:
    distinct = set(values.values())
    if len(distinct) == 1:
        return show(next(iter(distinct)))
    return "{ " + ", ".join(f"{p} = {show(values[p])}" for p in PLAYERS) + " }"
