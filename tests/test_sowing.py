"""The sowing engine: each mechanism on a hand-made position whose answer was worked out by hand (Kalah's sowing
past the opponent's store, another turn, its capture of the pit opposite, and none when that pit is empty, the
end when a row is empty with the seeds left going to their rows' owners; Oware's house of 12 or more passed by,
its capture back along the row, the grand slam, feeding, the 25 and 24-each ends and the end when a position comes
back), the rules files may change on a small board of the test's own, a [play] that cannot be played refused at
its key, and properties of every sowing game: every listed move gives a valid position that its file gives back,
and random games end (or, where the rules set no end, play on to a limit).

Positions are position files, read through the Python API as a user reads them; moves are whole sets of
notations, so a test fails on a move too many as on one missing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from board_helpers import file_of, listed, played, shipped
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardgen
from boardgen.api import Game, GameFileError, OutcomeCode, Position, PositionFileError
from boardgen.draw.diagram_items import DiagramMarker
from boardgen.engine.examples import RandomChooser
from boardgen.engine.position_file import load_toml
from boardgen.gamefiles import GAMES, find_game
from boardgen.gamefiles.play import SowingEngine
from boardgen.gamefiles.play.sowing import SowingPosition

KALAH_FIELDS = ("b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2")
OWARE_FIELDS = ("a1", "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2")


def sowing_game(folder: Path, play: str, board: str) -> Game:
    """A game of the `play` lines (the body of [play]) on the map `board` (each row a line, the top row first: "."
    a field, "#" none), written into `folder` as a game file is."""
    path = folder / f"game-{len(list(folder.glob('game-*.toml')))}.toml"
    legend = '"." = { zone = "pit", role = "plain" }\n' + \
        ('"#" = { zone = "no field", role = "none" }\n' if "#" in board else "")
    path.write_text(f'[about]\nname = "Sown"\ndesigner = "Tests"\nplayers = 2\n\n[board]\nmap = """\n{board}\n"""\n\n'
                    f"[legend]\n{legend}\n[play]\n{play}\n", encoding="utf-8")
    return boardgen.game(path)


def at(game: Game, to_move: int, seeds: dict[str, int], captured: tuple[int, int] | None = None) -> Position:
    """The position of `game` with these seeds (every other pit and store empty), read from its file."""
    fields = KALAH_FIELDS if game.name == "kalah" else OWARE_FIELDS
    assert set(seeds) <= set(fields), seeds
    text = f'game = "{game.name}"\nto_move = {to_move}\n\n[seeds]\n' + \
        "".join(f"{name} = {seeds.get(name, 0)}\n" for name in fields)
    if captured is not None:
        text += f"\n[captured]\n1 = {captured[0]}\n2 = {captured[1]}\n"
    return game.read_position(text)


def seeds_of(position: Position) -> dict[str, int]:
    """The fields that hold seeds, as the position's file gives them."""
    return {name: count for name, count in file_of(position)["seeds"].items() if count}


def captured_of(position: Position) -> tuple[int, int]:
    kept = file_of(position).get("captured", {})
    return kept.get("1", 0), kept.get("2", 0)


# -- Kalah ---------------------------------------------------------------------------------------------------------

def test_kalah_starts_with_four_seeds_in_every_pit_and_player_1_to_move() -> None:
    start = shipped("kalah").start()
    assert seeds_of(start) == {name: 4 for name in KALAH_FIELDS if name not in ("h1", "a2")}
    assert start.to_move == 1 and listed(start) == {"b1", "c1", "d1", "e1", "f1", "g1"}
    assert {move.notation: move.path for move in start.moves()} == {
        "b1": ("f1",), "c1": ("g1",), "d1": ("h1",), "e1": ("g2",), "f1": ("f2",), "g1": ("e2",)}
    assert all(move.kind == "sow" and move.origin == move.notation for move in start.moves())


