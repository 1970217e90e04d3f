"""Bad input to the game language of issues 44 and 45, as a teenager writing a first game file makes it and as a
hostile user would: every mistake in a [play] is one clear problem at its line and column, and `board`, `check`
and `simulate` all refuse the file with exit status 2; a bad position file or move is exit 1 from `check`, in
words; the Python API raises boardgen's own errors; the page says what is wrong beside the file, never a 500.

Each table below is a shipped game file with one line changed, and the words the problem must be told in."""

from __future__ import annotations

import html
import io
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from helpers import assert_one_line_error, run_cli

import boardgen
from boardgen.engine.toml_source import toml_text
from boardgen.errors import BoardgenError
from boardgen.gamefiles import SHIPPED, load_game_file
from boardgen.gamefiles.play.declare import Table
from boardgen.gamefiles.play.vocabulary import MECHANISMS
from boardgen.web.app import create_app

HOST = {"Host": "127.0.0.1:8000"}
SAME = {**HOST, "Origin": "http://127.0.0.1:8000"}  # a form of the page itself

UR_TRACKS = 'tracks = { 1 = ["d1-a1", "a2-h2", "h1-g1"], 2 = ["d3-a3", "a2-h2", "h3-g3"] }'
BACKGAMMON_THROW = "throw = { dice = 2, sides = 6, each = true, doubles = 4 }"


def shipped(name: str) -> str:
    return (SHIPPED / f"{name}.toml").read_text(encoding="utf-8")


def changed(name: str, old: str, new: str) -> str:
    """A shipped game file with its first `old` replaced by `new`."""
    text = shipped(name)
    assert old in text, old
    return text.replace(old, new, 1)


def refused_everywhere(tmp_path: Path, text: str, *words: str) -> str:
    """`board`, `check` (of a position naming the file) and `simulate` each refuse the file with exit 2, in the
    same one line naming its problems at their lines; -> the file's line the first problem is placed at."""
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    (tmp_path / "position.toml").write_text('game = "game.toml"\nto_move = 1\n', encoding="utf-8")
    said = set()
    for args in (("board", str(path), "--format", "svg", "-o", str(tmp_path / "board.svg")),
                 ("check", str(tmp_path / "position.toml")),
                 ("simulate", str(path), "--games", "2")):
        result = run_cli(*args)
        assert_one_line_error(result, "game.toml has", *words)
        assert "internal error" not in result.output and "Traceback" not in result.output
        said.add(result.output)
    assert len(said) == 1, said  # every command tells the same problems
    assert not (tmp_path / "board.svg").exists()
    number = int(re.search(r"game\.toml has \d+ problems?: line (\d+), column \d+", said.pop()).group(1))
    return text.splitlines()[number - 1].strip()


