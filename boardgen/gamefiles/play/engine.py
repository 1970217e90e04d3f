"""A generic rules engine over a game file's compiled tables: the same GameRules contract as the built-in games.

Moves are computed from tuples indexed by field and player; the routes a throw can take each piece along its
track are worked out once per set of rules, and the moves built from them are kept (interned), since the same
few come up again and again in a game.  Both are kept only while the rules are: a server that reads game file
after game file holds the routes of those still in use, not of every file it has ever read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from random import Random
from typing import Any
from weakref import WeakKeyDictionary

from ...engine.contract import Chance, GameRules, Outcome, OutcomeCode
from ...engine.examples import Chooser
from ...engine.grid import Variant
from ...engine.interning import InternTable
from ...engine.position_file import SourceMap
from ...engine.problems import IllegalMoveError, MalformedMoveError, Problem
from .model import FINISHED, WAITING, CaptureTo, Enter, Finish, Landing, NoMove, Play, Tables
from .position import (
    PLAYER_NAMES,
    FilePosition,
    chosen_set,
    position_problems,
    read_position,
    start_position,
    write_position,
)

NOWHERE = -3  # a pass's origin


@dataclass(frozen=True, slots=True)
class Move:
    """kind: "enter" (a waiting piece comes on), "track" (along the track), "back" (backward along it, where no
    piece can go forward), "step", "jump" (capturing what it jumps over, one stop of a chain), or "pass".
    `path` is every field landed on in order (FINISHED for leaving the board); `captured` the fields whose
    opponents are taken; `again` whether the mover throws again."""

    kind: str
    origin: int
    path: tuple[int, ...] = ()
    captured: tuple[int, ...] = ()
    again: bool = False
    die: int = 0  # the die it uses, where dice are used one by one (0: the whole throw)


PASS = Move("pass", NOWHERE)
PASS_AGAIN = Move("pass", NOWHERE, again=True)
# A move's way along its track: the fields landed on (a ladder's foot and top), the last of them, the fields
# passed on the way, and whether it goes past the end with a higher throw than it needs; None: no such move.
Route = tuple[tuple[int, ...], int, tuple[int, ...], bool] | None
class _Unknown(Enum):
    """A route not worked out yet."""

    UNKNOWN = "unknown"


_UNKNOWN = _Unknown.UNKNOWN
assert WAITING == -1  # a waiting piece's route is the last of a throw's list: by_place[WAITING]
# Moves one set of rules keeps to hand out again: 300 games of Ludo for four build about 2,400 (measured); when
# full, the table forgets them all and builds them again as they come up (about 3 MiB at most).
MOVES_KEPT = 10_000


class _Routes:
    """For one set of rules: by player, where a throw takes a piece from each place (or from waiting), worked out
    as it is first asked; and the moves built from them.  Holds nothing of the tables themselves, so that it never
    keeps them alive (see _ROUTES)."""

    def __init__(self, tables: Tables) -> None:
        self.tracks = tables.tracks
        self.branches = [dict(by_player) for by_player in tables.branches] if tables.branches else []
        self.shortcut = tables.shortcut
        self.finish = tables.finish
        self.enter_start = tables.enter is Enter.START
        self.cells = len(tables.shortcut)
        # By player, every place its pieces can stand on (its track's and branches'), in track order.
        self.places = tuple(tuple(sorted((i for i, step in enumerate(steps) if step), key=lambda i: steps[i]))
                            for steps in tables.steps_of)
        # By player, then throw: each place's route, the last entry a waiting piece's (WAITING is -1), each worked
        # out the first time it is asked (_UNKNOWN until then).
        self.onward: list[dict[int, list[Route | _Unknown]]] = [{} for _ in tables.tracks]
        self.moves: InternTable[Move] = InternTable(MOVES_KEPT)

    def for_throw(self, me: int, throw: int) -> list[Route | _Unknown]:
        """`me`'s routes by place for `throw`, as far as they are known (route() fills them in)."""
        by_place = self.onward[me].get(throw)
        if by_place is None:
            by_place = self.onward[me][throw] = [_UNKNOWN] * (self.cells + 1)
        return by_place

    def route(self, me: int, origin: int, throw: int, by_place: list[Route | _Unknown] | None = None) -> Route:
        known = self.for_throw(me, throw) if by_place is None else by_place
        found = known[origin]
        if found is _UNKNOWN:
            found = known[origin] = self._walk(me, origin, throw)
        return found

    def _walk(self, me: int, origin: int, throw: int) -> Route:
        """Walk `throw` fields on from `origin` along `me`'s track (a branch, where the move starts on one's
        field): the fields passed, where it lands, or past the end."""
        track = self.tracks[me]
        branch = self.branches[me].get(origin) if self.branches else None
        if origin == WAITING:
            way: tuple[int, ...] = track
            at = -1
            if self.enter_start:
                throw = 1
        elif branch is not None:
            rejoin = track.index(branch[-1])
            way, at = (*branch, *track[rejoin + 1:]), -1
        else:
            way, at = track, track.index(origin)
        passed: list[int] = []
        for count in range(1, throw + 1):
            at += 1
            if at == len(way):  # one past the end: off the board, if the rules let it go
                over = count < throw
                if self.finish is Finish.NONE or (over and self.finish is Finish.EXACT):
                    return None
                return (FINISHED,), FINISHED, tuple(passed), over
            if count < throw:
                passed.append(way[at])
        landing = way[at]
        onto = self.shortcut[landing]
        return ((landing, onto), onto, tuple(passed), False) if onto >= 0 else ((landing,), landing, tuple(passed),
                                                                                 False)


