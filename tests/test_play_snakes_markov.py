"""Snakes and Ladders has no choices, so its figures are exact: the game file's rules against the Markov chain
built here from the issue's list of ladders and snakes (1952 Milton Bradley): the same moves from every square
with every throw, and so the same expected length of a game."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy
from play_helpers import position, shipped

SNAKES = shipped("snakes-and-ladders")
LADDERS = {1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100}
CHUTES = {16: 6, 47: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78}


def square_name(n: int) -> str:
    row, place = divmod(n - 1, 10)
    column = place if row % 2 == 0 else 9 - place
    return f"{'abcdefghij'[column]}{row + 1}"


NUMBER = {square_name(n): n for n in range(1, 101)}


def reference_step(square: int, throw: int) -> int:
    target = square + throw
    if target > 100:
        return square  # a throw past 100 leaves the counter where it is
    return LADDERS.get(target, CHUTES.get(target, target))


def engine_step(square: int, throw: int) -> int:
    """Where the file's rules take player 1's counter from `square` (0: off the board) with `throw`."""
    pieces = f"[pieces]\n{square_name(square)} = 1\n[waiting]\n2 = 1\n" if square else "[waiting]\n1 = 1\n2 = 1\n"
    where = position(SNAKES, f'game = "snakes-and-ladders"\nto_move = 1\nthrow = {throw}\n{pieces}')
    [move] = SNAKES.rules.legal_moves(where)  # no choices: a move, or a pass
    after = SNAKES.rules.apply(where, move)
    on_board = [NUMBER[after.tables.names[i]] for i, stack in enumerate(after.cells) if 0 in stack]
    return on_board[0] if on_board else 0


def expected_turns(step) -> float:
    """E[turns from square 0 to 100] for one player: E[s] = 1 + sum over throws of E[step(s, throw)] / 6, with
    E[100] = 0, solved as one linear system."""
    matrix = numpy.eye(100)
    for square in range(100):
        for throw in range(1, 7):
            target = step(square, throw)
            if target != 100:
                matrix[square, target] -= 1 / 6
    return float(numpy.linalg.solve(matrix, numpy.ones(100))[0])


def test_the_files_moves_are_the_chain_of_the_1952_board():
    for square in range(100):
        for throw in range(1, 7):
            assert engine_step(square, throw) == reference_step(square, throw), (square, throw)


def test_the_expected_number_of_turns_alone_is_the_chains_and_a_simulation_agrees():
    exact = expected_turns(reference_step)
    assert abs(exact - expected_turns(engine_step)) < 1e-9
    assert abs(exact - 39.2251) < 1e-4  # turns, for one player alone (a throw past 100 wasted)
    # A simulation by the engine's own throws (one player, seated again after every move) falls within a
    # 99.9% interval of the exact mean.
    rng = random.Random(1952)
    rules = SNAKES.rules
    turns = []
    for _ in range(1500):
        where = rules.start()
        count = 0
        while rules.outcome(where) is None:
            where = rules.sample_throw(where, rng)
            where = replace(rules.apply(where, rules.legal_moves(where)[0]), mover=0)
            count += 1
        turns.append(count)
    mean = sum(turns) / len(turns)
    spread = math.sqrt(sum((t - mean) ** 2 for t in turns) / (len(turns) - 1) / len(turns))
    assert abs(mean - exact) < 3.3 * spread, (mean, exact, spread)
