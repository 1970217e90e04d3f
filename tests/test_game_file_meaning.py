"""A game file that reads well but means nonsense is refused at its line with the reason; one that is accepted plays
only positions its own rules call valid.  The cases of issue 47's sweep, each as a user meets it, and a property
over every shipped game file and random changes to its [play]."""

from __future__ import annotations

import json
import random
import re

import pytest
from helpers import assert_one_line_error, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_helpers import SHIPPED_GAMES, position, small_game
from test_play_errors import problems as play_problems

from boardgen.engine.contract import OutcomeCode
from boardgen.engine.problems import MoveError, PositionFileError
from boardgen.engine.toml_source import TomlError, toml_text
from boardgen.errors import BoardgenError
from boardgen.gamefiles import GAMES, SHIPPED, load_game_file

TEXTS = {name: (SHIPPED / f"{name}.toml").read_text(encoding="utf-8") for name in SHIPPED_GAMES}


def changed(name: str, old: str, new: str) -> str:
    """A shipped game file with one line changed (or, with old ending in a newline, lines added after it)."""
    text = TEXTS[name]
    assert old in text, old
    return text.replace(old, new, 1)


def refused(tmp_path, text: str, *words: str, command: str = "simulate") -> str:
    """The file is refused by `command` in one line with one problem saying `words`; the line of the file the problem
    is placed at."""
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    args = ("simulate", str(path), "--games", "2") if command == "simulate" else (command, str(path), "-o",
                                                                                  str(tmp_path / "out.pdf"))
    result = run_cli(*args)
    assert_one_line_error(result, "game.toml has 1 problem", *words)
    number = int(re.search(r"line (\d+), column \d+", result.output).group(1))
    return text.splitlines()[number - 1]


# -- per-player tables, tracks, the start ------------------------------------------------------------------------


@pytest.mark.parametrize(("pieces", "missing"), [("{}", "players 1 and 2"), ("{ 1 = 1 }", "player 2")])
def test_pieces_by_player_must_give_every_player(tmp_path, pieces, missing):
    line = refused(tmp_path, changed("ur", "pieces = 7\n", f"pieces = {pieces}\n"), f"pieces = {pieces} gives "
                   f"nothing for {missing}")
    assert line == f"pieces = {pieces}"


def test_a_track_named_by_a_zone_of_no_fields_is_refused(tmp_path):
    text = changed("ur", 'tracks = { 1 = ["d1-a1", "a2-h2", "h1-g1"], 2 = ["d3-a3", "a2-h2", "h3-g3"] }',
                   'tracks = ["no field", "a2-h2"]')
    line = refused(tmp_path, text, 'tracks names the zone "no field", whose fields are not on the board')
    assert line.startswith("tracks = ")


def test_a_start_the_rules_call_invalid_is_refused(tmp_path):
    line = refused(tmp_path, changed("ur", 'no-move = "pass"\n', 'no-move = "pass"\nstart = { a3 = 1 }\n'),
                   "the start is not a valid position", "a3, which is not on its track")
    assert line == "start = { a3 = 1 }"


def test_a_game_on_the_grid_places_every_piece_at_the_start(tmp_path):
    text = re.sub(r"\nstart = .*\n", "\n", TEXTS["fox-and-geese"])
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("simulate", str(path), "--games", "2")
    assert_one_line_error(result, "start puts 0 of player 1's 13 pieces on the board",
                          "start puts 0 of player 2's 1 pieces")


# -- games decided before the first move, or that nobody could win ------------------------------------------------


