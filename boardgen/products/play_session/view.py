"""What the table shows: the board with a link over every field a move starts from or reaches and the last move
framed, who sits where (each side named, in its colour, with its pieces off the board drawn and what it has
captured), whose turn it is with the throw (or the dice still to use) drawn, what to tap, what the others did
since, every legal move in words, Undo, the rule options; or, once the game is over, who won and why.

Each link is the query of the address it leads to (Table.query): the page puts its own path before it.  A click
on a piece chooses it (`from`); a click on where it goes plays the move, or, where several moves reach that
field (a choice of what to do there), lists them (`to`).  A piece that must go on (a chain of jumps) is chosen
already; a pit whose one move is to sow it is sown by one click; a move onto an empty field (placing) or off the
board (a removal after a mill) is played by a click on that field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from ...engine.contract import Position
from ...engine.grid import Field
from ...games.game import Engine, Game
from ...games.loading import Loaded
from .picture import Picture, Share, draw_pieces, draw_table, draw_throw, table_look
from .session import Played, undone
from .sides import Side, capitalised, seat_sides
from .table import RULE, Table
from .telling import (
    ENTER,
    JUMP,
    PASS,
    PLACE,
    PLAYED_BY_ITS_FIELD,
    REMOVE,
    STOP,
    again_words,
    choice_words,
    how_words,
    move_words,
    outcome_words,
    possessive,
    told,
    turn_words,
    used_die,
)
from .throw import Throw, throw_of

P = TypeVar("P", bound=Position)
M = TypeVar("M")

# What a move of a piece not on the board does, by its kind (the presentation's move_json "kind"), as a heading
# over those moves; a kind not here is headed by its own name.
KIND_HEADINGS: Mapping[str, str] = {ENTER: "Enter a piece", PLACE: "Place a piece", PASS: "Pass your turn",
                                    "swap": "Swap sides", REMOVE: "Remove one of your opponent's pieces",
                                    STOP: "Stop jumping"}


class SpotKind(StrEnum):
    """What a click on a field's link does (a CSS class on the page, and what a test looks for)."""

    FROM = "from"  # chooses the piece standing there
    TO = "to"  # plays the chosen piece's move there (or a piece's entering the board), or lists the moves there
    CHOSEN = "chosen"  # the chosen piece: a click chooses none, to choose another
    PLAY = "play"  # plays the one move that starts there (a pit sown)


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
    """A legal move in the game's notation, the query of the address that plays it, and how the page words it
    where it lists it ("to c3", "off the board with the 5"; its notation where nothing plainer tells it apart)."""

    notation: str
    query: str
    words: str = ""

    @property
    def shown(self) -> str:
        return self.words or self.notation


@dataclass(frozen=True)
class MoveGroup:
    """Moves of a piece not on the board, of one kind, under what they do ("Enter a piece")."""

    kind: str
    heading: str
    moves: tuple[MoveLink, ...]


@dataclass(frozen=True)
class SideView:
    """A seat as the table shows it: the side, whether it is to move, its pieces off the board, drawn, and what it
    has captured (seeds, pieces) where the game counts it."""

    side: Side
    to_move: bool
    waiting: int  # pieces not yet on the board (in hand, or sent back)
    finished: int  # pieces that have left it for good (borne off, home)
    waiting_picture: Picture | None
    finished_picture: Picture | None
    captured: int | None = None  # None where the game does not count it


@dataclass(frozen=True)
class RuleChoice:
    """A rule option as a new game's form offers it: its address key, its name, its values (the usual one first)
    and the value this table plays."""

    key: str
    name: str
    values: tuple[str, ...]
    value: str


