"""No move of the race engine makes an invalid position (issue 45, item 6): over every shipped game the race engine
plays (tests/registry.py's GAMES whose engine is a FileEngine), the tests' own Backgammon and Senet
(tests/race_games/), and random changes to the values of their files' [play], every listed move of a random
position leads to a position the rules call valid, and every position round-trips through its file.

A changed [play] the compiler refuses is skipped: the property is about the rules a designer can write."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from registry import GAMES, find_game

import boardgen
from boardgen.engine.examples import RandomChooser
from boardgen.engine.grid import Field
from boardgen.engine.position_file import load_toml
from boardgen.engine.toml_source import read_toml
from boardgen.gamefiles.game import FileGame
from boardgen.gamefiles.play import BoardFacts, FileEngine, FilePosition, FileRules, compile_play

OWN_GAMES = Path(__file__).resolve().parent / "race_games"
# Every game file the race engine plays: the shipped ones by name, and the tests' own.
RACE_FILES: Mapping[str, Path] = {
    **{name: Path(game.file.path) for name, game in GAMES.items()
       if isinstance(game, FileGame) and isinstance(game.engine, FileEngine)},
    **{f"tests:{path.stem}": path for path in sorted(OWN_GAMES.glob("*.toml"))},
}
PLIES = 2000  # the longest random game positions are drawn from (a random Backgammon game: about 400 plies)
LOOKS = 10  # the positions of each game looked at
ENOUGH = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                         HealthCheck.filter_too_much])


def _facts(document: Mapping[str, Any], name: str) -> BoardFacts:
    """What compiling [play] needs of the rest of a game file: its map's size, the fields it leaves out, its zones
    by name and [about] players, read plainly from the file's document."""
    about, board, legend = document.get("about", {}), document.get("board", {}), document.get("legend", {})
    rows = [line.replace(" ", "") for line in str(board.get("map", "")).split("\n") if line.strip()]
    absent: set[Field] = set()
    zones: dict[str, list[Field]] = {}
    for r, line in enumerate(rows):
        for column, char in enumerate(line):
            entry = legend.get(char, {})
            place = (column, len(rows) - 1 - r)  # the map's first line is the far side
            if entry.get("role") == "none":
                absent.add(place)
            else:
                zones.setdefault(str(entry.get("zone", "")), []).append(place)
    return BoardFacts(name, max(len(line) for line in rows), len(rows), frozenset(absent),
                      {zone: tuple(sorted(fields)) for zone, fields in zones.items()}, int(about.get("players", 2)))


def find_engine(name: str) -> FileEngine:
    """The engine boardgen reads from the game file: the shipped game's by name, the tests' own by path."""
    engine = find_game(name if name in GAMES else str(RACE_FILES[name])).engine
    assert isinstance(engine, FileEngine)
    return engine


def _no_place(path: str) -> str:
    return ""