# Each set of rules' routes, for as long as something holds its tables (a FileRules, a position): weakly keyed, so
# the tables of a game file nobody plays any more are let go with their routes.  Tables compare by identity.
_ROUTES: WeakKeyDictionary[Tables, _Routes] = WeakKeyDictionary()


def _routes(tables: Tables) -> _Routes:
    routes = _ROUTES.get(tables)
    if routes is None:  # two threads may both build them; either answer is the same
        routes = _ROUTES[tables] = _Routes(tables)
    return routes


def _less_one(stack: tuple[int, ...], player: int) -> tuple[int, ...]:
    """`stack` without the uppermost piece of `player` (the one that moves off)."""
    if stack[-1] == player:
        return stack[:-1]
    at = len(stack) - 1 - stack[::-1].index(player)
    return stack[:at] + stack[at + 1:]


Cells = tuple[tuple[int, ...], ...]


def _count(stack: tuple[int, ...], player: int) -> int:
    return sum(1 for p in stack if p == player)


def _held_run(tables: Tables, cells: Cells, track: tuple[int, ...], at: int, owner: int) -> int:
    """How many fields in a row along `track`, the one at step `at` (from 1) among them, hold `owner`'s pieces."""
    run = 1
    for way in (-1, 1):
        step = at + way
        while 1 <= step <= len(track) and owner in cells[track[step - 1]]:
            run += 1
            step += way
    return run


def _passes(tables: Tables, cells: Cells, me: int, fields: tuple[int, ...], forward: bool) -> bool:
    """Whether a piece of `me` may pass these fields, in the order it passes them: no field to stop on (going
    forward), no block, no blockade of an opponent's."""
    lone_run = 0
    run_owner = -1
    for field in fields:
        stack = cells[field]
        if forward and tables.stop_on and tables.stop_on[field]:
            return False
        owners = {p for p in stack if p != me}
        if tables.block_passing and any(_count(stack, p) >= tables.block for p in owners):
            return False
        if tables.blockade:
            owner = next(iter(owners)) if len(owners) == 1 and me not in stack else -1
            lone_run = lone_run + 1 if owner >= 0 and owner == run_owner else (1 if owner >= 0 else 0)
            run_owner = owner
            if lone_run >= tables.blockade:
                return False
    return True