def test_kalah_sows_past_the_opponents_store_and_into_its_own() -> None:
    kalah = shipped("kalah")
    before = at(kalah, 1, {"g1": 9, "b1": 1, "c1": 1, "h1": 5, "a2": 10, "b2": 2, "c2": 2, "d2": 2, "e2": 2,
                           "f2": 2, "g2": 2})
    after = before.play("g1")  # h1, g2 f2 e2 d2 c2 b2, past a2, b1, c1
    assert seeds_of(after) == {"b1": 2, "c1": 2, "h1": 6, "a2": 10, "b2": 3, "c2": 3, "d2": 3, "e2": 3, "f2": 3,
                               "g2": 3}
    assert after.to_move == 2 and [move.path for move in before.moves()] == [("c1",), ("d1",), ("c1",)]
    # Player 2 passes player 1's store by the same way: a2, b1 ... g1, past h1, g2; and its last seed, alone in
    # g2 of its own row, takes itself and g1's seed into a2.
    theirs = at(kalah, 2, {"b2": 8, "c2": 3, "d1": 1, "h1": 5, "a2": 10}).play("b2")
    assert seeds_of(theirs) == {"a2": 13, "b1": 1, "c1": 1, "d1": 2, "e1": 1, "f1": 1, "h1": 5, "c2": 3}


def test_kalahs_last_seed_in_the_movers_store_gives_another_turn() -> None:
    position = at(shipped("kalah"), 1, {"d1": 4, "b1": 1, "c2": 3})
    after = position.play("d1")  # e1 f1 g1 h1
    assert seeds_of(after) == {"b1": 1, "e1": 1, "f1": 1, "g1": 1, "h1": 1, "c2": 3}
    assert after.to_move == 1 and listed(after) == {"b1", "e1", "f1", "g1"}


def test_kalahs_last_seed_in_an_empty_pit_of_its_row_takes_the_pit_opposite_into_the_store() -> None:
    position = at(shipped("kalah"), 1, {"c1": 1, "b1": 2, "d2": 5, "e2": 1, "h1": 3})
    after = position.play("c1")  # into d1, empty: d1 faces d2
    assert seeds_of(after) == {"b1": 2, "e2": 1, "h1": 9} and after.to_move == 2


def test_kalahs_last_seed_in_an_empty_pit_takes_nothing_when_the_pit_opposite_is_empty() -> None:
    position = at(shipped("kalah"), 1, {"c1": 1, "b1": 2, "e2": 1, "h1": 3})
    after = position.play("c1")  # into d1, empty, but so is d2: the seed stays, the turn passes
    assert seeds_of(after) == {"b1": 2, "d1": 1, "e2": 1, "h1": 3} and after.to_move == 2


def test_kalahs_thirteen_seeds_go_round_into_their_own_empty_pit_and_capture() -> None:
    position = at(shipped("kalah"), 1, {"b1": 13, "b2": 2, "c2": 3, "h1": 10, "a2": 20})
    after = position.play("b1")  # c1..g1, h1, g2..b2, past a2, b1: its last seed alone there, b2 opposite
    assert seeds_of(after) == {"c1": 1, "d1": 1, "e1": 1, "f1": 1, "g1": 1, "h1": 15, "a2": 20, "c2": 4, "d2": 1,
                               "e2": 1, "f2": 1, "g2": 1}
    assert sum(seeds_of(after).values()) == 48


def test_kalah_ends_as_soon_as_a_row_is_empty_and_the_seeds_left_go_to_their_rows_owner() -> None:
    kalah = shipped("kalah")
    position = at(kalah, 1, {"g1": 1, "h1": 20, "a2": 15, "b2": 4, "c2": 4, "d2": 4})
    after = position.play("g1")  # into h1: another turn, but player 1's row is empty
    assert seeds_of(after) == {"h1": 21, "a2": 27}  # player 2 has put the seeds left in its row into its store
    assert after.outcome is not None and after.outcome.winners == (2,)
    assert after.outcome.reason == "player 1's row is empty, 27 seeds to 21"  # 15 + 12 left in player 2's row
    assert after.outcome.code is OutcomeCode.SCORE and after.to_move is None and len(after.moves()) == 0
    # Whoever is to move: a row empty on the other side ends it too.
    other = at(kalah, 1, {"b1": 3, "h1": 21, "a2": 24})
    assert other.outcome is not None and other.outcome.draw and other.outcome.reason == \
        "player 2's row is empty, 24 seeds each"


