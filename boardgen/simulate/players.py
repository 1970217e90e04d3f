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
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from ..engine.contract import GameRules, Position

PLAYOUT_DEPTH = 4  # plies a search's playout goes before the evaluation scores it
PLAYOUT_RANDOMNESS = 0.1  # a playout plays a random move this often, and otherwise the greedy one
UCT = 1.4  # exploration weight of UCT: sqrt(2), the textbook value for rewards in [0, 1]
# Measured: with 30 to 100 moves a position and a few dozen simulations, spreading them over every move left
# each with one or two noisy playouts, and mcts:64 lost three games in four to greedy.  The search looks only
# at the moves the evaluation ranks best, more of them as it has more simulations.


P = TypeVar("P", bound="Position")
M = TypeVar("M")


class Player(Protocol):
    """Chooses a move for whichever game it is given: the same player plays every game."""

    @property
    def name(self) -> str: ...

    def choose(self, rules: GameRules[P, M], position: P, rng: random.Random) -> M: ...


def throw(rules: GameRules[P, M], position: P, rng: random.Random) -> P:
    """The position after a due throw, drawn by its weights."""
    return rules.sample_throw(position, rng)


@dataclass(frozen=True)
class RandomPlayer:
    name: str = "random"

    def choose(self, rules: GameRules[P, M], position: P, rng: random.Random) -> M:
        return rng.choice(rules.legal_moves(position))


def move_value(rules: GameRules[P, M], position: P, move: M) -> float:
    """How good `move` is for the player making it, by the evaluation of its result."""
    value: float = rules.evaluate(rules.apply(position, move), position.to_move)
    return -value if rules.swaps_seats(move) else value  # after a swap I play the other army


def _army_value(rules: GameRules[P, M], position: P, move: M) -> tuple[float, float]:
    """(how good `move` is for the player making it, how good its result is for the army that moves)."""
    value: float = rules.evaluate(rules.apply(position, move), position.to_move)
    return (-value if rules.swaps_seats(move) else value), value


def greedy_move(rules: GameRules[P, M], position: P, moves: Sequence[M], rng: random.Random) -> M:
    """The move whose result evaluates best for the mover; ties broken by the generator."""
    best: list[M] = []
    top = -math.inf
    for move in moves:
        value = move_value(rules, position, move)
        if value > top + 1e-12:
            top, best = value, [move]
        elif value > top - 1e-12:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)


@dataclass(frozen=True)
class GreedyPlayer:
    name: str = "greedy"

    def choose(self, rules: GameRules[P, M], position: P, rng: random.Random) -> M:
        return greedy_move(rules, position, rules.legal_moves(position), rng)


@dataclass
class _Node(Generic[M]):
    moves: list[M]  # the candidates: the moves the evaluation ranks best
    prior: list[float]  # their results' evaluations for the army to move, from -1 to 1
    visits: int = 0
    children: dict[int, _Node[M]] = field(default_factory=dict)
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

    def choose(self, rules: GameRules[P, M], position: P, rng: random.Random) -> M:
        moves = list(rules.legal_moves(position))
        if len(moves) == 1:
            return moves[0]
        if len(rules.players) > 2:
            return _Search(self.simulations, rules, rng).choose(position, moves)
        root = self._node(rules, position, moves)
        me = position.to_move
        for _ in range(self.simulations):
            self._visit(rules, position, root, rng, me)
        return root.moves[max(root.tries, key=lambda i: (root.tries[i], root.value[i] / root.tries[i]))]

    def _node(self, rules: GameRules[P, M], position: P, moves: Sequence[M]) -> _Node[M]:
        width = max(3, math.isqrt(self.simulations))
        valued = [(*_army_value(rules, position, move), n) for n, move in enumerate(moves)]
        ranked = sorted(valued, key=lambda item: -item[0])[:width]  # stable: equal moves keep the rules' order
        return _Node([moves[n] for _, _, n in ranked], [army for _, army, _ in ranked])

    def _visit(self, rules: GameRules[P, M], position: P, node: _Node[M], rng: random.Random, me: str) -> float:
        """One descent from a position whose moves are `node.moves`; the reward in [0, 1] for `me`."""
        untried = [i for i in range(len(node.moves)) if i not in node.tries]
        if untried:  # a move's first visit scores it by the evaluation alone: the search starts where greedy is
            i = rng.choice(untried)
            mine = position.to_move == me
            reward = ((node.prior[i] if mine else -node.prior[i]) + 1) / 2
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
                    child = node.children[i] = self._node(rules, after, rules.legal_moves(after))
                reward = self._visit(rules, after, child, rng, me)
        node.visits += 1
        node.tries[i] = node.tries.get(i, 0) + 1
        node.value[i] = node.value.get(i, 0.0) + reward
        return reward

    def _playout(self, rules: GameRules[P, M], position: P, rng: random.Random, me: str) -> float:
        return (rules.evaluate(played_out(rules, position, rng), me) + 1) / 2


