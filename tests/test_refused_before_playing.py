"""A product that plays games first (a study, a simulation's chart, a fairness report) refuses a target it cannot
write before it plays a single game: one line, exit 2, not the same line after a minute of games."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.products import fairness_report, long_work
from tests.helpers import assert_one_line_error, run_cli

pytestmark = pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc, a folder that takes no files")

PLAYED = [
    ("study", "iacta-border", "-o", "/proc/study.pdf"),
    ("simulate", "iacta", "--games", "200", "--plot", "/proc/chart.svg"),
    ("report", "alea", "-o", "/proc/report.pdf"),
]


@pytest.fixture
def no_game_is_played(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("games were played before the target was checked")
    monkeypatch.setattr(long_work, "executor_at", refuse)
    monkeypatch.setattr(fairness_report, "executor_at", refuse)


@pytest.mark.parametrize("args", PLAYED, ids=lambda args: args[0])
def test_a_folder_that_takes_no_files_is_refused_before_any_game(no_game_is_played, args):
    result = run_cli(*args)
    assert_one_line_error(result, "/proc", "does not accept new files")
    assert result.exit_code == 2


def test_a_folder_that_takes_files_is_left_as_it_was(tmp_path):
    from boardgen.products.writer import prepare_target

    prepare_target(tmp_path / "board.pdf")
    assert list(tmp_path.iterdir()) == []  # the probe is gone
