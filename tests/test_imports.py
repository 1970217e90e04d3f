"""Imports sit at the top of their module: plain code that mypy, import-linter and vulture all see.

Only a registry that chooses one of many (a command, a file format, a game, a product) loads what it chose when
it is chosen; each is listed below with its reason.  Anything else that imports inside a function or a class,
or calls importlib.import_module or __import__, fails here with its module and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import boardgen

PACKAGE = Path(boardgen.__file__).parent

# The modules that may load late, by path inside the package, each with why.
MAY_DEFER = {
    "cli/app.py": "the click group loads the one command that runs: a product's declaration, or the page for serve",
    "render/registry.py": "the format registry loads the one renderer asked for",
    "games/__init__.py": "game discovery loads the one game asked for",
    "console.py": "the console script catches a Ctrl-C while boardgen is still being imported",
    "gamefiles/__init__.py": "a GAME argument loads the game-file reader only when it names a file",
    "products/declared/__init__.py": "the product registry loads the one product asked for",
    "products/laser_files.py": "a product that makes print or laser files loads the laser's making (beds, packing, "
                               "glyph outlines) only when laser files are asked for: a third of a print board's "
                               "start-up",
    "simulate/runner.py": "the executor --scheduler chooses: Dask, an optional extra absent from a plain install",
    "__init__.py": "boardgen.game, the Python API, is imported on first use: every command runs this module first",
}

_DYNAMIC = {"import_module", "__import__"}


def deferred_imports(source: str) -> list[tuple[int, str]]:
    """(line, statement) of every import made after a module has loaded: inside a function or a class body,
    or through importlib.import_module / __import__ anywhere."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom) and inside:
                found.append((child.lineno, ast.unparse(child)))
            elif isinstance(child, ast.Call) and _called_name(child.func) in _DYNAMIC:
                found.append((child.lineno, ast.unparse(child)))
            nested = inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef)
            visit(child, nested)

    visit(ast.parse(source), False)
    return sorted(found)


def _called_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def test_the_checker_finds_a_deferred_import() -> None:
    source = (
        "import os\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pathlib import Path\n"
        "try:\n"
        "    import fcntl\n"
        "except ImportError:\n"
        "    pass\n"
        "def f():\n"
        "    import json\n"
        "    return json\n"
        "class C:\n"
        "    def m(self):\n"
        "        if True:\n"
        "            from .x import y\n"
        "g = lambda: __import__('csv')\n"
        "def h():\n"
        "    return importlib.import_module('.pdf', __package__)\n"
    )
    assert [line for line, _ in deferred_imports(source)] == [10, 15, 16, 18]


def test_imports_are_at_the_top_of_every_module() -> None:
    offending = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name in MAY_DEFER:
            continue
        for line, statement in deferred_imports(path.read_text(encoding="utf-8")):
            offending.append(f"boardgen/{name}:{line}: {statement}")
    if offending:
        pytest.fail(f"{len(offending)} imports made inside a function, a class or by name, not at the top of the "
                    "module (only the registries in MAY_DEFER may load late):\n" + "\n".join(offending),
                    pytrace=False)


def test_every_registry_allowed_to_defer_exists() -> None:
    assert [name for name in MAY_DEFER if not (PACKAGE / name).is_file()] == []
