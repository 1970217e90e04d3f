"""A game at the table as its address gives it: which game, on which board, against whom, from where, and every
step so far; read from an address's query and written back into one, so a link reopens the game where it stood.

A step is a throw ("42:") or a move in the game's notation.  The query's keys are `variant`, `against`, `side`,
`start` (a position's text, packed) and `s` (a step, once for each); `from` and `to` say which piece is chosen and
where to, and are the page's choice, not the table's.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeAlias, TypeVar
from urllib.parse import urlencode

from ...engine.contract import GameRules, Position
from ...errors import BoardgenError
from ...games.game import Engine, Game
from ..games import GAMES

P = TypeVar("P", bound=Position)
M = TypeVar("M")

# The computer's players, as the page offers them (key: what an address says): the simulator's own.
COMPUTER: Mapping[str, str] = {"random": "random", "greedy": "greedy", "mcts": "mcts:100"}
MOST_STEPS = 3000  # a whole game and more; an address with more is refused, not replayed
_LONGEST_START = 100_000  # bytes a packed start position may unpack to: a position file is a few hundred

# An address's query: each key's values in the order given (urllib's parse_qs, werkzeug's to_dict(flat=False)).
Query = Mapping[str, Sequence[str]]


@dataclass(frozen=True)
class Table(Generic[P, M]):
    """A game as an address gives it: which game, on which board, against whom, from where, and the steps; for
    the game's positions P and moves M."""

    name: str  # as the address names it: a game, or (on the page) an upload's token
    game: Game
    engine: Engine[P, M]  # the game's
    variant: str  # "" for the game's first
    against: str  # "" for two people at one screen; else a key of COMPUTER
    side: str  # the player the computer plays
    start: str  # a start position's text, packed (pack); "" for the game's start
    steps: tuple[str, ...]

    @property
    def rules(self) -> GameRules[P, M]:
        return self.engine.rules

    def query(self, steps: Sequence[str] | None = None, chosen: str = "", to: str = "") -> str:
        """The address's query for this table after `steps` (its own by default), with a chosen piece's field
        and where it goes, if given."""
        pairs = [(key, value) for key, value in (("variant", self.variant), ("against", self.against),
                                                 ("side", self.side if self.against else ""),
                                                 ("start", self.start)) if value]
        pairs += [("s", step) for step in (self.steps if steps is None else steps)]
        pairs += [(key, value) for key, value in (("from", chosen), ("to", to)) if value]
        return urlencode(pairs)


# A table of a game of unknown kind, as an address gives it: Any for the reason games.game.SomeEngine is.  The
# session's functions take it as `Table[P, M]`, generic in P and M.
SomeTable: TypeAlias = Table[Any, Any]


def playable() -> list[Game]:
    """The games with a rules engine, in the registry's order: those that can be played at the table."""
    return [game for game in GAMES.values() if game.engine is not None]


def game_to_play(name: str) -> Game:
    """The game of the registry called `name`; BoardgenError naming those that can be played."""
    found = GAMES.get(name.lower())
    if found is None:
        raise BoardgenError(f"there is no game {name[:60]!r} to play here; these can be played: "
                            f"{', '.join(game.title for game in playable())}")
    return found


def first(query: Query, key: str) -> str:
    """The first value the query gives `key` ("" when none), as a form reads one field."""
    values = query.get(key, ())
    return values[0] if values else ""


def read_table(name: str, game: Game, query: Query) -> SomeTable:
    """The table an address asks for, of `game` (which it calls `name`); BoardgenError saying what is wrong."""
    engine = game.engine
    if engine is None:
        raise BoardgenError(f"{game.title} cannot be played on the page yet: {game.no_engine_reason}")
    variant = first(query, "variant").strip().lower()
    if variant:
        try:
            game.variant(variant)
        except ValueError as error:
            raise BoardgenError(str(error)) from None
    against = first(query, "against").strip().lower()
    if against and against not in COMPUTER:
        raise BoardgenError(f"the computer plays {', '.join(COMPUTER)}, not {against[:60]!r}")
    players = engine.rules.players
    side = first(query, "side").strip().lower() or players[-1]
    if side not in players:
        raise BoardgenError(f"the computer plays one of {', '.join(players)}, not {side[:60]!r}")
    steps = tuple(query.get("s", ()))
    if len(steps) > MOST_STEPS:
        raise BoardgenError(f"that game has {len(steps):,} steps; the page replays at most {MOST_STEPS:,}")
    return Table(name, game, engine, variant, against, side, first(query, "start"), steps)


def pack(text: str) -> str:
    """A position's text as a short, address-safe word (so a link holds it)."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def unpack(word: str) -> str:
    """The text `pack` made the word of; BoardgenError when the word is damaged."""
    try:
        data = zlib.decompressobj().decompress(base64.urlsafe_b64decode(word + "=" * (-len(word) % 4)),
                                               _LONGEST_START)
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise BoardgenError("the link's start position is damaged: copy the whole link again") from None