def _land(tables: Tables, routes: _Routes, cells: Cells, me: int, origin: int, route: Route, again: bool,
          die: int, kind: str) -> Move | None:
    """The move of `me`'s piece from `origin` along `route`, or None where the rules forbid it."""
    if route is None:
        return None
    path, final = route[0], route[1]
    capture = False
    if final != FINISHED and tables.shortcut_before and len(path) == 2:
        final = _free_before(tables, cells, me, origin, final)
        if final < 0:
            return None
        path = (path[0], final)
    if final != FINISHED:
        there = cells[final]
        if final == origin:  # back where it started (a snake): the piece itself is not in the way
            there = _less_one(there, me)
        if there:
            if me in there and tables.own is Landing.BLOCK:
                return None
            if any(p != me for p in there):
                if tables.block and any(_count(there, p) >= tables.block for p in there if p != me):
                    return None  # a block, on a safe field too
                if tables.safe[final]:
                    if tables.on_safe is Landing.BLOCK:
                        return None
                elif tables.opponent is Landing.BLOCK:
                    return None
                elif tables.protect and any(_held_run(tables, cells, tables.tracks[p], tables.steps_of[p][final], p)
                                            >= tables.protect for p in set(there) - {me} if tables.steps_of[p][final]):
                    return None
                elif tables.opponent is Landing.CAPTURE:
                    if tables.capture_to is CaptureTo.START and not _sent_back_fits(tables, cells, me, origin,
                                                                                    final):
                        return None
                    if tables.capture_to is CaptureTo.SWAP and not _swap_fits(tables, cells, me, origin, final):
                        return None
                    capture = True
        again = again or tables.again_fields[final]
    key = (me, origin, path, capture, again, die, kind)
    move = routes.moves.get(key)
    if move is None:
        move = routes.moves.keep(key, Move(kind, origin, path, (final,) if capture else (), again, die))
    return move


def _free_before(tables: Tables, cells: Cells, me: int, origin: int, end: int) -> int:
    """A ladder's or snake's end, or (taken) the first free field before it along `me`'s track; -1 if none."""
    track = tables.tracks[me]
    step = tables.steps_of[me][end]
    while step >= 1:
        field = track[step - 1]
        if not cells[field] or (field == origin and cells[field] == (me,)):
            return field
        step -= 1
    return -1


def _sent_back_fits(tables: Tables, cells: Cells, me: int, origin: int, final: int) -> bool:
    """Whether the pieces a capture on `final` sends to their tracks' first fields can stand there: not where the
    capturing piece lands, nor beside a piece they cannot share a field with.  Where one cannot, the capture is
    not a move (as landing on a blocked field is not), so a move never makes a position its own rules refuse."""
    for victim in set(cells[final]) - {me}:
        first = tables.tracks[victim][0]
        if first == final:
            return False
        there = _less_one(cells[first], me) if first == origin else cells[first]
        if victim in there and tables.own is Landing.BLOCK:
            return False
        if any(p != victim for p in there) and tables.opponent is not Landing.STACK and not (
                tables.safe[first] and tables.on_safe is Landing.STACK):
            return False
    return True


def _swap_fits(tables: Tables, cells: Cells, me: int, origin: int, final: int) -> bool:
    """Whether the pieces a swap takes on `final` can stand where the capturing piece came from: a field of their
    track that the capturing piece leaves empty, and one piece, or a stack where their own pieces may share."""
    victims = [p for p in cells[final] if p != me]
    if origin < 0 or cells[origin] != (me,):  # a piece coming on has no field to give; a stack stays behind
        return False
    if len(victims) > 1 and (tables.own is Landing.BLOCK or len(set(victims)) > 1):
        return False
    return all(tables.steps_of[victim][origin] for victim in victims)


def _home(tables: Tables, cells: Cells, waiting: tuple[int, ...], me: int) -> tuple[bool, int]:
    """Whether all of `me`'s pieces are home (where [play] has home), and the step of its rearmost piece."""
    steps = tables.steps_of[me]
    rearmost = 0
    for place in _routes(tables).places[me]:  # in track order: the first holding a piece is the rearmost
        if me in cells[place]:
            rearmost = steps[place]
            break
    ready = not waiting[me] and (not tables.home or rearmost > len(tables.tracks[me]) - tables.home)
    return ready, rearmost


