"""The one way boardgen loads a module late: a command imports only the game, product and format it uses.

    Loader("boardgen.games.alea.rules", "RULES")()        # the object, imported on the first call, then kept
    LazyFunction("boardgen.games.alea.board", "alea_board")  # a function that imports itself when first called
    load("boardgen.render.pdf", "pdf_files")               # the same, once, without keeping it
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


def load(module: str, attribute: str, package: str | None = None) -> Any:
    """`attribute` of `module` (relative to `package` when it starts with a dot), importing it if need be."""
    return getattr(importlib.import_module(module, package), attribute)


class Loader(Generic[T]):
    """Imports `module` and returns its `attribute` when first called, then the same object every time."""

    __slots__ = ("module", "attribute", "_value")

    def __init__(self, module: str, attribute: str) -> None:
        self.module, self.attribute = module, attribute
        self._value: T | None = None

    def __call__(self) -> T:
        if self._value is None:
            self._value = load(self.module, self.attribute)
        return self._value


class LazyFunction:
    """A function imported from `module` on its first call: `board=LazyFunction(...)` costs nothing at start-up."""

    __slots__ = ("_loader",)

    def __init__(self, module: str, attribute: str) -> None:
        self._loader: Loader[Callable[..., Any]] = Loader(module, attribute)

    def __call__(self, *args: Any) -> Any:
        return self._loader()(*args)