def test_kalahs_rule_option_starts_three_seeds_a_pit() -> None:
    kalah = boardgen.game("kalah", rules={"seeds": "3"})
    start = kalah.start()
    assert set(seeds_of(start).values()) == {3} and len(seeds_of(start)) == 12
    assert file_of(start)["rules"] == {"seeds": "3"}
    assert kalah.read_position(start.to_toml()) == start


# -- Oware ----------------------------------------------------------------------------------------------------------

def test_owares_house_of_twelve_goes_round_past_the_house_it_came_from() -> None:
    position = at(shipped("oware"), 1, {"a1": 12, "a2": 3}, (16, 17))
    after = position.play("a1")  # b1..f1, f2..a2, past a1, b1
    assert seeds_of(after) == {"b1": 2, "c1": 1, "d1": 1, "e1": 1, "f1": 1, "f2": 1, "e2": 1, "d2": 1, "c2": 1,
                               "b2": 1, "a2": 4}
    assert captured_of(after) == (16, 17) and after.to_move == 2
    # Four times round and two more: every other house gets 4, b1 and c1 a fifth.
    many = at(shipped("oware"), 1, {"a1": 46, "a2": 2}).play("a1")
    assert seeds_of(many) == {"b1": 5, "c1": 5, "d1": 4, "e1": 4, "f1": 4, "f2": 4, "e2": 4, "d2": 4, "c2": 4,
                              "b2": 4, "a2": 6}


def test_owares_capture_goes_back_along_the_row_while_houses_hold_two_or_three() -> None:
    position = at(shipped("oware"), 1, {"d1": 6, "a1": 2, "c2": 2, "d2": 1, "f2": 2, "a2": 4}, (15, 16))
    after = position.play("d1")  # e1 f1 f2 e2 d2 c2: c2 makes 3, d2 2, e2 only 1 (so f2's 3 stays)
    assert seeds_of(after) == {"a1": 2, "e1": 1, "f1": 1, "f2": 3, "e2": 1, "a2": 4}
    assert captured_of(after) == (20, 16) and after.to_move == 2
    # Nothing is captured in the mover's own row, whatever it makes there.
    own = at(shipped("oware"), 1, {"a1": 1, "b1": 1, "a2": 4}, (20, 20)).play("a1")
    assert seeds_of(own) == {"b1": 2, "a2": 4} and captured_of(own) == (20, 20)


def test_owares_grand_slam_captures_nothing() -> None:
    oware = shipped("oware")
    slam = at(oware, 1, {"f1": 2, "b1": 3, "f2": 1, "e2": 2}, (20, 20)).play("f1")  # f2 2, e2 3: all of theirs
    assert seeds_of(slam) == {"b1": 3, "f2": 2, "e2": 3} and captured_of(slam) == (20, 20)
    # With a seed left to them elsewhere, the same move captures.
    taken = at(oware, 1, {"f1": 2, "b1": 3, "f2": 1, "e2": 2, "a2": 1}, (20, 19)).play("f1")
    assert seeds_of(taken) == {"b1": 3, "a2": 1} and captured_of(taken) == (25, 19)
    assert taken.outcome is not None and taken.outcome.winners == (1,)  # and 25 wins at once
    assert taken.outcome.reason == "captured more than half the seeds, 25 of 48"


def test_oware_makes_the_mover_feed_an_opponent_without_seeds() -> None:
    oware = shipped("oware")
    position = at(oware, 1, {"a1": 1, "c1": 2, "e1": 2, "f1": 1}, (20, 22))
    assert listed(position) == {"e1", "f1"}  # a1 and c1 would leave player 2 with none
    # No move can feed: the mover has no legal move, the game ends, and it takes the seeds on its side.
    stuck = at(oware, 1, {"a1": 1, "b1": 1}, (23, 23))
    assert len(stuck.moves()) == 0 and stuck.outcome is not None and stuck.outcome.winners == (1,)
    assert stuck.outcome.reason == "player 1 cannot give player 2 seeds, 25 seeds to 23"
    # A move that leaves the opponent unable to feed ends the game there, each taking the seeds on its side.
    last = at(oware, 1, {"f1": 1, "b2": 1}, (22, 22)).play("f1")  # f2 and b2 reach no house of player 1's
    assert last.outcome is not None and last.outcome.reason == "player 2 cannot give player 1 seeds, 24 seeds to 22"
    assert seeds_of(last) == {} and captured_of(last) == (22, 24)


