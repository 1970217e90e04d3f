"""The options of simulated games, declared once: the players a seat, rule options, seed, workers and cluster
(simulate, study and report).  Apart from common.py, so that the products that play no games never load the
simulator to declare their options."""

from __future__ import annotations

import re

from ...errors import BoardgenError
from ...gamefiles import GAMES
from ...games.game import require_engine
from ...options import Kind, Option, Refusal, Role, Values, shown
from ...simulate.players import parse_player
from ...simulate.setup import match_spec, seat_names
from .common import game_info


def _rules_help() -> str:
    parts = []
    for info in GAMES.values():
        options = info.engine.rules.rule_options() if info.engine is not None else {}
        if options:
            parts.append(f"{info.title}: " + ", ".join(f"{name}={'|'.join(values)}" for name, values in
                                                       options.items()))
    return ("A rule option as NAME=VALUE, repeated for several (the first value is the default). "
            + "; ".join(parts) + ". Other games have none.")


def rule() -> Option:
    """A rule option for simulated games, NAME=VALUE, repeated: simulate and report."""
    return Option("rule", Kind.TEXT, _rules_help, repeated=True, metavar="NAME=VALUE", max_length=100,
                  label="Rule variations", sentence="A game's own rule options as NAME=VALUE, like pie=off; several "
                  "separated by spaces; empty: the usual rules.")


def _players(text: str) -> str:
    """Players the simulator has, one a seat, at most four; refused here, beside the field, before any game is
    played (how many the game takes, players_check says)."""
    names = [part.strip() for part in text.split(",")]
    if len(names) > MOST_SEATS:
        raise ValueError(f"{shown(text)}: a game has at most {MOST_SEATS} players, one a seat, like "
                         "greedy,random,random,random")
    for name in names:
        parse_player(name)  # ValueError naming the players otherwise
    return text.strip()


MOST_SEATS = 4


def players(help_text: str) -> Option:
    """The players of simulated games, one a seat (A,B or A,B,C,D): simulate and report."""
    return Option("players", Kind.TEXT, help_text, default="greedy,greedy", metavar="A,B[,C,D]", max_length=100,
                  validate=_players, label="Players",
                  default_text="greedy for each seat of the game's fewest players",
                  sentence="One player a seat, the first moves first (as many names as players: four names play "
                  "four): random; greedy (takes the move that looks best); or mcts:N (tries N games ahead each "
                  "move), like greedy,random.")


def rules_check(values: Values) -> Refusal | None:
    """The rule options the game has, with the values it takes, checked as the simulator will, before any game
    is played (and a game with a rules engine at all)."""
    try:
        info = game_info(values)
        require_engine(info)
    except BoardgenError as error:
        return Refusal("game", str(error))
    if "players" in values:
        try:
            seat_names(info, values["players"], not values.given("players"))
        except BoardgenError as error:
            return Refusal("players", str(error))
    if not values["rule"]:
        return None
    try:
        match_spec(info, values.get("variant"), values["rule"], "random", 1, 1, default_players=True)
    except BoardgenError as error:
        return Refusal("rule", str(error))
    return None


def _scheduler(text: str) -> str:
    """An address Dask can be asked to reach: refused here, in words, rather than handed to Dask."""
    address = text.strip()
    if not re.fullmatch(r"(?:(?:tcp|tls|ws|wss)://)?[A-Za-z0-9.\-]+:[0-9]{1,5}|(?:(?:tcp|tls)://)?\[[0-9a-fA-F:]+\]:[0-9]{1,5}",
                        address):
        raise ValueError(f"{text[:60]!r} is not a scheduler's address; give one like tcp://192.168.1.5:8786")
    return address


def playing_options() -> tuple[Option, ...]:
    """Where simulated games are played, and from which seed: simulate and study."""
    return (
        Option("seed", Kind.INTEGER, "The same seed plays the same games, whatever the number of workers.", default=1,
               low=0, high=2**63, label="Seed", sentence="The same number plays the same games again."),
        Option("workers", Kind.INTEGER, "Processes to play on [default: every core].", low=1, high=1024,
               metavar="N", role=Role.WORKERS, label="Processes",
               sentence="How many processes play the games at once."),
        Option("scheduler", Kind.TEXT, "A Dask scheduler (tcp://host:8786) whose workers play the games (pip install "
               "'boardgen[cluster]').", metavar="ADDRESS", max_length=200, validate=_scheduler, role=Role.SCHEDULER,
               label="Cluster", sentence="The address of a cluster whose computers play the games."),
    )
