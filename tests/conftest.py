import os
import tempfile
from pathlib import Path

import pytest
from helpers import run_cli

_TESTS = Path(__file__).resolve().parent
# The toy game (tests/toy_games) is a game from outside boardgen, found through the entry point that
# tests/boardgen_toy_games-1.0.dist-info declares.  pytest puts this folder on sys.path (pyproject.toml's
# pythonpath); boardgen processes the tests start get it too, so they find the same games.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_TESTS), os.environ.get("PYTHONPATH", "")]))
# What boardgen keeps between runs (the page's signing key) goes into a folder of the test run's own, never the
# home folder of whoever runs the tests; the processes the tests start inherit it.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="boardgen-tests-state-")


# Tests that compare bytes, or a file's content, that a dependency writes (a compiled catalogue, the same PDF
# twice): CI runs them once more in a venv with the newest release of every dependency (.ci/run), so a release that
# writes otherwise fails there by name.
DEPENDENCY_OUTPUT = "dependency_output"


def pytest_configure(config):
    config.addinivalue_line("markers", f"{DEPENDENCY_OUTPUT}: compares bytes or content a dependency writes; CI "
                            "runs these again against the newest releases")


@pytest.fixture(scope="session")
def board_pdfs(tmp_path_factory):
    """Boards rendered once per option set and shared by the tests that look at them."""
    folder = tmp_path_factory.mktemp("boards")
    cache: dict[tuple[str, ...], Path] = {}

    def make(*options: str, fmt: str = "pdf") -> Path:
        key = options + (fmt,)
        if key not in cache:
            path = folder / f"board-{len(cache)}.{fmt}"
            result = run_cli("board", "iacta", *options, "--format", fmt, "-o", str(path))
            assert result.exit_code == 0, result.output
            cache[key] = path
        return cache[key]

    return make


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Run in an empty folder, as a user would in a fresh checkout."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


_ROOT = Path(__file__).resolve().parent.parent
_TOOL_FOLDERS = {".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis", "output", "build", ".venv"}


@pytest.fixture(scope="session", autouse=True)
def the_checkout_stays_clean():
    """No test may write into the checkout: a stray `-o` once left files named '-1' and 'NaN' that got committed."""
    before = {p.name for p in _ROOT.iterdir()}
    yield
    added = {p.name for p in _ROOT.iterdir()} - before - _TOOL_FOLDERS
    assert not added, f"tests wrote into the checkout: {sorted(added)}"
