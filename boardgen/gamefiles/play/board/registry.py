"""The board engine's mechanisms, in the order the engine asks them: each module declares its keys (MECHANISM)
and supplies its part of the tables and its hooks.  A new mechanism is one module listed here, and its tests."""

from __future__ import annotations

from ..declare import Mechanism, Table
from . import capturing, ends, geometry, kinds, moving, patterns, placing

MECHANISMS: tuple[Mechanism, ...] = tuple(module.MECHANISM for module in (
    geometry, kinds, moving, placing, capturing, patterns, ends))


def key_names(table: Table) -> tuple[str, ...]:
    """Every key the board engine's mechanisms declare for `table`, in the registry's order."""
    return tuple(dict.fromkeys(key.name for mechanism in MECHANISMS for key in mechanism.keys
                               if key.table is table))
