"""Every sample position of every game gives the answer stored beside it, through the real CLI.

The answers live in boardgen/templates/positions/<game>/answers.toml; this
one file checks them for every game in the registry, in JSON and in text,
and plays a listed move of every sample with `check --move`.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from helpers import assert_one_line_error, run_cli
from registry import FOLDER_GAMES

from boardgen.engine.contract import OutcomeCode
from boardgen.gamefiles.position_files import load_position

ANSWER_KEYS = {"valid", "winner", "reason", "listed", "not_listed", "errors"}


def positions(game: str) -> Path:
    """The folder of a game's samples, wherever the game keeps its texts."""
    return FOLDER_GAMES[game].texts / "positions" / game


def answers(game: str) -> dict[str, dict]:
    return tomllib.loads((positions(game) / "answers.toml").read_text(encoding="utf-8"))


SAMPLES = [(game, name) for game in FOLDER_GAMES for name in sorted(answers(game))]


def sample_path(game: str, name: str) -> Path:
    return positions(game) / f"{name}.toml"


def test_every_game_declares_the_keys_of_its_move_json():
    assert all(FOLDER_GAMES[game].engine.presentation.move_fields for game in FOLDER_GAMES)


@pytest.mark.parametrize("game", list(FOLDER_GAMES))
def test_every_sample_has_an_answer_and_a_comment_and_every_answer_a_sample(game):
    files = {p.stem for p in positions(game).glob("*.toml") if p.name != "answers.toml"}
    assert files == set(answers(game)) and len(files) >= 12
    for name, answer in answers(game).items():
        assert set(answer) <= ANSWER_KEYS, name
        assert sample_path(game, name).read_text(encoding="utf-8").startswith("# "), f"{name} needs a comment"
        assert answer["valid"] == (not answer.get("errors")), name


@pytest.mark.parametrize("game, name", SAMPLES)
def test_sample_answer_in_json(game, name):
    answer = answers(game)[name]
    result = run_cli("check", str(sample_path(game, name)), "--json")
    assert result.exit_code == (0 if answer["valid"] else 1), result.output
    report = json.loads(result.output)
    assert set(report) == {"game", "valid", "errors", "to_move", "winner", "outcome", "standing", "moves"}
    assert isinstance(report["standing"], dict) if answer["valid"] else report["standing"] is None
    # A file too broken to read may not even say its game; a valid one always does.
    assert report["game"] == game or (not answer["valid"] and report["game"] is None)
    assert report["valid"] is answer["valid"]
    assert report["winner"] == answer.get("winner")
    assert (report["outcome"] or {}).get("reason") == answer.get("reason")
    if report["outcome"] is not None:  # why, for programs: the same few codes in every game
        assert report["outcome"]["code"] in {code.value for code in OutcomeCode}
        assert (report["outcome"]["code"] == "draw") == (report["winner"] is None)
    listed = [m["notation"] for m in report["moves"]]
    assert len(listed) == len(set(listed))
    assert set(answer.get("listed", [])) <= set(listed)
    assert not set(answer.get("not_listed", [])) & set(listed)
    assert [e["code"] for e in report["errors"]] == answer.get("errors", [])
    for error in report["errors"]:
        assert set(error) == {"code", "message", "where"} and error["message"]
    for move in report["moves"]:
        fields = FOLDER_GAMES[game].engine.presentation.move_fields[move["kind"]]
        assert set(move) == fields | {"kind", "notation"}, move
    kinds = [m["kind"] for m in report["moves"]]
    assert "pass" not in kinds[:-1], "passing is listed last"


@pytest.mark.parametrize("game, name", SAMPLES)
def test_sample_answer_in_text_agrees_with_json(game, name):
    answer = answers(game)[name]
    result = run_cli("check", f"sample:{game}/{name}")
    assert result.exit_code == (0 if answer["valid"] else 1)
    out = result.output
    if not answer["valid"]:
        assert "not a valid position" in out
        assert re.findall(r"\[([a-z-]+)\]$", out, flags=re.M) == answer["errors"]
        return
    assert f"valid {FOLDER_GAMES[game].title} position" in out
    if "winner" in answer:
        assert f"{answer['winner']} has won ({answer['reason']})" in out
    moves = json.loads(run_cli("check", f"sample:{game}/{name}", "--json").output)["moves"]
    if moves:
        assert f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}" in out
        for move in moves:
            assert move["notation"] in out


