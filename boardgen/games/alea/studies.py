"""Whether moving first matters in ALEA, as a study `boardgen study` answers."""

from ...engine.studies import Arm, StudySpec

STUDIES = (
    StudySpec("alea-first-player", "alea", "ALEA: how much is moving first worth?",
              "Giorgi's rules do not say who moves first; boardgen's convention is white. Here two equal (greedy) "
              "players play, and white's win rate says whether moving first matters.",
              "rate_a", ("greedy", "greedy"), (Arm("Between greedy players", "8x8"),), 300, 12),
)