@pytest.mark.parametrize(("name", "old", "new", "words"), [
    ("fox-and-geese", "fewer-than = { 1 = 6 }", "fewer-than = 3",
     ["player 2 has 1 piece and loses with fewer than 3 (fewer-than = 3 is for every player)",
      "decided before the first move"]),
    ("ur", 'no-move = "pass"\n', 'no-move = "pass"\nfewer-than = { 1 = 14 }\n',
     ["player 1 has 7 pieces and loses with fewer than 14"]),
    ("ur", 'no-move = "pass"\n', 'no-move = "pass"\nfewer-than = { 1 = 3 }\n',
     ["player 1 could never have fewer than 3 pieces", "a captured one goes off the board to come on again"]),
    ("ur", "throw = { dice = 4, sides = 2, faces = [0, 1] }", 'throw = "none"',
     ['throw = "none" gives none, so no piece could ever move']),
    ("ur", "throw = { dice = 4, sides = 2, faces = [0, 1] }", "throw = { dice = 2, sides = 2, faces = [0, 0] }",
     ["every throw counts 0"]),
    ("ur", "throw = { dice = 4, sides = 2, faces = [0, 1] }",
     "throw = { sticks = 4, values = { 0 = 0, 1 = 0, 2 = 0, 3 = 0, 4 = 0 } }", ["every throw counts 0"]),
    ("ur", 'finish = "exact"', 'finish = "none"', ['finish = "none"', "nobody could ever win"]),
    ("ur", "throw = { dice = 4, sides = 2, faces = [0, 1] }", "throw = { dice = 2, sides = 2, faces = [0, 4] }",
     ["no piece can ever get exactly one step past the end of its track with throws of 0, 4, 8"]),
    ("snakes-and-ladders", 'ladders = { a1 = "c4"', 'ladders = { a10 = "a1", a2 = "c4"',
     ['a10 = "a1" starts on the goal']),
    ("snakes-and-ladders", 'ladders = { a1 = "c4"', 'ladders = { c4 = "a1"',
     ['c4 = "a1": a ladder climbs', "make it a snake"]),
    ("snakes-and-ladders", 'snakes = { e2 = "f1"', 'snakes = { f1 = "e2"', ['f1 = "e2": a snake goes back']),
])
def test_a_game_decided_before_its_first_move_or_that_nobody_can_win_is_refused_with_the_reason(
        tmp_path, name, old, new, words):
    line = refused(tmp_path, changed(name, old, new), *words)
    assert line.startswith(new.strip().splitlines()[-1].split("=")[0])  # at the key that changed


def test_a_game_on_the_grid_that_nothing_ends_is_refused(tmp_path):
    text = changed("fox-and-geese", 'fewer-than = { 1 = 6 }          # the geese lose with fewer than 6\n'
                   'no-move = "lose"\nstall = { 1 = 10 }', "")
    line = refused(tmp_path, text, "nothing ends this game")
    assert line == "[play]"


def test_a_file_refused_for_its_meaning_is_refused_by_every_command_that_reads_it(tmp_path):
    text = changed("ur", "pieces = 7\n", "pieces = {}\n")
    for command in ("board", "rules"):
        refused(tmp_path, text, "pieces = {} gives nothing", command=command)


# -- messages quote values as the file wrote them ------------------------------------------------------------------


@pytest.mark.parametrize(("old", "new", "said"), [
    ("chain = true", "chain = 1", "chain is true or false, not 1"),
    ("pieces = { 1 = 13, 2 = 1 }", "pieces = true", "pieces is a whole number from 1 to 60, not true"),
    ('no-move = "lose"\n', 'no-move = "lose"\ngoal = { x = 1 }\n', "{ x = 1 } is not a field name like a1"),
    ('no-move = "lose"\n', 'no-move = "lose"\ngoal = ["a1"]\n', '["a1"] is not a field name like a1'),
    ('no-move = "lose"', 'no-move = ["lose"]', 'no-move is a word: "pass", "lose", not ["lose"]'),
])
def test_messages_quote_values_in_toml_not_python(tmp_path, old, new, said):
    line = refused(tmp_path, changed("fox-and-geese", old, new), said)
    assert line.startswith(new.strip().splitlines()[-1].split("=")[0])


@pytest.mark.parametrize(("value", "written"), [
    (True, "true"), (False, "false"), ({"x": 1}, "{ x = 1 }"), (["a1"], '["a1"]'), ({}, "{}"), ("it's", '"it\'s"'),
    ({"two words": [1, 2.5]}, '{ "two words" = [1, 2.5] }'), ("a\nb", '"a\\nb"'), ("x" * 80, '"' + "x" * 36 + "..."),
])
def test_a_value_is_quoted_as_toml_writes_it(value, written):
    assert toml_text(value) == written


