"""Whether placing first matters in ISAAC, as a study `boardgen study` answers."""

from ...engine.studies import Arm, StudySpec

STUDIES = (
    StudySpec("isaac-first-player", "isaac", "ISAAC: how much is placing first worth?",
              "Venturini's rules do not say who places first; boardgen's convention is Dark. Here two equal players "
              "play, greedy ones and searching ones (Monte Carlo tree search, 32 simulations a move), and Dark's "
              "win rate says whether going first matters.",
              "rate_a", ("greedy", "greedy"),
              (Arm("Between greedy players", "10x10"),
               Arm("Between searching players", "10x10", players=("mcts:32", "mcts:32"))),
              400, 16),
)
