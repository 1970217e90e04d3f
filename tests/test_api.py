"""The Python API (boardgen.game), as a script uses it: every game in the registry played through it, positions
that round-trip through their files, known positions with known answers, errors that say what is wrong, and
docs/api.md's examples run as doctests."""

from __future__ import annotations

import doctest
import random
import re
import subprocess
import sys
import typing
from fractions import Fraction
from pathlib import Path

import pytest
from game_strategies import _Drawn
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from registry import GAMES

import boardgen
import boardgen.api
from boardgen.api import (
    BoardgenError,
    ChoiceError,
    IllegalMoveError,
    MalformedMoveError,
    Move,
    Outcome,
    OutcomeCode,
    Piece,
    Position,
    PositionFileError,
)
from boardgen.gamefiles.play import BoardEngine
from boardgen.products.games import starter_text

ROOT = Path(__file__).resolve().parent.parent
PLAYED = [name for name, game in GAMES.items() if game.engine is not None]  # every game with rules to play by
MOST_PLIES = 400


def random_game(game: boardgen.api.Game, seed: int, plies: int = MOST_PLIES) -> list[Position]:
    """The positions of a seeded random game through the API, from the start to its end or `plies` moves."""
    rng = random.Random(seed)
    position = game.start()
    seen = [position]
    for _ in range(plies):
        if position.outcome is not None:
            break
        if game.throws and position.throw is None:
            position = position.thrown_at_random(rng)
            seen.append(position)
        position = position.play(rng.choice(position.moves()))
        seen.append(position)
    return seen


# -- every game in the registry ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", PLAYED)
def test_random_games_reach_an_outcome_or_the_move_limit(name):
    game = boardgen.game(name)
    finished = 0
    for seed in range(3):
        positions = random_game(game, seed)
        for position in positions:
            outcome = position.outcome
            if outcome is None:
                assert position.to_move in game.players
                assert position.moves() or position.throw is None  # moves once thrown, in a game with throws
            else:
                assert position.to_move is None and len(position.moves()) == 0
                assert set(outcome.winners) <= set(game.players) and outcome.draw == (not outcome.winners)
                assert isinstance(outcome.code, OutcomeCode) and outcome.reason
        finished += positions[-1].outcome is not None
        assert positions[-1].outcome is not None or len(positions) > MOST_PLIES
    if name not in ("iacta", "alea"):  # the two long races of dice, which random players seldom finish in time
        assert finished


