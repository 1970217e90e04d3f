"""What the table shows: the board with a link over every field a move starts from or reaches and the last move
framed, who sits where (each side named, in its colour, with its pieces off the board drawn), whose turn it is
with the throw drawn, what the others did since, every legal move in words, Undo; or, once the game is over, who
won and why.

Each link is the query of the address it leads to (Table.query): the page puts its own path before it.  A click
on a piece chooses it (`from`); a click on where it goes plays the move, or, where several moves reach that
field (a choice of what to do there), lists them (`to`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from ...engine.contract import Outcome, Position
from ...engine.grid import Field
from ...games.game import Engine, Game, Presentation
from ...games.loading import Loaded
from .picture import Picture, Share, draw_pieces, draw_table, draw_throw, table_look
from .session import Played, Step, undone
from .sides import Side, capitalised, seat_sides
from .table import Table
from .throw import Throw, throw_of

P = TypeVar("P", bound=Position)
M = TypeVar("M")

# What a move of a piece not on the board does, by its kind (the presentation's move_json "kind"), as a heading
# over those moves; a kind not here is headed by its own name.
KIND_HEADINGS: Mapping[str, str] = {"enter": "Enter a piece", "place": "Place a piece", "pass": "Pass your turn",
                                    "swap": "Swap sides", "remove": "Remove one of your opponent's pieces",
                                    "stop": "Stop jumping"}
MOST_TOLD = 12  # the most of the others' turns told since a person's last move; the rest are on the board


class SpotKind(StrEnum):
    """What a click on a field's link does (a CSS class on the page, and what a test looks for)."""

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
class MoveGroup:
    """Moves of a piece not on the board, of one kind, under what they do ("Enter a piece")."""

    kind: str
    heading: str
    moves: tuple[MoveLink, ...]


@dataclass(frozen=True)
class SideView:
    """A seat as the table shows it: the side, whether it is to move, and its pieces off the board, drawn."""

    side: Side
    to_move: bool
    waiting: int  # pieces not yet on the board (in hand, or sent back)
    finished: int  # pieces that have left it for good (borne off, home)
    waiting_picture: Picture | None
    finished_picture: Picture | None


@dataclass(frozen=True)
class TableView(Generic[P, M]):
    """Everything the table shows of a played position."""

    table: Table[P, M]
    picture: Picture
    spots: tuple[Spot, ...]
    summary: str  # the game's own words for the position ("red to move, throw 4 and 2")
    outcome: str  # who won and why ("Player 2 (yellow) has won: all pieces home."); "" while the game goes on
    turn: str  # who is to move, with their throw ("Player 1 (red) to move, with the throw 2."); "" once over
    told: tuple[str, ...]  # what the others did since the player to move last moved, a sentence each
    to_move: str
    chosen: str  # the chosen piece's field ("" for none)
    to: str  # the field the chosen piece's choices go to ("" for all of its moves)
    moves: tuple[MoveLink, ...]  # every legal move
    choices: tuple[MoveLink, ...]  # the chosen piece's (those to `to`, if it is given)
    off_board: tuple[MoveGroup, ...]  # moves of a piece not on the board (entering it, a pass), by kind
    undo: str | None  # the query that takes back the last move a person made; None when there is none
    again: str  # the query of the same table from its start, a new game
    last_throw: str  # the throw the person to move has, as its step writes it ("" when none was just thrown)
    throw: Throw | None  # that throw, as the game's dice or sticks show it
    throw_picture: Picture | None
    moves_made: int  # move steps so far, throws not counted
    players: tuple[str, ...]
    sides: tuple[SideView, ...]  # everyone at the table, first to move first
    seats: tuple[Side, ...]  # every seat the game has at its largest table, for a new game's form
    seat_counts: tuple[int, ...]  # how many may play the game
    variants: tuple[str, ...]

    @property
    def computer_to_move(self) -> bool:
        return self.to_move in self.table.sides

    @property
    def unplaced(self) -> tuple[MoveLink, ...]:
        """Every move of a piece not on the board, whatever its kind."""
        return tuple(link for group in self.off_board for link in group.moves)


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
    rules, shows, game = table.rules, table.engine.presentation, table.game
    look = table_look(game)
    sides = seat_sides(game, table.players, table.sides, look)
    by_player = {side.player: side for side in sides}
    outcome = rules.outcome(position)
    moves = list(rules.legal_moves(position)) if outcome is None else []
    notations = [rules.notation(position, move) for move in moves]
    links = [MoveLink(notation, table.query([*table.steps, notation])) for notation in notations]
    field = chosen_field(position, moves, shows, chosen)
    last = played.last_move
    picture = draw_table(Loaded(game, table.engine, position), field, last.origin if last else None,
                         last.reached if last else ())
    choices: list[MoveLink] = []
    if field is not None:  # the chosen piece's moves as words too: those that leave the board reach no field
        choices = [link for link, move in zip(links, moves, strict=True)
                   if shows.origin(position, move) == field and (not to or to in {
                       field_name(position, reached) for reached in shows.reached(position, move)})]
    kinds: dict[str, list[MoveLink]] = {}
    for link, move in zip(links, moves, strict=True):
        if shows.origin(position, move) is None:
            kinds.setdefault(shows.move_json(position, move)["kind"], []).append(link)
    off_board = tuple(MoveGroup(kind, KIND_HEADINGS.get(kind, capitalised(kind)), tuple(group))
                      for kind, group in kinds.items())
    back = undone(played)
    mover = by_player.get(position.to_move)
    thrown = played.played[-1] if played.played and not played.played[-1].move else None
    throw = None
    if outcome is None and thrown is not None and mover is not None and thrown.player == mover.player:
        throw = throw_of(game, thrown.throw, table.players.index(mover.player) + 1, mover.piece)
    largest = table.engine.rules.seated(max(rules.seat_counts())).players
    chosen_sides = table.sides if table.against else table.players[1:]
    return TableView(
        table=table, picture=picture, spots=tuple(_spots(played, picture, field, moves)),
        summary=shows.summary(position), outcome=_outcome(outcome, sides) if outcome is not None else "",
        turn=_turn(mover, throw) if outcome is None and mover is not None else "",
        told=_told(played, by_player) if outcome is None else (), to_move=position.to_move,
        chosen=field_name(position, field) if field is not None else "", to=to if field is not None else "",
        moves=tuple(links), choices=tuple(choices), off_board=off_board,
        undo=table.query(back) if back is not None else None, again=table.anew().query(),
        last_throw=thrown.throw if throw is not None and thrown is not None else "", throw=throw,
        throw_picture=draw_throw(game, throw, f"the throw: {throw.words}") if throw is not None else None,
        moves_made=sum(1 for step in played.played if step.move), players=table.players,
        sides=tuple(_side_view(game, table.engine, position, side) for side in sides),
        seats=seat_sides(game, largest, chosen_sides, look), seat_counts=tuple(rules.seat_counts()),
        variants=tuple(variant.name for variant in game.variants))