# (game, the line changed, what it becomes, the words the problem says, the start of the line it is told at)
BAD_RACES = [
    # dice used one by one
    ("backgammon", BACKGAMMON_THROW, "throw = { dice = 2, sides = 6, each = 1, doubles = 4 }",
     ["each is true or false, not 1"], "throw"),
    ("backgammon", BACKGAMMON_THROW, "throw = { dice = 2, sides = 6, each = true, doubles = 0 }",
     ["doubles is a whole number from 1 to 10, not 0"], "throw"),
    ("backgammon", BACKGAMMON_THROW, 'throw = { dice = 2, sides = 6, each = true, doubles = "four" }',
     ['doubles is a whole number from 1 to 10, not "four"'], "throw"),
    ("backgammon", BACKGAMMON_THROW, "throw = { dice = 2, sides = 6, doubles = 4 }",
     ["doubles says how often a double is played", "add each = true"], "throw"),
    ("backgammon", BACKGAMMON_THROW, "throw = { dice = 10, sides = 20, each = true }",
     ["dice used one by one (each = true) are at most 4, not 10"], "throw"),
    ("backgammon", BACKGAMMON_THROW, "throw = { sticks = 4, each = true }",
     ["sticks are counted together"], "throw"),
    ("backgammon", "use-all = true", 'use-all = "yes"', ['use-all is true or false, not "yes"'], "use-all"),
    ("backgammon", "use-larger = true", "use-larger = 1", ["use-larger is true or false, not 1"], "use-larger"),
    ("ur", 'no-move = "pass"', 'no-move = "pass"\nuse-all = true',
     ["use-all and use-larger choose among dice used one by one", "each = true"], "use-all"),
    # blocks, protection, stopping
    ("backgammon", "block = 2", "block = -2", ["block is a whole number from 0 to 60, not -2"], "block"),
    ("backgammon", "block = 2", 'block = "two"', ['block is a whole number from 0 to 60, not "two"'], "block"),
    ("ludo", "on = { block = 2, block-passing = true }", 'on = { block = 2, block-passing = "yes" }',
     ['block-passing is true or false, not "yes"'], "on = "),
    ("senet", "blockade = 3", "blockade = [3]", ["blockade is a whole number from 0 to 60, not [3]"], "blockade"),
    ("senet", "protect = 2", "protect = 1000", ["protect is a whole number from 0 to 60, not 1000"], "protect"),
    ("senet", 'capture-to = "swap"', 'capture-to = "swapped"', ["(did you mean 'swap'?)"], "capture-to"),
    ("senet", 'stop-on = ["f1"]', 'stop-on = ["z9"]', ["stop-on names z9, which is off the board (a1-j3)"],
     "stop-on"),
    ("senet", 'stop-on = ["f1"]', "stop-on = { f1 = true }", ["stop-on is a list of fields", "not { f1 = true }"],
     "stop-on"),
    ("senet", 'shortcut-occupied = "before"', 'shortcut-occupied = "after"',
     ['shortcut-occupied is "land" or "before", not "after"'], "shortcut-occupied"),
    ("senet", "backward = true", 'backward = "yes"', ['backward is true or false, not "yes"'], "backward"),
    ("backgammon", "use-larger = true", "use-larger = true\nbackward = true",
     ["with dice used one by one (each = true) it is not played"], "backward"),
    # home and bearing off
    ("backgammon", "home = 6", "home = -6", ["home is a whole number from 0 to 1000, not -6"], "home"),
    ("backgammon", "home = 6", "home = 100", ["home = 100, but a track is only 24 fields long"], "home"),
    ("backgammon", 'finish = "rearmost"', 'finish = "rear"', ["(did you mean 'rearmost'?)"], "finish"),
    ("backgammon", "home = 6\n", "", ['finish = "rearmost" lets a higher throw', "home = 6"], "finish"),
    ("backgammon", "enter-first = true", 'enter-first = "true"', ['enter-first is true or false, not "true"'],
     "enter-first"),
    # tracks, and branches off them
    ("ur", UR_TRACKS, 'tracks = { 1 = ["d1-h1", "a2-h2", "h1-g1"], 2 = ["d3-a3", "a2-h2", "h3-g3"] }',
     ["d1-h1 in tracks goes through e1, which is not on the board"], "tracks"),
    ("ur", UR_TRACKS, 'tracks = { 1 = ["d1-a2", "a2-h2", "h1-g1"], 2 = ["d3-a3", "a2-h2", "h3-g3"] }',
     ["d1-a2 in tracks is not a straight line of fields"], "tracks"),
    ("ur", UR_TRACKS, f'{UR_TRACKS}\nbranches = {{ d2 = ["c3", "b3"] }}',
     ["the branch from d2 must end on the track"], "branches"),
    ("ur", UR_TRACKS, f'{UR_TRACKS}\nbranches = {{ e2 = ["e2"] }}', ["the branch from e2 comes back to e2"],
     "branches"),
    ("ur", UR_TRACKS, f'{UR_TRACKS}\nbranches = {{ 1 = ["f2"] }}',
     ["branches gives player 1 a table of branches", 'not ["f2"]'], "branches"),
    ("ur", UR_TRACKS, f'{UR_TRACKS}\nbranches = {{ e2 = ["z9", "h2"] }}',
     ["branches names z9, which is off the board (a1-h3)"], "branches"),
    ("ur", UR_TRACKS, f'{UR_TRACKS}\nbranches = {{ 3 = {{ e2 = ["f2"] }} }}',
     ['branches names player "3"; the players are 1 to 2'], "branches"),
    ("ur", 'safe = ["rosette"]', 'safe = ["rosettes"]',
     ['safe names "rosettes", which is neither a field (like a1) nor a zone of the legend',
      "(did you mean 'rosette'?)"], "safe"),
    ("ur", UR_TRACKS, f'{UR_TRACKS}\nsteps = ["forward"]', ['steps: "forward" is not a direction'], "steps"),
    # a rule option that changes a key to a bad value is told at the option's line
    ("ur", 'open = { safe = ["a1", "a3", "g1", "g3"] }', 'open = { safe = ["z1"] }',
     ["safe names z1, which is off the board (a1-h3)"], "open = "),
    ("ur", 'open = { safe = ["a1", "a3", "g1", "g3"] }', "open = { throw = { dice = 0 } }",
     ["dice is a whole number from 1 to 10, not 0"], "open = "),
]

