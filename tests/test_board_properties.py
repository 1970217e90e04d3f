"""Properties of every game the board engine plays, the games boardgen ships and the tests' own small ones: every
listed move gives a valid position that its file gives back with the same moves; the player to move stays the
same exactly while a chain of jumps or a removal after a mill is under way; a game of random moves ends, or
plays on to the limit only where its rules set none."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator

import pytest
from board_helpers import OWN_GAMES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from registry import GAMES

from boardgen.engine.position_file import load_toml
from boardgen.gamefiles import find_game
from boardgen.gamefiles.play import BoardEngine
from boardgen.gamefiles.play.board import BoardMove, BoardPosition
from boardgen.gamefiles.play.board.position import on_board


def _board_engines() -> Iterator[tuple[str, BoardEngine]]:
    for name, game in GAMES.items():
        if isinstance(game.engine, BoardEngine):
            yield name, game.engine
    for path in sorted(OWN_GAMES.glob("*.toml")):
        engine = find_game(str(path)).engine
        assert isinstance(engine, BoardEngine), path
        yield f"tests/{path.name}", engine


ENGINES = dict(_board_engines())
FEW = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLIES = 60  # how far into a game the first property walks, checking every move of every position on the way
ROUND_TRIPS = 6  # positions after a move whose files are read back, of each position on the way
LIMIT = 2000  # plies: a game whose rules end it ends well within this (draughts: 24 captures, 40 quiet moves each)


def _read(engine: BoardEngine, text: str) -> BoardPosition:
    document, source = load_toml(text)
    return engine.rules.read(document, source)


def _after(engine: BoardEngine, where: BoardPosition, move: BoardMove) -> BoardPosition:
    """The position after `move`, played by its notation as a user plays it: valid, and keeping the turn exactly
    while a chain of jumps or a removal after a mill is under way (which its file says: _round_trip)."""
    rules = engine.rules
    notation = rules.notation(where, move)
    after = rules.apply(where, rules.parse_move(where, notation))
    assert after == rules.apply(where, move), notation
    assert rules.problems(after) == [], (rules.write(where), notation)
    assert (after.mover == where.mover) == (after.jumping >= 0 or after.removing), (rules.write(where), notation)
    # What the move keeps for playing fast (the pieces each player has on the board) is what the board shows.
    assert on_board(after) == on_board(_read(engine, rules.write(after))), (rules.write(where), notation)
    return after


def _round_trip(engine: BoardEngine, where: BoardPosition) -> None:
    """The position's file gives it back, with the same moves."""
    rules = engine.rules
    text = rules.write(where)
    written = tomllib.loads(text)
    assert ("jumping" in written) == (where.jumping >= 0) and written.get("removing", False) == where.removing
    again = _read(engine, text)
    assert again == where, text
    assert rules.write(again) == text
    assert [rules.notation(again, m) for m in rules.legal_moves(again)] == \
        [rules.notation(where, m) for m in rules.legal_moves(where)], text


@pytest.mark.parametrize("name", sorted(ENGINES))
@FEW
@given(data=st.data())
def test_every_listed_move_gives_a_valid_position_that_its_file_gives_back(name: str, data: st.DataObject) -> None:
    engine = ENGINES[name]
    rules = engine.rules
    where = rules.start()
    assert rules.problems(where) == []
    for _ in range(PLIES):
        moves = rules.legal_moves(where)
        assert bool(moves) == (rules.outcome(where) is None), rules.write(where)  # a game going on has a move
        if not moves:
            break
        notations = [rules.notation(where, move) for move in moves]
        assert len(set(notations)) == len(notations), notations
        afters = [_after(engine, where, move) for move in moves]
        # Every position after a move round-trips where a position has few moves; a drawn few where it has many.
        checked = range(len(moves)) if len(moves) <= ROUND_TRIPS else data.draw(
            st.sets(st.integers(0, len(moves) - 1), min_size=1, max_size=ROUND_TRIPS), label="round trips")
        for index in checked:
            _round_trip(engine, afters[index])
        where = afters[data.draw(st.integers(0, len(moves) - 1), label="move")]


@pytest.mark.parametrize("name", sorted(ENGINES))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_game_of_random_moves_ends_or_plays_on_only_where_the_rules_set_no_limit(name: str, seed: int) -> None:
    rules = ENGINES[name].rules
    rng = random.Random(seed)
    where = rules.start()
    plies = 0
    while rules.outcome(where) is None and plies < LIMIT:
        moves = rules.legal_moves(where)
        assert moves, rules.write(where)
        where = rules.apply(where, rng.choice(moves))
        plies += 1
    assert rules.problems(where) == []
    outcome = rules.outcome(where)
    if outcome is None:
        assert rules.unending(), f"{name}: {plies} random plies and no end, though its rules set a limit"
    else:
        assert outcome.winner in (None, *rules.players) and rules.legal_moves(where) == []