def test_a_position_names_the_value_it_means_not_its_type(in_tmp):
    (in_tmp / "p.toml").write_text('game = "iacta"\nto_move = 5\nboard = """\n"""\n', encoding="utf-8")
    errors = json.loads(run_cli("check", "p.toml", "--json").output)["errors"]
    assert {"code": "bad-player", "message": 'to_move is 5; it must be "red" or "yellow"',
            "where": "line 2, column 1"} in errors
    (in_tmp / "q.toml").write_text('game = "ur"\nto_move = true\n[waiting]\n1 = 7\n2 = 7\n', encoding="utf-8")
    errors = json.loads(run_cli("check", "q.toml", "--json").output)["errors"]
    assert [e["message"] for e in errors] == ["to_move is true; it is the number of the player to move, 1 to 2"]


# -- the game a position file names -----------------------------------------------------------------------------


def check_errors(path) -> list[dict[str, str]]:
    result = run_cli("check", str(path), "--json")
    assert result.exit_code == 1, result.output
    return json.loads(result.output)["errors"]


def test_a_game_file_that_is_not_there_is_told_at_the_game_line_with_where_it_was_looked_for(in_tmp):
    (in_tmp / "p.toml").write_text('to_move = 1\ngame = "nope.toml"\n', encoding="utf-8")
    [error] = check_errors(in_tmp / "p.toml")
    assert error["where"] == "line 2, column 1" and error["code"] == "unknown-game"
    assert error["message"].startswith('game = "nope.toml": there is no such game file')
    assert f"looked for {in_tmp / 'nope.toml'}" in error["message"]
    (in_tmp / "q.toml").write_text('to_move = 1\ngame = "../../etc/passwd"\n', encoding="utf-8")
    [error] = check_errors(in_tmp / "q.toml")
    assert error["where"] == "line 2, column 1" and 'there is no game "../../etc/passwd"' in error["message"]


def test_a_game_file_linked_from_another_folder_is_not_read(in_tmp):
    (in_tmp / "passwd.toml").symlink_to("/etc/passwd")
    (in_tmp / "p.toml").write_text('game = "passwd.toml"\nto_move = 1\n', encoding="utf-8")
    [error] = check_errors(in_tmp / "p.toml")
    assert error["where"] == "line 1, column 1" and "symbolic link to a file in another folder" in error["message"]
    assert "root:" not in json.dumps(error)  # nothing of the file it points to is read, nor quoted


def test_a_game_file_linked_within_its_folder_is_read(in_tmp):
    (in_tmp / "mine.toml").write_text(TEXTS["ur"], encoding="utf-8")
    (in_tmp / "same.toml").symlink_to("mine.toml")
    (in_tmp / "p.toml").write_text('game = "same.toml"\nto_move = 1\n[waiting]\n1 = 7\n2 = 7\n', encoding="utf-8")
    result = run_cli("check", "p.toml")
    assert result.exit_code == 0 and "valid Ur position" in result.output


def test_a_piped_position_reads_its_game_file_from_the_current_folder_and_says_so(in_tmp, monkeypatch):
    (in_tmp / "games").mkdir()
    (in_tmp / "games" / "mine.toml").write_text(TEXTS["ur"], encoding="utf-8")
    (in_tmp / "games" / "p.toml").write_text('game = "mine.toml"\nto_move = 1\nthrow = 2\n[waiting]\n1 = 7\n'
                                             '2 = 7\n', encoding="utf-8")
    moved = run_cli("check", "games/p.toml", "--move", "in-c1")
    assert moved.exit_code == 0, moved.output
    elsewhere = run_cli("check", "-", "--json", input=moved.output)
    [error] = json.loads(elsewhere.output)["errors"]
    assert f"looked for {in_tmp / 'mine.toml'}" in error["message"] and "current folder" in error["message"]
    monkeypatch.chdir(in_tmp / "games")
    here = run_cli("check", "-", input=moved.output)
    assert here.exit_code == 0 and "valid Ur position" in here.output


def test_a_game_file_name_too_long_for_the_system_is_a_problem_at_its_line(in_tmp):
    (in_tmp / "p.toml").write_text(f'game = "{"x" * 300}.toml"\nto_move = 1\n', encoding="utf-8")
    [error] = check_errors(in_tmp / "p.toml")
    assert error["where"] == "line 1, column 1" and error["code"] == "unknown-game"


