"""The tiers, as import-linter checks them in CI: kept by the code, and broken by a wrong import."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    linter = Path(sys.executable).with_name("lint-imports")
    if not linter.exists():
        pytest.skip("import-linter is not installed (pip install -e '.[lint]')")
    return subprocess.run([str(linter), "--config", str(ROOT / "pyproject.toml"), "--no-cache"], cwd=root,
                          capture_output=True, text=True, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})


def test_the_code_keeps_every_contract():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("module, wrong, contract", [
    ("render/svg.py", "from ..games import GAMES", "Renderers draw what they are given"),
    ("draw/board.py", "from ..products import writer", "Tiers"),
    ("games/iacta/rules.py", "from ...draw import scene", "A game's rules"),
    # An import inside a function is seen as well: nothing escapes the tiers by loading late.
    ("engine/grid.py", "def _late():\n    from ..draw import scene", "Tiers"),
])
def test_a_wrong_import_breaks_its_contract(tmp_path, module, wrong, contract):
    copy = tmp_path / "boardgen"
    shutil.copytree(ROOT / "boardgen", copy, ignore=shutil.ignore_patterns("__pycache__", "templates"))
    target = copy / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n\n{wrong}  # deliberately wrong\n", encoding="utf-8")
    result = _lint(tmp_path)
    assert result.returncode == 1, result.stdout
    broken = [line for line in result.stdout.splitlines() if line.endswith("BROKEN")]
    assert len(broken) >= 1 and any(line.startswith(contract) for line in broken), result.stdout
