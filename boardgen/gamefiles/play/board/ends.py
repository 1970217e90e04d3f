"""Mechanism `ends`: how a game ends.  By a goal reached, a royal piece taken, a row made, getting past every
opponent, fewer than N pieces, too many moves without a move forward, N moves without a capture (a draw), and a
player with no legal move (who loses, passes or draws; when no one can move, the most pieces may win)."""

from __future__ import annotations

from ....engine.contract import Outcome, OutcomeCode
from ..declare import Key, Mechanism
from .moves import BoardMove
from .patterns import line_winner
from .position import NO_ARRIVAL, PLAYER_NAMES, BoardPosition, Next, on_board
from .tables import DIRECTION_NAMES, DIRECTIONS, NoMove, kind_of, owner

MECHANISM = Mechanism("ends", "How the game ends: goals, royal pieces, rows, too few pieces, no move, draws.", (
    Key("goal", '"far row", "edge", a zone\'s name or a list of fields; or a table of them by player', "",
        "Any of a player's pieces reaching it wins.", 'goal = "far row"'),
    Key("fewer-than", "a number, or a table of them by player", "", "A player left with fewer pieces (on the "
        "board and in hand) loses.", "fewer-than = 3"),
    Key("no-move", '"lose", "pass" or "draw"', '"pass"', "What becomes of a player with no legal move; after "
        "passes, the game ends when no one can move.", 'no-move = "lose"', choices=tuple(n.value for n in NoMove)),
    Key("most-pieces", "true or false", "false", "When the game ends because no one can move, the player with the "
        "most pieces on the board wins (equal numbers draw).", "most-pieces = true"),
    Key("draw-after", "a number", "", "This many moves in a row, every player's counted, without a capture make "
        "a draw.", "draw-after = 40"),
    Key("stall", "a table of numbers by player", "", "A player loses after this many of its moves in a row "
        "without a move forward (a capture, or a move it could not move back).", "stall = { 1 = 10 }"),
    Key("gets-past", "a table of directions by player", "", "The player wins once no opponent's piece is further "
        "that way than its own pieces.", 'gets-past = { 2 = "left" }'),
), "board")


def counted(position: BoardPosition, move: BoardMove, made: Next) -> None:
    """The counters the draw and stall rules read: moves without a capture, and moves without a move forward."""
    captured = bool(move.captures or made.captured)
    tables = position.tables
    if tables.draw_after:
        made.quiet = 0 if captured else position.quiet + 1
    me = position.mover
    if tables.stall[me]:
        stalled = list(position.stalled)
        stalled[me] = 0 if captured or _forward(position, move) else stalled[me] + 1
        made.stalled = tuple(stalled)


def _forward(position: BoardPosition, move: BoardMove) -> bool:
    """A move it could not move back: its piece's kind has no step or slide the other way."""
    if move.origin < 0 or move.target < 0:
        return False
    columns = position.tables.geometry.columns
    dc = move.target % columns - move.origin % columns
    dr = move.target // columns - move.origin // columns
    back = ((dc < 0) - (dc > 0), (dr < 0) - (dr > 0))
    reverse = DIRECTIONS.index(back)
    kind = position.tables.kinds[kind_of(position.cells[move.origin])]
    me = position.mover
    return reverse not in kind.steps[me] and reverse not in kind.slides[me]


def decided(position: BoardPosition) -> Outcome | None:
    """The outcomes a look at the position gives (those that need its moves are the rules')."""
    tables = position.tables
    cells = position.cells
    players = position.players
    if tables.royal:
        for player in range(players):
            royal = tables.royal[player]
            if royal and not any(c in royal for c in cells):
                return Outcome(PLAYER_NAMES[1 - player], f"player {player + 1}'s {tables.royal_name} is captured",
                               OutcomeCode.CAPTURE)
    if tables.goals and position.last != NO_ARRIVAL:
        # Only the piece that arrived last can have reached a goal (one there before would have ended the game).
        for index in (position.last,) if position.last >= 0 else range(len(cells)):
            content = cells[index]
            if content and index in tables.goals[content]:
                kind = tables.kinds[kind_of(content)]
                who = f"its {kind.name}" if any(kind.goal) and len(tables.kinds) > 1 else "a piece"
                return Outcome(PLAYER_NAMES[owner(content)], f"{who} reached {tables.names[index]}",
                               OutcomeCode.GOAL)
    if tables.line_of:
        winner = line_winner(position)
        if winner >= 0:
            return Outcome(PLAYER_NAMES[winner], f"{tables.line_of} in a row", OutcomeCode.PATTERN)
    for player in range(players):
        if tables.gets_past[player] >= 0 and _got_past(position, player):
            way = DIRECTION_NAMES[tables.gets_past[player]]
            return Outcome(PLAYER_NAMES[player], f"it got past every opponent (none is further {way})",
                           OutcomeCode.GOAL)
    if tables.fewer_than[0] or tables.fewer_than[1]:
        counts = on_board(position)
        for player in range(players):
            least = tables.fewer_than[player]
            if least and counts[player] + position.hand[player] < least:
                return Outcome(PLAYER_NAMES[1 - player], f"player {player + 1} has fewer than {least} pieces",
                               OutcomeCode.CAPTURE)
    if tables.stall[0] or tables.stall[1]:
        for player in range(players):
            limit = tables.stall[player]
            if limit and position.stalled[player] >= limit:
                return Outcome(PLAYER_NAMES[1 - player], f"player {player + 1} made {limit} moves in a row "
                               "without a move forward", OutcomeCode.STALLED)
    if tables.draw_after and position.quiet >= tables.draw_after:
        return Outcome(None, f"{tables.draw_after} moves without a capture", OutcomeCode.DRAW)
    return None


def _got_past(position: BoardPosition, player: int) -> bool:
    """No opponent's piece is further the player's way than its own rearmost piece."""
    dc, dr = DIRECTIONS[position.tables.gets_past[player]]
    columns = position.tables.geometry.columns

    def reach(index: int) -> int:
        return (index % columns) * dc + (index // columns) * dr

    mine = [reach(i) for i, c in enumerate(position.cells) if c and owner(c) == player]
    theirs = [reach(i) for i, c in enumerate(position.cells) if c and owner(c) != player]
    return bool(mine) and not any(t > min(mine) for t in theirs)


def stuck(position: BoardPosition) -> Outcome:
    """The end when no one can move: by the most pieces on the board where the rules say so, else a draw."""
    if position.tables.most_pieces:
        counts = list(on_board(position))
        best = max(counts)
        if counts.count(best) == 1:
            winner = counts.index(best)
            return Outcome(PLAYER_NAMES[winner], f"most pieces ({best} to {sorted(counts)[-2]})", OutcomeCode.SCORE)
        return Outcome(None, f"no one can move, {best} pieces each", OutcomeCode.DRAW)
    return Outcome(None, "no one can move", OutcomeCode.DRAW)
