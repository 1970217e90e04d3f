"""A game file's [play] for the board engine -> its tables, or every problem found, each at its key.

Each mechanism compiles its own part (geometry.py the lines, kinds.py the kinds and the start, ...) and the
hooks it adds to the engine; this module checks the keys against the registry's declarations, puts the parts
together and asks the whole file's questions (the start on the board, more pieces than a player has).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ....engine.problems import Problem
from ..declare import Table
from ..race_keys import GAME
from ..race_keys import KEYS as RACE_KEYS
from ..reading import MAX_PIECES, BoardFacts, counted, did_you_mean, shown
from ..sowing.registry import key_names as sowing_keys
from . import capturing, ends, patterns, placing
from .geometry import compile_geometry
from .kinds import compile_kinds, compile_start
from .moves import HAND, BoardMove
from .moving import compile_moves
from .reading import BoardReading
from .registry import key_names
from .tables import BoardTables, Chain, Filter, NoMove, Place, Source, kind_of, owner, piece


def play_keys() -> tuple[str, ...]:
    """Every key [play] may hold for the board engine: the game's (players, pieces, options) and its mechanisms'."""
    return (*(key.name for key in GAME.keys), *key_names(Table.PLAY))


def kind_keys() -> tuple[str, ...]:
    return key_names(Table.KIND)


def known_keys() -> dict[str, frozenset[str]]:
    """Every kind of game's keys, to tell a key of another kind as such."""
    game = tuple(key.name for key in GAME.keys)
    return {"board": frozenset((*play_keys(), *kind_keys())), "race": frozenset(RACE_KEYS),
            "sowing": frozenset((*game, *sowing_keys()))}