def test_oware_ends_at_25_captured_or_24_each() -> None:
    oware = shipped("oware")
    won = at(oware, 1, {"a1": 10, "a2": 13}, (0, 25))
    assert won.outcome is not None and won.outcome.winners == (2,) and won.outcome.code is OutcomeCode.SCORE
    drawn = at(oware, 2, {}, (24, 24))
    assert drawn.outcome is not None and drawn.outcome.draw and drawn.outcome.reason == "half the seeds each, 24"
    going_on = at(oware, 1, {"a1": 2, "a2": 1}, (24, 21))
    assert going_on.outcome is None and listed(going_on) == {"a1"}


def test_oware_ends_when_the_player_to_move_has_no_seeds_each_taking_its_side() -> None:
    position = at(shipped("oware"), 1, {"a2": 3}, (22, 23))
    assert position.outcome is not None and position.outcome.winners == (2,)
    assert position.outcome.reason == "player 1 cannot move, 26 seeds to 22"


# Two seeds a half-board apart, each sown one house on at every move: after six moves each they stand where they
# began, with the same player to move (player 2's last move forced: it must feed player 1, whose row is empty).
ROUND = ("a1", "f2", "b1", "e2", "c1", "d2", "d1", "c2", "e1", "b2", "f1", "a2")


def test_oware_ends_when_a_position_comes_back_and_each_takes_the_seeds_on_its_side() -> None:
    position = at(shipped("oware"), 1, {"a1": 1, "f2": 1}, (22, 24))
    for notation in ROUND:
        assert position.outcome is None and listed(position) == {notation}
        position = position.play(notation)
    assert position.to_move is None and position.outcome is not None and position.outcome.winners == (2,)
    assert position.outcome.reason == "the position came back, 25 seeds to 23"
    assert seeds_of(position) == {} and captured_of(position) == (23, 25)  # each has taken the seed on its side
    # A position file holds no history: read from its file, the position before the last move has none, and the
    # same move does not end the game.
    before = shipped("oware").read_position(played(at(shipped("oware"), 1, {"a1": 1, "f2": 1}, (22, 24)),
                                                   *ROUND[:-1]).to_toml())
    again = before.play("a2")
    assert seeds_of(again) == {"a1": 1, "f2": 1} and again.outcome is None and listed(again) == {"a1"}


# -- the rules a file may change, on a small board of the test's own ---------------------------------------------

SMALL = ". . . #\n# . . ."  # a2 player 2's store, b2 c2 its pits; b1 c1 player 1's pits, d1 its store


def small(folder: Path, rules: str = "") -> Game:
    return sowing_game(folder, 'pits = { 1 = ["b1-c1"], 2 = ["c2-b2"] }\nstores = { 1 = "d1", 2 = "a2" }\nseeds = 2\n'
                  + rules, SMALL)


def small_at(game: Game, to_move: int, seeds: dict[str, int], captured: str = "") -> Position:
    return game.read_position(f"to_move = {to_move}\n[seeds]\n" + "".join(f"{f} = {n}\n" for f, n in seeds.items())
                              + captured)


def test_without_sow_the_seeds_go_round_each_players_pits_then_its_store(tmp_path: Path) -> None:
    game = small(tmp_path)
    after = small_at(game, 1, {"c1": 4, "b2": 1}).play("c1")  # d1, c2, b2, past a2, b1
    assert seeds_of(after) == {"b1": 1, "d1": 1, "c2": 1, "b2": 2}


def test_skip_stores_none_sows_into_the_opponents_store_too(tmp_path: Path) -> None:
    game = small(tmp_path, 'skip-stores = "none"')
    after = small_at(game, 1, {"c1": 4, "b2": 1}).play("c1")  # d1, c2, b2, a2
    assert seeds_of(after) == {"d1": 1, "c2": 1, "b2": 2, "a2": 1}