BAD_BOARDS = [
    # misspelt keys, kinds that do not exist, promotion to itself
    ("english-draughts", "must-capture = true", "must-captur = true", ["(did you mean 'must-capture'?)"],
     "must-captur"),
    ("english-draughts", 'steps = ["forward-left", "forward-right"]', 'stepz = ["forward-left", "forward-right"]',
     ["unknown key 'stepz' in [play.kinds.man] (did you mean 'steps'?)"], "stepz"),
    ("english-draughts", 'promote = "king"', 'promote = "man"',
     ['promote = "man" names this kind itself', 'like "king"'], "promote"),
    ("english-draughts", 'promote = "king"', 'promote = "queen"', ['promote = "queen" is not a kind of piece'],
     "promote"),
    ("english-draughts", 'promote-on = "far row"', 'promote-on = "nowhere"',
     ['promote-on names "nowhere", which is neither a field (like a1), "far row", "edge" nor a zone'],
     "promote-on"),
    ("english-draughts", 'promote-on = "far row"', 'promote-on = ["z9"]',
     ["promote-on names z9, which is off the board (a1-h8)"], "promote-on"),
    ("english-draughts", "[play.kinds.king]\n", '[play.kinds.king]\npromote-on = "far row"\n',
     ["promote-on says where a piece is promoted, but not to what"], "promote-on"),
    ("english-draughts", "[play.kinds.king]", '[play.kinds."big king"]\nvalue = 3\n\n[play.kinds.king]',
     ["a kind's name is one word"], '[play.kinds."big king"]'),
    ("english-draughts", 'no-move = "lose"', 'no-move = "lose"\nsteps = ["up"]',
     ["steps is a kind's own rule", "[play.kinds.man]"], "steps"),
    # the start
    ("english-draughts", 'start = { "black men" = 1, "white men" = 2 }',
     'start = { "black men" = 1, "white men" = "2 queen" }', ['"2 queen" names no kind of piece'], "start"),
    ("english-draughts", 'start = { "black men" = 1, "white men" = 2 }',
     'start = { "black men" = 1, "white men" = 2, "no such zone" = 1 }',
     ['start names "no such zone", which is neither a field (like a1) nor a zone of the legend'], "start"),
    ("english-draughts", 'start = { "black men" = 1, "white men" = 2 }',
     'start = { "black men" = 1, "white men" = 2, b1 = 2 }', ["start names b1, which is not on the board"],
     "start"),
    ("english-draughts", 'start = { "black men" = 1, "white men" = 2 }', "start = 5",
     ['start is a table: { a1 = 1, e5 = "2 king" }'], "start"),
    ("english-draughts", "pieces = 12", "pieces = { 1 = 12 }", ["pieces = { 1 = 12 } gives nothing for player 2"],
     "pieces"),
    # directions
    ("english-draughts", 'steps = ["forward-left", "forward-right"]', "steps = 5",
     ["steps is a list of directions", "not 5"], "steps"),
    ("english-draughts", 'steps = ["forward-left", "forward-right"]', 'steps = ["forwards"]',
     ["(did you mean 'forward'?)"], "steps"),
    ("english-draughts", 'steps = ["forward-left", "forward-right"]', 'steps = { 3 = ["up"] }',
     ['steps names player "3"; the players are 1 to 2'], "steps"),
    ("english-draughts", 'steps = ["forward-left", "forward-right"]', "steps = { 1 = 1 }",
     ["steps is a list of directions", "not 1"], "steps"),
    # a kind's other keys
    ("tablut", 'captured = "surrounded"', 'captured = "sandwiched"',
     ['captured is "custodial" or "surrounded", not "sandwiched"'], "captured"),
    ("tablut", "royal = true", 'royal = "yes"', ['royal is true or false, not "yes"'], "royal"),
    ("tablut", 'barred = ["e5"]', 'barred = ["z9"]', ["barred names z9, which is off the board (a1-i9)"],
     "barred"),
    ("tablut", 'goal = "edge"', 'goal = "edges"', ['goal names "edges"', "(did you mean 'edge'?)"], "goal"),
    ("tablut", 'goal = "edge"', 'goal = { 3 = "edge" }', ['goal names player "3"; the players are 1 to 2'], "goal"),
    ("tablut", 'goal = "edge"', "goal = -1", ["goal is a list of fields", "not -1"], "goal"),
    ("english-draughts", "value = 2", "value = inf", ["value is a number from 0 to 100, not inf"], "value"),
    ("english-draughts", 'mark = "♛"', 'mark = "KING"', ["mark is one or two letters", 'not "KING"'], "mark"),
    # lines
    ("tablut", 'lines = "orthogonal"', 'lines = "diagonals"',
     ['lines is "orthogonal", "all", "alquerque" or a list of lines', 'not "diagonals"'], "lines"),
    ("nine-mens-morris", '"a1-g1", "b2-f2"', '"a1-d2", "b2-f2"',
     ["lines: a1-d2 is not a straight line between two fields"], "lines"),
    ("nine-mens-morris", '"a1-g1", "b2-f2"', '"a1-a1", "b2-f2"',
     ["lines: a1-a1 is not a straight line between two fields"], "lines"),
    ("nine-mens-morris", '"a1-g1", "b2-f2"', '"a1-g2", "b2-f2"',
     ["lines names g2, which is not on the board: the map has no field there"], "lines"),
    ("nine-mens-morris", '"a1-g1", "b2-f2"', '1, "b2-f2"', ["lines: 1 is not a line; write its two ends"], "lines"),
    ("tablut", 'lines = "orthogonal"', "lines = []", ["lines = [] draws no line at all"], "lines"),
    # placing, rows and mills
    ("nine-mens-morris", "mill = 3", "mill = 8", ["mill = 8, but no 8 points lie along one line"], "mill"),
    ("nine-mens-morris", "mill = 3", "mill = -1", ["mill is a whole number from 0 to 20, not -1"], "mill"),
    ("connect-four", "line-of = 4", "line-of = 8", ["line-of = 8, but no 8 fields lie in a row on this board"],
     "line-of"),
    ("nine-mens-morris", "fly = 3", "fly = 100", ["fly is a whole number from 0 to 60, not 100"], "fly"),
    ("nine-mens-morris", "hand = 9", "hand = 10",
     ["hand gives each player 10 to place and start puts 0 on the board, but it has 9 (pieces)"], "hand"),
    ("nine-mens-morris", "hand = 9", "hand = -1", ["hand is a whole number from 0 to 60, not -1"], "hand"),
    ("nine-mens-morris", 'place = "anywhere"', 'place = "everywhere"', ["(did you mean 'anywhere'?)"], "place"),
    ("reversi", "borrow = true", 'borrow = "yes"', ['borrow is true or false, not "yes"'], "borrow"),
    ("hare-and-hounds", "pieces = { 1 = 3, 2 = 1 }", "pieces = { 1 = 4, 2 = 1 }",
     ["player 1 has 1 piece to place"], "[play]"),  # a key the file leaves out (place) is told at [play]
    # captures
    ("tablut", "custodial = true", "custodial = 1", ["custodial is true or false, not 1"], "custodial"),
    ("tablut", 'hostile = ["e5"]', 'hostile = ["thrones"]', ["(did you mean 'throne'?)"], "hostile"),
    ("english-draughts", "must-capture = true", 'must-capture = "always"',
     ['must-capture is true or false, not "always"'], "must-capture"),
    ("english-draughts", 'chain = "must"', 'chain = "yes"', ['chain is true, false or "must", not "yes"'], "chain"),
    # ends
    ("nine-mens-morris", "fewer-than = 3", "fewer-than = 10",
     ["fewer-than = 10, but each player has only 9 pieces", "lost before the first move"], "fewer-than"),
    ("english-draughts", 'no-move = "lose"', 'no-move = "win"', ['no-move = "win" is not one of the rules'],
     "no-move"),
    ("reversi", "most-pieces = true", "most-pieces = 1", ["most-pieces is true or false, not 1"], "most-pieces"),
    ("english-draughts", "draw-after = 40", "draw-after = 100000",
     ["draw-after is a whole number from 0 to 10000, not 100000"], "draw-after"),
    ("hare-and-hounds", "stall = { 1 = 10 }", "stall = 10", ["stall is a table by player", "not 10"], "stall"),
    ("hare-and-hounds", 'gets-past = { 2 = "left" }', 'gets-past = { 2 = "sideways" }',
     ['gets-past gives player 2 one direction, like "left"; "sideways" is 2 directions'], "gets-past"),
    ("hare-and-hounds", 'gets-past = { 2 = "left" }', 'gets-past = { 2 = ["left"] }',
     ['gets-past gives player 2 one direction, like "left", not ["left"]'], "gets-past"),
    ("hare-and-hounds", 'gets-past = { 2 = "left" }', 'gets-past = "left"', ["gets-past is a table by player"],
     "gets-past"),
]

