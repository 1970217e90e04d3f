"""Every sample position gives its documented answer through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import checked_sample, run_cli

SAMPLES = Path(__file__).resolve().parent.parent / "templates" / "positions" / "iacta"

# The answer each sample's comment promises: (valid, winner, notations that must be listed,
# notations that must not be, error codes).
EXPECTED = {
    "01-start": (True, None, {"a3-a5=5", "a3-f3=2", "pass"}, {"a1-b1=2"}, []),
    "02-open-play-4-2": (True, None, {"e6xf5=4>j3", "e6-e10=2", "e6-e4=4", "pass"}, {"e6-f5=4"}, []),
    "03-strike-allowed": (True, None, {"e5xe8=4>j3"}, {"e5-e8=4"}, []),
    "04-strike-refused-sum": (True, None, set(), {"e5xe8=4>j3", "e5-e8=4"}, []),
    "05-safe-in-homeland": (True, None, {"c7-a8=4"}, {"c7xa9=3>j3"}, []),
    "06-large-homelands-handicap": (True, None, {"j1-j7=1", "pass"}, set(), []),
    "07-mixed-homelands": (True, None, {"d6-c9=3"}, {"d6xb8=3>j3"}, []),
    "08-rocade": (True, None, {"d4<>e5", "d4<>g6"}, {"e5<>g6"}, []),
    "09-doubles-throw": (True, None, {"e5-e6=3", "e5-e10=3", "e5-e8=3"}, {"e5-e8=6"}, []),
    "10-doubles-keep": (True, None, {"e5-e6=6", "e5-e8=3", "e5-e8=6", "e5-e10=6"}, {"e5-e6=3"}, []),
    "11-red-has-won": (True, "red", set(), set(), []),
    "12-no-free-home": (True, None, {"j3xh5=3>j3"}, {"e5xh5=4>j3"}, []),
    "13-invalid-counts": (False, None, set(), set(), ["face-out-of-range", "dice-count", "bad-throw"]),
    "14-invalid-tokens": (False, None, set(), set(), ["unknown-key", "bad-token", "board-columns"]),
    "15-invalid-not-toml": (False, None, set(), set(), ["not-toml"]),
    "16-invalid-too-many-dice": (False, None, set(), set(), ["homeland-too-small"]),
}


def test_every_sample_has_an_expected_answer_and_a_comment():
    files = {p.stem for p in SAMPLES.glob("*.toml")}
    assert files == set(EXPECTED) and len(files) >= 12
    for path in SAMPLES.glob("*.toml"):
        assert path.read_text().startswith("# "), f"{path.name} needs a comment saying what it shows"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_answers_in_json(name):
    valid, winner = EXPECTED[name][:2]
    report = checked_sample(SAMPLES / f"{name}.toml", EXPECTED[name])
    for move in report["moves"]:
        keys = {"move": {"kind", "from", "to", "face", "notation"},
                "strike": {"kind", "from", "to", "face", "home", "notation"},
                "rocade": {"kind", "squares", "notation"}, "pass": {"kind", "notation"}}[move["kind"]]
        assert set(move) == keys
        if move["kind"] == "rocade":
            assert move["squares"] == sorted(move["squares"])
    if valid and winner is None and report["moves"]:
        assert report["moves"][-1] == {"kind": "pass", "notation": "pass"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_answers_in_text(name):
    valid, winner, present, absent, codes = EXPECTED[name]
    result = run_cli("check", str(SAMPLES / f"{name}.toml"))
    assert result.exit_code == (0 if valid else 1)
    out = result.output
    if not valid:
        assert "not a valid position" in out
        for code in codes:
            assert f"[{code}]" in out
        return
    assert "valid IACTA position" in out
    if winner:
        assert f"{winner} has won" in out
    words = set(out.split())
    assert present <= words and not (absent & words)
    json_moves = json.loads(run_cli("check", str(SAMPLES / f"{name}.toml"), "--json").output)["moves"]
    if json_moves:
        assert f"{len(json_moves)} legal moves" in out


def test_invalid_problems_say_where(in_tmp):
    report = json.loads(run_cli("check", str(SAMPLES / "14-invalid-tokens.toml"), "--json").output)
    where = {e["code"]: e["where"] for e in report["errors"]}
    assert where == {"unknown-key": "line 6", "bad-token": "c8 (line 10, column 7)", "board-columns": "line 13"}


def test_missing_file_is_a_usage_error(in_tmp):
    result = run_cli("check", "nowhere.toml")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "nowhere.toml" in result.output


def test_a_folder_is_not_a_position_file(in_tmp):
    (in_tmp / "positions").mkdir()
    result = run_cli("check", "positions")
    assert result.exit_code == 2 and result.output.count("\n") == 1
