"""Pawns: a toy race for two on 5x5, written for the tests as a fifth game from outside boardgen.

Each player has a row of pawns.  A pawn steps straight forward onto an empty
field, or diagonally forward onto an empty field or an enemy pawn, which it
takes.  Whoever first reaches the far row, or takes every enemy pawn, wins;
a player who cannot move loses.  Nothing here is listed in boardgen's shared
code: the entry point in tests/boardgen_toy_games-1.0.dist-info names GAME.
"""

from pathlib import Path

from boardgen.games.game import Engine, GameFolder, PrintedPieces

from . import examples, presentation, rules, studies
from .board import pawns_board
from .geometry import PLAYERS, VARIANTS
from .pieces import kit

GAME = GameFolder(
    name="pawns",
    title="Pawns",
    designer="the boardgen tests",
    year=2026,
    summary="5x5 race for two: step pawns forward, take diagonally, reach the far row",
    players=PLAYERS,
    variants=VARIANTS,
    draw_board=pawns_board,
    engine=Engine(rules.RULES, presentation.PRESENTATION, examples.random_position, studies.STUDIES),
    languages=("en",),
    default_field=25.0,
    texts=Path(__file__).resolve().parent / "texts",
    pieces=PrintedPieces(kit, "10 square paper counters, 5 red and 5 blue",
                         two_sided=True),
    no_lego_reason="Pawns is played with counters, not dice",
)
