"""The board engine's position files: the pieces by field (a kind named where it is not the first), the hands,
the counters, and a chain or a removal under way.

    game = "english-draughts"
    to_move = 1
    quiet = 12              # moves in a row without a capture (where [play] has draw-after)
    jumping = "c5"          # the piece that has jumped and jumps on (where [play] has chain)
    removing = true         # the player to move removes an opponent's piece (a mill was made)
    [pieces]                # field = player, or "PLAYER KIND"
    a1 = 1
    c3 = "2 king"
    [hand]                  # by player: pieces still to place
    1 = 3
    [stalled]               # by player, where [play] has stall: its moves in a row without a move forward
    1 = 3
    [rules]                 # the rule options, where not the defaults
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine.position_file import SourceMap, toml_string, unknown_keys
from ....engine.problems import PositionFileError, Problem
from ....engine.toml_source import toml_text
from ..position import field_order, read_mover_of_two, read_rules, rules_lines, stall_problems
from .moving import jumps_from
from .position import NO_FIELD, BoardPosition
from .tables import BoardPlay, BoardTables, Chain, kind_of, owner, piece

_TOP_KEYS = {"game", "to_move", "players", "pieces", "hand", "stalled", "quiet", "jumping", "removing", "rules"}
_COUNTS = {"hand": "a count of pieces", "stalled": "a count of moves"}


def start_position(tables: BoardTables) -> BoardPosition:
    return BoardPosition(tables, 2, 0, tables.start, tables.hand, 0, (0, 0))


def read_position(play: BoardPlay, document: Mapping[str, Any], source: SourceMap) -> BoardPosition:
    """A position file's document -> a position, or PositionFileError listing every problem found."""
    problems = unknown_keys(document, _TOP_KEYS, "", source)
    tables = read_rules(play, document.get("rules", {}), source, problems)
    grid = tables.variant.grid
    names = [kind.name for kind in tables.kinds]
    cells = [0] * grid.size
    pieces = document.get("pieces", {})
    if not isinstance(pieces, dict):
        problems.append(Problem("wrong-type", f"pieces must be a [pieces] table, not {toml_text(pieces)}",
                                source.where("pieces")))
        pieces = {}
    for name, value in pieces.items():
        where = source.where(f"pieces.{name}")
        try:
            index = grid.index(grid.parse(name))
        except ValueError as error:
            problems.append(Problem("off-board", f"[pieces] {error}", where))
            continue
        if not tables.geometry.present[index]:
            problems.append(Problem("not-a-field", f"[pieces] names {name}, which is not on the board: the map has "
                                    "no field there", where))
            continue
        words = value.split() if isinstance(value, str) else [value]
        player = int(words[0]) if isinstance(words[0], str) and words[0].isdigit() else words[0]
        good = isinstance(player, int) and not isinstance(player, bool) and 1 <= player <= 2 and len(words) <= 2
        if good and len(words) == 2 and words[1] not in names:
            good = False
        if not good:
            problems.append(Problem("bad-piece", f"[pieces] {name} = {toml_text(value)}: a field holds a player's "
                                    f"piece, 1 or 2, or a player and a kind of piece, like \"2 {names[-1]}\" "
                                    f"(kinds: {', '.join(names)})", where))
            continue
        cells[index] = piece(int(player) - 1, names.index(words[1]) if len(words) == 2 else 0)
    counts: dict[str, list[int]] = {}
    for key, what in _COUNTS.items():
        table = document.get(key, {})
        counts[key] = [0, 0]
        if not isinstance(table, dict):
            problems.append(Problem("wrong-type", f"{key} must be a [{key}] table of counts by player, not "
                                    f"{toml_text(table)}", source.where(key)))
            continue
        for name, count in table.items():
            if name not in ("1", "2"):
                problems.append(Problem("bad-player", f"[{key}] names player {toml_text(name)}; the players are "
                                        "1 and 2", source.where(f"{key}.{name}")))
            elif isinstance(count, bool) or not isinstance(count, int) or count < 0:
                problems.append(Problem("bad-count", f"[{key}] {name} = {toml_text(count)}: {what}, 0 or more",
                                        source.where(f"{key}.{name}")))
            else:
                counts[key][int(name) - 1] = count
    mover = read_mover_of_two(document, source, problems)
    quiet = document.get("quiet", 0)
    if isinstance(quiet, bool) or not isinstance(quiet, int) or quiet < 0:
        problems.append(Problem("bad-count", f"quiet is the count of moves in a row without a capture, 0 or more, "
                                f"not {toml_text(quiet)}", source.where("quiet")))
        quiet = 0
    jumping = NO_FIELD
    if "jumping" in document:
        value = document["jumping"]
        try:
            jumping = grid.index(grid.parse(value)) if isinstance(value, str) else NO_FIELD
        except ValueError as error:
            problems.append(Problem("off-board", f"jumping: {error}", source.where("jumping")))
        if not isinstance(value, str):
            problems.append(Problem("wrong-type", f"jumping names the field of the piece that jumps on, like "
                                    f"\"c5\", not {toml_text(value)}", source.where("jumping")))
    removing = document.get("removing", False)
    if not isinstance(removing, bool):
        problems.append(Problem("wrong-type", f"removing is true or false, not {toml_text(removing)}",
                                source.where("removing")))
        removing = False
    if problems:
        raise PositionFileError(problems)
    return BoardPosition(tables, 2, mover, tuple(cells), tuple(counts["hand"]), quiet, tuple(counts["stalled"]),
                         jumping, removing)


