"""`boardgen check` as a user meets it: where problems are, files it cannot read.

Every sample's answer is checked for every game in test_samples.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli

SAMPLES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "positions" / "iacta"

def test_invalid_problems_say_where(in_tmp):
    report = json.loads(run_cli("check", str(SAMPLES / "14-invalid-tokens.toml"), "--json").output)
    where = {e["code"]: e["where"] for e in report["errors"]}
    assert where == {"unknown-key": "line 6, column 1", "bad-token": "c8 (line 10, column 7)",
                     "board-columns": "line 13"}


def test_missing_file_is_a_usage_error(in_tmp):
    result = run_cli("check", "nowhere.toml")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "nowhere.toml" in result.output


def test_a_folder_is_not_a_position_file(in_tmp):
    (in_tmp / "positions").mkdir()
    result = run_cli("check", "positions")
    assert result.exit_code == 2 and result.output.count("\n") == 1


def test_problems_are_at_their_keys_own_line_and_column_quoted_or_in_a_table(in_tmp):
    text = ('# a position with its keys written every way TOML allows\n'
            'game = "iacta"\n'
            '"to_move" = "blue"\n'
            '[rules]\n'
            '  doubles = "keep"\n'
            "  'colour' = 1\n")
    (in_tmp / "p.toml").write_text(text, encoding="utf-8")
    report = json.loads(run_cli("check", "p.toml", "--json").output)
    where = {e["code"]: e["where"] for e in report["errors"]}
    assert where["bad-player"] == "line 3, column 1"
    assert where["unknown-key"] == "line 6, column 3"
    assert not any(w.startswith("line 1,") for w in where.values())


def test_a_problem_without_a_place_has_no_line(in_tmp):
    (in_tmp / "p.toml").write_text('game = "iacta"\nboard = """\n"""\n', encoding="utf-8")
    report = json.loads(run_cli("check", "p.toml", "--json").output)
    missing = [e for e in report["errors"] if e["code"] == "missing-key"]
    assert missing and all(e["where"] == "" for e in missing)


@pytest.mark.parametrize("command", ["check", "diagram"])
def test_a_sample_name_longer_than_a_file_name_can_be_is_refused_in_one_line(in_tmp, command):
    """`check sample:iacta/` and 300 characters was an OSError that printed the install's path (issue 47)."""
    result = run_cli(command, "sample:iacta/" + "a" * 300)
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert "is not a sample name" in result.output and "site-packages" not in result.output
    assert "a" * 100 not in result.output  # the name is cut in what is said
