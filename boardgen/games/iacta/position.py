"""An IACTA position: reading it from a file, checking it, writing it back."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from ...positions import (
    Piece, PositionFileError, Problem, SourceMap, format_board, per_player, read_required_board, read_to_move,
    toml_string, type_name,
    unknown_keys,
)
from .homelands import GRID

PLAYERS = ("red", "yellow")
LETTER = MappingProxyType({"red": "r", "yellow": "y"})
PLAYER_OF = MappingProxyType({letter: player for player, letter in LETTER.items()})
HOMELAND_SIZES = MappingProxyType({"small": 6, "large": 10})
DOUBLES = ("off", "throw", "keep")
MAX_DICE = 10
FACES = range(1, 7)


@dataclass(frozen=True)
class IactaRules:
    homeland: Mapping[str, str]  # player -> "small" | "large"
    dice: Mapping[str, int]  # player -> number of dice
    rocade: bool = False
    doubles: str = "off"  # "off" | "throw" | "keep"


DEFAULT_RULES = IactaRules(MappingProxyType({p: "small" for p in PLAYERS}), MappingProxyType({p: 6 for p in PLAYERS}))


@dataclass(frozen=True)
class IactaPosition:
    to_move: str  # "red" | "yellow"
    cells: tuple[Piece | None, ...]  # 100 fields, index = row * 10 + column, a1 first
    throw: tuple[int, int] | None = None
    rules: IactaRules = DEFAULT_RULES

    game = "iacta"


index, field_of, name = GRID.index, GRID.field_at, GRID.index_name


_TOP_KEYS = {"game", "to_move", "throw", "board", "rules"}
_RULE_KEYS = {"homeland", "dice", "rocade", "doubles"}


def read_position(document: dict[str, Any], source: SourceMap) -> IactaPosition:
    """A parsed TOML document -> IactaPosition, or PositionFileError listing every problem."""
    problems = unknown_keys(document, _TOP_KEYS, "", source)
    to_move = read_to_move(document, PLAYERS, source, problems)
    throw = _read_throw(document.get("throw"), source, problems)
    rules = _read_rules(document.get("rules", {}), source, problems)
    cells = read_required_board(document, GRID, "".join(LETTER.values()), source, problems)
    for field, stack in cells.items():
        if len(stack) > 1:
            problems.append(Problem("stack-not-allowed", f"{GRID.name(field)} holds {len(stack)} dice; in IACTA a "
                                    "field holds one die at most", GRID.name(field)))
    if problems:
        raise PositionFileError(problems)
    board: list[Piece | None] = [None] * (GRID.columns * GRID.rows)
    for field, stack in cells.items():
        board[index(field)] = stack[0]
    return IactaPosition(to_move, tuple(board), throw, rules)


def _read_throw(value: Any, source: SourceMap, problems: list[Problem]) -> tuple[int, int] | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        problems.append(Problem("bad-throw", "throw must be the two thrown dice, like throw = [4, 2]",
                                source.where("throw")))
        return None
    return (value[0], value[1])


def _read_rules(value: Any, source: SourceMap, problems: list[Problem]) -> IactaRules:
    if not isinstance(value, dict):
        problems.append(Problem("wrong-type", f"rules must be a [rules] table, not {type_name(value)}",
                                source.where("rules")))
        return DEFAULT_RULES
    problems.extend(unknown_keys(value, _RULE_KEYS, "rules", source))

    def homeland_complaint(v: Any) -> str | None:
        return None if v in HOMELAND_SIZES else f"'{v}' is not \"small\" or \"large\""

    def dice_complaint(v: Any) -> str | None:
        if type(v) is not int:
            return f"must be a whole number, not {type_name(v)}"
        return None if 1 <= v <= MAX_DICE else f"{v} dice is not possible; use 1 to {MAX_DICE}"

    homeland, more = per_player(value.get("homeland", "small"), PLAYERS, "rules.homeland", source, homeland_complaint)
    problems.extend(more)
    dice, more = per_player(value.get("dice", 6), PLAYERS, "rules.dice", source, dice_complaint)
    problems.extend(more)
    rocade = value.get("rocade", False)
    if type(rocade) is not bool:
        problems.append(Problem("bad-rule", f"'rules.rocade' must be true or false, not {type_name(rocade)}",
                                source.where("rules.rocade")))
        rocade = False
    doubles = value.get("doubles", "off")
    if doubles not in DOUBLES:
        problems.append(Problem("bad-rule", f"'rules.doubles' is '{doubles}'; use \"off\", \"throw\" or \"keep\"",
                                source.where("rules.doubles")))
        doubles = "off"
    homeland = {p: homeland.get(p, "small") if homeland.get(p) in HOMELAND_SIZES else "small" for p in PLAYERS}
    dice = {p: dice[p] if type(dice.get(p)) is int else 6 for p in PLAYERS}
    return IactaRules(MappingProxyType(homeland), MappingProxyType(dice), rocade, doubles)


def validate(position: IactaPosition, won_by: list[str]) -> list[Problem]:
    """Counts and ranges; `won_by` lists the players whose dice all stand in their goal."""
    problems = []
    counts = {player: 0 for player in PLAYERS}
    for i, piece in enumerate(position.cells):
        if piece is None:
            continue
        counts[PLAYER_OF[piece.owner]] += 1
        if piece.face not in FACES:
            problems.append(Problem("face-out-of-range", f"the die on {name(i)} shows {piece.face}; a die shows 1 to 6",
                                    name(i)))
    for player in PLAYERS:
        wanted = position.rules.dice[player]
        size = position.rules.homeland[player]
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
    cells = {field_of(i): (piece,) for i, piece in enumerate(position.cells) if piece is not None}
    lines = ['game = "iacta"', f"to_move = {toml_string(position.to_move)}"]
    if position.throw is not None:
        lines.append(f"throw = [{position.throw[0]}, {position.throw[1]}]")
    lines += ['board = """', format_board(cells, GRID), '"""', "", "[rules]"]
    rules = position.rules
    lines.append(f"homeland = {_per_player_toml(rules.homeland, toml_string)}")
    lines.append(f"dice = {_per_player_toml(rules.dice, str)}")
    lines.append(f"rocade = {'true' if rules.rocade else 'false'}")
    lines.append(f"doubles = {toml_string(rules.doubles)}")
    return "\n".join(lines) + "\n"


def _per_player_toml(values: Mapping[str, Any], show) -> str:
    distinct = set(values.values())
    if len(distinct) == 1:
        return show(next(iter(distinct)))
    return "{ " + ", ".join(f"{p} = {show(values[p])}" for p in PLAYERS) + " }"
