"""What a set of compiled rules means, checked before anyone plays by them: a game that cannot end, or is decided
before its first move, is refused with the reason, at the key to change.

Each key of [play] is checked on its own as it is compiled (compile.py); these checks look at the rules as a
whole: that the start is a position the rules themselves call valid and not already decided, for every number of
players; that a race can be won at all with its throws, its tracks, its ladders and snakes (pieces are followed
along each track as if alone on it: if none can finish or stay on the goal even so, nobody can win); that a game
on the grid has something that ends it; and that "fewer than" can happen.  Whether a game that can end always
does (pieces that can shuffle back and forth for ever) cannot be known before playing: the rules' `unending`
says so, for simulate and report to tell.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ...engine.toml_source import toml_text
from .engine import outcome_of
from .model import CaptureTo, Enter, Finish, NoMove, Tables
from .position import position_problems, start_position


class TellProblem(Protocol):
    """Records a problem: its code, its message, and the [play] key (and the keys within it) it is placed at."""

    def __call__(self, code: str, message: str, key: str, *sub: str) -> None: ...


def check_meaning(tables: Tables, table: Mapping[str, Any], report: TellProblem) -> None:
    """Every problem of meaning in `tables`, compiled from the [play] keys `table`, told to `report`: the code, the
    message, and the key it is placed at."""
    players = max(tables.player_counts)
    if not _fewer_than_can_happen(tables, table, players, report):
        return
    if tables.on_tracks:
        if not _race_can_be_won(tables, table, players, report):
            return
    elif not _grid_game_can_end(tables, players):
        report("never-ends", "nothing ends this game: give a goal, fewer-than (with jumps that capture), "
               "no-move = \"lose\" or stall (docs/game-files.md)", "no-move")
        return
    _start_is_valid_and_open(tables, table, report)


def _removable(tables: Tables, player: int) -> bool:
    """Whether the player's pieces can leave the game: captured, and removed rather than sent back."""
    return tables.capturable[player] and tables.capture_to is CaptureTo.REMOVED


def _fewer_than_can_happen(tables: Tables, table: Mapping[str, Any], players: int, report: TellProblem) -> bool:
    value = table.get("fewer-than")
    for player in range(players):
        least = tables.fewer_than[player]
        if not least:
            continue
        everyone = "" if isinstance(value, dict) else f" (fewer-than = {toml_text(value)} is for every player)"
        if least > tables.pieces[player]:
            report("decided-at-start", f"player {player + 1} has {tables.pieces[player]} "
                   f"piece{'s' if tables.pieces[player] != 1 else ''} and loses with fewer than {least}"
                   f"{everyone}, so the game would be decided before the first move", "fewer-than")
            return False
        if not _removable(tables, player):
            where = {"waiting": "off the board to come on again", "start": "back to its track's first field",
                     "swap": "to the field its captor came from"}.get(tables.capture_to.value, "on")
            why = "none is ever captured" if not tables.capturable[player] else \
                f"a captured one goes {where}, not out of the game"
            report("never-happens", f"player {player + 1} could never have fewer than {least} pieces{everyone}: "
                   f"{why}", "fewer-than")
            return False
    return True


def _race_can_be_won(tables: Tables, table: Mapping[str, Any], players: int, report: TellProblem) -> bool:
    if not tables.all_finished_wins and tables.goal < 0:
        if not any(tables.fewer_than[:players]):
            report("never-ends", "finish = \"none\": no piece ever leaves the board, and [play] gives no goal, so "
                   "nobody could ever win: give a goal = \"a10\", say, or let pieces finish", "finish")
            return False
        return True
    reached = [_reachable(tables, player) for player in range(players)]
    if any(finished and tables.all_finished_wins or on_goal for finished, on_goal in reached) or \
            any(tables.fewer_than[:players]):
        return True
    throws = ", ".join(map(str, tables.throw_values))
    if tables.goal >= 0 and not tables.all_finished_wins:
        report("never-ends", f"no piece can ever stand on the goal {tables.names[tables.goal]} with throws of "
               f"{throws} along its track, so nobody could ever win", "goal")
    else:
        how = "exactly one step past" if tables.finish is Finish.EXACT else "past"
        report("never-ends", f"no piece can ever get {how} the end of its track with throws of {throws}, so "
               "nobody could ever win", "throw" if "throw" in table else "tracks")
    return False


def _reachable(tables: Tables, player: int) -> tuple[bool, bool]:
    """Whether a piece of `player`, alone on the board, can finish; and whether it can stand on the goal."""
    track = tables.tracks[player]
    length = len(track)
    steps_of = tables.steps_of[player]
    throws = [t for t in tables.throw_values if t > 0]
    entering = [t for t in throws if tables.enter_throws is None or t in tables.enter_throws]
    seen: set[int] = set()
    frontier: list[int] = []
    finished = on_goal = False

    def land(step: int) -> None:
        nonlocal finished, on_goal
        if step > length:
            finished = finished or tables.finish in (Finish.REACH, Finish.REARMOST) or (
                tables.finish is Finish.EXACT and step == length + 1)
            return
        field = track[step - 1]
        field = tables.shortcut[field] if tables.shortcut[field] >= 0 else field
        on_goal = on_goal or field == tables.goal
        if steps_of[field] not in seen:
            seen.add(steps_of[field])
            frontier.append(steps_of[field])

    for throw in entering:
        land(throw if tables.enter is Enter.COUNT else 1)
    for field, stack in enumerate(tables.start):
        if player in stack and steps_of[field] not in seen:
            seen.add(steps_of[field])
            frontier.append(steps_of[field])
    while frontier:
        step = frontier.pop()
        for throw in throws:
            land(step + throw)
    return finished, on_goal


def _grid_game_can_end(tables: Tables, players: int) -> bool:
    return tables.goal >= 0 or tables.no_move is NoMove.LOSE or any(tables.stall[:players]) or any(
        tables.fewer_than[p] and _removable(tables, p) for p in range(players))


def _start_is_valid_and_open(tables: Tables, table: Mapping[str, Any], report: TellProblem) -> None:
    """The start, for every number of players, is valid by the rules' own check and not yet decided."""
    key = "start" if "start" in table else "pieces"
    for seats in tables.player_counts:
        start = start_position(tables, seats)
        for problem in position_problems(start):
            report("bad-start", f"the start{_for(seats, tables)} is not a valid position: {problem.message}", key)
            return
        outcome = outcome_of(start)
        if outcome is not None:
            report("decided-at-start", f"the game{_for(seats, tables)} would be decided before the first move: "
                   f"{outcome.describe()}", key)
            return


def _for(seats: int, tables: Tables) -> str:
    return f" for {seats} players" if len(tables.player_counts) > 1 else ""
