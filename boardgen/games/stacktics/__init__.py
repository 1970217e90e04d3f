"""Stacktics (Adam B. Norberg, 2006): Icehouse pyramids in trees, moved and stacked; capture half the pips."""

from ..game import TEMPLATES, Engine, GameFolder, GiftBox, PrintedPieces
from . import examples, presentation, rules, studies
from .board import stacktics_board
from .geometry import PLAYERS, SIZE_OF, VARIANTS
from .pieces import kit

# Built apart from GAME, whose field holds any game's engine: here mypy checks that the rules and the presentation
# are for the same positions and moves.
ENGINE = Engine(rules.RULES, presentation.PRESENTATION, examples.random_position, studies.STUDIES)

GAME = GameFolder(
    name="stacktics",
    title="Stacktics",
    designer="Adam B. Norberg",
    year=2006,
    summary="Icehouse pyramids for two, 4x4 to 7x7: move trees and stacks, capture half the enemy's pips",
    players=PLAYERS,
    variants=VARIANTS,
    draw_board=stacktics_board,
    engine=ENGINE,
    languages=("en",),
    default_field=30.0,  # a large pyramid's 25.4 mm base stands inside a field
    smallest_field=26.4,  # that base and a millimetre to pick it up by
    texts=TEMPLATES,
    pieces=PrintedPieces(kit,
                         "paper pyramids in true Icehouse sizes: a tree of three for each of a player's trees",
                         laser_description="card pyramids in true Icehouse sizes, cut and scored to fold and glue: "
                         "a tree of three for each of a player's trees"),
    # A Treehouse set holds one tree of each of five colours; an Icehouse stash, five trees of one colour.
    box=GiftBox(to_buy="Looney Labs pyramids if you prefer them: {trees} Treehouse sets, or an Icehouse "
                        "stash per player ({trees} trees a player)",
                to_buy_counts=lambda variant: {"trees": SIZE_OF[variant.name]}),
    no_lego_reason="Stacktics is played with Icehouse pyramids, not dice: 'boardgen pieces stacktics' prints them",
)