BAD_SOWING = [
    ("kalah", 'pits = { 1 = ["b1-g1"], 2 = ["g2-b2"] }', 'pits = { 1 = ["b1-g1"] }',
     ["gives nothing for player 2"], "pits"),
    ("kalah", 'pits = { 1 = ["b1-g1"], 2 = ["g2-b2"] }', 'pits = { 1 = ["b1-g1"], 2 = ["b1-g1"] }',
     ["pits names b1 twice"], "pits"),
    ("kalah", 'pits = { 1 = ["b1-g1"], 2 = ["g2-b2"] }', 'pits = ["b1-g1"]', ["pits is a table by player"], "pits"),
    ("kalah", 'stores = { 1 = "h1", 2 = "a2" }', 'stores = { 1 = "h1", 2 = "h1" }',
     ["stores names h1, which is already player 1's store"], "stores"),
    ("kalah", 'stores = { 1 = "h1", 2 = "a2" }', 'stores = { 1 = "h3", 2 = "a2" }',
     ["stores names h3, which is off the board (a1-h2)"], "stores"),
    ("kalah", "seeds = 4", "seeds = 0", ["seeds is a whole number from 1 to 30, not 0"], "seeds"),
    ("kalah", 'sow = ["b1-h1", "g2-a2"]', 'sow = ["b1-h1"]', ["sow leaves out g2 (player 2's pit)"], "sow"),
    ("kalah", 'sow = ["b1-h1", "g2-a2"]', 'sow = ["b1-h1", "g2-a2", "b1"]', ["sow passes b1 twice"], "sow"),
    ("kalah", 'sow = ["b1-h1", "g2-a2"]', 'sow = ["a1-h1", "g2-a2"]',
     ["sow names a1, which is not on the board: the map has no field there"], "sow"),
    ("kalah", "pieces = 48", 'pieces = "many"', ['pieces is a whole number, every seed in the game (48 here)'],
     "pieces"),
    ("kalah", "pieces = 48", "pieces = 40", ["pieces = 40, but 12 pits of 4 seeds hold 48"], "pieces"),
    ("kalah", "store-again = true", 'store-again = "yes"', ['store-again is true or false, not "yes"'],
     "store-again"),
    ("oware", "capture-counts = [2, 3]", "capture-counts = [0]",
     ["each of capture-counts is a whole number from 1 to 99, not 0"], "capture-counts"),
    ("oware", "capture-counts = [2, 3]", "capture-counts = 2",
     ["capture-counts is a list of numbers, like [2, 3], not 2"], "capture-counts"),
    ("oware", 'grand-slam = "no-capture"', 'grand-slam = "forbidden"',
     ['grand-slam = "forbidden" is not one of the rules'], "grand-slam"),
    ("oware", "skip-origin = true", "skip-origin = true\nstore-again = true", ["[play] has no stores"],
     "store-again"),
    ("oware", "feed = true", 'feed = "yes"', ['feed is true or false, not "yes"'], "feed"),
    ("oware", "repeat-ends = true", "repeat-ends = 1", ["repeat-ends is true or false, not 1"], "repeat-ends"),
    ("kalah", "3 = { seeds = 3, pieces = 36 }", "3 = { seeds = 0, pieces = 36 }",
     ["seeds is a whole number from 1 to 30, not 0"], "3 = "),
]

