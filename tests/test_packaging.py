"""A built wheel, installed into a fresh venv, runs every command a new user tries first.

An editable install finds files in the checkout that a real install leaves
behind (the rule texts and samples once were), so this builds the wheel,
installs it with no access to the checkout, and runs it from another folder.
The wheel's dependencies come from the test venv (a path file); only the
build backend is fetched, as pip always does.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    work = tmp_path_factory.mktemp("wheel")
    # Built as pip builds it for a user: in an isolated environment with the build backend from the index.
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist"), str(ROOT)],
        capture_output=True, text=True, cwd=work)
    if built.returncode != 0 and ("No matching distribution" in built.stderr or "connection" in built.stderr.lower()):
        pytest.skip("cannot fetch the build backend (setuptools) to build a wheel: no package index reachable")
    assert built.returncode == 0, built.stderr
    (wheel,) = (work / "dist").glob("boardgen-*.whl")
    environment = work / "venv"
    venv.create(environment, with_pip=False)
    python = environment / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # The dependencies, from the test venv; boardgen itself only from the wheel.
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return wheel, python, work


def _run(python: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    return subprocess.run([str(python), "-m", "boardgen", *args], capture_output=True, text=True, cwd=cwd, env=env)


def test_the_wheel_carries_the_rule_texts_and_samples(installed):
    wheel, _, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert "boardgen/templates/rules/iacta.da.md" in names
    texts = [n for n in names if n.startswith("boardgen/templates/rules/") and n.endswith(".md")]
    assert [n for n in names if n.endswith(".outline.json")] == [n[:-3] + ".outline.json" for n in texts]
    assert "boardgen/templates/positions/isaac/03-worked-example.toml" in names
    assert not [n for n in names if n.startswith(("tests/", "bench/"))]


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    _, python, work = installed
    where = subprocess.run([str(python), "-c", "import boardgen; print(boardgen.__file__)"], capture_output=True,
                           text=True, cwd=work, check=True).stdout.strip()
    assert str(ROOT) not in where and str(work) in where


def test_rules_check_list_and_board_run_from_the_wheel(installed):
    _, python, work = installed
    rules = _run(python, work, "rules", "iacta", "--lang", "da", "-o", "regler.pdf")
    assert rules.returncode == 0, rules.stderr
    assert (work / "regler.pdf").read_bytes().startswith(b"%PDF")
    checked = _run(python, work, "check", "sample:isaac/03-worked-example")
    assert checked.returncode == 0, checked.stderr
    assert "-d5 a2 h +12" in checked.stdout
    listed = _run(python, work, "list")
    assert listed.returncode == 0 and "rules (en, da)" in listed.stdout and "01-start" in listed.stdout
    board = _run(python, work, "board", "alea")
    assert board.returncode == 0 and (work / "output" / "alea-board-classic.pdf").is_file()
