"""What a game file's engine keeps between moves, it keeps only while its rules are held: a server that reads one
uploaded game file after another lets each go once nobody plays it, and a table of kept moves stays within its
bound however long it is used."""

from __future__ import annotations

import gc
import random
import weakref
from pathlib import Path

from play_helpers import engine

import boardgen
from boardgen.engine.interning import InternTable

UR = (Path(boardgen.__file__).parent / "templates" / "games" / "ur.toml").read_text(encoding="utf-8")


def _played_and_dropped(text: str, plies: int) -> tuple[weakref.ref[object], weakref.ref[object]]:
    """Compiles a game file's rules, plays a seeded random game by them (so that their routes and moves are built),
    and keeps nothing of it but weak references to the rules and to the tables its positions are played by."""
    rules = engine(text).rules
    rng = random.Random(3)
    position = rules.start()
    for _ in range(plies):
        if rules.throw_due(position):
            position = rules.sample_throw(position, rng)
        moves = rules.legal_moves(position)
        if not moves:
            break
        position = rules.apply(position, rng.choice(moves))
    assert position.tables.on_tracks  # its moves went along tracks: the routes were worked out and kept
    return weakref.ref(rules), weakref.ref(position.tables)


def test_the_rules_of_a_game_file_nobody_plays_are_let_go_with_what_they_kept():
    rules, tables = _played_and_dropped(UR, 200)
    gc.collect()
    assert rules() is None and tables() is None


def test_many_uploads_read_and_played_one_after_another_are_all_let_go():
    # Each a set of rules of its own, as every upload of the same file is: the routes of none outlive it.
    gone = [_played_and_dropped(UR, 40) for _ in range(30)]
    gc.collect()
    assert [pair for pair in gone if pair[0]() is not None or pair[1]() is not None] == []


def test_a_table_of_kept_moves_never_holds_more_than_its_bound_and_still_answers():
    table: InternTable[tuple[int, int]] = InternTable(limit=100)
    for n in range(1000):
        assert table.keep((n, n), (n, n)) == (n, n)
        assert len(table) <= 100
    assert table[(999, 999)] == (999, 999)  # the last kept is kept
