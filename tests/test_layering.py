"""The tiers, as import-linter checks them in CI: kept by the code, and broken by a wrong import.

import-linter sees every import statement, but not a module named by a string and loaded by name (a registry's
entry): the tests at the end close that hole.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator, Mapping
from importlib.util import resolve_name
from pathlib import Path

import pytest

from boardgen.products import declared
from boardgen.products.declared import PRODUCTS, Listed

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boardgen"

RENDERERS_KEEP_OFF_THE_REGISTRY = "Renderers never import the format registry"
PRODUCTS_KEEP_OFF_THE_FACES = "The products never import a face"
THE_PAGE_STAYS_THIN = "The web page imports only options, products and the format registry"


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    linter = Path(sys.executable).with_name("lint-imports")
    if not linter.exists():
        pytest.skip("import-linter is not installed (pip install -e '.[lint]')")
    return subprocess.run([str(linter), "--config", str(ROOT / "pyproject.toml"), "--no-cache"], cwd=root,
                          capture_output=True, text=True, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})


def _linted_with(tmp_path: Path, module: str, added: str) -> subprocess.CompletedProcess[str]:
    """import-linter's verdict on a copy of boardgen whose `module` (a path inside it) ends with `added`."""
    copy = tmp_path / "boardgen"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "templates"))
    target = copy / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n\n{added}  # added by the test\n", encoding="utf-8")
    return _lint(tmp_path)


def _verdict(output: str, contract: str) -> str:
    """The line of import-linter's summary for the contract whose name begins with `contract`."""
    lines = [line for line in output.splitlines() if line.startswith(contract)]
    assert len(lines) >= 1, output
    return lines[0]


def _broken_chains(output: str, contract: str) -> str:
    """The import chains import-linter lists under a broken contract (its section of "Broken contracts")."""
    lines = output.split("Broken contracts", 1)[-1].splitlines()
    starts = [i for i, line in enumerate(lines[:-1]) if line.startswith(contract) and set(lines[i + 1]) == {"-"}]
    assert starts, output
    section = []
    for i in range(starts[0] + 2, len(lines)):
        if i + 1 < len(lines) and lines[i + 1] and set(lines[i + 1]) == {"-"}:
            break  # the next contract's heading
        section.append(lines[i])
    return "\n".join(section)


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
    # The circle a renderer would close by taking its settings from the registry that loads it.
    ("render/png.py", "from .registry import RenderSettings", RENDERERS_KEEP_OFF_THE_REGISTRY),
    ("render/pdf_file.py", "def _late():\n    from . import registry", RENDERERS_KEEP_OFF_THE_REGISTRY),
    # serve's declaration naming the page it runs: the upward dependency that was once hidden in a string.
    ("products/declared/serve.py", "from ...web.serve import serve", PRODUCTS_KEEP_OFF_THE_FACES),
    ("products/board.py", "from ..cli import app", PRODUCTS_KEEP_OFF_THE_FACES),
    # The page reaching past the products: the game-file reader, the rules framework, drawing, a renderer.
    ("web/own_game.py", "from ..gamefiles.reader import GameFileError", THE_PAGE_STAYS_THIN),
    ("web/positions.py", "from ..engine.grid import Field", THE_PAGE_STAYS_THIN),
    ("web/app.py", "from ..draw.board import BoardLook", THE_PAGE_STAYS_THIN),
    ("web/words.py", "from ..render.png import png_files", THE_PAGE_STAYS_THIN),
    ("web/guard.py", "from ..render.settings import RenderSettings", THE_PAGE_STAYS_THIN),
])
def test_a_wrong_import_breaks_its_contract(tmp_path, module, wrong, contract):
    result = _linted_with(tmp_path, module, f"{wrong}  # deliberately wrong")
    assert result.returncode == 1, result.stdout
    assert _verdict(result.stdout, contract).endswith("BROKEN"), result.stdout
    # Broken by this very import, named in the contract's chains, not by something else in the tree.
    importer = "boardgen." + module.removesuffix(".py").replace("/", ".")
    assert f"{importer} -> " in _broken_chains(result.stdout, contract), result.stdout


