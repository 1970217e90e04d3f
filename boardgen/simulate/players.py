"""Players for any game, written once against the rules contract: random, greedy and Monte Carlo tree search.

    player = parse_player("mcts:200")
    move = player.choose(rules, position, rng)

Each takes its chances from the `random.Random` it is given, so a game
played again from the same seed is the same game.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

PLAYOUT_DEPTH = 12  # plies a search's playout goes before the evaluation scores it
PLAYOUT_SAMPLE = 3  # a playout's move is the best of this many drawn at random: greedy, with some randomness
UCT = 1.4  # exploration weight of UCT: sqrt(2), the textbook value for rewards in [0, 1]


class Player(Protocol):
    @property
    def name(self) -> str: ...

    def choose(self, rules: Any, position: Any, rng: random.Random) -> Any: ...


def throw(rules: Any, position: Any, rng: random.Random) -> Any:
    """The position after a due throw, drawn by its weights."""
    return rules.sample_throw(position, rng)


@dataclass(frozen=True)
class RandomPlayer:
    name: str = "random"

    def choose(self, rules: Any, position: Any, rng: random.Random) -> Any:
        return rng.choice(rules.legal_moves(position))


def greedy_move(rules: Any, position: Any, moves: Sequence[Any], rng: random.Random) -> Any:
    """The move whose result evaluates best for the mover; ties broken by the generator."""
    me = position.to_move
    best: list[Any] = []
    top = -math.inf
    for move in moves:
        value = rules.evaluate(rules.apply(position, move), me)
        if rules.swaps_seats(move):
            value = -value  # after a swap I play the other army
        if value > top + 1e-12:
            top, best = value, [move]
        elif value > top - 1e-12:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)


@dataclass(frozen=True)
class GreedyPlayer:
    name: str = "greedy"

    def choose(self, rules: Any, position: Any, rng: random.Random) -> Any:
        return greedy_move(rules, position, rules.legal_moves(position), rng)


@dataclass
class _Node:
    moves: list[Any]
    visits: int = 0
    children: dict[int, _Node] = field(default_factory=dict)
    value: dict[int, float] = field(default_factory=dict)  # total reward of each tried move, for the mover
    tries: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class MctsPlayer:
    """UCT search, `simulations` playouts a move.  The tree is over the mover's choices; a throw due after a
    move is drawn afresh on every visit (the known throw at the root is used as it is), so the tree averages
    over the dice.  Playouts follow the greedy policy with some randomness and stop at a depth limit, where the
    evaluation scores them."""

    simulations: int
    name: str = "mcts"

    def choose(self, rules: Any, position: Any, rng: random.Random) -> Any:
        moves = list(rules.legal_moves(position))
        if len(moves) == 1:
            return moves[0]
        root = _Node(moves)
        me = position.to_move
        for _ in range(self.simulations):
            self._visit(rules, position, root, rng, me)
        return moves[max(root.tries, key=lambda i: (root.tries[i], root.value[i] / root.tries[i]))]

    def _visit(self, rules: Any, position: Any, node: _Node, rng: random.Random, me: str) -> float:
        """One descent from a position whose moves are `node.moves`; the reward in [0, 1] for `me`."""
        untried = [i for i in range(len(node.moves)) if i not in node.tries]
        if untried:  # a move's first visit scores it by the evaluation alone: the search starts where greedy is
            i = rng.choice(untried)
            reward = (rules.evaluate(rules.apply(position, node.moves[i]), me) + 1) / 2
        else:
            log = math.log(node.visits)
            mine = position.to_move == me

            def score(k: int) -> float:
                mean = node.value[k] / node.tries[k]
                return (mean if mine else 1 - mean) + UCT * math.sqrt(log / node.tries[k])

            i = max(node.tries, key=score)
            after = rules.apply(position, node.moves[i])
            if rules.throw_due(after):  # a throw comes next: sampled afresh in the playout, no subtree kept
                reward = self._playout(rules, after, rng, me)
            elif rules.outcome(after) is not None or not rules.legal_moves(after):
                reward = (rules.evaluate(after, me) + 1) / 2
            else:
                child = node.children.get(i)
                if child is None:
                    child = node.children[i] = _Node(list(rules.legal_moves(after)))
                reward = self._visit(rules, after, child, rng, me)
        node.visits += 1
        node.tries[i] = node.tries.get(i, 0) + 1
        node.value[i] = node.value.get(i, 0.0) + reward
        return reward

    def _playout(self, rules: Any, position: Any, rng: random.Random, me: str) -> float:
        for _ in range(PLAYOUT_DEPTH):
            if rules.throw_due(position):
                position = throw(rules, position, rng)
            if rules.outcome(position) is not None:
                break
            moves = rules.legal_moves(position)
            if not moves:
                break
            drawn = moves if len(moves) <= PLAYOUT_SAMPLE else rng.sample(list(moves), PLAYOUT_SAMPLE)
            move = greedy_move(rules, position, drawn, rng)
            position = rules.apply(position, move)
        return (rules.evaluate(position, me) + 1) / 2


def parse_player(text: str) -> Player:
    """random, greedy or mcts:N (N simulations a move, 1 to 100000); ValueError saying what is wrong."""
    wanted = text.strip().lower()
    if wanted == "random":
        return RandomPlayer()
    if wanted == "greedy":
        return GreedyPlayer()
    match = re.fullmatch(r"mcts:(\d{1,6})", wanted)
    if match and 1 <= int(match.group(1)) <= 100_000:
        return MctsPlayer(int(match.group(1)), f"mcts:{int(match.group(1))}")
    raise ValueError(f"{text!r} is not a player; players are random, greedy and mcts:N (N simulations a move, "
                     "1 to 100000), like mcts:200")