@dataclass(frozen=True)
class TableView(Generic[P, M]):
    """Everything the table shows of a played position."""

    table: Table[P, M]
    picture: Picture
    spots: tuple[Spot, ...]
    summary: str  # the game's own words for the position ("red to move, throw 4 and 2")
    outcome: str  # who won and why ("Player 2 (yellow) has won: all pieces home."); "" while the game goes on
    turn: str  # who is to move, with their throw ("Player 1 (red) to move, with the throw 2."); "" once over
    how: str  # what the person to move taps ("Tap a piece, then where it goes."); "" once over
    told: tuple[str, ...]  # what the others did since the player to move last moved, a sentence each
    to_move: str
    chosen: str  # the chosen piece's field ("" for none)
    to: str  # the field the chosen piece's choices go to ("" for all of its moves)
    moves: tuple[MoveLink, ...]  # every legal move
    choices: tuple[MoveLink, ...]  # the chosen piece's (those to `to`, if it is given)
    off_board: tuple[MoveGroup, ...]  # moves of a piece not on the board (entering it, a pass), by kind
    undo: str | None  # the query that takes back the last move a person made; None when there is none
    again: str  # the query of the same table from its start, a new game
    last_throw: str  # the throw the person to move has still to use, as its step writes it ("" for none)
    throw: Throw | None  # that throw, as the game's dice or sticks show it
    throw_picture: Picture | None
    moves_made: int  # move steps so far, throws not counted
    players: tuple[str, ...]
    sides: tuple[SideView, ...]  # everyone at the table, first to move first
    seats: tuple[Side, ...]  # every seat the game has at its largest table, for a new game's form
    seat_counts: tuple[int, ...]  # how many may play the game
    variants: tuple[str, ...]
    waiting_words: str = "waiting"  # what the pieces off the board not yet played are: "waiting", "to place"
    rules: tuple[RuleChoice, ...] = ()  # every rule option the game has, for a new game's form
    played_rules: str = ""  # the rule options this table plays that are not the usual ones ("blocks on")

    @property
    def computer_to_move(self) -> bool:
        return self.to_move in self.table.sides

    @property
    def unplaced(self) -> tuple[MoveLink, ...]:
        """Every move of a piece not on the board, whatever its kind."""
        return tuple(link for group in self.off_board for link in group.moves)


@dataclass(frozen=True)
class Legal(Generic[M]):
    """A legal move as the table reads it once: its notation, kind, the field it starts from and those it reaches,
    and the link that plays it."""

    move: M
    notation: str
    kind: str
    origin: Field | None
    reached: tuple[Field, ...]
    link: MoveLink
    captures: bool  # whether it captures a piece, where its JSON says ("captures": the fields)

    @property
    def removal(self) -> bool:
        """A piece taken off the board by a move of no piece (a removal after a mill)."""
        return self.origin is None and self.kind == REMOVE and len(self.reached) == 1


def field_name(position: Position, field: Field) -> str:
    return position.variant.grid.name(field)


def chosen_field(position: Position, legal: Sequence[Legal[M]], given: str) -> Field | None:
    """The field a piece to move stands on, as `given` names it; None when it names no such field."""
    if not given:
        return None
    try:
        field: Field = position.variant.grid.parse(given)
    except ValueError:
        return None
    return field if any(option.origin == field for option in legal) else None


def moving_on(played: Played[P, M], legal: Sequence[Legal[M]]) -> Field | None:
    """The field of the piece that goes on moving (a chain of jumps): where the mover's own last step went, when
    every legal move starts there; None otherwise."""
    last = played.played[-1] if played.played else None
    if last is None or not last.move or last.player != played.position.to_move or not last.reached or not legal:
        return None
    return last.reached[-1] if all(option.origin == last.reached[-1] for option in legal) else None


def legal_moves(played: Played[P, M]) -> list[Legal[M]]:
    """Every legal move of the played position (none once the game is over), each read once."""
    table, position = played.table, played.position
    rules, shows = table.rules, table.engine.presentation
    if rules.outcome(position) is not None:
        return []
    legal = []
    for move in rules.legal_moves(position):
        notation = rules.notation(position, move)
        said = dict(shows.move_json(position, move))
        legal.append(Legal(move, notation, str(said["kind"]), shows.origin(position, move),
                           tuple(shows.reached(position, move)),
                           MoveLink(notation, table.query([*table.steps, notation])), bool(said.get("captures"))))
    return legal