class BoardCompiler(BoardReading):
    """One set of rules: the [play] table with one value of each option laid over it."""

    def compile(self) -> BoardTables | None:
        kinds_declared = bool(self.table.get("kinds"))  # as compile_kinds reads it: kinds = {} declares none
        allowed = tuple(dict.fromkeys(play_keys() if kinds_declared else (*play_keys(), *kind_keys())))
        told, another_game = self.one_kind_of_game("board", known_keys(), isinstance(self.table.get("lines"), list))
        if another_game:
            return None
        for key in self.table:
            if key in kind_keys() and key not in allowed:
                first = next(iter(self.kind_tables()), "man")
                self.problem("kind-key", f"{key} is a kind's own rule: with [play.kinds] it goes in each kind's "
                             f"table, like [play.kinds.{first}]", key)
            elif key not in allowed and key not in told:
                self.problem("unknown-key", f"unknown rule '{key}' in [play]{did_you_mean(key, allowed)}", key)
        counts = self.player_counts()
        if max(counts) != 2:
            self.problem("two-players-only", "a game of pieces on fields (placing, stepping, capturing) is played "
                         "by two for now; players = 2", "players")
        players = self.players = 2
        before = len(self.problems)
        geometry = compile_geometry(self)
        lines_told = len(self.problems) > before  # a board whose lines are wrong makes no rows nor mills worth telling
        kinds = compile_kinds(self, geometry, kind_keys())
        before = len(self.problems)
        start = compile_start(self, geometry, kinds) if kinds else ()
        start_told = len(self.problems) > before  # a start that is wrong puts pieces nowhere worth counting
        pieces = self.count_by_player("pieces", 1, MAX_PIECES, 0)
        if "pieces" not in self.table:
            self.problem("missing-key", "[play] needs pieces = N: how many pieces each player has", "pieces")
        elif isinstance(self.table["pieces"], dict):
            self.every_player("pieces", players, "{ 1 = 16, 2 = 9 }")
        on_board = [sum(1 for c in start if c and owner(c) == p) for p in range(players)]
        hand = self.count_by_player("hand", 0, MAX_PIECES, -1)
        hand = tuple(h if h >= 0 else max(0, pieces[p] - on_board[p]) for p, h in enumerate(hand))
        place = self.choice("place", Place, Place.ANYWHERE) if "place" in self.table else None
        over = [p for p in range(players) if pieces[p] and on_board[p] + hand[p] > pieces[p]]
        who = _who(over, players, [(pieces[p], on_board[p], hand[p]) for p in range(players)])
        if over and "hand" not in self.table and not start_told:
            self.problem("too-many-pieces", f"start puts {on_board[over[0]]} of {who}'s pieces on the board, but it "
                         f"has {pieces[over[0]]} (pieces)", "start")
        elif over and not start_told:
            self.problem("too-many-pieces", f"hand gives {who} {hand[over[0]]} to place and start puts "
                         f"{on_board[over[0]]} on the board, but it has {pieces[over[0]]} (pieces)", "hand")
        if any(hand) and place is None and not start_told:
            self.problem("needs-place", f"player {hand.index(max(hand)) + 1} has {counted(max(hand), 'piece')} to "
                         "place (pieces less those start puts on the board), but [play] has no place: say where they "
                         "go, like place = \"anywhere\", or start them all on the board",
                         "place" if "hand" not in self.table else "hand")
        line_of = self.whole(self.table.get("line-of", 0), 0, 20, "line-of", "line-of") or 0
        mill = self.whole(self.table.get("mill", 0), 0, 20, "mill", "mill") or 0
        lines_of = patterns.runs(geometry, line_of, not geometry.drawn) if line_of else ()
        if line_of and not lines_of and not lines_told:
            self.problem("no-rows", f"line-of = {line_of}, but no {line_of} fields lie in a row on this board, so no "
                         "one could ever make one", "line-of")
        mills = patterns.by_field(geometry.size, patterns.runs(geometry, mill, False)) if mill else \
            ((),) * geometry.size
        if mill and not any(mills) and not lines_told:
            self.problem("no-mills", f"mill = {mill}, but no {mill} points lie along one line of the board", "mill")
        hostile = frozenset(self.fields(self.table["hostile"], "hostile") or ()) if "hostile" in self.table else \
            frozenset()
        chain = self._chain()
        goal = self.zone(self.table["goal"], geometry, "goal") if "goal" in self.table else \
            (frozenset(),) * players
        gets_past = self._gets_past()
        stall = (0,) * players
        if "stall" in self.table and not isinstance(self.table["stall"], dict):
            self.problem("wrong-type", f"stall is a table by player, like stall = {{ 1 = 10 }}, not "
                         f"{shown(self.table['stall'])}", "stall")
        elif "stall" in self.table:
            stall = self.count_by_player("stall", 1, 1000, 0)
        fewer = self.count_by_player("fewer-than", 1, MAX_PIECES, 0) if "fewer-than" in self.table else \
            (0,) * players
        short = [p for p in range(players) if pieces[p] and fewer[p] > pieces[p]]
        if short:
            who = _who(short, players, [(pieces[p], fewer[p]) for p in range(players)])
            self.problem("decided-at-start", f"fewer-than = {fewer[short[0]]}, but {who} has only "
                         f"{counted(pieces[short[0]], 'piece')} (pieces), so the game would be lost before the first "
                         "move", "fewer-than")
        no_move = self.choice("no-move", NoMove, NoMove.PASS)
        draw_after = self.whole(self.table.get("draw-after", 0), 0, 10000, "draw-after", "draw-after") or 0
        fly = self.whole(self.table.get("fly", 0), 0, MAX_PIECES, "fly", "fly") or 0
        sources: list[Source] = [patterns.removals] if mill else []
        if chain is not Chain.NO:
            sources.append(capturing.going_on)
        if place is not None:
            sources.append(placing.placing)
        filters: list[Filter] = [capturing.compulsory] if self.flag("must-capture", False) else []
        effects = [effect for effect, used in ((capturing.custodial, self.flag("custodial", False)),
                                               (capturing.chained, chain is not Chain.NO),
                                               (patterns.milled, bool(mill)),
                                               (ends.counted, draw_after > 0 or any(stall))) if used]
        if not any(kind.moves_for(p) for kind in kinds for p in range(players)) and place is None:
            self.problem("no-moves", "[play] says nothing about how pieces move: give place = \"anywhere\", or a kind "
                         "of piece its steps, slides, jumps or takes", "place")
        if self.problems:
            return None
        royal_kinds = [k for k, kind in enumerate(kinds) if kind.royal]
        royal = tuple(frozenset(piece(p, k) for k in royal_kinds) if any(
            c in {piece(p, k) for k in royal_kinds} for c in start) else frozenset() for p in range(players))
        contents = range(piece(players - 1, len(kinds) - 1) + 1)
        goals = tuple(goal[owner(c)] | kinds[kind_of(c)].goal[owner(c)] if c and owner(c) < players else frozenset()
                      for c in contents)
        return BoardTables(
            game=self.board.name, geometry=geometry, player_counts=counts, pieces=pieces, kinds=kinds, start=start,
            hand=hand, place=place, borrow=self.flag("borrow", False), line_of=line_of, lines_of=lines_of, mill=mill,
            mills=mills, custodial=self.flag("custodial", False), hostile=hostile,
            chain=chain, fly=fly, fewer_than=fewer, no_move=no_move,
            most_pieces=self.flag("most-pieces", False), goal=goal, draw_after=draw_after, stall=stall,
            gets_past=gets_past, options=self.options, sources=tuple(sources), filters=tuple(filters),
            effects=tuple(effects), kind_moves=compile_moves(kinds, geometry, players, fly > 0),
            place_moves=tuple(BoardMove("place", HAND, index) for index in range(geometry.size)),
            lines_through=patterns.by_field(geometry.size, lines_of) if line_of else (),
            royal=royal if any(royal) else (),
            royal_name=kinds[royal_kinds[0]].name if royal_kinds else "", goals=goals if any(goals) else ())

    def _chain(self) -> Chain:
        value = self.table.get("chain", False)
        if value is True:
            return Chain.MAY
        if value is False:
            return Chain.NO
        if value == "must":
            return Chain.MUST
        self.problem("wrong-type", f"chain is true, false or \"must\", not {shown(value)}", "chain")
        return Chain.NO

    def _gets_past(self) -> tuple[int, ...]:
        value = self.table.get("gets-past", {})
        found = [-1] * self.players
        if not isinstance(value, dict):
            self.problem("wrong-type", "gets-past is a table by player, like gets-past = { 2 = \"left\" }",
                         "gets-past")
            return tuple(found)
        for name, word in value.items():
            if name in {str(p + 1) for p in range(self.players)} and not isinstance(word, str):
                self.problem("wrong-type", f"gets-past gives player {name} one direction, like \"left\", not "
                             f"{shown(word)}", "gets-past", name)
                continue
            ways = self.directions({name: [word]}, "gets-past")
            chosen = ways[int(name) - 1] if name.isdigit() and 1 <= int(name) <= self.players else ()
            if len(chosen) == 1:
                found[int(name) - 1] = chosen[0]
            elif chosen:
                self.problem("wrong-type", f"gets-past gives player {name} one direction, like \"left\"; "
                             f"{shown(word)} is {len(chosen)} directions", "gets-past", name)
        return tuple(found)


def _who(players: list[int], playing: int, facts: list[tuple[int, ...]]) -> str:
    """The players a problem is about, as a message names them: "each player" where every player has it alike."""
    if len(players) == playing and len(set(facts)) == 1:
        return "each player"
    return f"player {players[0] + 1}" if players else ""


def compile_board(table: Mapping[str, Any], board: BoardFacts, where: Callable[[str], str],
                  paths: Mapping[str, str], options: tuple[tuple[str, str], ...]) -> tuple[BoardTables | None,
                                                                                          list[Problem]]:
    compiler = BoardCompiler(table, board, where, paths, options)
    return compiler.compile(), compiler.problems
