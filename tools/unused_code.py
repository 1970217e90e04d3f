"""Unused code in boardgen, found by vulture: `python tools/unused_code.py` (CI runs it), one line per name.

Vulture sees a name used only where Python code uses it.  So boardgen is read together with the code that uses
it from outside (the tests, the tools and the benchmarks), and the names something calls or reads by name are
learnt from boardgen itself, each time, rather than listed by hand: nothing here changes when a product, a
format, a game, a page or a template is added, and nothing here can name code that has gone.

- a product's declaration: the attribute each entry of products.declared.PRODUCTS names;
- an entry point: the function each one in pyproject.toml names (the `boardgen` console script);
- the web page: every view, hook, error handler and template function the app registers (Flask calls them by
  address), and every name its Jinja templates read;
- a library's class: a method or attribute of a boardgen class that overrides its library base class's (click
  calls BoardgenGroup.get_command, and reads a ClickException's exit_code).

What remains is LIBRARY_NAMES below: names a library reads that boardgen cannot point at, each accepted only in
its own file, and each looked for there: an entry whose code has gone is reported, so none outlives it.
Exit status: 0 when nothing is unused, 1 otherwise.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType

from vulture import Vulture  # type: ignore[import-untyped]  # vulture has no type information

import boardgen
from boardgen.products.declared import PRODUCTS
from boardgen.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(boardgen.__file__).resolve().parent
USERS = ("tests", "tools", "bench")  # code outside the package that uses its names
MIN_CONFIDENCE = 60  # vulture's word for "maybe": every unused function, class, attribute and variable

# Names a library reads or calls that boardgen cannot point at, by the file that defines them: attributes set on a
# library's objects for it to read, and the methods of a library's protocol that a class implements without
# inheriting it.
LIBRARY_NAMES: dict[str, frozenset[str]] = {
    # fontTools' pen protocol: glyph.draw(pen) calls these (with these argument names).
    "draw/glyphs.py": frozenset({"moveTo", "lineTo", "qCurveTo", "curveTo", "endPath", "addComponent",
                                 "glyph_name", "transformation"}),
    "render/dxf.py": frozenset({"rgb", "hatch_style"}),  # ezdxf reads them when it writes the file
    "products/bundle.py": frozenset({"external_attr"}),  # zipfile writes it as the entry's permissions
    "web/app.py": frozenset({"secret_key"}),  # Flask signs the session cookie with it
}


def product_declarations() -> Iterator[str]:
    for listed in PRODUCTS.values():
        yield listed.attribute


def entry_points() -> Iterator[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = [project.get("scripts", {}), project.get("gui-scripts", {}), *project.get("entry-points", {}).values()]
    for group in groups:
        for target in group.values():
            yield str(target).partition(":")[2].split(".")[-1]


def web_callbacks() -> Iterator[str]:
    """Every function the web page's app calls by its address: views, request hooks, error handlers and the
    templates' functions, as the app itself registered them."""
    app = create_app()
    functions: list[object] = list(app.view_functions.values())
    for registry in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs,
                     app.template_context_processors, app.url_value_preprocessors, app.url_default_functions):
        for hooks in registry.values():
            functions += hooks
    for by_code in app.error_handler_spec.values():
        for by_class in by_code.values():
            functions += by_class.values()
    for table in (app.jinja_env.filters, app.jinja_env.globals, app.jinja_env.tests):
        functions += table.values()
    for function in functions:
        if str(getattr(function, "__module__", "")).startswith("boardgen."):
            yield str(getattr(function, "__name__", ""))


def template_names() -> Iterator[str]:
    """Every name a Jinja template reads (`{{ view.moves_made }}`, `{% if f.suggestions %}`)."""
    for template in PACKAGE.rglob("templates/*.html"):
        for block in re.findall(r"\{\{.*?\}\}|\{%.*?%\}", template.read_text(encoding="utf-8"), re.DOTALL):
            yield from re.findall(r"[A-Za-z_]\w*", block)


def library_overrides() -> Iterator[str]:
    """The names by which a library calls a boardgen class: those it defines that a library base class has."""
    for module in _every_module():
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            libraries = [base for base in cls.__mro__[1:] if base is not object and not _ours(base.__module__)]
            yield from (name for name in vars(cls) if any(hasattr(base, name) for base in libraries))


def _ours(module: str) -> bool:
    return module == "boardgen" or module.startswith("boardgen.")


def _every_module() -> Iterator[ModuleType]:
    yield boardgen
    for found in pkgutil.walk_packages(boardgen.__path__, "boardgen."):
        if found.name != "boardgen.__main__":  # runs the command line
            yield importlib.import_module(found.name)


def used_by_name() -> set[str]:
    sources: Iterable[Iterator[str]] = (product_declarations(), entry_points(), web_callbacks(), template_names(),
                                        library_overrides())
    return {name for source in sources for name in source}


def stale_library_names() -> Iterator[str]:
    """LIBRARY_NAMES' entries whose file no longer has the name (or is gone)."""
    for path, names in sorted(LIBRARY_NAMES.items()):
        source = PACKAGE / path
        text = source.read_text(encoding="utf-8") if source.is_file() else ""
        for name in sorted(names):
            if not re.search(rf"\b{re.escape(name)}\b", text):
                yield f"tools/unused_code.py: LIBRARY_NAMES holds {name!r} for boardgen/{path}, which has none"


def main() -> int:
    vulture = Vulture(verbose=False)
    vulture.scavenge([str(PACKAGE), *(str(ROOT / folder) for folder in USERS if (ROOT / folder).is_dir())])
    by_name = used_by_name()
    found = list(stale_library_names())
    for item in vulture.get_unused_code(min_confidence=MIN_CONFIDENCE):
        path = Path(item.filename).resolve()
        if not path.is_relative_to(PACKAGE) or item.name in by_name:
            continue
        if item.name in LIBRARY_NAMES.get(path.relative_to(PACKAGE).as_posix(), frozenset()):
            continue
        found.append(item.get_report())
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