def table_view(played: Played[P, M], chosen: str = "", to: str = "") -> TableView[P, M]:
    """What the table shows after its steps, with the piece on `chosen` chosen (if one can move from there) and
    its moves to `to` listed (if given)."""
    table, position = played.table, played.position
    rules, shows, game = table.rules, table.engine.presentation, table.game
    look = table_look(game)
    sides = seat_sides(game, table.players, table.sides, look)
    by_player = {side.player: side for side in sides}
    outcome = rules.outcome(position)
    legal = legal_moves(played)
    going_on = moving_on(played, legal)
    field = chosen_field(position, legal, chosen) or going_on
    last = played.last_move
    picture = draw_table(Loaded(game, table.engine, position), field, last.origin if last else None,
                         last.reached if last else ())
    choices = _choices(played, legal, field, to) if field is not None else []
    kinds: dict[str, list[MoveLink]] = {}
    for option in legal:
        if option.origin is None:
            kinds.setdefault(option.kind, []).append(option.link)
    off_board = tuple(MoveGroup(kind, KIND_HEADINGS.get(kind, capitalised(kind)), _told_apart(played, legal, group))
                      for kind, group in kinds.items())
    back = undone(played)
    mover = by_player.get(position.to_move)
    throw, whole = _throw(played, mover) if outcome is None and mover is not None else (None, True)
    spots = tuple(_spots(played, picture, field, legal, going_on))
    largest = table.engine.rules.seated(max(rules.seat_counts())).players
    chosen_sides = table.sides if table.against else table.players[1:]
    others = [side for side in sides if side.player != position.to_move]
    opponent = possessive(others[0].name) if len(others) == 1 else "your opponents'"
    removals_only = bool(legal) and all(option.removal for option in legal)
    jumping = bool(legal) and all(option.kind == JUMP for option in legal)
    computer = position.to_move in table.sides
    how = how_words(computer, field_name(position, field) if field is not None else "", going_on is not None,
                    jumping, frozenset(spot.kind.value for spot in spots), frozenset(option.kind for option in legal),
                    removals_only, bool(legal) and all(option.captures for option in legal), opponent) \
        if outcome is None else ""
    options = rules.rule_options()
    playing = dict(table.options)
    return TableView(
        table=table, picture=picture, spots=spots,
        summary=shows.summary(position), outcome=outcome_words(outcome, sides) if outcome is not None else "",
        turn=turn_words(mover, throw, whole) if outcome is None and mover is not None else "", how=how,
        told=told(played, by_player, again_words(going_on is not None, jumping, removals_only, opponent))
        if outcome is None else (),
        to_move=position.to_move,
        chosen=field_name(position, field) if field is not None else "", to=to if field is not None else "",
        moves=tuple(option.link for option in legal), choices=tuple(choices), off_board=off_board,
        undo=table.query(back) if back is not None else None, again=table.anew().query(),
        last_throw=throw.label if throw is not None else "", throw=throw,
        throw_picture=draw_throw(game, throw, f"the throw: {throw.words}") if throw is not None else None,
        moves_made=sum(1 for step in played.played if step.move), players=table.players,
        sides=tuple(_side_view(game, table.engine, position, side) for side in sides),
        seats=seat_sides(game, largest, chosen_sides, look), seat_counts=tuple(rules.seat_counts()),
        variants=tuple(variant.name for variant in game.variants),
        waiting_words="to place" if PLACE in shows.move_fields and ENTER not in shows.move_fields else "waiting",
        rules=tuple(RuleChoice(f"{RULE}{name}", name, values, playing.get(name, values[0]))
                    for name, values in options.items()),
        played_rules=", ".join(f"{name} {value}" for name, value in table.options))


def _throw(played: Played[P, M], mover: Side) -> tuple[Throw | None, bool]:
    """The throw the player to move has still to use, as the game's dice or sticks show it, and whether it is
    whole (none of it played yet).  Where dice are used one by one, the dice left (a double's four at first)."""
    table, position = played.table, played.position
    seat = table.players.index(mover.player) + 1
    last = played.played[-1] if played.played else None
    left = table.rules.throw_left(position)
    if left is not None:  # part of it played where the mover's own move came last
        whole = last is None or not last.move or last.player != mover.player
        return throw_of(table.game, left, seat, mover.piece, each_die=True), whole
    if last is not None and not last.move and last.player == mover.player:  # just thrown
        return throw_of(table.game, last.throw, seat, mover.piece), True
    return None, True


def _choices(played: Played[P, M], legal: Sequence[Legal[M]], field: Field, to: str) -> list[MoveLink]:
    """The chosen piece's moves as words too (those that leave the board reach no field), those to `to` only if
    it is given, each told by where it goes and the die it uses."""
    position = played.position
    mine = [option for option in legal if option.origin == field and (not to or to in {
        field_name(position, reached) for reached in option.reached})]
    rules = played.table.rules
    before = rules.throw_left(position)
    words = []
    for option in mine:
        die = ""
        if before is not None:
            after = rules.apply(position, option.move)
            die = used_die(before, rules.throw_left(after), after.to_move == position.to_move)
        words.append(choice_words(position, option.reached, die))
    if len(set(words)) < len(words):  # not told apart by where they go: by their notation
        words = [option.notation for option in mine]
    return [MoveLink(option.notation, option.link.query, said) for option, said in zip(mine, words, strict=True)]


