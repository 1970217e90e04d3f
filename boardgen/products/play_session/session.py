"""A table's game played out: its steps replayed from the start, the steps the table makes itself (the dice, the
computer's moves), and Undo."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...engine.contract import Position
from ...engine.contract import play as play_steps
from ...engine.problems import PositionFileError
from ...errors import BoardgenError
from ...gamefiles.position_files import load_position
from ...simulate.players import parse_player
from .table import COMPUTER, MOST_STEPS, Table, unpack

P = TypeVar("P", bound=Position)
M = TypeVar("M")


def is_throw(step: str) -> bool:
    """Whether a step only throws ("42:"), moving nothing."""
    return step.rstrip().endswith(":")


@dataclass(frozen=True)
class Played(Generic[P, M]):
    """A table's position after its steps, and who made each move step (None for a throw)."""

    table: Table[P, M]
    position: P
    movers: tuple[str | None, ...]


def start_position(table: Table[P, M]) -> P:
    """Where the table's game begins: its start position if the address gives one (checked), else the board's."""
    rules = table.rules
    if not table.start:
        return rules.start(table.game.variant(table.variant or None))
    try:
        loaded = load_position(unpack(table.start))
    except PositionFileError as error:  # a link packed by hand, or cut short where the words still unpack
        raise BoardgenError(f"the link's start position cannot be read: {error.problems[0].message}") from None
    if loaded.game.name != table.game.name:
        raise BoardgenError(f"the start position is a {loaded.game.title} position, not {table.game.title}")
    # The file names the table's game, so its position is of the table's kind: P.
    position: P = loaded.position
    problems = rules.problems(position)
    if problems:
        raise BoardgenError(f"the start position is not valid: {problems[0].message}")
    return position


def replay(table: Table[P, M]) -> Played[P, M]:
    """The table's steps played from its start; BoardgenError naming the first step that cannot be played."""
    rules = table.rules
    position = start_position(table)
    movers: list[str | None] = []
    for number, step in enumerate(table.steps, start=1):
        movers.append(None if is_throw(step) else position.to_move)
        try:
            position = play_steps(rules, position, [step])
        except (BoardgenError, ValueError) as error:
            raise BoardgenError(f"step {number} of the game cannot be played: {error}") from None
    return Played(table, position, tuple(movers))


def step_due(table: Table[P, M], position: P, dice: random.Random) -> str | None:
    """The step the table makes now (a throw, or the computer's move), drawn from `dice`; None when the game is
    over or a person is to move."""
    rules = table.rules
    if rules.outcome(position) is not None:
        return None
    chances = rules.chance(position)
    if chances:
        thrown = dice.choices(list(chances), [float(chance.weight) for chance in chances])[0]
        return f"{thrown.label}:"
    if table.against and position.to_move == table.side:
        move = parse_player(COMPUTER[table.against]).choose(rules, position, dice)
        return rules.notation(position, move)
    return None


def steps_due(played: Played[P, M], dice: random.Random) -> tuple[str, ...]:
    """Every step the table makes before a person is to move (the throws and the computer's moves), up to the
    most steps an address may hold."""
    table, position = played.table, played.position
    made: list[str] = []
    while len(table.steps) + len(made) < MOST_STEPS:
        step = step_due(table, position, dice)
        if step is None:
            break
        made.append(step)
        position = play_steps(table.rules, position, [step])
    return tuple(made)


def undone(played: Played[P, M]) -> tuple[str, ...] | None:
    """The steps before the last move a person made (the throw before it kept: no throwing again until it suits,
    and the computer's answer taken back with it); None when there is none to take back."""
    table = played.table
    steps, movers = list(table.steps), list(played.movers)
    while steps:
        mover = movers.pop()
        steps.pop()
        if mover is not None and not (table.against and mover == table.side):
            return tuple(steps)
    return None
