"""The sowing engine: one set of rules for every mancala game, played from the compiled tables.

The engine names no game and no mechanism's rule: the moves are the mover's pits that hold seeds, narrowed by the
mechanisms' filters (feeding); a move sows (sowing.py), then the mechanisms' effects act on where the last seed
landed (another turn, captures), and ends.py says how the game stands.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import compress
from typing import Any

from ....engine.contract import GameRules, Outcome
from ....engine.examples import Chooser
from ....engine.grid import Variant
from ....engine.position_file import SourceMap
from ....engine.problems import Problem
from ..position import chosen_set
from .ends import decided, remembered, stuck, taken
from .files import position_problems, read_position, start_position, write_position
from .moves import PASS, SowMove
from .position import PLAYER_NAMES, Next, SowingPosition
from .sowing import sow
from .tables import SowingPlay, SowingTables

_MOVE_SYNTAX = re.compile(r"pass|[a-z]\d{1,2}")
RANDOM_PLIES = 120  # the longest random game random_position plays from the start


def _generated(position: SowingPosition) -> list[SowMove]:
    """The moves the mechanisms give, before a player with none is dealt with: sowing from each of the mover's
    pits that holds seeds, narrowed by the filters."""
    tables = position.tables
    me = position.mover
    moves = list(compress(tables.row_moves[me], tables.row_seeds[me](position.seeds)))
    for narrow in tables.filters:
        moves = narrow(position, moves)
    return moves


def _worked_out(position: SowingPosition) -> tuple[list[SowMove], Outcome | None, bool]:
    """The position's legal moves and outcome, worked out once and kept in it; and whether each player takes the
    seeds left on its side now (the game has ended so)."""
    ending = decided(position)
    moves: list[SowMove] = []
    if ending is None:
        moves = _generated(position)
        if not moves:
            passed = SowingPosition(position.tables, 1 - position.mover, position.seeds, position.captured)
            ending = stuck(position, lambda: bool(_generated(passed)))
            if ending is None:
                moves = [PASS]
    outcome, takes = ending or (None, False)
    position.found_moves, position.found_outcome = moves, outcome
    return moves, outcome, takes


def _settled(position: SowingPosition) -> SowingPosition:
    """The position a move makes; where the move ends the game so that each player takes the seeds on its side,
    the position once they have (with the outcome worked out before they did: why the game ended)."""
    moves, outcome, takes = _worked_out(position)
    if not takes or not any(any(row(position.seeds)) for row in position.tables.row_seeds):
        return position
    seeds, kept = taken(position)
    done = SowingPosition(position.tables, position.mover, seeds, kept)
    done.found_moves, done.found_outcome = moves, outcome
    return done


def played(position: SowingPosition, move: SowMove) -> Next:
    """What sowing `move` makes: the seeds sown, then each mechanism's effect (captures, another turn)."""
    made = sow(position, move.origin)
    for effect in position.tables.effects:
        effect(position, move, made)
    return made


class SowingRules(GameRules[SowingPosition, SowMove]):
    """A game file's rules for sowing seeds round pits (two players)."""

    move_syntax = _MOVE_SYNTAX
    move_example = "b1 (the pit sown from), pass"

    def __init__(self, play: SowingPlay) -> None:
        self.play = play
        default = play.default
        self.name = default.game
        self.players = PLAYER_NAMES
        self.variants = (default.variant,)

    def seat_counts(self) -> tuple[int, ...]:
        return self.play.default.player_counts

    # -- reading and writing -------------------------------------------------------------------------
    def read(self, document: Mapping[str, Any], source: SourceMap) -> SowingPosition:
        return read_position(self.play, document, source)

    def write(self, position: SowingPosition) -> str:
        return write_position(self.play, position)

    def start(self, variant: Variant | None = None) -> SowingPosition:
        return start_position(self.play.default)

    def rule_options(self) -> Mapping[str, tuple[str, ...]]:
        return dict(self.play.options)

    def unending(self) -> str:
        """Seeds sown into stores never leave them, and a sower whose seeds reach no store only moves them on along
        its own row toward it: where each row runs into its owner's store, every game ends.  Without stores (or
        a rule that ends a game whose position comes back), seeds may go round for ever."""
        tables = self.play.default
        if tables.repeat_ends or _rows_run_into_stores(self.play.default):
            return ""
        return "seeds may go round and round without a capture for ever, and the rules set no limit"

    def start_with(self, variant: Variant, chosen: Mapping[str, str]) -> SowingPosition:
        return start_position(self.play.chosen(chosen_set(self.play, self.name, chosen)))

    # -- the rules ---------------------------------------------------------------------------------------
    def problems(self, position: SowingPosition) -> list[Problem]:
        return position_problems(position)

    def legal_moves(self, position: SowingPosition) -> list[SowMove]:
        moves = position.found_moves
        return moves if moves is not None else _worked_out(position)[0]

    def outcome(self, position: SowingPosition) -> Outcome | None:
        return position.found_outcome if position.found_moves is not None else _worked_out(position)[1]

    def apply(self, position: SowingPosition, move: SowMove) -> SowingPosition:
        tables = position.tables
        me = position.mover
        if move.origin < 0:  # a pass
            return _settled(SowingPosition(tables, 1 - me, position.seeds, position.captured,
                                           remembered(position, False)))
        made = sow(position, move.origin)  # played(), written out: this is the engine's hottest path
        for effect in tables.effects:
            effect(position, move, made)
        history = remembered(position, bool(made.gained)) if tables.repeat_ends else position.history
        return _settled(SowingPosition(tables, me if made.again else 1 - me, made.seeds, made.captured, history))

    # -- notation ------------------------------------------------------------------------------------------
    def notation(self, position: SowingPosition, move: SowMove) -> str:
        """The pit sown from ("b1"), or "pass"."""
        return "pass" if move.origin < 0 else position.tables.names[move.origin]

    # -- for players that search ---------------------------------------------------------------------------
    def estimate(self, position: SowingPosition, player: str) -> float:
        """The seeds I have captured less the opponent's, of all there are."""
        tables = position.tables
        me = PLAYER_NAMES.index(player)
        mine = tables.score(position.seeds, position.captured, me)
        theirs = tables.score(position.seeds, position.captured, 1 - me)
        return 0.9 * (mine - theirs) / max(tables.total, 1)

    # -- random positions, for property tests and benchmarks ----------------------------------------------
    def random_position(self, choose: Chooser) -> str:
        """A position reached by a random game of up to RANDOM_PLIES plies from the start, any values of its rule
        options."""
        values = tuple(choose.choice(values) for _, values in self.play.options)
        position = start_position(self.play.chosen(values))
        for _ in range(choose.integer(0, RANDOM_PLIES)):
            moves = self.legal_moves(position)
            if not moves:
                break
            position = self.apply(position, choose.choice(moves))
        return self.write(position)


def _rows_run_into_stores(tables: SowingTables) -> bool:
    """Whether each player's row is followed round the cycle by its own store, and the sower skips no store of its
    own (seeds reaching the end of a row go into the owner's store)."""
    if not tables.stores:
        return False
    cycle = tables.cycle
    for player, row in enumerate(tables.rows):
        after = cycle[(cycle.index(row[-1]) + 1) % len(cycle)]
        if after != tables.stores[player]:
            return False
    return True
