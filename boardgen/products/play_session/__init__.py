"""A game played at a table, as the web page's /play/GAME plays it, and as a test drives it without a server.

    table = read_table(name, game_to_play(name), query, key)   # the address: game, board, players, opponent, ...
    played = replay(table)                                     # its steps played from the start
    ahead = advanced(played, dice)                             # with the throws and the computer's moves due
    view = table_view(played, chosen, to)                      # the pictures, each field's link, the moves, Undo

Two people at one screen, or people against the computer, for every game with a rules engine (a built-in game's or
a game file's), 2 to 4 of them where the game allows, with no change here for a new one.  The table is its
address (table.py), so a link reopens a game where it stood and Undo is a link with fewer steps; against the
computer the address is signed with the server's key and the throws drawn from it (signing.py), so a link can
neither choose a throw nor rewrite a move; the table makes its throws and the computer's moves (session.py); the
board is the game's diagram drawn once, with where each field lies on it, the pieces off the board and the throw
drawn as the game's own (picture.py, throw.py); each side is named in the game's words and its colour (sides.py);
and what the table says, in words for people who never read a move's notation (telling.py).
"""

from .picture import Picture, Share, draw_pieces, draw_table, draw_throw
from .session import Played, Step, advanced, is_throw, replay, split_step, step_due, steps_due, undone
from .sides import Side, capitalised, colour_word, seat_sides
from .signing import SEED, SIGNATURE
from .table import (
    CHANGED,
    COMPUTER,
    MOST_STEPS,
    RULE,
    Query,
    SomeTable,
    Table,
    game_to_play,
    pack,
    playable,
    read_table,
    unpack,
)
from .throw import Throw, Thrown, throw_of
from .view import MoveGroup, MoveLink, RuleChoice, SideView, Spot, SpotKind, TableView, table_view

__all__ = ["CHANGED", "COMPUTER", "MOST_STEPS", "RULE", "SEED", "SIGNATURE", "MoveGroup", "MoveLink", "Picture",
           "Played", "Query", "RuleChoice", "Share", "Side", "SideView", "SomeTable", "Spot", "SpotKind", "Step",
           "Table", "TableView", "Throw", "Thrown", "advanced", "capitalised", "colour_word", "draw_pieces",
           "draw_table", "draw_throw", "game_to_play", "is_throw", "pack", "playable", "read_table", "replay",
           "seat_sides", "split_step", "step_due", "steps_due", "table_view", "throw_of", "undone", "unpack"]
