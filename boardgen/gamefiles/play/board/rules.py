"""The board engine: one set of rules for every game of pieces on fields, played from the compiled tables.

The engine names no game and no mechanism's rule: it asks the mechanisms' sources for the moves (the first that
answers, in the registry's order: a removal after a mill, a chain of jumps, a placement), else the pieces' own
moves; lets the filters narrow them (compulsory capture); applies a move's actions and the mechanisms' effects
(custodial capture, a chain going on, a mill made, the counters); and asks ends.py how the game stands.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ....engine.contract import GameRules, Outcome, OutcomeCode
from ....engine.examples import Chooser
from ....engine.grid import Variant
from ....engine.position_file import SourceMap
from ....engine.problems import IllegalMoveError, Problem
from ..position import chosen_set
from .ends import decided, stuck
from .files import position_problems, read_position, start_position, write_position
from .moves import HAND, PASS, BoardMove
from .moving import piece_moves
from .placing import placed, turned
from .position import NO_ARRIVAL, PLAYER_NAMES, BoardPosition, Next, on_board
from .tables import OWNER_MASK, BoardPlay, NoMove, Place, kind_of, owner, piece

_MOVE_SYNTAX = re.compile(r"pass|stop|x[a-z]\d{1,2}|[a-z]\d{1,2}(?:[-x][a-z]\d{1,2})?|[a-z]")


def _generated(position: BoardPosition) -> list[BoardMove]:
    """The moves the mechanisms give, before a player with none is dealt with."""
    tables = position.tables
    moves = None
    for source in tables.sources:
        moves = source(position)
        if moves is not None:
            break
    if moves is None:
        moves = piece_moves(position)
    for narrow in tables.filters:
        moves = narrow(position, moves)
    return moves


def _other(position: BoardPosition) -> BoardPosition:
    return BoardPosition(position.tables, position.players, 1 - position.mover, position.cells, position.hand,
                         position.quiet, position.stalled, last=NO_ARRIVAL)


def _worked_out(position: BoardPosition) -> tuple[list[BoardMove], Outcome | None]:
    """The position's legal moves and outcome, worked out once and kept in its memo."""
    memo = position.memo
    if "moves" in memo:
        return memo["moves"], memo["outcome"]
    outcome = decided(position)
    moves: list[BoardMove] = []
    if outcome is None:
        moves = _generated(position)
        if not moves:
            no_move = position.tables.no_move
            loser = position.mover
            if no_move is NoMove.LOSE:
                outcome = Outcome(PLAYER_NAMES[1 - loser], f"player {loser + 1} cannot move", OutcomeCode.NO_MOVES)
            elif no_move is NoMove.DRAW:
                full = all(position.cells[i] for i in position.tables.geometry.fields)
                outcome = Outcome(None, "the board is full" if full else f"player {loser + 1} cannot move",
                                  OutcomeCode.DRAW)
            elif _generated(_other(position)):
                moves = [PASS]
            else:
                outcome = stuck(position)
    memo["moves"], memo["outcome"] = moves, outcome
    return moves, outcome


