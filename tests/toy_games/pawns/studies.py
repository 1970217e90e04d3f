"""Whether moving first matters in Pawns."""

from boardgen.engine.studies import Arm, StudySpec

STUDIES = (
    StudySpec("pawns-first-player", "pawns", "Pawns: how much is moving first worth?",
              "The tests' toy game gives red the first move. Here two equal (greedy) players play, and red's win "
              "rate says whether moving first matters.",
              "rate_a", ("greedy", "greedy"), (Arm("Between greedy players", "5x5"),), 100, 6),
)
