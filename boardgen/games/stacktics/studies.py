"""The question Stacktics' designer left open, as a study `boardgen study` answers."""

from ...engine.studies import Arm, StudySpec

STUDIES = (
    StudySpec("stacktics-first-player", "stacktics", "Stacktics: how much is moving first worth?",
              "Norberg writes that 4x4 gives the first player a massive advantage without the pie rule and that "
              "whether 3x5 needs the pie rule needs more playtesting. Here two equal players (Monte Carlo tree "
              "search, 100 simulations a move) play each board with and without the pie rule; red moves first "
              "(Norberg has the first player chosen at random: boardgen's convention is red).",
              "rate_a", ("mcts:100", "mcts:100"),
              (Arm("On 4x4 without the pie rule", "4x4", (("pie", "off"),)),
               Arm("On 4x4 with it", "4x4", (("pie", "on"),)),
               Arm("On 3x5 without the pie rule", "3x5", (("pie", "off"),)),
               Arm("On 3x5 with it", "3x5", (("pie", "on"),)),
               Arm("On 5x5", "5x5")),
              200, 8),
)