# A key of another kind of game: told as that kind's rule, at its line, and nothing more.
MIXED = [
    ("ur", 'no-move = "pass"', 'no-move = "pass"\nmill = 3',
     ["mill belongs to a game of pieces on fields", "but this [play] is a race (tracks and throws)"], "mill"),
    ("ur", 'open = { safe = ["a1", "a3", "g1", "g3"] }', "open = { mill = 3 }",
     ["mill belongs to a game of pieces on fields"], "open = "),
    ("ludo", "players = [2, 3, 4]", 'players = [2, 3, 4]\nlines = ["a1-c1"]',
     ["lines as a list (drawn one by one) belongs to a game of pieces on fields", "is a race"], "lines"),
    ("english-draughts", 'no-move = "lose"', 'no-move = "lose"\nblock = 2',
     ["block belongs to a race (tracks and throws), but this [play] is a game of pieces on fields"], "block"),
    ("english-draughts", 'no-move = "lose"', 'no-move = "lose"\nfeed = true',
     ["feed belongs to a sowing game (pits of seeds), but this [play] is a game of pieces on fields"], "feed"),
    ("kalah", "seeds = 4", "seeds = 4\nmill = 3",
     ["mill belongs to a game of pieces on fields", "but this [play] is a sowing game"], "mill"),
]


@pytest.mark.parametrize(("game", "old", "new", "words", "at"), BAD_RACES + BAD_BOARDS + BAD_SOWING + MIXED,
                         ids=[f"{case[0]}: {case[2][:40]}" for case in BAD_RACES + BAD_BOARDS + BAD_SOWING + MIXED])
def test_a_bad_key_is_one_problem_at_its_line_from_every_command(tmp_path: Path, game: str, old: str, new: str,
                                                                 words: list[str], at: str) -> None:
    line = refused_everywhere(tmp_path, changed(game, old, new), "has 1 problem:", *words)
    assert line.startswith(at), line


def test_a_race_with_two_board_keys_is_told_both_and_nothing_of_its_own(tmp_path: Path) -> None:
    text = changed("ur", 'no-move = "pass"', 'no-move = "pass"\nmill = 3\nmust-capture = true')
    refused_everywhere(tmp_path, text, "has 2 problems:", "mill belongs to", "must-capture belongs to")


