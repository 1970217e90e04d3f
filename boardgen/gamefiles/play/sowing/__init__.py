"""The sowing engine: mancala games (Kalah, Oware), whose pits hold counts of seeds that belong to no one, compiled
from a game file's [play] by its mechanisms (registry.py) and played from the tables.

    tables, problems = compile_sowing(table, facts, where, paths, options)   # one set of rules
    engine = sowing_engine(SowingPlay(options, every_set))                  # the game's engine
"""

from __future__ import annotations

from dataclasses import dataclass

from ....games.game import Engine
from .compile import compile_sowing, play_keys
from .moves import SowMove
from .position import SowingPosition
from .presentation import SowingPresentation
from .rules import SowingRules
from .tables import SowingPlay, SowingTables

__all__ = ["SowMove", "SowingEngine", "SowingPlay", "SowingPosition", "SowingRules", "SowingTables",
           "compile_sowing", "play_keys", "sowing_engine"]


@dataclass(frozen=True)
class SowingEngine(Engine[SowingPosition, SowMove]):
    """A game file's engine for sowing seeds round pits, as its own types."""

    rules: SowingRules
    presentation: SowingPresentation


def sowing_engine(play: SowingPlay) -> SowingEngine:
    rules = SowingRules(play)
    return SowingEngine(rules, SowingPresentation(rules), rules.random_position)
