"""`boardgen check` as a user meets it: where problems are, files it cannot read.

Every sample's answer is checked for every game in test_samples.py.
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers import run_cli

SAMPLES = Path(__file__).resolve().parent.parent / "boardgen" / "templates" / "positions" / "iacta"

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
