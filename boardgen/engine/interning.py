"""A bounded table of interned moves.

Building a frozen dataclass costs over a microsecond, most of move generation, so the games keep each move
they build and hand out the same object again.  Over a long simulation the moves that capture or stack can
run to hundreds of thousands, so the table forgets everything once it holds `limit`: moves compare by value,
so forgetting costs only their rebuilding.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")

DEFAULT_LIMIT = 50_000  # about 10 MiB of moves


class InternTable(dict[Hashable, Value], Generic[Value]):
    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: Hashable, value: Value) -> Value:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