def test_a_board_too_big_to_plan_every_sowing_for_sows_seed_by_seed(tmp_path: Path) -> None:
    row = " ".join(["."] * 26)
    game = sowing_game(tmp_path, 'pits = { 1 = ["a1-z1"], 2 = ["z2-a2"] }\nseeds = 4', f"{row}\n{row}")
    engine = find_game(str(tmp_path / "game-0.toml")).engine
    assert isinstance(engine, SowingEngine) and not any(engine.rules.play.default.plans[0])  # nothing planned
    after = game.start().play("a1")
    assert {name: n for name, n in seeds_of(after).items() if n != 4} == {"b1": 5, "c1": 5, "d1": 5, "e1": 5}
    assert "a1" not in seeds_of(after)
    round_trip = after.play("z2").play("z1")  # z2: y2 x2 w2 v2; z1: z2 y2 x2 w2
    assert {name: n for name, n in seeds_of(round_trip).items() if n != 4} == {
        "b1": 5, "c1": 5, "d1": 5, "e1": 5, "z2": 1, "y2": 6, "x2": 6, "w2": 6, "v2": 5}


def test_a_game_without_stores_keeps_the_captures_beside_the_board(tmp_path: Path) -> None:
    game = sowing_game(tmp_path, 'pits = { 1 = ["a1-c1"], 2 = ["c2-a2"] }\nseeds = 1\ncapture-opposite = true',
                  ". . .\n. . .")
    start = game.start()
    assert file_of(start)["captured"] == {"1": 0, "2": 0}
    after = small_at(game, 1, {"a1": 1, "b2": 2, "c2": 1}).play("a1")  # into b1, empty: b2 opposite
    assert seeds_of(after) == {"c2": 1} and captured_of(after) == (3, 0)


def test_no_move_pass_lets_the_other_player_move_on_until_neither_can(tmp_path: Path) -> None:
    game = sowing_game(tmp_path, 'pits = { 1 = ["a1-b1"], 2 = ["b2-a2"] }\nseeds = 1\nno-move = "pass"', ". .\n. .")
    position = small_at(game, 1, {"b2": 1}, "[captured]\n1 = 2\n2 = 1\n")
    assert listed(position) == {"pass"}
    assert position.play("pass").to_move == 2 and listed(position.play("pass")) == {"b2"}
    ended = small_at(game, 1, {}, "[captured]\n1 = 2\n2 = 2\n")
    assert ended.outcome is not None and ended.outcome.reason == "neither player can move, 2 seeds each"
    # With feeding, player 2 can move only where its seeds reach player 1's row: a2's do, b2's do not.
    fed = sowing_game(tmp_path, 'pits = { 1 = ["a1-b1"], 2 = ["b2-a2"] }\nseeds = 1\nno-move = "pass"\n'
                      "feed = true", ". .\n. .")
    assert listed(small_at(fed, 1, {"a2": 1}, "[captured]\n1 = 2\n2 = 1\n")) == {"pass"}
    unfed = small_at(fed, 1, {"b2": 1}, "[captured]\n1 = 2\n2 = 1\n")
    assert unfed.outcome is not None and unfed.outcome.reason == "neither player can move, 2 seeds each"


@pytest.mark.parametrize(("rules", "words"), [
    ('capture-oposite = true', "unknown rule 'capture-oposite' in [play] of a sowing game (did you mean "
                               "'capture-opposite'?)"),
    ('sow = ["b1-d1", "c2-b2"]', "sow leaves out a2 (player 2's store)"),
    ('sow = ["b1-d1", "c2-a2", "b1"]', "sow passes b1 twice"),
    ("capture-back = true", "capture-back is about captures by the count the last seed makes"),
    ('grand-slam = "no-capture"', "grand-slam is about captures by the count"),
    ("pieces = 10", "pieces = 10, but 4 pits of 2 seeds hold 8"),
    ("players = 3", "players names 3, but [about] players = 2"),
    ('skip-stores = "both"', "skip-stores = \"both\" is not one of the rules boardgen plays"),
    ("capture-counts = 2", "capture-counts is a list of numbers, like [2, 3], not 2"),
])
def test_a_sowing_rule_that_cannot_be_played_is_refused_at_its_key(tmp_path: Path, rules: str, words: str) -> None:
    with pytest.raises(GameFileError) as refused:
        small(tmp_path, rules)
    assert words in str(refused.value)
    key = rules.split(" =")[0]
    lines = (tmp_path / "game-0.toml").read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith(key) and n > lines.index("[play]"))
    assert f"line {line}" in str(refused.value)


