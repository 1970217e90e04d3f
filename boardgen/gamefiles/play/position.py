"""A game file's positions: the pieces on each field, waiting and finished, the player to move and the throw.

    game = "ur"          # the game
    to_move = 1          # 1 to 4
    throw = 3            # or a list of the dice (summed; where dice are used one by one, those still to use),
                         # or left out: no throw yet
    players = 3          # only where the pieces below do not show how many play
    [pieces]             # field = player, or a list of players, bottom first
    d2 = 1
    [waiting]            # by player: pieces not yet on the board
    1 = 6
    [finished]           # by player: pieces that have left the board at the end of their track
    2 = 1
    [stalled]            # by player, where [play] has stall: its moves in a row without a move forward
    1 = 3
    [rules]              # the rule options, where not the defaults: rosettes = "open"

Inside, players are numbered from 0, fields are indices, and a position points at the tables of its rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ...engine.grid import LETTERS, Variant
from ...engine.position_file import SourceMap, toml_string, unknown_keys
from ...engine.problems import PositionFileError, Problem
from ...engine.toml_source import toml_text
from .model import MAX_PLAYERS, CaptureTo, Landing, Play, Tables

T_co = TypeVar("T_co", covariant=True)
PLAYER_NAMES = tuple(f"player {n}" for n in range(1, MAX_PLAYERS + 1))
_TOP_KEYS = {"game", "to_move", "throw", "players", "pieces", "waiting", "finished", "stalled", "rules"}
_COUNTS = {"waiting": "a count of pieces", "finished": "a count of pieces", "stalled": "a count of moves"}
_NUMBERS = {str(n): n for n in range(1, MAX_PLAYERS + 1)}


@dataclass(frozen=True, slots=True)
class FilePosition:
    tables: Tables  # the rules it is played by (the file's, with its rule options' values)
    players: int  # how many play: 2 to 4
    mover: int  # the player to move, from 0
    throw: int | None  # the throw's value; None: the mover must throw first (or the game has no throws)
    cells: tuple[tuple[int, ...], ...]  # by field: the players whose pieces stand there, bottom first
    waiting: tuple[int, ...]  # by player: pieces not yet on the board
    finished: tuple[int, ...]  # by player: pieces that have left it at the end of their track
    stalled: tuple[int, ...]  # by player: its moves in a row without a move forward (counted where [play] has stall)
    dice: tuple[int, ...] = ()  # dice used one by one: those still to use, larger first; (): the mover throws next

    @property
    def to_move(self) -> str:
        return PLAYER_NAMES[self.mover]

    @property
    def variant(self) -> Variant:
        return self.tables.variant


def start_position(tables: Tables, players: int) -> FilePosition:
    """The file's start: its [play] start on the board, every other piece waiting; player 1 to move."""
    on_board = [sum(stack.count(p) for stack in tables.start) for p in range(players)]
    cells = tuple(tuple(p for p in stack if p < players) for stack in tables.start)
    waiting = tuple(tables.pieces[p] - on_board[p] if tables.on_tracks else 0 for p in range(players))
    return FilePosition(tables, players, 0, None, cells, waiting, (0,) * players, (0,) * players)