def _throw_moves(tables: Tables, cells: Cells, waiting: tuple[int, ...], me: int, throw: int, again: bool,
                 die: int, first: bool = False) -> list[Move]:
    """Every move of `me` by `throw` along the tracks: its pieces on the board, then a waiting one (with `first`,
    only the first found: whether there is one)."""
    routes = _routes(tables)
    steps = tables.steps_of[me]
    checks = tables.stop_on or tables.blockade or tables.block_passing
    moves = []
    ready, rearmost = _home(tables, cells, waiting, me) if tables.home else (True, 0)
    if not (tables.enter_first and waiting[me]):
        by_place = routes.for_throw(me, throw)
        for field in routes.places[me]:
            if me not in cells[field]:
                continue
            found = by_place[field]
            route = routes.route(me, field, throw, by_place) if found is _UNKNOWN else found
            if route is None:
                continue
            if route[1] == FINISHED and (not ready or (tables.finish is Finish.REARMOST and route[3]
                                                       and steps[field] != rearmost)):
                continue
            if checks and not _passes(tables, cells, me, route[2], True):
                continue
            move = _land(tables, routes, cells, me, field, route, again, die, "track")
            if move is not None:
                moves.append(move)
                if first:
                    return moves
    if waiting[me] and (tables.enter_throws is None or throw in tables.enter_throws):
        route = routes.route(me, WAITING, throw)
        if route is not None and route[1] != FINISHED and (not checks or _passes(tables, cells, me, route[2],
                                                                                   True)):
            move = _land(tables, routes, cells, me, WAITING, route, again, die, "enter")
            if move is not None:
                moves.append(move)
    return moves


def _backward_moves(tables: Tables, cells: Cells, me: int, throw: int, again: bool) -> list[Move]:
    """Every move of `me`'s pieces backward along its track by `throw` (where [play] has backward)."""
    routes = _routes(tables)
    track = tables.tracks[me]
    moves = []
    for step, field in enumerate(track, start=1):
        target = step - throw
        if me not in cells[field] or target < 1:
            continue
        landing = track[target - 1]
        onto = tables.shortcut[landing]
        passed = tuple(reversed(track[target:step - 1]))
        route: Route = ((landing, onto), onto, passed, False) if onto >= 0 else ((landing,), landing, passed, False)
        if (tables.blockade or tables.block_passing) and not _passes(tables, cells, me, passed, False):
            continue
        move = _land(tables, routes, cells, me, field, route, again, 0, "back")
        if move is not None:
            moves.append(move)
    return moves


