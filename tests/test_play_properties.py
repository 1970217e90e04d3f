"""Properties of every shipped game file's rules: listed moves lead to valid positions, positions round-trip
through their files, random games end, whatever the players and rule options."""

from __future__ import annotations

import random

import pytest
from game_strategies import _Drawn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_helpers import SHIPPED_GAMES, position, shipped

ENGINES = {name: shipped(name) for name in SHIPPED_GAMES}
ENOUGH = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MOVE_LIMIT = 5000


def drawn_position(name: str):
    make = ENGINES[name].examples
    assert make is not None
    return st.composite(lambda draw: make(_Drawn(draw)))()


@pytest.mark.parametrize("name", SHIPPED_GAMES)
@ENOUGH
@given(data=st.data())
def test_every_listed_move_leads_to_a_valid_position_that_its_file_gives_back(name, data):
    game = ENGINES[name]
    rules = game.rules
    where = position(game, data.draw(drawn_position(name)))
    assert rules.problems(where) == []
    assert position(game, rules.write(where)) == where
    for chance in rules.chance(where):
        assert rules.problems(chance.position) == []
    if rules.throw_due(where):
        where = data.draw(st.sampled_from([c.position for c in rules.chance(where)]))
    moves = rules.legal_moves(where)
    assert bool(moves) == (rules.outcome(where) is None)  # a position that goes on always lists a move
    notations = [rules.notation(where, move) for move in moves]
    assert len(set(notations)) == len(notations)
    for move, notation in zip(moves, notations, strict=True):
        after = rules.apply(where, rules.parse_move(where, notation))
        assert after == rules.apply(where, move)
        assert rules.problems(after) == [], (rules.write(where), notation)
        json = game.presentation.move_json(where, move)
        assert json["notation"] == notation and (json["from"] is None) == (notation == "pass")


@pytest.mark.parametrize("name", SHIPPED_GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 4))
def test_a_game_of_random_moves_ends_before_the_move_limit(name, seed, seats):
    rules = ENGINES[name].rules
    if seats not in rules.play.default.player_counts:
        seats = rules.play.default.player_counts[0]
    rules = rules.seated(seats)
    rng = random.Random(seed)
    where = rules.start()
    plies = 0
    while plies < MOVE_LIMIT:
        if rules.throw_due(where):
            where = rules.sample_throw(where, rng)
        if rules.outcome(where) is not None:
            break
        where = rules.apply(where, rng.choice(rules.legal_moves(where)))
        plies += 1
    outcome = rules.outcome(where)
    assert rules.problems(where) == []
    # Every shipped game ends: races move on, and Fox and Geese's stall rule ends the geese's shuffling.
    assert outcome is not None, (name, plies)
    assert outcome.winner in rules.players
    assert rules.legal_moves(where) == [] and not rules.throw_due(where)