def _player(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_PLAYERS else None


def read_position(play: Play, document: Mapping[str, Any], source: SourceMap) -> FilePosition:
    """A position file's document -> a position, or PositionFileError listing every problem found."""
    problems = unknown_keys(document, _TOP_KEYS, "", source)
    tables = read_rules(play, document.get("rules", {}), source, problems)
    grid = tables.variant.grid
    highest = 0
    cells: list[tuple[int, ...]] = [()] * len(tables.names)  # the map's fields, then places passed again
    pieces = document.get("pieces", {})
    if not isinstance(pieces, dict):
        problems.append(Problem("wrong-type", f"pieces must be a [pieces] table, not {toml_text(pieces)}",
                                source.where("pieces")))
        pieces = {}
    for name, value in pieces.items():
        where = source.where(f"pieces.{name}")
        if name.endswith("'") and name in tables.names:  # a place a track passes again (c5')
            index = tables.names.index(name)
        elif name.endswith("'") and name.rstrip("'") in tables.names:
            again = [place for place in tables.names if place.endswith("'")]
            bare = name.rstrip("'")
            time = {2: "second", 3: "third"}.get(len(name) - len(bare) + 1, f"{len(name) - len(bare) + 1}th")
            problems.append(Problem("off-board", f"[pieces] {name} is {bare} passed a {time} time, but no track "
                                    "passes it so often: " + (f"the places passed again are {', '.join(again)}"
                                                              if again else "no track here passes a field twice"),
                                    where))
            continue
        else:
            try:
                index = grid.index(grid.parse(name))
            except ValueError as error:
                problems.append(Problem("off-board", f"[pieces] {error}", where))
                continue
        if not tables.on_board[index]:
            problems.append(Problem("not-a-field", f"[pieces] names {name}, which is not on the board: the map has "
                                    "no field there", where))
            continue
        stack = value if isinstance(value, list) else [value]
        numbers = [_player(p) for p in stack]
        if not stack or None in numbers:
            problems.append(Problem("bad-player", f"[pieces] {name} = {toml_text(value)}: a field holds a player's "
                                    f"number, 1 to {MAX_PLAYERS}, or a list of them (bottom first)", where))
            continue
        cells[index] = tuple(n - 1 for n in numbers if n is not None)
        highest = max([highest, *(n for n in numbers if n is not None)])
    counts: dict[str, dict[int, int]] = {}
    for key in _COUNTS:
        table = document.get(key, {})
        counts[key] = {}
        if not isinstance(table, dict):
            problems.append(Problem("wrong-type", f"{key} must be a [{key}] table of counts by player, not "
                                    f"{toml_text(table)}", source.where(key)))
            continue
        for name, count in table.items():
            number = _NUMBERS.get(name)
            if number is None:
                problems.append(Problem("bad-player", f"[{key}] names player {toml_text(name)}; players are "
                                        f"numbered 1 to {MAX_PLAYERS}", source.where(f"{key}.{name}")))
            elif isinstance(count, bool) or not isinstance(count, int) or count < 0:
                problems.append(Problem("bad-count", f"[{key}] {name} = {toml_text(count)}: {_COUNTS[key]}, 0 or "
                                        "more", source.where(f"{key}.{name}")))
            else:
                counts[key][number - 1] = count
                highest = max(highest, number) if count else highest
    to_move = document.get("to_move")
    most = max(play.default.player_counts)  # the most players the game is played by
    mover = 0
    if to_move is None:
        problems.append(Problem("missing-key", f"the file needs to_move = 1 (the player to move, 1 to {most})", ""))
    elif _player(to_move) is None or to_move > most:
        problems.append(Problem("bad-player", f"to_move is {toml_text(to_move)}; it is the number of the player "
                                f"to move, 1 to {most}", source.where("to_move")))
    else:
        highest = max(highest, to_move)
        mover = to_move - 1
    players = _read_players(tables, document.get("players"), highest, source, problems)
    dice: tuple[int, ...] = ()
    if tables.each_die:
        dice = _read_dice(tables, document.get("throw"), source, problems)
        throw = None
    else:
        throw = _read_throw(tables, document.get("throw"), source, problems)
    if problems:
        raise PositionFileError(problems)
    return FilePosition(tables, players, mover, throw, tuple(cells),
                        tuple(counts["waiting"].get(p, 0) for p in range(players)),
                        tuple(counts["finished"].get(p, 0) for p in range(players)),
                        tuple(counts["stalled"].get(p, 0) for p in range(players)), dice)


class RuleSets(Protocol[T_co]):
    """A [play]'s sets of rules, one for each combination of its rule options' values (either engine's)."""

    @property
    def options(self) -> tuple[tuple[str, tuple[str, ...]], ...]: ...

    def chosen(self, values: tuple[str, ...]) -> T_co: ...

    @property
    def default(self) -> T_co: ...


def chosen_set(play: RuleSets[T_co], game: str, chosen: Mapping[str, str]) -> tuple[str, ...]:
    """The values of every rule option, the chosen ones where given (each checked: ValueError saying what there
    is), the default elsewhere: the key of the set of rules they make, for play.chosen()."""
    options = dict(play.options)
    for name, value in chosen.items():
        if name not in options:
            raise ValueError(f"{game} has no rule option {name!r}; its options: {', '.join(options) or 'none'}")
        if value not in options[name]:
            raise ValueError(f"{name} is one of {', '.join(options[name])}, not {value!r}")
    return tuple(chosen.get(name, values[0]) for name, values in play.options)


def stall_problems(player: int, stalled: int, limit: int) -> list[Problem]:
    """A position's [stalled] count of `player` (from 0) against its game's stall limit (0: none counted)."""
    if stalled and not limit:
        return [Problem("cannot-stall", f"[stalled] counts moves of player {player + 1} without a move forward, but "
                        "this game does not count them (its [play] has no stall for them)", "stalled")]
    if stalled > limit:
        return [Problem("stalled", f"[stalled] counts {stalled} moves of player {player + 1} without a move forward; "
                        f"the game ends at {limit}", "stalled")]
    return []


def read_mover_of_two(document: Mapping[str, Any], source: SourceMap, problems: list[Problem]) -> int:
    """A two-player game's position file: its to_move (from 0) and its players (2, if it says), each problem
    told."""
    to_move = document.get("to_move")
    mover = 0
    if to_move is None:
        problems.append(Problem("missing-key", "the file needs to_move = 1 (the player to move, 1 or 2)", ""))
    elif to_move not in (1, 2) or isinstance(to_move, bool):
        problems.append(Problem("bad-player", f"to_move is {toml_text(to_move)}; it is the number of the player "
                                "to move, 1 or 2", source.where("to_move")))
    else:
        mover = to_move - 1
    players = document.get("players", 2)
    if players != 2 or isinstance(players, bool):
        problems.append(Problem("bad-players", f"players is {toml_text(players)}; this game is played by 2",
                                source.where("players")))
    return mover


def read_rules(play: RuleSets[T_co], rules: Any, source: SourceMap, problems: list[Problem]) -> T_co:
    """A position file's [rules] -> the set of rules it is played by (the defaults where it says nothing)."""
    if not isinstance(rules, dict):
        problems.append(Problem("wrong-type", f"rules must be a [rules] table, not {toml_text(rules)}",
                                source.where("rules")))
        return play.default
    known = dict(play.options)
    if rules and not known:  # "known here: " and nothing would say nothing
        problems.extend(Problem("unknown-key", f"rules.{name} is not a rule option: this game has none, so a "
                                "position has no [rules]", source.where(f"rules.{name}")) for name in rules)
        return play.default
    problems.extend(unknown_keys(rules, set(known), "rules", source))
    chosen = []
    for name, values in play.options:
        value = rules.get(name, values[0])
        if value not in values:
            problems.append(Problem("bad-rule", f"rules.{name} is {toml_text(value)}; it is one of "
                                    f"{', '.join(toml_text(v) for v in values)}", source.where(f"rules.{name}")))
            value = values[0]
        chosen.append(value)
    return play.chosen(tuple(chosen))


def _read_players(tables: Tables, value: Any, highest: int, source: SourceMap, problems: list[Problem]) -> int:
    counts = tables.player_counts
    if value is not None:
        if value not in counts or isinstance(value, bool):
            problems.append(Problem("bad-players", f"players is {toml_text(value)}; this game is played by "
                                    f"{' or '.join(map(str, sorted(counts)))}", source.where("players")))
            return counts[0]
        if highest > value:
            problems.append(Problem("bad-player", f"the file names player {highest}, but players = {value}",
                                    source.where("players")))
        return int(value)
    fitting = sorted(c for c in counts if c >= max(highest, counts[0]))
    if not fitting:
        problems.append(Problem("bad-player", f"the file names player {highest}, but this game is played by "
                                f"{' or '.join(map(str, sorted(counts)))} players", ""))
        return counts[0]
    return fitting[0]


def _read_dice(tables: Tables, value: Any, source: SourceMap, problems: list[Problem]) -> tuple[int, ...]:
    """throw = [5, 3]: the dice still to use, where dice are used one by one (a double's four: [4, 4, 4, 4])."""
    if value is None:
        return ()
    faces = sorted(set(tables.die_faces))
    most = max(len(dice) for dice in tables.dice_throws)
    items = value if isinstance(value, list) else [value]
    if not items or not all(isinstance(v, int) and not isinstance(v, bool) and v in faces for v in items) or \
            len(items) > most or (len(set(items)) > 1 and len(items) > tables.dice):
        problems.append(Problem("bad-throw", f"throw is {toml_text(value)}; it lists the dice still to use, each "
                                f"one of {', '.join(map(str, faces))}: up to {tables.dice} different ones, or up "
                                f"to {most} of a double, like [5, 3] or [4, 4, 4]", source.where("throw")))
        return ()
    return tuple(sorted(items, reverse=True))


def _read_throw(tables: Tables, value: Any, source: SourceMap, problems: list[Problem]) -> int | None:
    if value is None:
        return None
    where = source.where("throw")
    if not tables.has_throws:
        problems.append(Problem("no-throws", "this game has no throws, so a position has no throw", where))
        return None
    if isinstance(value, list):
        faces = tables.die_faces
        if len(value) != tables.dice or not all(isinstance(v, int) and not isinstance(v, bool) and v in faces
                                                for v in value):
            kind = "stick (1 marked face up, 0 not)" if tables.stick_values else "die"
            problems.append(Problem("bad-throw", f"throw lists {tables.dice} numbers, one for each {kind}: each one "
                                    f"of {', '.join(map(str, sorted(set(faces))))}", where))
            return None
        return tables.stick_values[sum(value)] if tables.stick_values else sum(value)
    if isinstance(value, bool) or not isinstance(value, int) or value not in tables.throw_values:
        problems.append(Problem("bad-throw", f"throw is {toml_text(value)}; a throw here is one of "
                                f"{', '.join(map(str, tables.throw_values))}", where))
        return None
    return value


def position_problems(position: FilePosition) -> list[Problem]:
    """Counts of pieces, pieces off their tracks, pieces sharing a field they cannot share: [] means valid."""
    tables = position.tables
    problems = []
    name = tables.names
    on_board = [0] * position.players
    for index, stack in enumerate(position.cells):
        for player in stack:
            on_board[player] += 1
            if tables.on_tracks and not tables.steps_of[player][index]:
                problems.append(Problem("off-track", f"a piece of player {player + 1} stands on {name[index]}, which "
                                        f"is not on its track", name[index]))
        alone = not tables.on_tracks  # on the grid, a field holds one piece
        doubled = tables.own is Landing.BLOCK and any(stack.count(p) > 1 for p in set(stack))
        if (alone and len(stack) > 1) or doubled:
            rule = "a field holds one piece" if alone else "a player's pieces never share a field here"
            problems.append(Problem("stacked", f"{len(stack)} pieces stand on {name[index]}; {rule}", name[index]))
        elif len(set(stack)) > 1 and tables.opponent is not Landing.STACK and not (
                tables.safe[index] and tables.on_safe is Landing.STACK):
            problems.append(Problem("shared", f"pieces of different players share {name[index]}, which they cannot",
                                    name[index]))
    for player in range(position.players):
        total = on_board[player] + position.waiting[player] + position.finished[player]
        allowed = tables.pieces[player]
        removed = tables.capture_to is CaptureTo.REMOVED and tables.capturable[player]
        if total > allowed or (total < allowed and not removed):
            problems.append(Problem("piece-count", f"player {player + 1} has {total} pieces (on the board, waiting "
                                    f"and finished); this game gives each {allowed}", ""))
        if position.waiting[player] and not tables.on_tracks:
            problems.append(Problem("cannot-wait", f"player {player + 1} has pieces waiting, but in this game every "
                                    "piece starts on the board", "waiting"))
        if position.finished[player] and not tables.all_finished_wins:
            problems.append(Problem("cannot-finish", f"player {player + 1} has finished pieces, but in this game "
                                    "no piece leaves the board", "finished"))
        problems += stall_problems(player, position.stalled[player], tables.stall[player])
    if tables.all_finished_wins and sum(position.finished[p] == tables.pieces[p]
                                        for p in range(position.players)) > 1:
        problems.append(Problem("two-winners", "more than one player has finished every piece; the first to do so "
                                "ends the game", "finished"))
    if tables.goal >= 0 and len(set(position.cells[tables.goal])) > 1:
        problems.append(Problem("two-winners", f"more than one player is on {name[tables.goal]}; the first there "
                                "ends the game", name[tables.goal]))
    return problems


def write_position(play: Play, position: FilePosition) -> str:
    """The position as file text; read_position gives it back."""
    tables = position.tables
    lines = [f"game = {toml_string(tables.game)}", f"to_move = {position.mover + 1}"]
    if position.throw is not None:
        lines.append(f"throw = {position.throw}")
    if position.dice:
        lines.append(f"throw = [{', '.join(map(str, position.dice))}]")
    highest = max([position.mover + 1, *(p + 1 for stack in position.cells for p in stack),
                   *(p + 1 for p in range(position.players)
                     if position.waiting[p] or position.finished[p] or position.stalled[p])])
    fitting = sorted(c for c in tables.player_counts if c >= max(highest, tables.player_counts[0]))
    if not fitting or fitting[0] != position.players:
        lines.append(f"players = {position.players}")
    lines += rules_lines(play.options, tables.options)
    placed = [(index, stack) for index, stack in enumerate(position.cells) if stack]
    if placed:
        lines += ["", "[pieces]"]
        for index, stack in sorted(placed, key=lambda item: field_order(tables.names[item[0]])):
            shown = str(stack[0] + 1) if len(stack) == 1 else f"[{', '.join(str(p + 1) for p in stack)}]"
            lines.append(f"{toml_key(tables.names[index])} = {shown}")
    for key, counts in (("waiting", position.waiting), ("finished", position.finished),
                        ("stalled", position.stalled)):
        if any(counts):
            lines += ["", f"[{key}]", *(f"{p + 1} = {n}" for p, n in enumerate(counts) if n)]
    return "\n".join(lines) + "\n"


def rules_lines(options: tuple[tuple[str, tuple[str, ...]], ...], played: tuple[tuple[str, str], ...]) -> list[str]:
    """A position file's [rules]: each rule option played other than by its default, none where all are."""
    defaults = {name: values[0] for name, values in options}
    chosen = [(name, value) for name, value in played if defaults.get(name) != value]
    return ["", "[rules]", *(f"{toml_key(name)} = {toml_string(value)}" for name, value in chosen)] if chosen else []


def toml_key(name: str) -> str:
    """A key as TOML writes it: bare where it can be, else in quotes (a rule option named "two words")."""
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else toml_string(name)


def field_order(name: str) -> tuple[int, int, int]:
    """Row by row from a1, a place passed again (c5') after its field."""
    bare = name.rstrip("'")
    return int(bare[1:]), LETTERS.index(bare[0]), len(name) - len(bare)