def _less_die(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    at = dice.index(die)
    return dice[:at] + dice[at + 1:]


def _most_used(tables: Tables, cells: Cells, waiting: tuple[int, ...], finished: tuple[int, ...], me: int,
               dice: tuple[int, ...], enough: int) -> int:
    """The most of `dice` that can be used one after another from here (stopping once `enough` is reached)."""
    best = 0
    for die in sorted(set(dice), reverse=True):
        if enough <= 1:
            if _throw_moves(tables, cells, waiting, me, die, False, die, first=True):
                return 1
            continue
        for move in _throw_moves(tables, cells, waiting, me, die, False, die):
            after = _moved(tables, cells, waiting, finished, me, move)
            used = 1 + _most_used(tables, *after, me, _less_die(dice, die), enough - 1)
            if used >= enough:
                return used
            best = max(best, used)
    return best


def _dice_moves(position: FilePosition) -> list[Move]:
    """The moves of one die each, for the dice still to use: as many dice used as can be (use-all), and the
    larger of two where only one can be (use-larger)."""
    tables = position.tables
    dice = position.dice
    me = position.mover
    cells, waiting = position.cells, position.waiting
    moves = [move for die in sorted(set(dice), reverse=True)
             for move in _throw_moves(tables, cells, waiting, me, die, False, die)]
    if len(dice) < 2 or not moves or not (tables.use_all or tables.use_larger):
        return moves
    reach = [1 + _most_used(tables, *_moved(tables, cells, waiting, position.finished, me, move), me,
                            _less_die(dice, move.die), len(dice) - 1) for move in moves]
    most = max(reach)
    if tables.use_all:
        moves = [move for move, used in zip(moves, reach, strict=True) if used == most]
    if most > 1:  # more than one die can be used: the larger is no one's to insist on
        return moves
    larger = dice[0]
    if tables.use_larger and len(set(dice)) > 1 and any(move.die == larger for move in moves):
        moves = [move for move in moves if move.die == larger]
    return moves


def _track_moves(position: FilePosition) -> list[Move]:
    tables = position.tables
    if tables.each_die:
        return _dice_moves(position)
    throw = position.throw
    if not throw:  # no throw yet, or a throw of 0: nothing moves
        return []
    me = position.mover
    again = throw in tables.again_throws
    moves = _throw_moves(tables, position.cells, position.waiting, me, throw, again, 0)
    if not moves and tables.backward:
        moves = _backward_moves(tables, position.cells, me, throw, again)
    return moves


def _moved(tables: Tables, cells: Cells, waiting: tuple[int, ...], finished: tuple[int, ...], me: int,
           move: Move) -> tuple[Cells, tuple[int, ...], tuple[int, ...]]:
    """The pieces after `move` of `me`: on the board, waiting and finished."""
    board = list(cells)
    origin = move.origin
    if origin >= 0:
        board[origin] = _less_one(board[origin], me)
    elif origin == WAITING:
        waiting = (*waiting[:me], waiting[me] - 1, *waiting[me + 1:])
    for field in move.captured:
        victims = [p for p in board[field] if p != me]
        board[field] = tuple(p for p in board[field] if p == me)
        if tables.capture_to is CaptureTo.WAITING:
            counts = list(waiting)
            for victim in victims:
                counts[victim] += 1
            waiting = tuple(counts)
        elif tables.capture_to is CaptureTo.START:
            for victim in victims:
                first = tables.tracks[victim][0]
                board[first] = (*board[first], victim)
        elif tables.capture_to is CaptureTo.SWAP:
            board[origin] = (*board[origin], *victims)
    if move.path:
        final = move.path[-1]
        if final == FINISHED:
            finished = (*finished[:me], finished[me] + 1, *finished[me + 1:])
        else:
            board[final] = (*board[final], me)
    return tuple(board), waiting, finished


def _grid_moves(position: FilePosition, me: int) -> list[Move]:
    tables = position.tables
    cells = position.cells
    steps, jumps = tables.grid_steps[me], tables.grid_jumps[me]
    moves = []
    for origin, stack in enumerate(cells):
        if not stack or stack[-1] != me:
            continue
        for target in steps[origin]:
            if not cells[target]:
                moves.append(Move("step", origin, (target,)))
        if jumps[origin]:
            _chains(tables, cells, me, origin, origin, (), (), moves)
    return moves


def _chains(tables: Tables, cells: tuple[tuple[int, ...], ...], me: int, origin: int, at: int,
            path: tuple[int, ...], taken: tuple[int, ...], moves: list[Move]) -> None:
    """Every jump from `at`, and (where chains are played) every jump on from there: each stop a move.  A piece
    taken stays on its field until the move ends, so it is neither landed on nor jumped again."""
    for over, land in tables.grid_jumps[me][at]:
        victims = cells[over]
        if over in taken or not victims or victims[-1] == me or (cells[land] and land != origin):
            continue
        reached, captured = (*path, land), (*taken, over)
        moves.append(Move("jump", origin, reached, captured))
        if tables.chain:
            _chains(tables, cells, me, origin, land, reached, captured, moves)


def generate(position: FilePosition) -> list[Move]:
    if position.tables.on_tracks:
        return _track_moves(position)
    return _grid_moves(position, position.mover)


def pieces_left(position: FilePosition, player: int) -> int:
    return sum(stack.count(player) for stack in position.cells) + position.waiting[player]


def _decided(position: FilePosition) -> Outcome | None:
    """The outcomes a look at the position gives (not those that need its moves)."""
    tables = position.tables
    if tables.all_finished_wins:
        for player, done in enumerate(position.finished):
            if done >= tables.pieces[player]:
                return Outcome(PLAYER_NAMES[player], "all pieces finished", OutcomeCode.GOAL)
    if tables.goal >= 0 and position.cells[tables.goal]:
        player = position.cells[tables.goal][0]
        return Outcome(PLAYER_NAMES[player], f"reached {tables.names[tables.goal]}", OutcomeCode.GOAL)
    if any(tables.fewer_than):
        for player in range(position.players):
            least = tables.fewer_than[player]
            if least and pieces_left(position, player) < least:
                return Outcome(PLAYER_NAMES[1 - player], f"player {player + 1} has fewer than {least} pieces",
                               OutcomeCode.CAPTURE)
    if any(tables.stall):
        for player in range(position.players):
            limit = tables.stall[player]
            if limit and position.stalled[player] >= limit:
                return Outcome(PLAYER_NAMES[1 - player], f"player {player + 1} made {limit} moves in a row without "
                               "a move forward", OutcomeCode.STALLED)
    return None


def outcome_of(position: FilePosition) -> Outcome | None:
    """Who has won and why, or None while the game goes on: the rules' `outcome`, which compiling also asks of
    the start (a game decided before its first move is refused)."""
    found = _decided(position)
    if found is None and position.tables.no_move is NoMove.LOSE and not generate(position):
        loser = position.mover
        return Outcome(PLAYER_NAMES[1 - loser], f"player {loser + 1} cannot move", OutcomeCode.NO_MOVES)
    return found


def _forward(tables: Tables, me: int, move: Move) -> bool:
    """Whether a move counts as a move forward for the stall rule: any capture, or a step in one of the player's
    forward directions."""
    if move.captured:
        return True
    if move.kind != "step":
        return False
    columns = tables.variant.grid.columns
    (c0, r0), (c1, r1) = divmod(move.origin, columns)[::-1], divmod(move.path[-1], columns)[::-1]
    return (c1 - c0, r1 - r0) in tables.forward[me]


def unending(tables: Tables) -> str:
    """Why a game by these rules may never end; "" where every game ends.  On the grid without a stall rule, a
    player whose pieces can step back and forth can play for ever; a race moves on, unless its pieces can be
    shut in (blocks, blockades) or sent back (backward moves) without end."""
    if tables.on_tracks:
        # Backgammon's primes: where every die is used alone and points of two block it, both players can be shut
        # in for good (greedy players do it); Ludo's blocks cannot, since a home column is its player's own.
        if (tables.block or tables.blockade) and tables.each_die:
            return ("blocks can shut both players' pieces in, so that neither can move on, and a game may never end: "
                    "games still going at the move limit are counted unfinished")
        if tables.backward:
            return ("pieces may move backward where none can go forward, so a game may go on for a long time: games "
                    "still going at the move limit are counted unfinished")
        return ""
    if any(tables.stall):
        return ""
    columns = tables.variant.grid.columns
    for player in range(max(tables.player_counts)):
        ways = {(land % columns - origin % columns, land // columns - origin // columns)
                for origin, lands in enumerate(tables.grid_steps[player]) for land in lands}
        if len(tables.forward[player]) < len(ways):
            return (f"player {player + 1}'s pieces can step back and forth, so a game may never end: games still "
                    "going at the move limit are counted unfinished (stall in [play] would end them)")
    return ""


_FIELD = r"[a-z]\d{1,2}'*"
_MOVE_SYNTAX = re.compile(rf"pass|(in|{_FIELD})([-x]({_FIELD}|off))+(/[0-9]{{1,2}})?")


class FileRules(GameRules[FilePosition, Move]):
    """A game file's rules, for `seats` players (2 to 4, one of the numbers the file allows)."""

    move_syntax = _MOVE_SYNTAX
    move_example = "d1-d2 (a piece along its track), in-c1 (a waiting piece comes on), g1-off, d5xd3xf3, pass"

    def __init__(self, play: Play, seats: int | None = None) -> None:
        self.play = play
        default = play.default
        self.seats = seats if seats is not None else default.player_counts[0]
        if self.seats not in default.player_counts:
            raise ValueError(f"{default.game} is played by {' or '.join(map(str, default.player_counts))} players, "
                             f"not {self.seats}")
        self.name = default.game
        self.players = PLAYER_NAMES[: self.seats]
        self.variants = (default.variant,)

    def seated(self, seats: int) -> FileRules:
        """The same rules for another number of players; ValueError if the game is not played by so many."""
        return self if seats == self.seats else FileRules(self.play, seats)

    def seat_counts(self) -> tuple[int, ...]:
        return self.play.default.player_counts

    # -- reading and writing -------------------------------------------------------------------------
    def read(self, document: Mapping[str, Any], source: SourceMap) -> FilePosition:
        return read_position(self.play, document, source)

    def write(self, position: FilePosition) -> str:
        return write_position(self.play, position)

    def start(self, variant: Variant | None = None) -> FilePosition:
        return start_position(self.play.default, self.seats)

    def rule_options(self) -> Mapping[str, tuple[str, ...]]:
        return dict(self.play.options)

    def unending(self) -> str:
        return next((said for said in (unending(tables) for _, tables in self.play.tables) if said), "")

    def start_with(self, variant: Variant, chosen: Mapping[str, str]) -> FilePosition:
        return start_position(self.play.chosen(chosen_set(self.play, self.name, chosen)), self.seats)

    # -- the rules ---------------------------------------------------------------------------------------
    def problems(self, position: FilePosition) -> list[Problem]:
        return position_problems(position)

    def legal_moves(self, position: FilePosition) -> list[Move]:
        if _decided(position) is not None:
            return []
        tables = position.tables
        if tables.each_die:
            if not position.dice:
                return []
        elif tables.throw_values and position.throw is None:
            return []
        moves = generate(position)
        if moves or tables.no_move is NoMove.LOSE:
            return moves
        return [PASS_AGAIN if position.throw in tables.again_throws else PASS]

    def apply(self, position: FilePosition, move: Move) -> FilePosition:
        tables = position.tables
        me = position.mover
        cells, waiting, finished = _moved(tables, position.cells, position.waiting, position.finished, me, move)
        stalled = position.stalled
        if tables.stall[me]:
            count = 0 if _forward(tables, me, move) else stalled[me] + 1
            stalled = (*stalled[:me], count, *stalled[me + 1:])
        dice = _less_die(position.dice, move.die) if move.die else ()
        mover = me if move.again or dice else (me + 1) % position.players
        return FilePosition(tables, position.players, mover, None, cells, waiting, finished, stalled, dice)

    def outcome(self, position: FilePosition) -> Outcome | None:
        return outcome_of(position)

    # -- throws --------------------------------------------------------------------------------------------
    def chance(self, position: FilePosition) -> Sequence[Chance[FilePosition]]:
        if not self.throw_due(position):
            return ()
        tables = position.tables
        if tables.each_die:
            # Each throw named by the dice it gives to use: a double played four times is "4444".
            return tuple(Chance("".join(map(str, dice)), weight, self._thrown_dice(position, dice))
                         for dice, weight in zip(tables.dice_throws, tables.dice_weights, strict=True))
        return tuple(Chance(str(value), weight, self._thrown(position, value))
                     for value, weight in zip(tables.throw_values, tables.throw_weights, strict=True))

    def throw_due(self, position: FilePosition) -> bool:
        tables = position.tables
        if tables.each_die:
            return not position.dice and _decided(position) is None
        return bool(tables.throw_values) and position.throw is None and _decided(position) is None

    def sample_throw(self, position: FilePosition, rng: Random) -> FilePosition:
        # The contract's draw (random.choices over the chances, in order), from running sums made once.
        tables = position.tables
        if tables.each_die:
            return self._thrown_dice(position, rng.choices(tables.dice_throws, cum_weights=tables.dice_cumulative)[0])
        return self._thrown(position, rng.choices(tables.throw_values, cum_weights=tables.throw_cumulative)[0])

    @staticmethod
    def _thrown(position: FilePosition, value: int) -> FilePosition:
        return FilePosition(position.tables, position.players, position.mover, value, position.cells,
                            position.waiting, position.finished, position.stalled)

    @staticmethod
    def _thrown_dice(position: FilePosition, dice: tuple[int, ...]) -> FilePosition:
        return FilePosition(position.tables, position.players, position.mover, None, position.cells,
                            position.waiting, position.finished, position.stalled, dice)

    def parse_chance(self, position: FilePosition, label: str) -> FilePosition:
        outcome = self.outcome(position)
        if outcome is not None:
            raise IllegalMoveError(f"'{label}:' cannot be thrown: the game is over, {outcome.describe()}")
        if not self.throw_due(position):
            raise IllegalMoveError(f"no throw is due here, so '{label}:' cannot be played")
        tables = position.tables
        text = label.strip()
        if tables.each_die:
            wanted = "".join(sorted(re.sub(r"[\s,]", "", text), reverse=True))
            for dice in tables.dice_throws:  # as the dice to use ("4444"), or as thrown ("44")
                if wanted in ("".join(map(str, dice)), "".join(map(str, dice[:tables.dice]))):
                    return self._thrown_dice(position, dice)
            raise MalformedMoveError(f"'{label}' is not a throw; throws are the dice, larger first, like "
                                     f"{''.join(map(str, tables.dice_throws[0][:tables.dice]))} or "
                                     f"{''.join(map(str, tables.dice_throws[-1][:tables.dice]))}")
        values = tables.throw_values
        if not text.isdigit() or int(text) not in values:
            raise MalformedMoveError(f"'{label}' is not a throw; throws are {', '.join(map(str, values))}")
        return self._thrown(position, int(text))

    def throw_left(self, position: FilePosition) -> str | None:
        return "".join(map(str, position.dice)) if position.dice else None

    def chance_example(self) -> str:
        default = self.play.default
        if default.each_die:
            return f"{''.join(map(str, default.dice_throws[0][:default.dice]))}: d1-d2"
        return f"{default.throw_values[-1]}: d1-d2" if default.throw_values else ""

    # -- notation ------------------------------------------------------------------------------------------
    def notation(self, position: FilePosition, move: Move) -> str:
        """d1-d2 along a track (d1xd2 capturing), in-c1 coming on, g1-off leaving, c3-d1-h4 up a ladder,
        d5xd3xf3 a chain of jumps, pass."""
        if move.kind == "pass":
            return "pass"
        names = position.tables.names
        text = "in" if move.origin == WAITING else names[move.origin]
        last = len(move.path) - 1
        for i, field in enumerate(move.path):
            capture = move.kind == "jump" or (i == last and bool(move.captured))
            text += ("x" if capture else "-") + ("off" if field == FINISHED else names[field])
        if move.die and (move.path[-1] == FINISHED or move.origin == WAITING) and any(
                other.die != move.die and other.origin == move.origin and other.path == move.path
                for other in self.legal_moves(position)):
            text += f"/{move.die}"  # two dice make the same move (off the board, or onto it): which one it uses
        return text

    def fields_named(self, text: str) -> list[str]:
        return re.findall(r"(?<![a-z])[a-z]\d{1,2}(?!\d)", text)

    # -- for players that search ---------------------------------------------------------------------------
    def estimate(self, position: FilePosition, player: str) -> float:
        """Each player's pieces finished, progress along its track, material and mobility, by the file's
        weights: mine less the others' mean."""
        tables = position.tables
        weights = tables.weights
        total = sum(weights)
        if not total:
            return 0.0
        scores = [self._score(position, p) for p in range(position.players)]
        me = PLAYER_NAMES.index(player)
        others = (sum(scores) - scores[me]) / (position.players - 1)
        return 0.9 * max(-1.0, min(1.0, (scores[me] - others) / total))

    @staticmethod
    def _score(position: FilePosition, player: int) -> float:
        tables = position.tables
        w_finished, w_progress, w_material, w_mobility = tables.weights
        pieces = tables.pieces[player]
        score = w_finished * position.finished[player] / pieces
        if w_progress and tables.on_tracks:
            steps = tables.steps_of[player]
            length = len(tables.tracks[player]) + 1
            done = sum(steps[f] for f, stack in enumerate(position.cells) for p in stack if p == player)
            score += w_progress * (done + length * position.finished[player]) / (length * pieces)
        if w_material:  # pieces in play: on the board or finished (a waiting piece has yet to be brought on)
            on_board = pieces_left(position, player) - position.waiting[player]
            score += w_material * (on_board + position.finished[player]) / pieces
        if w_mobility and not tables.on_tracks:
            score += w_mobility * min(1.0, len(_grid_moves(position, player)) / 10)
        return score

    # -- random positions, for property tests and benchmarks ----------------------------------------------
    def random_position(self, choose: Chooser) -> str:
        """A position reached by a random game of up to 80 plies from the start, as a file's text: any number of
        players the file allows, any values of its rule options."""
        seats = choose.choice(self.play.default.player_counts)
        values = tuple(choose.choice(values) for _, values in self.play.options)
        position = start_position(self.play.chosen(values), seats)
        for _ in range(choose.integer(0, 80)):
            if self.throw_due(position):
                position = self._chosen_throw(position, choose)
            moves = self.legal_moves(position)
            if not moves:
                break
            position = self.apply(position, choose.choice(moves))
        if self.throw_due(position) and choose.boolean():
            position = self._chosen_throw(position, choose)
        return self.write(position)

    def _chosen_throw(self, position: FilePosition, choose: Chooser) -> FilePosition:
        tables = position.tables
        if tables.each_die:
            return self._thrown_dice(position, choose.choice(tables.dice_throws))
        return self._thrown(position, choose.choice(tables.throw_values))
