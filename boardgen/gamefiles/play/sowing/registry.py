"""The sowing engine's mechanisms, in the order the engine asks them: each module declares its keys (MECHANISM)
and supplies its part of the tables and its hooks.  A new mechanism is one module listed here, and its tests."""

from __future__ import annotations

from ..declare import Mechanism
from . import capturing, ends, feeding, pits, sowing

MECHANISMS: tuple[Mechanism, ...] = tuple(module.MECHANISM for module in (pits, sowing, capturing, feeding, ends))


def key_names() -> tuple[str, ...]:
    """Every key the sowing engine's mechanisms declare, in the registry's order."""
    return tuple(dict.fromkeys(key.name for mechanism in MECHANISMS for key in mechanism.keys))