def test_what_reads_a_position_or_a_file_raises_the_projects_own_error():
    for error in (PositionFileError, MoveError, TomlError):
        assert issubclass(error, BoardgenError) and issubclass(error, ValueError)
    assert PositionFileError([]).exit_code == MoveError("x").exit_code == 1


# -- sides ---------------------------------------------------------------------------------------------------------


def test_every_game_names_a_side_for_each_player():
    for name, game in GAMES.items():
        assert len(game.side_names) == len(game.players) and all(game.side_names), name
    assert GAMES["fox-and-geese"].side_names == ("geese", "fox")
    assert GAMES["iacta"].side_names == GAMES["iacta"].players


@pytest.mark.parametrize("sides", ['["geese"]', '["geese", "geese"]', '["geese", 2]', '"geese"', '["", "fox"]'])
def test_sides_name_each_player_once(tmp_path, sides):
    line = refused(tmp_path, changed("fox-and-geese", 'sides = ["geese", "fox"]', f"sides = {sides}"),
                   "sides names each of the 2 players' sides", command="board")
    assert line == f"sides = {sides}"


def test_a_file_without_sides_calls_its_players_by_number(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(changed("fox-and-geese", 'sides = ["geese", "fox"]\n', ""), encoding="utf-8")
    assert load_game_file(path).side_names == ("player 1", "player 2")


def test_more_players_than_the_file_is_for_are_refused(tmp_path):
    line = refused(tmp_path, changed("ur", "players = 2\npieces", "players = [2, 3]\npieces"),
                   "players names 3, but [about] players = 2 is the most who play it")
    assert line == "players = [2, 3]"


# -- the engine and the sheets say the same ---------------------------------------------------------------------


def test_a_six_that_cannot_be_used_in_ludo_gives_another_throw_and_the_sheet_says_so():
    ludo = GAMES["ludo"].engine
    stuck = 'game = "ludo"\nto_move = 1\nthrow = 6\n[pieces]\nf8 = 1\n[waiting]\n2 = 4\n[finished]\n1 = 3\n'
    where = position(ludo, stuck)
    assert [ludo.rules.notation(where, m) for m in ludo.rules.legal_moves(where)] == ["pass"]
    assert ludo.rules.apply(where, ludo.rules.legal_moves(where)[0]).to_move == "player 1"
    sheet = GAMES["ludo"].rule_text("en")
    assert "A **6** gives you another throw after your move, and also when you cannot use it." in sheet
    assert "sends all of them back" in sheet


def test_a_capture_in_ludo_takes_a_whole_stack():
    ludo = GAMES["ludo"].engine
    stack = 'game = "ludo"\nto_move = 1\nthrow = 2\n[pieces]\nb9 = 1\nd9 = [2, 2]\n[waiting]\n1 = 3\n2 = 2\n'
    where = position(ludo, stack)
    after = ludo.rules.apply(where, ludo.rules.parse_move(where, "b9xd9"))
    assert after.waiting[1] == 4 and after.cells == tuple(((0,) if i == where.tables.names.index("d9") else ())
                                                        for i in range(len(after.cells)))


@pytest.mark.parametrize("name", SHIPPED_GAMES)
def test_every_shipped_sheet_says_who_starts(name):
    sheet = GAMES[name].rule_text("en")
    assert re.search(r"(Player 1[^.]* (throws first|starts)|The geese move first)", sheet), name


GEESE_STALLING = ('game = "fox-and-geese"\nto_move = 1\n\n[pieces]\nc1 = 1\nd1 = 1\ne1 = 1\nc2 = 1\nd2 = 1\n'
                  'e2 = 1\nb3 = 1\nc3 = 1\nd3 = 1\ne3 = 1\nf3 = 1\ng3 = 1\na4 = 1\nd6 = 2\n\n[stalled]\n1 = 9\n')


def test_the_geese_lose_after_ten_moves_in_a_row_without_stepping_up_as_their_sheet_says():
    assert "**ten moves in a row** without a goose stepping" in GAMES["fox-and-geese"].rule_text("en")
    game = GAMES["fox-and-geese"].engine
    rules = game.rules
    where = position(game, GEESE_STALLING)
    assert rules.outcome(where) is None and rules.write(where) == GEESE_STALLING
    assert "moves without a move forward: player 1 9 of 10" in game.presentation.summary(where)
    assert rules.apply(where, rules.parse_move(where, "b3-b4")).stalled == (0, 0)  # a step up starts again
    sideways = rules.apply(where, rules.parse_move(where, "a4-b4"))
    assert sideways.stalled == (10, 0)
    outcome = rules.outcome(sideways)
    assert outcome.winner == "player 2" and outcome.code is OutcomeCode.STALLED
    assert outcome.reason == "player 1 made 10 moves in a row without a move forward"
    assert rules.legal_moves(sideways) == [] and rules.problems(position(game, rules.write(sideways))) == []
    fox = position(game, GEESE_STALLING.replace("to_move = 1", "to_move = 2"))
    assert rules.apply(fox, rules.parse_move(fox, "d6-d7")).stalled == (9, 0)  # the fox's moves are not counted
    assert [p.code for p in rules.problems(position(game, GEESE_STALLING.replace("1 = 9", "1 = 11")))] == [
        "stalled"]
    ur = GAMES["ur"].engine
    counted = position(ur, 'game = "ur"\nto_move = 1\n[waiting]\n1 = 7\n2 = 7\n[stalled]\n1 = 2\n')
    assert [p.code for p in ur.rules.problems(counted)] == ["cannot-stall"]


def test_a_stall_rule_needs_a_move_forward_and_a_grid():
    found = play_problems('pieces = 1\nsteps = ["left", "right"]\nno-move = "lose"\nstall = 4\n'
                          'start = { a1 = 1, f2 = 2 }')
    assert [(code, line) for code, _, line in found] == [("never-forward", "stall = 4")]
    found = play_problems('pieces = 1\nthrow = { dice = 1 }\ntracks = ["a1-f1"]\nstall = 4')
    assert [(code, line) for code, _, line in found] == [("stall-on-track", "stall = 4")]


def test_a_capture_never_sends_a_piece_back_to_a_field_it_cannot_stand_on():
    # Player 2's track starts on a1, where its own piece stands: capturing its other piece on c1 would put two of
    # its pieces on a1, which own = "block" forbids.  The capture is not a move; the game is the same otherwise.
    game = small_game('pieces = 2\nthrow = { dice = 1, sides = 6 }\ncapture-to = "start"\n'
                      'tracks = { 1 = ["a2-f2", "f1-a1"], 2 = ["a1-f1", "f2-a2"] }')
    text = 'game = "test"\nto_move = 1\nthrow = 2\n[pieces]\na1 = 2\nc1 = 2\ne1 = 1\n[waiting]\n1 = 1\n'
    where = position(game, text)
    moves = [game.rules.notation(where, m) for m in game.rules.legal_moves(where)]
    assert moves == ["in-b2"]
    for move in game.rules.legal_moves(where):
        assert game.rules.problems(game.rules.apply(where, move)) == []
    freed = position(game, text.replace("a1 = 2\n", "").replace("[waiting]\n1 = 1\n", "[waiting]\n1 = 1\n2 = 1\n"))
    after = game.rules.apply(freed, game.rules.parse_move(freed, "e1xc1"))
    assert game.rules.problems(after) == [] and after.cells[0] == (1,)


def test_a_game_that_may_go_on_for_ever_says_so_for_simulate_and_report():
    assert GAMES["fox-and-geese"].engine.rules.unending() == ""
    for name in ("ur", "ludo", "snakes-and-ladders"):
        assert GAMES[name].engine.rules.unending() == ""
    shuffling = small_game('pieces = 1\nsteps = ["left", "right"]\nno-move = "lose"\nstart = { a1 = 1, f2 = 2 }')
    assert "can step back and forth" in shuffling.rules.unending()
    assert GAMES["iacta"].engine.rules.unending() == ""


# -- every shipped game, and random changes to its rules ------------------------------------------------------------


VALUES = ["0", "1", "2", "3", "6", "7", "14", "-1", "true", "false", "1.5", '"none"', '"exact"', '"reach"',
          '"start"', '"count"', '"stack"', '"block"', '"capture"', '"waiting"', '"removed"', '"pass"', '"lose"',
          "{}", "{ 1 = 1 }", "{ 1 = 3, 2 = 1 }", "{ 1 = 6 }", "{ 2 = 3 }", '["a1"]', '["no field", "a2-h2"]',
          '["a1-h1"]', '["rosette"]', '"a1"', '"h3"', '"d5"', '"a10"', "[2]", "[2, 3, 4]", "[6]",
          "{ dice = 1, sides = 6 }", "{ dice = 2, sides = 2, faces = [0, 0] }",
          "{ dice = 4, sides = 2, faces = [0, 1] }",
          "{ sticks = 4, values = { 0 = 5, 1 = 1, 2 = 2, 3 = 3, 4 = 4 } }", "{ throws = [6] }", '{ fields = ["a1"] }',
          '["up", "left"]', '["up", "down", "left", "right"]', '{ 2 = ["up", "down", "left", "right"] }',
          '{ 1 = ["up", "left", "right"] }', '{ a1 = 1, b1 = 2 }', '{ d5 = 2, c1 = 1 }', '{ x = 1 }', '{ a1 = "c4" }',
          '{ c4 = "a1" }', '{ a3 = "b1" }', '{ 1 = 10 }', "5"]
KEYS = ["players", "pieces", "throw", "again", "tracks", "enter", "enter-throws", "finish", "own", "opponent",
        "capture-to", "safe", "on-safe", "ladders", "snakes", "steps", "jumps", "chain", "start", "goal",
        "fewer-than", "no-move", "stall"]
_KEY_LINE = re.compile(r"[A-Za-z0-9_-]+ = ")
PLIES = 30


def _play_lines(lines: list[str]) -> list[int]:
    """The lines of [play] (and its sub-tables) that give a key a value."""
    found, inside = [], False
    for number, line in enumerate(lines):
        if line.startswith("["):
            inside = line.startswith("[play")
        elif inside and _KEY_LINE.match(line):
            found.append(number)
    return found


def _mutated(name: str, data) -> str:
    lines = TEXTS[name].splitlines()
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        editable = _play_lines(lines)
        kind = data.draw(st.sampled_from(["value", "value", "drop", "add"]), label="kind")
        value = data.draw(st.sampled_from(VALUES), label="value")
        if kind == "add" or not editable:
            header = lines.index("[play]")
            lines.insert(header + 1, f"{data.draw(st.sampled_from(KEYS), label='key')} = {value}")
            continue
        number = data.draw(st.sampled_from(editable), label="line")
        if kind == "drop":
            del lines[number]
        else:
            lines[number] = lines[number].split("=", 1)[0] + "= " + value
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("mutated")


@pytest.mark.parametrize("name", SHIPPED_GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_changed_game_file_is_refused_at_its_lines_or_plays_only_valid_positions(folder, name, data):
    text = _mutated(name, data)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    try:
        game = load_game_file(path)
    except BoardgenError as error:
        message = str(error)
        assert "\n" not in message and message.startswith(f"{name}.toml")
        problems = getattr(error, "problems", ())
        assert problems and all(re.fullmatch(r"line \d+, column \d+", p.where) for p in problems), message
        return
    engine = game.engine
    assert engine is not None
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    rules = engine.rules.seated(rng.choice(engine.rules.seat_counts()))
    chosen = {option: rng.choice(values) for option, values in rules.rule_options().items()}
    where = rules.start_with(rules.default_variant, chosen)
    assert rules.problems(where) == [] and rules.outcome(where) is None  # valid, and not decided yet
    for _ in range(PLIES):
        if rules.throw_due(where):
            where = rules.sample_throw(where, rng)
        if rules.outcome(where) is not None:
            break
        moves = rules.legal_moves(where)
        assert moves, rules.write(where)
        for move in moves:
            after = rules.apply(where, move)
            assert rules.problems(after) == [], (rules.write(where), rules.notation(where, move))
            assert position(engine, rules.write(after)) == after
        where = rules.apply(where, rng.choice(moves))
