"""Games are found, not listed: a game from another package (the toy game in tests/toy_games) gets every product
and command without a line of boardgen's shared code naming it."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

from helpers import run_cli

from boardgen.gamefiles import GAMES, SHIPPED
from boardgen.games import ENTRY_POINTS

PACKAGE = Path(__file__).resolve().parent.parent / "boardgen"


def test_the_games_are_the_packages_in_games_the_entry_points_and_the_shipped_game_files():
    """One registry holds every game a user can name, whatever kind of game it is."""
    built_in = {path.parent.name for path in (PACKAGE / "games").glob("*/__init__.py")}
    plugged = {entry.name for entry in entry_points(group=ENTRY_POINTS)}
    shipped = {path.stem for path in SHIPPED.glob("*.toml")}
    assert set(GAMES) == built_in | plugged | shipped
    assert shipped and not shipped & built_in
    assert "pawns" in plugged and "pawns" not in built_in


def test_no_shared_file_names_the_toy_game():
    named = [path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*") if path.is_file()
             and path.suffix in (".py", ".md", ".toml", ".json") and "pawns" in path.read_text(encoding="utf-8")]
    assert named == []


def test_no_shared_module_lists_the_built_in_games():
    """Only a game's own folder and its texts name it; shared code asks the registry."""
    shared = [path for path in PACKAGE.rglob("*.py") if "games" not in path.relative_to(PACKAGE).parts[:1]]
    for path in shared:
        text = path.read_text(encoding="utf-8")
        listed = [name for name in ("iacta", "alea", "isaac", "stacktics") if f'"{name}"' in text]
        assert len(listed) < 2, (path.relative_to(PACKAGE).as_posix(), listed)


def test_the_toy_game_goes_through_check_diagram_simulate_and_study(in_tmp):
    checked = run_cli("check", "sample:pawns/02-step-or-take", "--move", "c2xd3")
    assert checked.exit_code == 0 and 'game = "pawns"' in checked.output
    assert run_cli("diagram", "sample:pawns/02-step-or-take", "--moves", "-o", "d.svg").exit_code == 0
    assert "pawns-first-player" in run_cli("study", "--help").output
    simulated = run_cli("simulate", "pawns", "--games", "4", "--workers", "1", "--format", "json")
    assert simulated.exit_code == 0 and '"games": 4' in simulated.output


def test_a_boardgen_process_finds_the_toy_game_too(tmp_path):
    completed = subprocess.run([sys.executable, "-m", "boardgen", "board", "pawns", "-o", str(tmp_path / "p.pdf")],
                               capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
