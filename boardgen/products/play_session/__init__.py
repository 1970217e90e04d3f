"""A game played at a table, as the web page's /play/GAME plays it, and as a test drives it without a server.

    table = read_table(name, game_to_play(name), query)   # the address: game, board, opponent, start, steps
    played = replay(table)                                # its steps played from the start
    made = steps_due(played, dice)                        # the throws and the computer's moves due now
    view = table_view(played, chosen, to)                 # the picture, each field's link, the moves, Undo

Two people at one screen, or one against the computer, for every game with a rules engine (a built-in game's or
a game file's), with no change here for a new one.  The table is its address (table.py), so a link reopens a
game where it stood and Undo is a link with fewer steps; the table makes its throws and the computer's moves
from the random source it is given (session.py); the board is the game's diagram drawn once, with where each
field lies on it (picture.py).
"""

from .picture import Picture, Share, draw_table
from .session import Played, is_throw, replay, step_due, steps_due, undone
from .table import COMPUTER, MOST_STEPS, Query, SomeTable, Table, game_to_play, pack, playable, read_table, unpack
from .view import MoveLink, Spot, SpotKind, TableView, table_view

__all__ = ["COMPUTER", "MOST_STEPS", "MoveLink", "Picture", "Played", "Query", "Share", "SomeTable", "Spot",
           "SpotKind", "Table", "TableView", "draw_table", "game_to_play", "is_throw", "pack", "playable",
           "read_table", "replay", "step_due", "steps_due", "table_view", "undone", "unpack"]