@pytest.mark.parametrize("name", PLAYED)
def test_every_listed_moves_result_round_trips_and_its_notation_plays_the_same(name):
    game = boardgen.game(name)
    positions = random_game(game, seed=7, plies=60)
    for position in positions[::6]:
        again = game.read_position(position.to_toml())
        assert again == position and again.throw == position.throw and again.to_move == position.to_move
        moves = position.moves()
        notations = [move.notation for move in moves]
        assert len(set(notations)) == len(notations)
        for move in list(moves)[:: max(1, len(moves) // 12)]:  # a dozen of a long list, spread over it
            after = position.play(move)
            assert after == position.play(move.notation)
            assert game.read_position(after.to_toml()) == after
            assert move.origin is None or re.fullmatch(r"[a-z]\d{1,2}", move.origin)
            assert all(re.fullmatch(r"[a-z]\d{1,2}", field) for field in move.path) and move.kind


@pytest.mark.parametrize("name", PLAYED)
def test_the_board_hand_and_finished_read_every_player(name):
    game = boardgen.game(name)
    for position in random_game(game, seed=3, plies=40)[::8]:
        assert set(position.hand) == set(position.finished) == set(game.players)
        assert all(count >= 0 for count in [*position.hand.values(), *position.finished.values()])
        for field, pieces in position.board.items():
            assert re.fullmatch(r"[a-z]\d{1,2}", field) and pieces
            assert all(piece.player in game.players and piece.kind in ("counter", "die", "pyramid", "tile",
                                                                      *_kinds_of_piece(name))
                       for piece in pieces)


def _kinds_of_piece(name: str) -> tuple[str, ...]:
    """The kinds of piece a game of pieces on fields names in its [play] (men and kings, soldiers and a king)."""
    engine = GAMES[name].engine
    return tuple(kind.name for kind in engine.rules.play.default.kinds) if isinstance(engine, BoardEngine) else ()


@pytest.mark.parametrize("name", [name for name in PLAYED if boardgen.game(name).throws])
def test_thrown_gives_each_throw_and_a_read_position_knows_its_throw(name):
    game = boardgen.game(name)
    start = game.start()
    assert start.throw is None and len(start.moves()) == 0 and sum(game.throws.values()) == 1
    for value, chance in game.throws.items():
        assert isinstance(chance, Fraction) and chance > 0
        thrown = start.thrown(value)
        assert thrown.throw == value and thrown.to_move == start.to_move
        assert game.read_position(thrown.to_toml()).throw == value  # worked out from the file alone
        with pytest.raises(IllegalMoveError, match="has thrown"):
            thrown.thrown(value)


@pytest.mark.parametrize("name", [name for name in PLAYED if not boardgen.game(name).throws])
def test_a_game_without_throws_has_none_to_make(name):
    start = boardgen.game(name).start()
    assert start.throw is None and len(start.moves()) > 0
    with pytest.raises(IllegalMoveError, match="has no throws"):
        start.thrown(1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from([n for n in PLAYED if GAMES[n].engine.examples is not None]), data=st.data())
def test_playing_never_changes_the_position_played_from(name, data):
    """Positions are values: playing any listed move or throw gives a new one and leaves this one as it was."""
    game = boardgen.game(name)
    examples = GAMES[name].engine.examples
    try:  # the games' own generators draw impossible positions too, for the tests of their problems
        position = game.read_position(data.draw(st.composite(lambda draw: examples(_Drawn(draw)))()))
    except PositionFileError:
        assume(False)
    before = (position.to_toml(), dict(position.board), dict(position.hand), dict(position.finished),
              position.to_move, position.throw, position.outcome, [move.notation for move in position.moves()])
    for value in (game.throws if position.to_move is not None and position.throw is None else ()):
        assert position.thrown(value).throw == value
    for move in position.moves():
        assert position.play(move) is not position
    after = (position.to_toml(), dict(position.board), dict(position.hand), dict(position.finished),
             position.to_move, position.throw, position.outcome, [move.notation for move in position.moves()])
    assert after == before
    with pytest.raises(AttributeError):
        position.to_move = 1  # type: ignore[misc]


# -- positions with known answers -----------------------------------------------------------------------------

UR = """game = "ur"
to_move = 1
throw = 2

[pieces]
c1 = 1
a2 = 1
c2 = 2
d2 = 2

[waiting]
1 = 5
2 = 5
"""


def test_ur_a_known_position_lists_its_moves_and_plays_them():
    ur = boardgen.game("ur")
    position = ur.read_position(UR)
    assert (position.to_move, position.throw) == (1, "2")
    # With a throw of 2: c1 goes to the rosette a1; a2 takes c2; a piece entering would land on its own c1.
    assert [(m.notation, m.origin, m.path, m.kind) for m in position.moves()] == [
        ("c1-a1", "c1", ("a1",), "track"), ("a2xc2", "a2", ("c2",), "track")]
    rosette = position.play("c1-a1")
    assert (rosette.to_move, rosette.throw) == (1, None)  # a rosette: the same player throws again
    taken = position.play(position.moves()[1])
    assert taken.to_move == 2 and dict(taken.hand) == {1: 5, 2: 6}  # the piece taken waits to enter again
    assert dict(taken.board) == {"c1": (Piece(1, "counter"),), "c2": (Piece(1, "counter"),),
                                 "d2": (Piece(2, "counter"),)}


def test_ur_players_sides_throws_and_rule_options():
    ur = boardgen.game("ur", rules={"rosettes": "open"})
    assert dict(ur.players) == {1: "player 1", 2: "player 2"} and dict(ur.sides) == {1: "bottom row", 2: "top row"}
    assert dict(ur.throws) == {"0": Fraction(1, 16), "1": Fraction(4, 16), "2": Fraction(6, 16),
                               "3": Fraction(4, 16), "4": Fraction(1, 16)}
    assert dict(ur.rules) == {"rosettes": "open"} and dict(ur.rule_options) == {"rosettes": ("safe", "open")}
    assert "rosettes" in ur.start().to_toml()


FOX = """game = "fox-and-geese"
to_move = 2

[pieces]
d5 = 2
d4 = 1
d2 = 1
c1 = 1
e1 = 1
c2 = 1
e2 = 1
a3 = 1
b3 = 1
c3 = 1
e3 = 1
f3 = 1
g3 = 1
"""


def test_fox_and_geese_the_fox_jumps_one_goose_or_on_over_a_second():
    game = boardgen.game("fox-and-geese")
    position = game.read_position(FOX)
    assert dict(game.sides) == {1: "geese", 2: "fox"} and position.to_move == 2
    moves = {move.notation: move for move in position.moves()}
    assert set(moves) == {"d5-d6", "d5-c5", "d5-e5", "d5xd3", "d5xd3xd1"}
    chain = moves["d5xd3xd1"]
    assert (chain.origin, chain.path, chain.kind) == ("d5", ("d3", "d1"), "jump")
    after = position.play(chain)
    # Today's engine plays a chain whole, as one move (each stop a move of its own: d5xd3 is one too); where an
    # engine lets the same player jump on (`again`), to_move stays, as a rosette in Ur keeps it.
    assert after.to_move == 1 and after.board["d1"] == (Piece(2, "counter"),)
    assert "d4" not in after.board and "d2" not in after.board


def test_the_built_in_games_boards_read_dice_pyramids_and_tiles():
    alea = boardgen.game("alea").read_position(sample("alea/05-tower"))
    assert alea.board["f4"] == (Piece(2, "die", 2), Piece(1, "die", 5))  # bottom first: black's 2 under white's 5
    stacktics = boardgen.game("stacktics").start()
    assert stacktics.board["c1"] == (Piece(1, "pyramid", 3), Piece(1, "pyramid", 2), Piece(1, "pyramid", 1))
    isaac = boardgen.game("isaac").read_position(sample("isaac/03-worked-example"))
    assert all(isaac.board[f] == (Piece(1, "tile", 3),) for f in ("a2", "b2", "c2", "d2", "e2"))  # "d5 a2 h"
    assert isaac.board["a1"] == (Piece(1, "counter"),)  # dark's score marker, at 0
    iacta = boardgen.game("iacta").read_position(sample("iacta/01-start"))
    assert iacta.board["a1"] == (Piece(1, "die", 1),) and iacta.board["j1"] == (Piece(2, "die", 1),)
    assert iacta.throw == "52" and iacta.thrown  # the file's throw = [5, 2], as the game writes it


def test_a_position_is_of_the_board_it_names_and_a_swap_keeps_the_army_to_move():
    stacktics = boardgen.game("stacktics")
    small = stacktics.read_position(sample("stacktics/10-pie-offer"))
    assert (stacktics.board, small.game.board) == ("5x5", "4x4")
    swapped = small.play("swap")  # the pie rule: the people trade armies, and the army to move stays blue, 2
    assert (small.to_move, swapped.to_move) == (2, 2) and swapped != small


def test_iacta_dice_may_be_thrown_either_way_round():
    iacta = boardgen.game("iacta")
    start = iacta.start()
    assert start.thrown("24") == start.thrown(42) and start.thrown("2, 4").throw == "42"
    # A file may give the dice smaller first; the throw is named as the game throws it, larger first.
    assert iacta.read_position(sample("iacta/01-start").replace("[5, 2]", "[2, 5]")).throw == "52"


def sample(name: str) -> str:
    game, stem = name.split("/")
    return (ROOT / "boardgen" / "templates" / "positions" / game / f"{stem}.toml").read_text(encoding="utf-8")


LUDO_STACK = """game = "ludo"
to_move = 1

[pieces]
b9 = [1, 1]

[waiting]
1 = 2
2 = 4
"""


def test_ludo_for_four_and_a_position_read_for_as_many_as_it_names():
    four = boardgen.game("ludo", players=4)
    assert dict(four.players) == {1: "player 1", 2: "player 2", 3: "player 3", 4: "player 4"}
    assert dict(four.sides) == {1: "top left", 2: "top right", 3: "bottom right", 4: "bottom left"}
    two = four.read_position(LUDO_STACK)
    assert dict(two.game.players) == {1: "player 1", 2: "player 2"} and dict(two.hand) == {1: 2, 2: 4}
    assert len(four.start().hand) == 4


def test_a_stack_in_a_game_file_is_read_whole():
    stacked = boardgen.game("ludo").read_position(LUDO_STACK)
    assert stacked.board["b9"] == (Piece(1, "counter"), Piece(1, "counter"))


def test_a_game_file_by_its_path(tmp_path):
    path = tmp_path / "racers.toml"
    path.write_text(starter_text("racers"), encoding="utf-8")
    game = boardgen.game(path)
    last = random_game(game, seed=1)[-1]
    assert game.name == "racers" and last.to_toml().startswith('game = "racers.toml"\n')
    assert game.read_position(last.to_toml()) == last


# -- errors: one type, a clear message ------------------------------------------------------------------------

@pytest.mark.parametrize("asked, error, words", [
    ({"name": "urr"}, ChoiceError, "did you mean ur?"),
    ({"name": "ur", "players": 3}, ChoiceError, "Ur is played by 2 players, not 3"),
    ({"name": "ludo", "players": 5}, ChoiceError, "played by 2, 3 or 4 players, not 5"),
    ({"name": "ur", "board": "9x9"}, ChoiceError, "no '9x9' board; boards: 8x3"),
    ({"name": "ur", "rules": {"rosette": "open"}}, ChoiceError, "no rule option 'rosette' (did you mean rosettes?)"),
    ({"name": "ur", "rules": {"rosettes": "shut"}}, ChoiceError, "rosettes is one of safe, open, not 'shut'"),
    ({"name": "iacta", "rules": {"dice.red": "10"}}, ChoiceError, "homeland holds only"),
    ({"name": "not-there.toml"}, BoardgenError, "not-there.toml"),
])
def test_a_game_that_cannot_be_had_says_what_there_is(asked, error, words):
    with pytest.raises(error) as raised:
        boardgen.game(**asked)
    assert words in str(raised.value)
    assert isinstance(raised.value, BoardgenError)


def test_moves_that_cannot_be_played_say_why():
    ur = boardgen.game("ur")
    position = ur.read_position(UR)
    with pytest.raises(MalformedMoveError, match="not a move in UR notation"):
        position.play("zz")
    with pytest.raises(IllegalMoveError, match=r"'c1-b1' is not a legal move for player 1 here; the legal moves "
                       r"are c1-a1, a2xc2$"):
        position.play("c1-b1")
    with pytest.raises(IllegalMoveError, match="off the board"):
        position.play("c1-z9")
    with pytest.raises(IllegalMoveError, match="throws first"):
        ur.start().play("in-c1")
    with pytest.raises(IllegalMoveError, match="'7' is not a throw of Ur; its throws are 0, 1, 2, 3, 4"):
        ur.start().thrown(7)
    won = ur.read_position('game = "ur"\nto_move = 2\n[finished]\n1 = 7\n[waiting]\n2 = 7\n')
    assert won.outcome == Outcome((1,), "all pieces finished", OutcomeCode.GOAL) and won.to_move is None
    with pytest.raises(IllegalMoveError, match=r"the game is over \(player 1 won: all pieces finished\)"):
        won.play("in-d1")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        won.thrown(1)
    for error in (MalformedMoveError, IllegalMoveError):
        assert issubclass(error, BoardgenError) and issubclass(error, ValueError)


def test_a_move_of_another_position_is_played_by_its_notation():
    position = boardgen.game("ur").read_position(UR)
    rosette = position.moves()[0]
    same = boardgen.game("ur").read_position(UR)
    assert same.play(rosette) == position.play(rosette)
    with pytest.raises(IllegalMoveError):
        position.play(rosette).thrown(2).play(rosette)  # c1 is empty there: c1-a1 is no move


@pytest.mark.parametrize("text, words", [
    ('game = "ludo"\nto_move = 1\n', "a position of \"ludo\", not of ur"),
    ("!!!", "not valid TOML"),
    ('game = "ur"\nto_move = 1\n[waiting]\n1 = 8\n2 = 7\n', "player 1 has 8 pieces"),
])
def test_a_position_that_cannot_be_read_says_why(text, words):
    with pytest.raises(PositionFileError) as raised:
        boardgen.game("ur").read_position(text)
    assert words in str(raised.value) and isinstance(raised.value, ValueError)


# -- the API as a module --------------------------------------------------------------------------------------

def test_importing_boardgen_leaves_the_api_until_it_is_used():
    """Every command imports boardgen first: the API (and the game registry behind it) comes only with
    boardgen.game."""
    script = ("import sys, boardgen; assert 'boardgen.api' not in sys.modules; "
              "assert boardgen.game('ur').name == 'ur'; assert 'boardgen.api' in sys.modules")
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)
    assert boardgen.game is boardgen.api.game and boardgen.__getattr__("game") is boardgen.api.game  # PEP 562's hook
    with pytest.raises(AttributeError, match="no attribute 'gmae'"):
        boardgen.gmae  # noqa: B018


def test_the_api_speaks_only_in_its_own_types():
    """No Any, and no engine's own position or move, in what the API's public names take and give."""
    namespace = vars(boardgen.api)
    found, seen = [], 0
    for name in boardgen.api.__all__:
        item = namespace[name]
        members = [item] if not isinstance(item, type) else [item, *(
            member.fget if isinstance(member, property) else member for key, member in vars(item).items()
            if not key.startswith("_") and (callable(member) or isinstance(member, property)))]
        for member in members:  # a function, a class's own fields (Outcome's, Piece's), a method or property
            hints = typing.get_type_hints(member, vars(sys.modules[member.__module__]), namespace)
            seen += len(hints)
            found += [f"{name}.{member.__name__}: {hint}" for hint in hints.values()
                      if any(kind is typing.Any or _engines_own(kind) for kind in _named_in(hint))]
    assert found == [] and seen > 40


def _named_in(hint: object) -> list[object]:
    """`hint` and every type named inside it (Mapping[str, tuple[Piece, ...]]: Mapping, str, tuple, Piece)."""
    return [hint, *(inner for argument in typing.get_args(hint) for inner in _named_in(argument))]


def _engines_own(kind: object) -> bool:
    """A type of the engines' or the games' own (their positions, moves, outcomes), other than the kinds of end
    that the API gives as they are (OutcomeCode)."""
    module = getattr(kind, "__module__", "") or ""
    return kind is not OutcomeCode and module.startswith(("boardgen.engine", "boardgen.games", "boardgen.gamefiles"))


def test_docs_api_examples_run():
    """docs/api.md's examples, block after block in one session: each `>>>` line's answer is as shown."""
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, flags=re.S)
    assert len(blocks) >= 5
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    session: dict[str, object] = {}
    for number, block in enumerate(blocks, start=1):
        test = parser.get_doctest(block, session, f"docs/api.md block {number}", "docs/api.md", 0)
        assert test.examples, f"block {number} has no >>> examples"
        runner.run(test, clear_globs=False)
        session = test.globs  # a doctest runs in a copy of what it is given: the next block goes on from this one
    assert runner.summarize(verbose=False).failed == 0


def test_moves_read_as_a_list_does():
    position = boardgen.game("fox-and-geese").read_position(FOX)
    moves = position.moves()
    listed = list(moves)
    assert moves == listed and listed == moves and len(moves) == 5 and moves[-1] == listed[4]
    assert moves[1:3] == listed[1:3] and listed[0] in moves and isinstance(moves[0], Move)
    assert repr(moves).startswith("[Move('")
    with pytest.raises(IndexError):
        moves[5]
