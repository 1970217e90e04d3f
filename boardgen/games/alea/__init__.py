"""ALEA (Mauro Giorgi, 2006): 8x8, dice that are never thrown, stacked into doubles and towers."""

from ..registry import TEMPLATES, GameInfo, GiftBox, LazyFunction, Loader, PrintedPieces
from .geometry import PLAYERS, VARIANTS

GAME = GameInfo(
    name="alea",
    title="ALEA",
    designer="Mauro Giorgi",
    year=2006,
    summary="8x8 for two: dice never thrown, stacked into doubles and towers; three sixes in a row win",
    players=PLAYERS,
    variants=VARIANTS,
    board=LazyFunction(f"{__name__}.board", "alea_board"),
    rules=Loader(f"{__name__}.rules", "RULES"),
    presentation=Loader(f"{__name__}.presentation", "PRESENTATION"),
    languages=("en", "it"),
    default_field=15.8,
    texts=TEMPLATES,
    pieces=PrintedPieces(Loader(f"{__name__}.pieces", "kit"),
                         "16 fold-up paper dice, 16 mm, for sets without dice",
                         laser_description="16 dice cut and scored from card, to fold and glue (16 mm)"),
    box=GiftBox(to_buy="16 ordinary dice, 8 white and 8 black, if you prefer them to the dice you make"),
    examples=Loader(f"{__name__}.examples", "random_position"),
    studies=Loader(f"{__name__}.studies", "STUDIES"),
    no_lego_reason="ALEA stacks its dice into doubles and towers, which LEGO towers cannot show",
)
