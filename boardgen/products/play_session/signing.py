"""The server's word on a game against the computer: an HMAC-SHA256 of the game's state as its address writes it,
and the dice drawn from the same key, so that a link can neither choose a throw nor rewrite a move.

The key is the server's (made once and kept with its settings, so a shared link still opens after a restart);
the session is given it and never makes one.  The signature covers everything the state is: the game, the board,
the number of players, who the computer plays and how, the start, the game's seed and every step.  A throw comes
from the key, the seed and the step's number, so asking for the same address again throws the same, and taking a
move back and playing another does not throw again.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import random
import secrets
from collections.abc import Sequence

SIGNATURE = "sig"  # the address's key that holds the signature
SEED = "g"  # and the game's seed: a new one for each game against the computer


def _digest(key: bytes, purpose: str, text: str) -> bytes:
    return hmac.new(key, f"{purpose}\n{text}".encode(), hashlib.sha256).digest()


def canonical(name: str, pairs: Sequence[tuple[str, str]]) -> str:
    """The text that is signed: the game's name and its state's keys and values, in the order the address writes
    them, each escaped so that no value can pass for another's."""
    return "\n".join([name.encode("unicode_escape").decode("ascii"),
                      *(f"{key}={value.encode('unicode_escape').decode('ascii')}" for key, value in pairs)])


def signature(key: bytes, name: str, pairs: Sequence[tuple[str, str]]) -> str:
    """The state's signature as an address-safe word (43 characters)."""
    return base64.urlsafe_b64encode(_digest(key, "state", canonical(name, pairs))).decode("ascii").rstrip("=")


def signed_by(key: bytes, name: str, pairs: Sequence[tuple[str, str]], given: str) -> bool:
    """Whether `given` is the state's signature (compared in constant time)."""
    return hmac.compare_digest(signature(key, name, pairs).encode("ascii"), given.encode("ascii", "replace"))


def new_seed() -> str:
    """A new game's seed: 12 random bytes, address-safe."""
    return secrets.token_urlsafe(12)


def step_dice(key: bytes, name: str, seed: str, history: Sequence[str]) -> random.Random:
    """The random source of the step after `history` (its throw, or the computer's choice): the same for the same
    game and the same steps before it, so a reload never throws again; another move before it draws anew, so the
    throws after a move cannot be known before it is made (each move's link shows only where that move leads, as
    Undo does), and nobody without the key can tell what it will give."""
    return random.Random(_digest(key, "dice", "\n".join((name, seed, *history))))