def test_a_mistake_made_for_both_players_at_once_is_told_once(tmp_path: Path) -> None:
    text = changed("english-draughts", 'jumps = ["diagonal"]', 'jumps = ["diagonal", "up-up"]')
    refused_everywhere(tmp_path, text, "has 1 problem:", 'jumps: "up-up" is not a direction')


def test_a_mistake_in_each_players_value_is_told_at_each(tmp_path: Path) -> None:
    text = changed("english-draughts", 'jumps = ["diagonal"]', "jumps = { 1 = 1, 2 = 2 }")
    refused_everywhere(tmp_path, text, "has 2 problems:", "not 1;", "not 2")


def test_relative_directions_in_a_game_of_three_are_refused_where_they_cannot_mean_anything(tmp_path: Path) -> None:
    """Forward is toward the opponent sitting opposite: a game of pieces on fields is for two, and a race's steps
    are named as player 1 sees the board."""
    three = changed("breakthrough", 'players = 2\nsides = ["bottom", "top"]',
                    'players = 3\nsides = ["bottom", "top", "side"]').replace("[play]\nplayers = 2",
                                                                            "[play]\nplayers = 3", 1)
    line = refused_everywhere(tmp_path, three, "has 1 problem:", "is played by two for now")
    assert line == "players = 3"
    race = changed("ludo", "players = [2, 3, 4]", 'players = [2, 3, 4]\nsteps = ["forward"]')
    line = refused_everywhere(tmp_path, race, "has 1 problem:", 'steps: "forward" is not a direction',
                              "known: up, down, left, right")
    assert line.startswith("steps")


# -- every declared key, given values of every wrong kind, through the library -----------------------------------

WRONG_VALUES: list[Any] = [-1, 10**12, 1.5, "nonsense", "", [], {}, [["a1"]], {"9": 1}, {"1": {"2": "x"}},
                           ["z99-a1"], "2 queen"]
PLAY_KEYS = sorted({key.name for mechanism in MECHANISMS for key in mechanism.keys if key.table is Table.PLAY})
KIND_KEYS = sorted({key.name for mechanism in MECHANISMS for key in mechanism.keys if key.table is Table.KIND})


def _written(data: dict[str, Any]) -> str:
    """A game file's data as TOML: each top-level table a section, every value below it inline."""
    lines = []
    for section, value in data.items():
        for table in value if isinstance(value, list) else [value]:
            lines.append(f"[[{section}]]" if isinstance(value, list) else f"[{section}]")
            lines += [f"{toml_text(key, 10_000)} = {toml_text(item, 10_000)}" for key, item in table.items()]
    return "\n".join(lines) + "\n"


def _loads_as_written(tmp_path: Path, data: dict[str, Any]) -> None:
    """The shipped file, written again by _written, is still a good game file: the sweep changes one key only."""
    path = tmp_path / "unchanged.toml"
    path.write_text(_written(data), encoding="utf-8")
    assert load_game_file(path).engine is not None


def _loads_or_refuses_at_lines(tmp_path: Path, data: dict[str, Any]) -> None:
    path = tmp_path / "swept.toml"
    path.write_text(_written(data), encoding="utf-8")
    try:
        load_game_file(path)
    except BoardgenError as error:
        problems = getattr(error, "problems", ())
        assert problems, str(error)
        assert all(problem.place is not None for problem in problems), str(error)  # each at its line and column


@pytest.mark.parametrize("game", ["backgammon", "english-draughts", "kalah", "tic-tac-toe"])
@pytest.mark.parametrize("key", PLAY_KEYS)
def test_every_play_key_of_any_engine_with_a_wrong_value_is_refused_at_its_line(tmp_path: Path, game: str,
                                                                               key: str) -> None:
    """Any key of any engine, in any kind of game, given a value of the wrong kind: the file loads (the value
    happens to mean something) or each problem is told at its line; never an exception of another kind."""
    base = tomllib.loads(shipped(game))
    _loads_as_written(tmp_path, base)
    for value in WRONG_VALUES:
        data = {**base, "play": {**base["play"], key: value}}
        _loads_or_refuses_at_lines(tmp_path, data)


@pytest.mark.parametrize("key", KIND_KEYS)
def test_every_kind_key_with_a_wrong_value_is_refused_at_its_line(tmp_path: Path, key: str) -> None:
    base = tomllib.loads(shipped("english-draughts"))
    one_kind = tomllib.loads(shipped("breakthrough"))  # a game of one kind: its kind's keys in [play] itself
    _loads_as_written(tmp_path, base)
    _loads_as_written(tmp_path, one_kind)
    for value in WRONG_VALUES:
        kinds = {**base["play"]["kinds"], "man": {**base["play"]["kinds"]["man"], key: value}}
        _loads_or_refuses_at_lines(tmp_path, {**base, "play": {**base["play"], "kinds": kinds}})
        _loads_or_refuses_at_lines(tmp_path, {**one_kind, "play": {**one_kind["play"], key: value}})