class RaceFile:
    """A race game file's [play] and board, compiled again as a test changes it."""

    def __init__(self, name: str, path: Path) -> None:
        document, _ = read_toml(path.read_text(encoding="utf-8-sig"))
        self.name = name
        self.play: dict[str, Any] = document["play"]
        self.facts = _facts(document, find_engine(name).rules.play.default.game)  # as its positions name it
        rules = self.rules(self.play)
        assert rules is not None, f"{name}'s own [play] does not compile"
        self.original = rules
        tables = rules.play.default
        on_tracks = sorted({tables.names[f] for track in tables.tracks for f in track})
        everywhere = [field for field, there in zip(tables.names, tables.on_board, strict=True) if there]
        self.fields = on_tracks or everywhere

    def rules(self, play: Mapping[str, Any]) -> FileRules | None:
        """The rules of `play` on this file's board; None where the compiler refuses them or another engine
        plays them."""
        engine, _ = compile_play(play, self.facts, _no_place)
        return engine.rules if isinstance(engine, FileEngine) else None

    def changes(self) -> dict[str, list[Any]]:
        """For each key of [play] a test may change, the values it may take: every word the key allows, and
        numbers, fields and throws that fit this board (a few of them the compiler refuses, for some games)."""
        some = self.fields[len(self.fields) // 3:len(self.fields) // 3 + 3]
        one = [self.fields[len(self.fields) // 2]]
        return {
            "own": ["block", "stack"],
            "opponent": ["capture", "block", "stack"],
            "capture-to": ["waiting", "start", "removed", "swap"],
            "on-safe": ["block", "stack"],
            "safe": [[], some, one],
            "block": [0, 1, 2, 3],
            "block-passing": [False, True],
            "blockade": [0, 2, 3],
            "protect": [0, 2, 3],
            "stop-on": [[], one, some[:2]],
            "home": [0, 3, 6],
            "finish": ["exact", "reach", "rearmost"],
            "enter": ["count", "start"],
            "enter-first": [False, True],
            "backward": [False, True],
            "shortcut-occupied": ["land", "before"],
            "use-all": [False, True],
            "use-larger": [False, True],
            "throw": [{"dice": 1, "sides": 6}, {"dice": 2, "sides": 6, "each": True, "doubles": 4},
                      {"dice": 2, "sides": 3, "each": True}, {"dice": 3, "sides": 4, "each": True},
                      {"sticks": 4, "values": {"0": 5, "1": 1, "2": 2, "3": 3, "4": 4}}],
            "again": [{}, {"throws": [1]}, {"throws": [6]}, {"fields": one}],
            "chain": [False, True],
            "lines": ["all", "orthogonal", "alquerque"],
        }


FILES = {name: RaceFile(name, path) for name, path in RACE_FILES.items()}


def _random_game(rules: FileRules, rng: random.Random) -> list[FilePosition]:
    """The positions of a random game by `rules`, from the start for a number of players and rule options drawn
    at random: each before its throw and after it (where one is due), until the game ends or after PLIES."""
    seats = rng.choice(rules.seat_counts())
    seated = rules.seated(seats)
    chosen = {name: rng.choice(values) for name, values in seated.rule_options().items()}
    position = seated.start_with(seated.play.default.variant, chosen)
    positions = [position]
    while seated.outcome(position) is None and len(positions) < PLIES:
        if seated.throw_due(position):
            position = seated.sample_throw(position, rng)
            positions.append(position)
        position = seated.apply(position, rng.choice(list(seated.legal_moves(position))))
        positions.append(position)
    return positions


RoundTrip = Callable[[FileRules, FilePosition], bool]


def _round_trips(rules: FileRules, position: FilePosition) -> bool:
    document, source = load_toml(rules.write(position))
    return rules.read(document, source) == position


def through_the_api(name: str) -> RoundTrip:
    """A position's file read back by the Python API, as a script reads it, and written again the same."""
    game = boardgen.game(name if name in GAMES else RACE_FILES[name])

    def round_trips(rules: FileRules, position: FilePosition) -> bool:
        text = rules.write(position)
        return game.read_position(text).to_toml() == text and _round_trips(rules, position)

    return round_trips


API_READS = {name: through_the_api(name) for name in FILES}


def _every_move_leads_to_a_valid_position(rules: FileRules, rng: random.Random,
                                          round_trips: RoundTrip = _round_trips) -> int:
    """The property, at positions drawn from one random game: the number of moves it looked at.  Every position
    a move leads to is checked; one of them at each position, drawn at random, is also read back from its file by
    `round_trips` (reading files is what takes the time, and every position of the game is one a move led to as
    well)."""
    looked = 0
    game = _random_game(rules, rng)
    chosen = rng.sample(game, min(len(game), LOOKS))
    # Half a race's positions wait for a throw and list no move: the sample holds one that lists moves, where the
    # game has one, so every sample looks at some moves.
    listing = [p for p in game if not rules.seated(p.players).throw_due(p)
               and rules.seated(p.players).outcome(p) is None]
    if listing and not any(p in listing for p in chosen):
        chosen.append(rng.choice(listing))
    for position in chosen:
        seated = rules.seated(position.players)
        assert seated.problems(position) == [], seated.write(position)
        assert _round_trips(seated, position), seated.write(position)
        for chance in seated.chance(position):
            assert seated.problems(chance.position) == [], (seated.write(position), chance.label)
        moves = seated.legal_moves(position)
        going_on = seated.outcome(position) is None and not seated.throw_due(position)
        assert bool(moves) == going_on, seated.write(position)  # a game that goes on always lists a move
        notations = [seated.notation(position, move) for move in moves]
        assert len(set(notations)) == len(notations), (seated.write(position), notations)
        for move, notation in zip(moves, notations, strict=True):
            after = seated.apply(position, move)
            assert seated.problems(after) == [], (seated.write(position), notation)
            assert seated.apply(position, seated.parse_move(position, notation)) == after
            looked += 1
        if moves:
            move = rng.choice(list(moves))
            assert round_trips(seated, seated.apply(position, move)), (seated.write(position),
                                                                        seated.notation(position, move))
    return looked


@pytest.mark.parametrize("name", sorted(FILES))
@ENOUGH
@given(seed=st.integers(0, 2**32 - 1))
def test_every_listed_move_of_each_race_leads_to_a_valid_position_that_round_trips(name: str, seed: int) -> None:
    looked = _every_move_leads_to_a_valid_position(FILES[name].original, random.Random(seed), API_READS[name])
    assert looked > 0


@pytest.mark.parametrize("name", sorted(FILES))
@ENOUGH
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_every_listed_move_leads_to_a_valid_position_whatever_the_play_says(name: str, data: st.DataObject,
                                                                            seed: int) -> None:
    race = FILES[name]
    pool = race.changes()
    keys = data.draw(st.lists(st.sampled_from(sorted(pool)), min_size=1, max_size=4, unique=True), label="keys")
    changed = dict(race.play)
    for key in keys:
        changed[key] = data.draw(st.sampled_from(pool[key]), label=key)
    rules = race.rules(changed)
    assume(rules is not None)  # a [play] the compiler refuses is not a game anyone plays
    assert rules is not None
    _every_move_leads_to_a_valid_position(rules, random.Random(seed))


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_files_own_play_compiled_here_is_the_game_boardgen_reads(name: str) -> None:
    """The property's compiling of [play] (above) is the reader's: the same start, the same throws."""
    game = boardgen.game(name if name in GAMES else RACE_FILES[name])
    rules = FILES[name].original
    assert rules.write(rules.start()).split("\n", 1)[1] == game.start().to_toml().split("\n", 1)[1]
    assert [chance.label for chance in rules.chance(rules.start())] == list(game.throws)


# The keys of issue 45's mechanisms, each of which the property must change in some game it compiles.
NEW_KEYS = {"throw", "use-all", "use-larger", "block", "block-passing", "blockade", "protect", "capture-to",
            "stop-on", "home", "finish", "enter-first", "shortcut-occupied", "backward"}


def test_some_changes_of_each_new_key_compile_so_the_property_is_not_empty() -> None:
    """Each key of the new mechanisms compiles, for some game, with some value other than the file's own."""
    compiled: set[str] = set()
    for race in FILES.values():
        for key, values in race.changes().items():
            for value in values:
                if value != race.play.get(key) and race.rules({**race.play, key: value}) is not None:
                    compiled.add(key)
    assert NEW_KEYS - compiled == set()


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_engines_own_random_positions_read_back_and_get_past_the_start(name: str) -> None:
    engine = find_engine(name)
    assert engine.examples is not None
    rules = engine.rules
    start = rules.write(rules.start()).split("\n[", 1)[1]
    texts = [engine.examples(RandomChooser(seed)) for seed in range(12)]
    for text in texts:
        document, source = load_toml(text)
        assert rules.write(rules.read(document, source)) == text
    assert any(text.split("\n[", 1)[1] != start for text in texts)