def _playable():
    """Valid samples still in play with moves listed: every game has some."""
    found = []
    for game, name in SAMPLES:
        answer = answers(game)[name]
        if answer["valid"] and "winner" not in answer and answer.get("listed"):
            found.append((game, name))
    return found


@pytest.mark.parametrize("game, name", _playable())
def test_check_move_plays_a_listed_move_like_the_engine(game, name):
    loaded = load_position(sample_path(game, name).read_bytes())
    rules = loaded.rules
    move = rules.legal_moves(loaded.position)[0]
    notation = rules.notation(loaded.position, move)
    result = run_cli("check", str(sample_path(game, name)), "--move", notation)
    assert result.exit_code == 0, result.output
    after = load_position(result.output)
    assert after.position == rules.apply(loaded.position, move)
    as_json = json.loads(run_cli("check", str(sample_path(game, name)), "--move", notation, "--json").output)
    assert as_json["valid"] and load_position(as_json["position"]).position == after.position


@pytest.mark.parametrize("game", list(FOLDER_GAMES))
def test_every_game_plays_notation_moves_from_its_start(game):
    """Notation round-trips for every legal move of the start and of a few plies after it."""
    rules = FOLDER_GAMES[game].engine.rules
    position = rules.start()
    for _ in range(6):
        if rules.chance(position):
            position = rules.chance(position)[3].position
        moves = rules.legal_moves(position)
        assert moves, f"{game}: no moves after the start"
        for move in moves:
            assert rules.parse_move(position, rules.notation(position, move)) == move
        position = rules.apply(position, moves[len(moves) // 2])
    assert rules.problems(position) == []


@pytest.mark.parametrize("game, text, kind", [
    ("iacta", "e6-e9=2", "not a legal move"),       # 3 fields with a throw of 4 and 2
    ("iacta", "e6 to e10", "not a move in IACTA notation"),
    ("iacta", "42: e6-e10=2", "no throw is due"),  # the file has its throw already
    ("alea", "a1-a5", "not a legal move"),  # a 3 goes at most 3 fields
    ("alea", "a1-a9", "off the board"),
    ("alea", "a1->a2", "not a move in ALEA notation"),
    ("isaac", "+d9 a1 h", "not a legal move"),
    ("isaac", "place d7 at a1", "not a move in ISAAC notation"),
])
def test_a_bad_move_is_one_line_with_exit_status_1(game, text, kind):
    sample = {"iacta": "02-open-play-4-2", "alea": "01-start", "isaac": "01-empty-board"}[game]
    result = run_cli("check", f"sample:{game}/{sample}", "--move", text)
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardgen: error: move 1:") and kind in lines[0]


def test_a_move_after_the_game_is_over_says_so():
    result = run_cli("check", "sample:iacta/11-red-has-won", "--move", "42: a1-a3=2")
    assert result.exit_code == 1 and "the game is over" in result.output


def test_iacta_needs_the_throw_before_a_move_once_none_is_given():
    first = run_cli("check", "sample:iacta/02-open-play-4-2", "--move", "e6-e10=2", "--move", "j1-j4=1")
    assert first.exit_code == 1 and "must throw first" in first.output and "42:" in first.output
    thrown = run_cli("check", "sample:iacta/02-open-play-4-2", "--move", "e6-e10=2", "--move", "13: j1-j4=1")
    assert thrown.exit_code == 0 and "y1" in thrown.output
    only_throw = run_cli("check", "sample:iacta/02-open-play-4-2", "--move", "e6-e10=2", "--move", "6 6:")
    assert only_throw.exit_code == 0 and "throw = [6, 6]" in only_throw.output
    impossible = run_cli("check", "sample:iacta/02-open-play-4-2", "--move", "e6-e10=2", "--move", "79: j1-j2=7")
    assert impossible.exit_code == 1 and "move 2: '79' is not a throw" in impossible.output


def test_an_unknown_sample_is_a_usage_error():
    assert_one_line_error(run_cli("check", "sample:iacta/99-nothing"), "99-nothing", "01-start")
    assert_one_line_error(run_cli("check", "sample:../../etc/passwd"), "not a sample name")
