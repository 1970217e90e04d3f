"""What the table shows a person who is to move: the board with a link over every field a move starts from or
reaches, every legal move in words, Undo, and how the game stands.

Each link is the query of the address it leads to (Table.query): the page puts its own path before it.  A click
on a piece chooses it (`from`); a click on where it goes plays the move, or, where several moves reach that
field (a choice of what to do there), lists them (`to`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from ...engine.contract import Position
from ...engine.grid import Field
from ...games.game import Presentation
from ...games.loading import Loaded
from .picture import Picture, Share, draw_table
from .session import Played, is_throw, undone
from .table import Table

P = TypeVar("P", bound=Position)
M = TypeVar("M")


class SpotKind(StrEnum):
    """What a click on a field's link does (the page styles each kind its own way)."""

    FROM = "from"  # chooses the piece standing there
    TO = "to"  # plays the chosen piece's move there (or a piece's entering the board), or lists the moves there
    CHOSEN = "chosen"  # the chosen piece: a click chooses none, to choose another


@dataclass(frozen=True)
class Spot:
    """A link over a field of the board: which field, where it lies on the picture, what a click does."""

    field: str  # the field's name ("c3")
    share: Share
    kind: SpotKind
    label: str
    query: str


@dataclass(frozen=True)
class MoveLink:
    """A legal move in the game's notation, and the query of the address that plays it."""

    notation: str
    query: str


@dataclass(frozen=True)
class TableView(Generic[P, M]):
    """Everything the table shows of a played position."""

    table: Table[P, M]
    picture: Picture
    spots: tuple[Spot, ...]
    summary: str  # the game's own words for the position ("red to move, throw 4 and 2")
    outcome: str  # "" while the game goes on
    to_move: str
    chosen: str  # the chosen piece's field ("" for none)
    to: str  # the field the chosen piece's choices go to ("" for all of its moves)
    moves: tuple[MoveLink, ...]  # every legal move
    choices: tuple[MoveLink, ...]  # the chosen piece's (those to `to`, if it is given)
    unplaced: tuple[MoveLink, ...]  # moves of a piece not on the board (entering it)
    undo: str | None  # the query that takes back the last move a person made; None when there is none
    again: str  # the query of the same table from its start
    last_throw: str  # the throw the person to move has ("" when the last step was not a throw)
    moves_made: int  # move steps so far, throws not counted
    players: tuple[str, ...]
    variants: tuple[str, ...]

    @property
    def computer_to_move(self) -> bool:
        return bool(self.table.against) and self.to_move == self.table.side


def field_name(position: Position, field: Field) -> str:
    return position.variant.grid.name(field)


def chosen_field(position: P, moves: Sequence[M], shows: Presentation[P, M], given: str) -> Field | None:
    """The field a piece to move stands on, as `given` names it; None when it names no such field."""
    if not given:
        return None
    try:
        field: Field = position.variant.grid.parse(given)
    except ValueError:
        return None
    return field if any(shows.origin(position, move) == field for move in moves) else None


def table_view(played: Played[P, M], chosen: str = "", to: str = "") -> TableView[P, M]:
    """What the table shows after its steps, with the piece on `chosen` chosen (if one can move from there) and
    its moves to `to` listed (if given)."""
    table, position = played.table, played.position
    rules, shows = table.rules, table.engine.presentation
    outcome = rules.outcome(position)
    moves = list(rules.legal_moves(position)) if outcome is None else []
    notations = [rules.notation(position, move) for move in moves]
    links = [MoveLink(notation, table.query([*table.steps, notation])) for notation in notations]
    field = chosen_field(position, moves, shows, chosen)
    picture = draw_table(Loaded(table.game, table.engine, position), field)
    spots = _spots(played, picture, field, moves)
    choices: list[MoveLink] = []
    if field is not None:  # the chosen piece's moves as words too: those that leave the board reach no field
        choices = [link for link, move in zip(links, moves, strict=True)
                   if shows.origin(position, move) == field and (not to or to in {
                       field_name(position, reached) for reached in shows.reached(position, move)})]
    unplaced = [link for link, move in zip(links, moves, strict=True) if shows.origin(position, move) is None]
    back = undone(played)
    steps = table.steps
    return TableView(
        table=table, picture=picture, spots=tuple(spots), summary=shows.summary(position),
        outcome=outcome.describe() if outcome is not None else "", to_move=position.to_move,
        chosen=field_name(position, field) if field is not None else "", to=to if field is not None else "",
        moves=tuple(links), choices=tuple(choices), unplaced=tuple(unplaced),
        undo=table.query(back) if back is not None else None, again=table.query(()),
        last_throw=steps[-1].rstrip()[:-1] if steps and is_throw(steps[-1]) else "",
        moves_made=sum(1 for step in steps if not is_throw(step)), players=tuple(rules.players),
        variants=tuple(variant.name for variant in table.game.variants))


def _spots(played: Played[P, M], picture: Picture, chosen: Field | None, moves: Sequence[M]) -> list[Spot]:
    """The links over the board: the pieces that can move (and where a piece entering the board goes, when only
    one move reaches there); or, with a piece chosen, the piece itself (to choose another) and where it goes."""
    table, position = played.table, played.position
    rules, shows = table.rules, table.engine.presentation
    spots: list[Spot] = []

    def spot(field: Field, kind: SpotKind, label: str, query: str) -> None:
        share = picture.share(field)
        if share is not None:  # every field a move names is on the board; a link needs one to lie over
            spots.append(Spot(field_name(position, field), share, kind, label, query))

    if chosen is None:
        origins = {found for found in (shows.origin(position, move) for move in moves) if found is not None}
        for origin in sorted(origins):
            name = field_name(position, origin)
            spot(origin, SpotKind.FROM, f"move the piece on {name}", table.query(chosen=name))
        entering: dict[Field, list[M]] = {}  # moves of a piece off the board (entering it): by where they go
        for move in moves:
            if shows.origin(position, move) is None:
                for reached in shows.reached(position, move):
                    entering.setdefault(reached, []).append(move)
        for target, there in sorted(entering.items()):
            if target not in origins and len(there) == 1:
                notation = rules.notation(position, there[0])
                spot(target, SpotKind.TO, f"play {notation}", table.query([*table.steps, notation]))
        return spots
    name = field_name(position, chosen)
    spot(chosen, SpotKind.CHOSEN, f"{name}: choose another piece", table.query())
    targets: dict[Field, list[M]] = {}
    for move in moves:
        if shows.origin(position, move) == chosen:
            for reached in shows.reached(position, move):
                targets.setdefault(reached, []).append(move)
    for target, there in sorted(targets.items()):
        to_name = field_name(position, target)
        query = (table.query([*table.steps, rules.notation(position, there[0])]) if len(there) == 1
                 else table.query(chosen=name, to=to_name))
        spot(target, SpotKind.TO, f"{name} to {to_name}", query)
    return spots