@pytest.mark.parametrize(("play", "words"), [
    ('pits = { 1 = ["b1-c1"] }\nstores = { 1 = "d1", 2 = "a2" }', "pits = { 1 = [\"b1-c1\"] } gives nothing for "
                                                                    "player 2"),
    ('pits = { 1 = ["b1-c1"], 2 = ["a2-c1"] }', "a2-c1 in pits is not a straight line"),
    ('pits = { 1 = ["b1-c1"], 2 = ["c2-b2"] }\nseeds = 0', "seeds is a whole number from 1 to 30, not 0"),
    ('pits = { 1 = ["b1-c1"], 2 = ["c2-b2", "c1"] }', "pits names c1 twice"),
    ('pits = { 1 = ["b1-c1"], 2 = ["c2-b2"] }\nstores = { 1 = "c1", 2 = "a2" }', "stores names c1, which is "
                                                                               "already player 1's row"),
    ('pits = { 1 = ["a1-c1"], 2 = ["c2-b2"] }', "pits names a1, which is not on the board"),
    ('pits = { 1 = ["b1-c1"], 2 = ["c2-b2"] }\nstore-again = true', "store-again = true gives another turn for "
                                                                    "the last seed in the mover's store, but "
                                                                    "[play] has no stores"),
])
def test_pits_and_stores_that_cannot_be_are_refused(tmp_path: Path, play: str, words: str) -> None:
    with pytest.raises(GameFileError) as refused:
        sowing_game(tmp_path, play, SMALL)
    assert words in str(refused.value)


@pytest.mark.parametrize(("text", "words"), [
    ("to_move = 1\n[seeds]\nd2 = 1\n", "[seeds] names d2, which is no pit nor store of this game"),
    ("to_move = 1\n[seeds]\nz9 = 1\n", "[seeds] "),
    ("to_move = 1\n[seeds]\nb1 = -1\n", "[seeds] b1 = -1: a count of seeds"),
    ("to_move = 1\n[seeds]\nb1 = 9\n", "the pits and stores hold 9 seeds and 0 are captured, 9 in all; this game "
                                       "has 8"),
    ("to_move = 1\n[seeds]\nb1 = 1\n[captured]\n1 = 1\n", "this game puts captured seeds in its stores"),
    ("to_move = 3\n[seeds]\nb1 = 1\n", "to_move is 3"),
    ("to_move = 1\n[pieces]\nb1 = 1\n", "unknown setting 'pieces'"),
])
def test_a_position_file_that_says_something_impossible_is_refused_in_words(tmp_path: Path, text: str,
                                                                            words: str) -> None:
    game = small(tmp_path)
    with pytest.raises(PositionFileError) as refused:
        game.read_position(text)
    assert words in str(refused.value)


def test_a_diagram_shows_each_pits_count_and_the_api_board_every_seed() -> None:
    """The diagram of a position shows each pit's seeds as counters, its count on the top one; the board of the
    Python API gives every seed."""
    position = at(shipped("kalah"), 1, {"b1": 3, "h1": 2, "c2": 1})
    assert {field: len(pieces) for field, pieces in position.board.items()} == {"b1": 3, "h1": 2, "c2": 1}
    assert {piece.player for piece in position.board["c2"]} == {2} and position.board["b1"][0].kind == "counter"
    engine = GAMES["kalah"].engine
    assert isinstance(engine, SowingEngine)
    document, source = load_toml(position.to_toml())
    read = engine.rules.read(document, source)
    marks = [item.mark for item in engine.presentation.items(read) if isinstance(item, DiagramMarker)]
    assert sorted(mark for mark in marks if mark) == ["1", "2", "3"] and len(marks) == 6
    moves = engine.rules.legal_moves(read)
    shown = engine.presentation.move_json(read, moves[0])
    assert shown == {"kind": "sow", "notation": "b1", "from": "b1", "path": ["e1"], "sown": ["c1", "d1", "e1"],
                     "captures": [], "again": False}


# -- properties of every sowing game ---------------------------------------------------------------------------------