def _told_apart(played: Played[P, M], legal: Sequence[Legal[M]], group: Sequence[MoveLink]) -> tuple[MoveLink, ...]:
    """Moves of pieces not on the board, each by the one field it reaches where that tells them apart ("d1" under
    "Place a piece"), by their notation otherwise."""
    by_link = {option.link: option for option in legal}
    reached = [by_link[link].reached for link in group]
    if all(len(fields) == 1 for fields in reached) and len({fields[0] for fields in reached}) == len(group):
        return tuple(MoveLink(link.notation, link.query, field_name(played.position, fields[0]))
                     for link, fields in zip(group, reached, strict=True))
    return tuple(group)


def _side_view(game: Game, engine: Engine[P, M], position: P, side: Side) -> SideView:
    """A side's pieces off the board, as the game's standing counts them ("waiting", "finished": by the player as
    its JSON names it), drawn where it has any, and what it has captured ("captured"), where the game counts it."""
    standing = engine.presentation.standing(position)
    key = str(engine.presentation.player_json(side.player))

    def count(name: str) -> int | None:
        table = standing.get(name)
        value = table.get(key) if isinstance(table, Mapping) else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def drawn(number: int, where: str) -> Picture | None:
        return draw_pieces(game, side.piece, number, f"{side.words}: {number} {where}") if number else None

    waiting, finished = max(count("waiting") or 0, 0), max(count("finished") or 0, 0)
    return SideView(side, position.to_move == side.player, waiting, finished, drawn(waiting, "waiting"),
                    drawn(finished, "home"), count("captured"))


def _spots(played: Played[P, M], picture: Picture, chosen: Field | None, legal: Sequence[Legal[M]],
           going_on: Field | None) -> list[Spot]:
    """The links over the board: the pieces that can move (a pit sown at once), where a piece placed or entering
    the board goes and a piece to remove (when only one move reaches there); or, with a piece chosen, the piece
    itself (to choose another) and where it goes."""
    table, position = played.table, played.position
    spots: list[Spot] = []

    def spot(field: Field, kind: SpotKind, label: str, query: str) -> None:
        share = picture.share(field)
        if share is not None:  # every field a move names is on the board; a link needs one to lie over
            spots.append(Spot(field_name(position, field), share, kind, label, query))

    if chosen is None:
        by_origin: dict[Field, list[Legal[M]]] = {}
        for option in legal:
            if option.origin is not None:
                by_origin.setdefault(option.origin, []).append(option)
        for origin, there in sorted(by_origin.items()):
            name = field_name(position, origin)
            if len(there) == 1 and there[0].kind in PLAYED_BY_ITS_FIELD:
                said = move_words(position, there[0].kind, there[0].notation, origin, there[0].reached)
                spot(origin, SpotKind.PLAY, said.replace("sowed", "sow", 1), there[0].link.query)
            else:
                spot(origin, SpotKind.FROM, f"move the piece on {name}", table.query(chosen=name))
        entering: dict[Field, list[Legal[M]]] = {}  # moves of no piece on the board: by where they go
        for option in legal:
            if option.origin is None:
                for reached in option.reached:
                    entering.setdefault(reached, []).append(option)
        for target, there in sorted(entering.items()):
            if target not in by_origin and len(there) == 1:
                spot(target, SpotKind.TO, _entering_label(position, there[0]), there[0].link.query)
        return spots
    name = field_name(position, chosen)
    spot(chosen, SpotKind.CHOSEN, f"{name}: the piece that moves on" if chosen == going_on
         else f"{name}: choose another piece", table.query())
    targets: dict[Field, list[Legal[M]]] = {}
    for option in legal:
        if option.origin == chosen:
            for reached in option.reached:
                targets.setdefault(reached, []).append(option)
    for target, there in sorted(targets.items()):
        to_name = field_name(position, target)
        query = there[0].link.query if len(there) == 1 else table.query(chosen=name, to=to_name)
        spot(target, SpotKind.TO, f"{name} to {to_name}", query)
    return spots


def _entering_label(position: Position, option: Legal[M]) -> str:
    """A link's words over where a move of no piece on the board goes: "place a piece on c5", "enter a piece on
    d1", "remove the piece on b2"; "play x1" for another kind."""
    said = move_words(position, option.kind, option.notation, option.origin, option.reached)
    if said.startswith("played "):
        return f"play {option.notation}"
    for did, do in (("placed", "place"), ("entered", "enter"), ("removed", "remove")):
        said = said.replace(did, do, 1) if said.startswith(did) else said
    return said
