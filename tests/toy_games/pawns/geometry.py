"""The board and the armies."""

from boardgen.engine.grid import Variant

PLAYERS: tuple[str, str] = ("red", "blue")
LETTER = {"red": "r", "blue": "b"}
PLAYER_OF = {letter: player for player, letter in LETTER.items()}
FORWARD = {"red": 1, "blue": -1}  # rows: red moves up the board, blue down
VARIANTS = (Variant("5x5", 5, 5, "the only board"),)