# Variants on boards of the tests' own, playing the rules the shipped games leave out.
VARIANTS = {
    "no stores, passing": ('pits = { 1 = ["a1-c1"], 2 = ["c2-a2"] }\nseeds = 3\ncapture-opposite = true\n'
                           'capture-counts = [2]\nno-move = "pass"\nrepeat-ends = true', ". . .\n. . ."),
    "both stores, round past the origin": (
        'pits = { 1 = ["b1-c1"], 2 = ["c2-b2"] }\nstores = { 1 = "d1", 2 = "a2" }\nseeds = 4\n'
        'skip-stores = "none"\nskip-origin = true\nstore-again = true\ncapture-counts = [1, 3]\n'
        "capture-back = true\nfeed = true\nmajority-wins = true\nempty-row-ends = true", SMALL),
    "no end but an empty row": ('pits = { 1 = ["a1-c1"], 2 = ["c2-a2"] }\nseeds = 2', ". . .\n. . ."),
}
NAMES = ("kalah", "oware", *VARIANTS)
FEW = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLIES = 80  # how far into a game the first property walks, checking every move of every position on the way
LIMIT = 3000  # plies: a game whose rules end it ends well within this


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> dict[str, SowingEngine]:
    found = {}
    for name in ("kalah", "oware"):
        engine = GAMES[name].engine
        assert isinstance(engine, SowingEngine)
        found[name] = engine
    folder = tmp_path_factory.mktemp("sowing")
    for name, (play, board) in VARIANTS.items():
        path = folder / f"game-{len(list(folder.glob('game-*.toml')))}.toml"
        sowing_game(folder, play, board)
        engine = find_game(str(path)).engine
        assert isinstance(engine, SowingEngine), name
        found[name] = engine
    return found


def _round_trip(engine: SowingEngine, where: SowingPosition) -> None:
    """The position's file gives it back, with the same moves (unless it ended by coming back: a file holds no
    history)."""
    rules = engine.rules
    text = rules.write(where)
    document, source = load_toml(text)
    again = rules.read(document, source)
    assert again == where and rules.write(again) == text, text
    if where.seeds not in where.history[where.mover]:
        assert [rules.notation(again, m) for m in rules.legal_moves(again)] == \
            [rules.notation(where, m) for m in rules.legal_moves(where)], text


@pytest.mark.parametrize("name", NAMES)
def test_every_listed_move_gives_a_valid_position_that_its_file_gives_back(name: str,
                                                                          engines: dict[str, SowingEngine]) -> None:
    engine = engines[name]
    rules = engine.rules

    @FEW
    @given(data=st.data())
    def walk(data: st.DataObject) -> None:
        values = {option: data.draw(st.sampled_from(choices)) for option, choices in rules.rule_options().items()}
        where = rules.start_with(rules.default_variant, values) if values else rules.start()
        assert rules.problems(where) == []
        for _ in range(PLIES):
            moves = rules.legal_moves(where)
            if not moves:
                assert rules.outcome(where) is not None
                break
            for move in moves:
                notation = rules.notation(where, move)
                after = rules.apply(where, rules.parse_move(where, notation))
                assert after == rules.apply(where, move) and rules.problems(after) == [], (rules.write(where),
                                                                                           notation)
                _round_trip(engine, after)
            where = rules.apply(where, data.draw(st.sampled_from(moves)))

    walk()


@pytest.mark.parametrize("name", NAMES)
def test_random_games_end_or_play_on_to_the_limit_only_where_the_rules_set_no_end(
        name: str, engines: dict[str, SowingEngine]) -> None:
    rules = engines[name].rules
    unfinished = 0
    for seed in range(12):
        rng = random.Random(seed)
        position = rules.start()
        for _ in range(LIMIT):
            if rules.outcome(position) is not None:
                break
            position = rules.apply(position, rng.choice(rules.legal_moves(position)))
        unfinished += rules.outcome(position) is None
    assert unfinished == 0 or rules.unending(), f"{unfinished} random games of {name} did not end"
    # Stores that each row runs into, or the end when a position comes back, end every game; else the rules say.
    assert bool(rules.unending()) == (name == "no end but an empty row")


@pytest.mark.parametrize("name", NAMES)
def test_the_random_positions_for_benchmarks_are_valid(name: str, engines: dict[str, SowingEngine]) -> None:
    engine = engines[name]
    assert engine.examples is not None
    for seed in range(8):
        text = engine.examples(RandomChooser(seed))
        document, source = load_toml(text)
        assert engine.rules.problems(engine.rules.read(document, source)) == [], text