@dataclass
class _EachNode(Generic[M]):
    """A node of the search for three or four players: each tried move's total reward for every player."""

    moves: list[M]  # the candidates, as _Node's
    first: list[tuple[float, ...]]  # each candidate's result by the evaluation, a reward for every player
    visits: int = 0
    children: dict[int, _EachNode[M]] = field(default_factory=dict)
    value: dict[int, list[float]] = field(default_factory=dict)
    tries: dict[int, int] = field(default_factory=dict)


class _Search(Generic[P, M]):
    """UCT for three or four players, max^n style: each player's own reward is backed up, and where a player is
    to move it picks by its own (a game of more than two is not zero-sum between any two of them, so one reward
    negated, as MctsPlayer does for two, would say nothing of the third).  Throws, candidates and playouts as
    MctsPlayer's."""

    def __init__(self, simulations: int, rules: GameRules[P, M], rng: random.Random) -> None:
        self.simulations, self.rules, self.rng = simulations, rules, rng
        self.players = tuple(rules.players)

    def choose(self, position: P, moves: Sequence[M]) -> M:
        root = self._node(position, moves)
        for _ in range(self.simulations):
            self._visit(position, root)
        me = self.players.index(position.to_move)
        return root.moves[max(root.tries, key=lambda i: (root.tries[i], root.value[i][me] / root.tries[i]))]

    def _rewards(self, position: P) -> tuple[float, ...]:
        return tuple((self.rules.evaluate(position, player) + 1) / 2 for player in self.players)

    def _node(self, position: P, moves: Sequence[M]) -> _EachNode[M]:
        rules = self.rules
        width = max(3, math.isqrt(self.simulations))
        results = [rules.apply(position, move) for move in moves]
        mover = position.to_move
        ranked = sorted(range(len(moves)), key=lambda n: -rules.evaluate(results[n], mover))[:width]
        return _EachNode([moves[n] for n in ranked], [self._rewards(results[n]) for n in ranked])

    def _visit(self, position: P, node: _EachNode[M]) -> tuple[float, ...]:
        """One descent from a position whose moves are `node.moves`: the rewards in [0, 1], for every player."""
        rules, rng = self.rules, self.rng
        untried = [i for i in range(len(node.moves)) if i not in node.tries]
        if untried:  # a move's first visit scores it by the evaluation alone
            i = rng.choice(untried)
            rewards = node.first[i]
        else:
            log = math.log(node.visits)
            mover = self.players.index(position.to_move)

            def score(k: int) -> float:
                return node.value[k][mover] / node.tries[k] + UCT * math.sqrt(log / node.tries[k])

            i = max(node.tries, key=score)
            after = rules.apply(position, node.moves[i])
            if rules.throw_due(after):
                rewards = self._playout(after)
            elif rules.outcome(after) is not None or not rules.legal_moves(after):
                rewards = self._rewards(after)
            else:
                child = node.children.get(i)
                if child is None:
                    child = node.children[i] = self._node(after, rules.legal_moves(after))
                rewards = self._visit(after, child)
        node.visits += 1
        node.tries[i] = node.tries.get(i, 0) + 1
        totals = node.value.setdefault(i, [0.0] * len(self.players))
        for n, reward in enumerate(rewards):
            totals[n] += reward
        return rewards

    def _playout(self, position: P) -> tuple[float, ...]:
        return self._rewards(played_out(self.rules, position, self.rng))


def played_out(rules: GameRules[P, M], position: P, rng: random.Random) -> P:
    """Where a search's playout ends: mostly greedy moves, some at random, until the game is over, a player
    cannot move, or PLAYOUT_DEPTH plies have been played."""
    for _ in range(PLAYOUT_DEPTH):
        if rules.throw_due(position):
            position = throw(rules, position, rng)
        if rules.outcome(position) is not None:
            break
        moves = rules.legal_moves(position)
        if not moves:
            break
        move = rng.choice(moves) if rng.random() < PLAYOUT_RANDOMNESS else greedy_move(rules, position, moves, rng)
        position = rules.apply(position, move)
    return position


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
