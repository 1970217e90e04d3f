"""Random positions, written once per game, drawn by a test framework or by a seeded generator.

A game's `random_position(choose)` makes the text of a position file from
the choices `choose` makes.  Property tests hand it choices drawn by
hypothesis (which can then shrink a failing position to a small one);
benchmarks hand it a seeded `random.Random`.  Either way the game says once
what its positions look like.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Chooser(Protocol):
    """The choices a position generator makes."""

    def integer(self, low: int, high: int) -> int: ...  # low to high, both included

    def choice(self, options: Sequence[T]) -> T: ...

    def shuffled(self, options: Sequence[T]) -> list[T]: ...

    def boolean(self) -> bool: ...


class RandomChooser:
    """Choices from a seeded generator: the same seed, the same positions."""

    def __init__(self, seed: int | random.Random) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        return self.rng.choice(options)

    def shuffled(self, options: Sequence[T]) -> list[T]:
        return self.rng.sample(list(options), len(options))

    def boolean(self) -> bool:
        return self.rng.random() < 0.5