# -- position files and moves --------------------------------------------------------------------------------------

def _start_text(game: str, throw: str | None = None) -> str:
    position = boardgen.game(game).start()
    return (position.thrown(throw) if throw is not None else position).to_toml()


def _position_text(document: dict[str, Any]) -> str:
    """A position file's data as TOML: its values first, then its tables."""
    values = [f"{key} = {toml_text(value, 10_000)}" for key, value in document.items() if not isinstance(value, dict)]
    tables = [line for key, value in document.items() if isinstance(value, dict)
              for line in (f"[{key}]", *(f"{toml_text(k, 10_000)} = {toml_text(v, 10_000)}" for k, v in value.items()))]
    return "\n".join(values + tables) + "\n"


# (game, the key the position file sets, a table's entry too, its value, the words of its problem)
BAD_POSITIONS: list[tuple[str, str, str | None, Any, list[str]]] = [
    ("backgammon", "throw", None, [7], ["throw is [7]; it lists the dice still to use, each one of 1, 2, 3, 4, 5, 6"]),
    ("backgammon", "throw", None, [5, 3, 2], ["throw is [5, 3, 2]", "up to 2 different ones"]),
    ("backgammon", "throw", None, [4, 4, 4, 4, 4], ["up to 4 of a double, like [5, 3] or [4, 4, 4]"]),
    ("backgammon", "throw", None, "66", ['throw is "66"; it lists the dice still to use']),
    ("backgammon", "hand", "1", 3, ["unknown setting 'hand'"]),
    ("english-draughts", "quiet", None, -1,
     ["quiet is the count of moves in a row without a capture, 0 or more, not -1"]),
    ("english-draughts", "quiet", None, 41, ["quiet is 41; the game is drawn at 40"]),
    ("english-draughts", "jumping", None, "z9", ['jumping: "z9" is off the board (a1-h8)']),
    ("english-draughts", "jumping", None, 5, ['jumping names the field of the piece that jumps on, like "c5", not 5']),
    ("english-draughts", "jumping", None, "d4", ["jumping names d4, where no piece of the player to move stands"]),
    ("english-draughts", "removing", None, True, ["removing is true, but this game has no mills"]),
    ("nine-mens-morris", "removing", None, "yes", ['removing is true or false, not "yes"']),
    ("english-draughts", "pieces", "d4", "2 queen", ['d4 = "2 queen"', "(kinds: man, king)"]),
    ("english-draughts", "hand", "1", 3, ["in this game every piece starts on the board"]),
    ("english-draughts", "hand", "3", 1, ['[hand] names player "3"; the players are 1 and 2']),
    ("english-draughts", "seeds", "d4", 1, ["unknown setting 'seeds'"]),
    ("kalah", "seeds", "a1", 4, ["[seeds] names a1, which is no pit nor store of this game"]),
    ("kalah", "seeds", "b1", -1, ["[seeds] b1 = -1: a count of seeds, 0 to 999"]),
    ("kalah", "captured", "1", 3, ["puts captured seeds in its stores"]),
    ("oware", "captured", "3", 1, ['[captured] names player "3"; the players are 1 and 2']),
    ("ur", "pieces", "a2'", 1, ["a2' is a2 passed a second time", "no track here passes a field twice"]),
    ("tic-tac-toe", "rules", "size", 4, ["rules.size is not a rule option: this game has none"]),
    ("tic-tac-toe", "pieces", "b2", "1 king", ['b2 = "1 king"', "(kinds: piece)"]),
]


@pytest.mark.parametrize(("game", "key", "entry", "value", "words"), BAD_POSITIONS,
                         ids=[f"{g}: {k}{'.' + e if e else ''} = {v!r}" for g, k, e, v, _ in BAD_POSITIONS])
def test_a_bad_position_file_is_exit_1_from_check_in_words(tmp_path: Path, game: str, key: str, entry: str | None,
                                                            value: Any, words: list[str]) -> None:
    document = tomllib.loads(_start_text(game))
    if entry is None:
        document[key] = value
    else:
        document[key] = {**document.get(key, {}), entry: value}
    path = tmp_path / "position.toml"
    path.write_text(_position_text(document), encoding="utf-8")
    result = run_cli("check", str(path))
    assert result.exit_code == 1, result.output
    assert "not a valid position" in result.output and "Traceback" not in result.output
    assert all(word in result.output for word in words), result.output
    as_json = run_cli("check", str(path), "--json")
    assert as_json.exit_code == 1 and '"valid": false' in as_json.output


