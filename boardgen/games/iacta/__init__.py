"""IACTA (Thorleif Bundgaard, 2001): a 10x10 race in which the dice are the pieces."""

from types import MappingProxyType

from ..game import TEMPLATES, Engine, GameFolder, GiftBox, LegoColour, LegoTowers, PrintedPieces
from . import examples, presentation, rules, studies
from .board import iacta_board
from .geometry import PLAYERS, VARIANTS
from .pieces import kit

# Built apart from GAME, whose field holds any game's engine: here mypy checks that the rules and the presentation
# are for the same positions and moves.
ENGINE = Engine(rules.RULES, presentation.PRESENTATION, examples.random_position, studies.STUDIES)

GAME = GameFolder(
    name="iacta",
    title="IACTA",
    designer="Thorleif Bundgaard",
    year=2001,
    summary="10x10 dice race for two: red a1 to j10, yellow j1 to a10",
    players=PLAYERS,
    variants=VARIANTS,
    draw_board=iacta_board,
    engine=ENGINE,
    languages=("en", "da"),
    default_field=15.8,  # a 2x2 LEGO brick's width; ten fields fit A4 and Letter inside 10 mm margins
    texts=TEMPLATES,
    pieces=PrintedPieces(kit,
                         "36 two-sided paper tokens and two throwing sticks, to play without dice", two_sided=True,
                         laser_description="36 two-sided plywood tokens, each engraved on its back after turning it "
                         "over in its hole, and two card throwing sticks"),
    # BrickLink's colour numbers: 5 is Red, 3 is Yellow.
    lego=LegoTowers(MappingProxyType({"red": LegoColour(5, "Red"), "yellow": LegoColour(3, "Yellow")})),
    box=GiftBox(to_buy="nothing: the tokens and sticks replace dice (or add 12 ordinary dice, 6 red and 6 yellow)"),
)