def test_the_page_may_import_the_format_registry(tmp_path):
    result = _linted_with(tmp_path, "web/words.py", "from ..render.registry import FORMATS")
    assert " KEPT" in _verdict(result.stdout, THE_PAGE_STAYS_THIN), result.stdout


# -- modules named by strings ---------------------------------------------------------------------------------

def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _tier(module: str) -> str:
    """boardgen.web.serve -> boardgen.web: the tier import-linter's contracts are about."""
    return ".".join(module.split(".")[:2])


def _is_module(module: str) -> bool:
    place = ROOT.joinpath(*module.split("."))
    return place.with_suffix(".py").is_file() or (place / "__init__.py").is_file()


def modules_named_by_strings(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, module) for every string in `source` (the code of `module`) that names a module of boardgen:
    "boardgen.web.serve", or a relative name such as ".board" resolved as importlib resolves it from there."""
    return sorted(_named(source, module if is_package else module.rpartition(".")[0]))


def _named(source: str, package: str) -> Iterator[tuple[int, str]]:
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        text = node.value
        if re.fullmatch(r"boardgen(\.\w+)+", text):
            named = text
        elif re.fullmatch(r"\.+\w+(\.\w+)*", text):
            try:
                named = resolve_name(text, package)
            except ImportError:  # more dots than the package has parents: no module
                continue
        else:
            continue
        if _is_module(named):
            yield node.lineno, named


def strings_naming_another_tier(source: str, module: str, is_package: bool = False) -> list[str]:
    return [f"{line}: {named}" for line, named in modules_named_by_strings(source, module, is_package)
            if _tier(named) != _tier(module)]


def declared_outside_the_registry(products: Mapping[str, Listed]) -> list[str]:
    """Each product whose declaration is named in a module outside the products' registry's own package."""
    own = declared.__name__
    return [f"{name}: {listed.module}" for name, listed in products.items()
            if not resolve_name(listed.module, own).startswith(own + ".")]


def test_no_module_names_a_module_of_another_tier_by_a_string():
    """A module loaded by name is an import no contract sees; within its own tier it cannot break one."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "templates" in path.relative_to(PACKAGE).parts:
            continue
        module = _module_of(path)
        found = strings_naming_another_tier(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
        offenders += [f"{path.relative_to(ROOT)}:{where}" for where in found]
    assert offenders == []


def test_a_string_naming_another_tier_is_found():
    source = (
        'PRODUCTS = {\n'
        '    "serve": Listed("The web page.", "boardgen.web.serve", "SERVE"),\n'
        '    "up": Listed("Upwards.", "...web.serve", "SERVE"),\n'
        '    "board": Listed("A board.", ".board", "BOARD"),\n'
        '    "none": Listed("No module.", "boardgen.web.no_such_module", "X"),\n'
        '}\n'
        'LOGGER = "boardgen.products"\n'
        'EXTENSION = ".pdf"\n'
    )
    named = modules_named_by_strings(source, "boardgen.products.declared", is_package=True)
    assert named == [(2, "boardgen.web.serve"), (3, "boardgen.web.serve"), (4, "boardgen.products.declared.board"),
                     (7, "boardgen.products")]
    assert strings_naming_another_tier(source, "boardgen.products.declared", is_package=True) == [
        "2: boardgen.web.serve", "3: boardgen.web.serve"]


def test_every_product_is_declared_in_the_products_registry_package():
    assert declared_outside_the_registry(PRODUCTS) == []
    assert "serve" not in PRODUCTS  # the command line's own command: it runs a face (cli/app.py's COMMANDS)


def test_a_product_declared_in_a_face_is_found(monkeypatch):
    monkeypatch.setitem(PRODUCTS, "serve", Listed("The web page.", "boardgen.web.serve", "SERVE"))
    monkeypatch.setitem(PRODUCTS, "upwards", Listed("Upwards.", "...web.serve", "SERVE"))
    assert declared_outside_the_registry(PRODUCTS) == ["serve: boardgen.web.serve", "upwards: ...web.serve"]
