"""ISAAC (Emiliano Venturini, 2011): place long tiles, then take them off for points."""

from ..game import TEMPLATES, Engine, GameFolder, PrintedPieces
from . import examples, presentation, rules, studies
from .board import isaac_board
from .geometry import PLAYERS, VARIANTS
from .pieces import kit

# Built apart from GAME, whose field holds any game's engine: here mypy checks that the rules and the presentation
# are for the same positions and moves.
ENGINE = Engine(rules.RULES, presentation.PRESENTATION, examples.random_position, studies.STUDIES)

GAME = GameFolder(
    name="isaac",
    title="ISAAC",
    designer="Emiliano Venturini",
    year=2011,
    summary="10x10 for two: place long tiles, then score by taking them off; the edges are the score tracks",
    players=PLAYERS,
    variants=VARIANTS,
    draw_board=isaac_board,
    engine=ENGINE,
    languages=("en", "it"),
    default_field=15.8,
    texts=TEMPLATES,
    pieces=PrintedPieces(kit,
                         "30 tiles and 2 score markers to cut from card or plywood",
                         laser_description="30 plywood tiles and 2 plywood score markers"),
    no_lego_reason="ISAAC is played with long tiles, not dice",
)
