"""A table's game played out: its steps replayed from the start (who made each, and where each move went), the
steps the table makes itself (the throws, the computer's moves), and Undo."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...engine.contract import Position
from ...engine.contract import play as play_steps
from ...engine.grid import Field
from ...errors import BoardgenError
from ...simulate.players import parse_player
from .table import COMPUTER, MOST_STEPS, Table

P = TypeVar("P", bound=Position)
M = TypeVar("M")


def is_throw(step: str) -> bool:
    """Whether a step only throws ("42:"), moving nothing."""
    return step.rstrip().endswith(":")


def split_step(step: str) -> tuple[str, str]:
    """A step's throw ("42", or "" for none) and its move ("c1-e3=2", or "" for a throw alone), as
    engine.contract.play reads them."""
    throw, colon, rest = step.partition(":")
    if colon and throw.strip() and all(character in "0123456789, " for character in throw):
        return throw.replace(",", "").replace(" ", ""), rest.strip()
    return "", step.strip()


@dataclass(frozen=True)
class Step:
    """A step as it was played: who made it, its throw and its move (either may be ""), the move's kind (the
    presentation's: "enter", "pass", "move"), the fields it left and reached, and the fields whose pieces or seeds
    it captured and the pieces it turned over, where the move's JSON says ("captures", "flips")."""

    player: str
    throw: str
    move: str
    kind: str = ""
    origin: Field | None = None
    reached: tuple[Field, ...] = ()
    captured: tuple[str, ...] = ()
    flipped: int = 0


def _named_fields(value: object) -> tuple[str, ...]:
    """A move's JSON list of field names ("captures": ["d4"]); () for anything else."""
    return tuple(str(name) for name in value) if isinstance(value, list) else ()


@dataclass(frozen=True)
class Played(Generic[P, M]):
    """A table's position after its steps, and each step as it was played."""

    table: Table[P, M]
    position: P
    played: tuple[Step, ...]

    @property
    def movers(self) -> tuple[str | None, ...]:
        """Who made each step that moved (None for a throw alone)."""
        return tuple(step.player if step.move else None for step in self.played)

    @property
    def last_move(self) -> Step | None:
        """The last step that moved a piece (or passed), None before the first."""
        return next((step for step in reversed(self.played) if step.move), None)


def replay(table: Table[P, M]) -> Played[P, M]:
    """The table's steps played from its start; BoardgenError naming the first step that cannot be played."""
    rules, shows = table.rules, table.engine.presentation
    position = table.begin
    played: list[Step] = []
    for number, step in enumerate(table.steps, start=1):
        player = position.to_move
        throw, text = split_step(step)
        try:
            if not throw and not text:  # ",:" is no throw and no move
                raise BoardgenError(f"{step.strip()[:20]!r} is neither a throw nor a move")
            if throw:
                position = rules.parse_chance(position, throw)
            if not text:
                played.append(Step(player, throw, ""))
                continue
            move = rules.parse_move(position, text)
        except (BoardgenError, ValueError) as error:
            raise BoardgenError(f"step {number} of the game cannot be played: {error}") from None
        said = dict(shows.move_json(position, move))
        played.append(Step(player, throw, rules.notation(position, move), str(said["kind"]),
                           shows.origin(position, move), tuple(shows.reached(position, move)),
                           _named_fields(said.get("captures")), len(_named_fields(said.get("flips")))))
        position = rules.apply(position, move)
    return Played(table, position, tuple(played))


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
    if position.to_move in table.sides:
        move = parse_player(COMPUTER[table.against]).choose(rules, position, dice)
        return rules.notation(position, move)
    return None


def steps_due(played: Played[P, M], dice: random.Random) -> tuple[str, ...]:
    """Every step the table makes before a person is to move (the throws and the computer's moves), up to the
    most steps an address may hold.  Two people at one screen throw with `dice`; against the computer each step
    is drawn from the table's own source (its key, seed and every step before it), so the same address always
    throws the same, whatever the caller passes."""
    table, position = played.table, played.position
    made: list[str] = []
    while len(table.steps) + len(made) < MOST_STEPS:
        step = step_due(table, position, table.dice((*table.steps, *made)) if table.signed else dice)
        if step is None:
            break
        made.append(step)
        position = play_steps(table.rules, position, [step])
    return tuple(made)


def advanced(played: Played[P, M], dice: random.Random) -> Table[P, M] | None:
    """The table a person should see: with a seed if it is a new game against the computer, and the throws and
    the computer's moves due made; None when the address already is that table."""
    table = played.table.begun()
    made = steps_due(Played(table, played.position, played.played), dice)
    if not made and table is played.table:
        return None
    return table.played_on([*table.steps, *made])


def undone(played: Played[P, M]) -> tuple[str, ...] | None:
    """The steps before the last move a person made (the throw before it kept: no throwing again until it suits,
    and the computer's answer taken back with it); None when there is none to take back."""
    table = played.table
    steps, movers = list(table.steps), list(played.movers)
    while steps:
        mover = movers.pop()
        steps.pop()
        if mover is not None and mover not in table.sides:
            return tuple(steps)
    return None
