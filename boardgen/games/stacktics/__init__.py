"""Stacktics (Adam B. Norberg, 2006): Icehouse pyramids in trees, moved and stacked; capture half the pips."""

from ..registry import TEMPLATES, GameInfo, GiftBox, LazyFunction, Loader, PrintedPieces
from .geometry import PLAYERS, SIZE_OF, VARIANTS

GAME = GameInfo(
    name="stacktics",
    title="Stacktics",
    designer="Adam B. Norberg",
    year=2006,
    summary="Icehouse pyramids for two, 4x4 to 7x7: move trees and stacks, capture half the enemy's pips",
    players=PLAYERS,
    variants=VARIANTS,
    board=LazyFunction(f"{__name__}.board", "stacktics_board"),
    rules=Loader(f"{__name__}.rules", "RULES"),
    presentation=Loader(f"{__name__}.presentation", "PRESENTATION"),
    languages=("en",),
    default_field=30.0,  # a large pyramid's 25.4 mm base stands inside a field
    smallest_field=26.4,  # that base and a millimetre to pick it up by
    texts=TEMPLATES,
    pieces=PrintedPieces(Loader(f"{__name__}.pieces", "kit"),
                         "paper pyramids in true Icehouse sizes: a tree of three for each of a player's trees",
                         laser_description="card pyramids in true Icehouse sizes, cut and scored to fold and glue: "
                         "a tree of three for each of a player's trees"),
    # A Treehouse set holds one tree of each of five colours; an Icehouse stash, five trees of one colour.
    box=GiftBox(to_buy="Looney Labs pyramids if you prefer them: {trees} Treehouse sets, or an Icehouse "
                        "stash per player ({trees} trees a player)",
                to_buy_counts=lambda variant: {"trees": SIZE_OF[variant.name]}),
    examples=Loader(f"{__name__}.examples", "random_position"),
    studies=Loader(f"{__name__}.studies", "STUDIES"),
    no_lego_reason="Stacktics is played with Icehouse pyramids, not dice: 'boardgen pieces stacktics' prints them",
)