# (game, the move, the words of its refusal)
BAD_MOVES = [
    ("tic-tac-toe", "c", ["'c' is not a legal move for player 1 here"]),  # a column's letter where pieces go anywhere
    ("tic-tac-toe", "z9", ["'z9' names z9, which is off the board (a1-c3)"]),
    ("tic-tac-toe", "nonsense", ["'nonsense' is not a move in TIC-TAC-TOE notation"]),
    ("tic-tac-toe", "66: a1", ["no throw is due here"]),
    ("connect-four", "h", ["'h' names no column a piece can be placed in here"]),
    ("english-draughts", "a3-b4=king", ["is not a move in ENGLISH-DRAUGHTS notation"]),
    ("english-draughts", "stop", ["'stop' is not a legal move for player 1 here"]),
    ("kalah", "b1-c1", ["'b1-c1' is not a move in KALAH notation; moves look like b1"]),
    ("backgammon", "xd4", ["'xd4' is not a move in BACKGAMMON notation"]),
    ("backgammon", "", ["'' is not a move in BACKGAMMON notation"]),
]


@pytest.mark.parametrize(("game", "move", "words"), BAD_MOVES, ids=[f"{g}: {m!r}" for g, m, _ in BAD_MOVES])
def test_a_bad_move_is_exit_1_from_check_in_one_line(tmp_path: Path, game: str, move: str, words: list[str]) -> None:
    path = tmp_path / "position.toml"
    path.write_text(_start_text(game, "61" if game == "backgammon" else None), encoding="utf-8")
    assert_one_line_error(run_cli("check", str(path), "--move", move), *words, status=1)


# -- the Python API ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: boardgen.game("english-draughts", players=3),
    lambda: boardgen.game("kalah", rules={"seeds": "5"}),
    lambda: boardgen.game("tic-tac-toe", rules={"size": "4"}),
    lambda: boardgen.game("backgammon").read_position('game = "backgammon"\nto_move = 1\nthrow = [7]\n'),
    lambda: boardgen.game("english-draughts").read_position('game = "english-draughts"\nto_move = 1\nquiet = -1\n'),
    lambda: boardgen.game("kalah").read_position('game = "kalah"\nto_move = 1\n[seeds]\nz9 = 1\n'),
    lambda: boardgen.game("kalah").read_position("not [toml"),
    lambda: boardgen.game("tic-tac-toe").start().play("nonsense"),
    lambda: boardgen.game("tic-tac-toe").start().play("c"),
    lambda: boardgen.game("english-draughts").start().play("stop"),
    lambda: boardgen.game("backgammon").start().thrown(17),
    lambda: boardgen.game("backgammon").start().thrown("77"),
    lambda: boardgen.game("senet").start().thrown(6),
    lambda: boardgen.game("kalah").start().thrown(3),
], ids=["players", "rule value", "no such rule", "dice", "quiet", "seeds", "toml", "notation", "column letter",
        "stop", "throw", "double", "sticks", "no throws"])
def test_the_api_raises_boardgens_own_errors(call: Any) -> None:
    with pytest.raises(BoardgenError):
        call()


def test_the_api_refuses_a_bad_game_file_with_every_problem_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(changed("english-draughts", 'promote = "king"', 'promote = "man"'), encoding="utf-8")
    with pytest.raises(BoardgenError, match=r"line \d+, column 1: promote = \"man\" names this kind itself"):
        boardgen.game(str(path))


# -- the page's own game -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "said"), [
    (changed("ur", 'no-move = "pass"', 'no-move = "pass"\nmill = 3'), "mill belongs to a game of pieces on fields"),
    (changed("english-draughts", 'promote = "king"', 'promote = "man"'), 'promote = "man" names this kind itself'),
    (changed("kalah", "seeds = 4", "seeds = 0"), "seeds is a whole number from 1 to 30, not 0"),
    (changed("backgammon", BACKGAMMON_THROW, "throw = { dice = 10, sides = 20, each = true }"),
     "dice used one by one (each = true) are at most 4"),
], ids=["mixed", "promote", "seeds", "dice"])
@pytest.mark.parametrize("how", ["text", "upload"])
def test_the_page_says_a_bad_game_files_problem_beside_its_line(text: str, said: str, how: str) -> None:
    client = create_app().test_client()
    data: dict[str, Any] = {"text": text} if how == "text" else {"upload": (io.BytesIO(text.encode()), "mine.toml")}
    response = client.post("/game", data=data, headers=SAME, content_type="multipart/form-data")
    assert response.status_code == 400
    page = html.unescape(response.data.decode())
    problem = re.search(r'<li class="error" data-line="(\d+)">(line \d+, column \d+: [^<]*)</li>', page)
    assert problem and said in problem.group(2), page[:2000]
    number = int(problem.group(1))
    assert said.split()[0] in text.splitlines()[number - 1]  # the line marked is the line at fault
