"""ISAAC (Emiliano Venturini, 2011): place long tiles, then take them off for points."""

from ..registry import TEMPLATES, GameInfo, LazyFunction, Loader, PrintedPieces
from .geometry import PLAYERS, VARIANTS

GAME = GameInfo(
    name="isaac",
    title="ISAAC",
    designer="Emiliano Venturini",
    year=2011,
    summary="10x10 for two: place long tiles, then score by taking them off; the edges are the score tracks",
    players=PLAYERS,
    variants=VARIANTS,
    board=LazyFunction(f"{__name__}.board", "isaac_board"),
    rules=Loader(f"{__name__}.rules", "RULES"),
    presentation=Loader(f"{__name__}.presentation", "PRESENTATION"),
    languages=("en", "it"),
    default_field=15.8,
    texts=TEMPLATES,
    pieces=PrintedPieces(Loader(f"{__name__}.pieces", "kit"),
                         "30 tiles and 2 score markers to cut from card or plywood",
                         laser_description="30 plywood tiles and 2 plywood score markers"),
    examples=Loader(f"{__name__}.examples", "random_position"),
    studies=Loader(f"{__name__}.studies", "STUDIES"),
    no_lego_reason="ISAAC is played with long tiles, not dice",
)