def _named(text: str, sides: Sequence[Side]) -> str:
    """`text` with each player the rules name in it ("player 1") called by its side's words ("player 1 (red)")."""
    for side in sorted(sides, key=lambda side: -len(side.player)):
        if side.words != side.player:
            text = re.sub(rf"(?<![\w(]){re.escape(side.player)}(?![\w)])", side.words, text)
    return text


def _outcome(outcome: Outcome, sides: Sequence[Side]) -> str:
    """Who won and why, in a sentence: "Player 2 (yellow, the computer) has won: all pieces finished."."""
    reason = _named(outcome.reason, sides)
    if outcome.winner is None:
        return f"A draw: {reason}."
    winner = next((side.tagged for side in sides if side.player == outcome.winner), outcome.winner)
    return f"{capitalised(winner)} has won: {reason}."


def _turn(mover: Side, throw: Throw | None) -> str:
    """"Player 1 (red) to move, with the throw 2."."""
    return f"{capitalised(mover.tagged)} to move" + (f", with the throw {throw.words}." if throw else ".")


def _told(played: Played[P, M], sides: Mapping[str, Side]) -> tuple[str, ...]:
    """What happened since the player to move last moved, a sentence for each turn of the others (their throws
    and their move); where they moved last themselves and move again, that move."""
    table, to_move = played.table, played.position.to_move
    turns: list[list[Step]] = []
    for step in played.played:
        if turns and turns[-1][-1].player == step.player and not turns[-1][-1].move:
            turns[-1].append(step)  # a throw and the move it was thrown for
        else:
            turns.append([step])
    if turns and turns[-1][-1].player == to_move and not turns[-1][-1].move:
        turns.pop()  # the throw the player to move has: said with their turn
    since: list[list[Step]] = []
    for turn in reversed(turns):
        if turn[-1].player == to_move and turn[-1].move:
            if not since:  # the player to move moved last, and moves again
                return (f"{capitalised(_said(table, turn, sides))} and moves again.",)
            break
        since.insert(0, turn)
    told = [f"{capitalised(_said(table, turn, sides))}." for turn in since[-MOST_TOLD:]]
    return tuple(told if len(since) <= MOST_TOLD else ["…", *told])


def _said(table: Table[P, M], turn: Sequence[Step], sides: Mapping[str, Side]) -> str:
    """A turn in words: "player 2 (yellow, the computer) threw 3 and played b3-a2"."""
    player = turn[-1].player
    side = sides.get(player)
    who = side.tagged if side is not None else player
    seat = table.players.index(player) + 1 if player in table.players else 1
    throws = [throw_of(table.game, step.throw, seat, side.piece if side else "").words
              for step in turn if step.throw]
    threw = f"threw {' and then '.join(throws)}" if throws else ""
    move = turn[-1]
    if not move.move:
        return f"{who} {threw}"
    did = "passed" if move.kind == "pass" else f"played {move.move}"  # a pass forced or chosen alike
    return f"{who} {threw} and {did}" if threw else f"{who} {did}"


def _side_view(game: Game, engine: Engine[P, M], position: P, side: Side) -> SideView:
    """A side's pieces off the board, as the game's standing counts them ("waiting", "finished": by the player as
    its JSON names it), drawn where it has any."""
    standing = engine.presentation.standing(position)
    key = str(engine.presentation.player_json(side.player))

    def count(name: str) -> int:
        table = standing.get(name)
        value = table.get(key) if isinstance(table, Mapping) else None
        return value if isinstance(value, int) and value > 0 else 0

    def drawn(number: int, where: str) -> Picture | None:
        return draw_pieces(game, side.piece, number, f"{side.words}: {number} {where}") if number else None

    waiting, finished = count("waiting"), count("finished")
    return SideView(side, position.to_move == side.player, waiting, finished, drawn(waiting, "waiting"),
                    drawn(finished, "home"))


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
