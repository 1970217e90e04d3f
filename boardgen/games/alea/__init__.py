"""ALEA (Mauro Giorgi, 2006): 8x8, dice that are never thrown, stacked into doubles and towers."""

from ..game import TEMPLATES, Engine, GameFolder, GiftBox, PrintedPieces
from . import examples, presentation, rules, studies
from .board import alea_board
from .geometry import PLAYERS, VARIANTS
from .pieces import kit

# Built apart from GAME, whose field holds any game's engine: here mypy checks that the rules and the presentation
# are for the same positions and moves.
ENGINE = Engine(rules.RULES, presentation.PRESENTATION, examples.random_position, studies.STUDIES)

GAME = GameFolder(
    name="alea",
    title="ALEA",
    designer="Mauro Giorgi",
    year=2006,
    summary="8x8 for two: dice never thrown, stacked into doubles and towers; three sixes in a row win",
    players=PLAYERS,
    variants=VARIANTS,
    draw_board=alea_board,
    engine=ENGINE,
    languages=("en", "it"),
    default_field=15.8,
    texts=TEMPLATES,
    pieces=PrintedPieces(kit,
                         "16 fold-up paper dice, 16 mm, for sets without dice",
                         laser_description="16 dice cut and scored from card, to fold and glue (16 mm)"),
    box=GiftBox(to_buy="16 ordinary dice, 8 white and 8 black, if you prefer them to the dice you make"),
    no_lego_reason="ALEA stacks its dice into doubles and towers, which LEGO towers cannot show",
)