def position_problems(position: BoardPosition) -> list[Problem]:
    """More pieces than a player has, a counter the rules do not keep, a chain or removal that cannot be: [] means
    valid (which does not mean a game could reach it)."""
    tables = position.tables
    problems = []
    for player in range(2):
        on_board = sum(1 for c in position.cells if c and owner(c) == player)
        total = on_board + position.hand[player]
        most = tables.pieces[player] + (tables.pieces[1 - player] if tables.borrow else 0)
        if total > most:
            problems.append(Problem("piece-count", f"player {player + 1} has {total} pieces (on the board and in "
                                    f"hand); this game gives each {tables.pieces[player]}", ""))
        if position.hand[player] and tables.place is None:
            problems.append(Problem("cannot-place", f"player {player + 1} has pieces in hand, but in this game "
                                    "every piece starts on the board", "hand"))
        problems += stall_problems(player, position.stalled[player], tables.stall[player])
    if position.quiet and not tables.draw_after:
        problems.append(Problem("cannot-count", "quiet counts moves without a capture, but this game has no "
                                "draw-after", "quiet"))
    elif tables.draw_after and position.quiet > tables.draw_after:
        problems.append(Problem("quiet", f"quiet is {position.quiet}; the game is drawn at {tables.draw_after}",
                                "quiet"))
    if position.jumping >= 0:
        content = position.cells[position.jumping]
        name = tables.names[position.jumping]
        if tables.chain is Chain.NO:
            problems.append(Problem("cannot-chain", "jumping names a piece that jumps on, but in this game a jump "
                                    "never goes on (its [play] has no chain)", "jumping"))
        elif not content or owner(content) != position.mover:
            problems.append(Problem("not-jumping", f"jumping names {name}, where no piece of the player to move "
                                    "stands", "jumping"))
        elif not jumps_from(tables, position.cells, position.mover, position.jumping):
            problems.append(Problem("cannot-jump", f"jumping names the piece on {name}, which has no jump to go on "
                                    "with (a chain ends when its piece cannot jump again)", "jumping"))
    if position.removing:
        if not tables.mill:
            problems.append(Problem("cannot-remove", "removing is true, but this game has no mills", "removing"))
        elif not any(c and owner(c) != position.mover for c in position.cells):
            problems.append(Problem("nothing-to-remove", "removing is true, but the opponent has no piece on the "
                                    "board to remove", "removing"))
        if position.jumping >= 0:
            problems.append(Problem("removing-and-jumping", "a position is removing after a mill or jumping on, "
                                    "not both", "removing"))
    return problems


def write_position(play: BoardPlay, position: BoardPosition) -> str:
    """The position as file text; read_position gives it back."""
    tables = position.tables
    lines = [f"game = {toml_string(tables.game)}", f"to_move = {position.mover + 1}"]
    if position.quiet:
        lines.append(f"quiet = {position.quiet}")
    if position.jumping >= 0:
        lines.append(f"jumping = {toml_string(tables.names[position.jumping])}")
    if position.removing:
        lines.append("removing = true")
    lines += rules_lines(play.options, tables.options)
    placed = [(index, content) for index, content in enumerate(position.cells) if content]
    if placed:
        lines += ["", "[pieces]"]
        for index, content in sorted(placed, key=lambda item: field_order(tables.names[item[0]])):
            kind = kind_of(content)
            shown = str(owner(content) + 1) if not kind else \
                toml_string(f"{owner(content) + 1} {tables.kinds[kind].name}")
            lines.append(f"{tables.names[index]} = {shown}")
    for key, counts in (("hand", position.hand), ("stalled", position.stalled)):
        if any(counts):
            lines += ["", f"[{key}]", *(f"{p + 1} = {n}" for p, n in enumerate(counts) if n)]
    return "\n".join(lines) + "\n"