class BoardRules(GameRules[BoardPosition, BoardMove]):
    """A game file's rules for pieces on fields (two players)."""

    move_syntax = _MOVE_SYNTAX
    move_example = "e4 (a placement), a1-b2 (a move), a1xc3 (a capture), xd4 (a removal), pass"

    def __init__(self, play: BoardPlay) -> None:
        self.play = play
        default = play.default
        self.name = default.game
        self.players = PLAYER_NAMES[:2]
        self.variants = (default.variant,)

    def seat_counts(self) -> tuple[int, ...]:
        return self.play.default.player_counts

    # -- reading and writing -------------------------------------------------------------------------
    def read(self, document: Mapping[str, Any], source: SourceMap) -> BoardPosition:
        return read_position(self.play, document, source)

    def write(self, position: BoardPosition) -> str:
        return write_position(self.play, position)

    def start(self, variant: Variant | None = None) -> BoardPosition:
        return start_position(self.play.default)

    def rule_options(self) -> Mapping[str, tuple[str, ...]]:
        return dict(self.play.options)

    def unending(self) -> str:
        tables = self.play.default
        if tables.draw_after or any(tables.stall) or (tables.place is not None and not any(
                kind.moves_for(p) for kind in tables.kinds for p in range(2))):
            return ""
        return "pieces may move back and forth for ever, and the rules set no limit"

    def start_with(self, variant: Variant, chosen: Mapping[str, str]) -> BoardPosition:
        return start_position(self.play.chosen(chosen_set(self.play, self.name, chosen)))

    # -- the rules ---------------------------------------------------------------------------------------
    def problems(self, position: BoardPosition) -> list[Problem]:
        return position_problems(position)

    def legal_moves(self, position: BoardPosition) -> list[BoardMove]:
        return _worked_out(position)[0]

    def outcome(self, position: BoardPosition) -> Outcome | None:
        return _worked_out(position)[1]

    def apply(self, position: BoardPosition, move: BoardMove) -> BoardPosition:
        made = Next(position)
        cells = made.cells
        me = position.mover
        if move.kind == "remove":
            made.captured.append(cells[move.target])
            cells[move.target] = 0
        elif move.target >= 0:
            if move.origin == HAND:
                content = placed(position, made.hand)
            else:
                content = cells[move.origin]
                cells[move.origin] = 0
            if move.becomes >= 0:
                content = piece(me, move.becomes)
            for captured in move.captures:
                made.captured.append(cells[captured])
                cells[captured] = 0
            for flipped in move.flips:
                cells[flipped] = turned(cells[flipped], me)
            cells[move.target] = content
        for effect in position.tables.effects:
            effect(position, move, made)
        mover = me if made.again else 1 - me
        arrived = move.target if move.target >= 0 and move.kind != "remove" else NO_ARRIVAL
        counts = list(on_board(position))
        if move.kind == "place":
            counts[me] += 1
        if move.flips:
            counts[me] += len(move.flips)
            counts[1 - me] -= len(move.flips)
        for content in made.captured:
            counts[(content & OWNER_MASK) - 1] -= 1
        return BoardPosition(position.tables, position.players, mover, tuple(cells), tuple(made.hand), made.quiet,
                             made.stalled, made.jumping, made.removing, arrived, tuple(counts))

    # -- notation ------------------------------------------------------------------------------------------
    def notation(self, position: BoardPosition, move: BoardMove) -> str:
        """e4 a placement, a1-b2 a move, a1xc3 a capture (by a jump, or onto the piece), xd4 a removal."""
        names = position.tables.names
        if move.kind in ("pass", "stop"):
            return move.kind
        if move.kind == "remove":
            return "x" + names[move.target]
        if move.origin == HAND:
            return names[move.target]
        return names[move.origin] + ("x" if move.captures else "-") + names[move.target]

    def parse_move(self, position: BoardPosition, text: str) -> BoardMove:
        """A move as notation writes it; in a game placing in columns, a column's letter ("c") names the placement
        in that column too."""
        wanted = self.normalise(text)
        if len(wanted) == 1 and wanted.isalpha() and position.tables.place is Place.COLUMN and \
                self.legal_moves(position):
            for move in self.legal_moves(position):
                if move.origin == HAND and self.notation(position, move)[0] == wanted:
                    return move
            raise IllegalMoveError(f"{text.strip()!r} names no column a piece can be placed in here; "
                                   "'boardgen check' lists the legal moves")
        return super().parse_move(position, text)

    # -- for players that search ---------------------------------------------------------------------------
    def estimate(self, position: BoardPosition, player: str) -> float:
        """Material: the worth of my pieces (on the board and in hand) less the opponent's, of all there are."""
        tables = position.tables
        me = PLAYER_NAMES.index(player)
        worth = [0.0, 0.0]
        for content in position.cells:
            if content:
                worth[owner(content)] += tables.kinds[kind_of(content)].value
        for p in range(2):
            worth[p] += position.hand[p] * tables.kinds[0].value
        if position.removing:  # a mill just made: the mover is about to take one of the opponent's pieces
            worth[1 - position.mover] -= tables.kinds[0].value
        total = worth[0] + worth[1]
        return 0.0 if not total else 0.9 * (worth[me] - worth[1 - me]) / total

    # -- random positions, for property tests and benchmarks ----------------------------------------------
    def random_position(self, choose: Chooser) -> str:
        """A position reached by a random game of up to 80 plies from the start, any values of its rule options."""
        values = tuple(choose.choice(values) for _, values in self.play.options)
        position = start_position(self.play.chosen(values))
        for _ in range(choose.integer(0, 80)):
            moves = self.legal_moves(position)
            if not moves:
                break
            position = self.apply(position, choose.choice(moves))
        return self.write(position)


