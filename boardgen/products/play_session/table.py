"""A game at the table as its address gives it: which game, on which board, by how many, against whom, from where,
and every step so far; read from an address's query and written back into one, so a link reopens the game where
it stood.

A step is a throw ("42:") or a move in the game's notation.  The query's keys are `variant`, `players` (2 to 4,
where the game allows several), `rule.NAME` (a rule option's value, as `boardgen simulate --rule NAME=VALUE`
sets it: `rule.blocks=on`), `against` (the computer's strength), `side` (a seat the computer plays, once for each),
`start` (a position's text, packed: it keeps its own rules), `g` (the game's seed) and `s` (a step, once for
each); `from` and `to` say which piece is chosen and where to, and are the page's choice, not the game's.

Two people at one screen keep their game in an unsigned address: what they type into it is theirs to type.
Against the computer the address is signed with the server's key (signing.py) and the throws come from that key,
so an address whose steps, throws, seats or start were changed is refused in words.
"""

from __future__ import annotations

import base64
import binascii
import random
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeAlias, TypeVar
from urllib.parse import urlencode

from ...engine.contract import GameRules, Position
from ...engine.problems import PositionFileError
from ...errors import BoardgenError
from ...gamefiles.position_files import load_position
from ...games.game import Engine, Game
from ..games import GAMES
from .signing import SEED, SIGNATURE, new_seed, signature, signed_by, step_dice

P = TypeVar("P", bound=Position)
M = TypeVar("M")

# The computer's players, as the page offers them (key: what an address says): the simulator's own.
COMPUTER: Mapping[str, str] = {"random": "random", "greedy": "greedy", "mcts": "mcts:100"}
MOST_STEPS = 3000  # a whole game and more; an address with more is refused, not replayed
RULE = "rule."  # an address's key for a rule option begins with it: "rule.blocks"
_LONGEST_START = 100_000  # bytes a packed start position may unpack to: a position file is a few hundred

# An address's query: each key's values in the order given (urllib's parse_qs, werkzeug's to_dict(flat=False)).
Query = Mapping[str, Sequence[str]]

CHANGED = ("this game's link was changed after the page wrote it (a step, a throw, a side or the start is not as "
           "it was played): against the computer the page keeps the game as it was played, so go back to the "
           "last page, or start a new game")


@dataclass(frozen=True)
class Table(Generic[P, M]):
    """A game as an address gives it: which game, on which board, by how many, against whom, from where, and the
    steps; for the game's positions P and moves M."""

    name: str  # as the address names it: a game, or (on the page) an upload's token
    game: Game
    engine: Engine[P, M]  # the game's
    rules: GameRules[P, M]  # the engine's, for this table's number of players
    variant: str  # "" for the game's first
    options: tuple[tuple[str, str], ...]  # the rule options chosen, by name, where not the default; () for none
    against: str  # "" for people only (at one screen); else a key of COMPUTER
    sides: tuple[str, ...]  # the players the computer plays, in their order; () for people only
    start: str  # a start position's text, packed (pack); "" for the game's start
    begin: P  # where the game begins: the start position, or the board's
    seed: str  # the game's seed, against the computer ("" until the page begins the game)
    steps: tuple[str, ...]
    key: bytes = field(default=b"", repr=False, compare=False)  # the server's, which signs the address

    @property
    def signed(self) -> bool:
        """Whether the address is signed and the throws are the server's: against the computer."""
        return bool(self.against)

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone at the table, first to move first."""
        return tuple(self.rules.players)

    def state(self, steps: Sequence[str] | None = None) -> list[tuple[str, str]]:
        """The address's keys and values that make the game (what is signed), after `steps` (its own by default)."""
        pairs = [("variant", self.variant)] if self.variant else []
        if len(self.engine.rules.seat_counts()) > 1:
            pairs.append(("players", str(len(self.players))))
        pairs += [(f"{RULE}{name}", value) for name, value in self.options]
        if self.against:
            pairs += [("against", self.against), *(("side", side) for side in self.sides)]
        if self.start:
            pairs.append(("start", self.start))
        if self.signed and self.seed:
            pairs.append((SEED, self.seed))
        pairs += [("s", step) for step in (self.steps if steps is None else steps)]
        return pairs

    def query(self, steps: Sequence[str] | None = None, chosen: str = "", to: str = "") -> str:
        """The address's query for this table after `steps` (its own by default), signed against the computer, with
        a chosen piece's field and where it goes, if given."""
        pairs = self.state(steps)
        if self.signed:
            pairs.append((SIGNATURE, signature(self.key, self.name, pairs)))
        pairs += [(key, value) for key, value in (("from", chosen), ("to", to)) if value]
        return urlencode(pairs)

    def played_on(self, steps: Sequence[str]) -> Table[P, M]:
        """The same table after `steps`."""
        return replace(self, steps=tuple(steps))

    def anew(self) -> Table[P, M]:
        """The same table from its start, as a new game: nothing played, and (against the computer) a new seed to
        come, so its throws are not the last game's."""
        return replace(self, seed="", steps=())

    def begun(self) -> Table[P, M]:
        """The table with a seed of its own, if the computer plays it and it has none yet (a new game)."""
        return replace(self, seed=new_seed()) if self.signed and not self.seed else self

    def dice(self, history: Sequence[str]) -> random.Random:
        """The signed table's random source for the step after `history`: the server's key, the game's seed and
        every step before it."""
        return step_dice(self.key, self.name, self.seed, history)


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


def counts_in_words(counts: Sequence[object]) -> str:
    """(2, 3, 4) -> "2, 3 or 4"; ("off", "on") -> "off or on"."""
    words = [str(count) for count in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def seats_of(engine: Engine[P, M], position: P) -> int:
    """How many play a position: the game's one number, or, where it allows several, the number the position's
    standing gives ("players"); the fewest it allows where that says nothing."""
    counts = engine.rules.seat_counts()
    if len(counts) > 1:
        told = engine.presentation.standing(position).get("players")
        if isinstance(told, int) and told in counts:
            return told
    return counts[0]


def read_table(name: str, game: Game, query: Query, key: bytes) -> SomeTable:
    """The table an address asks for, of `game` (which it calls `name`), signed with `key` against the computer;
    BoardgenError saying what is wrong."""
    engine = game.engine
    if engine is None:
        raise BoardgenError(f"{game.title} cannot be played on the page yet: {game.no_engine_reason}")
    variant = first(query, "variant").strip().lower()
    try:
        board = game.variant(variant or None)
    except ValueError as error:
        raise BoardgenError(str(error)) from None
    counts = engine.rules.seat_counts()
    asked = first(query, "players").strip()
    if asked and (not asked.isdigit() or int(asked) not in counts):
        raise BoardgenError(f"{game.title} is played by {counts_in_words(counts)} players, not {asked[:20]!r}")
    seats = int(asked) if asked else None
    start = first(query, "start")
    options = rule_options(game, engine, query)
    if start:
        if options:
            raise BoardgenError("a start position keeps the rules it was played by: leave out the rule options, "
                                "or start a new game")
        begin = start_position(game, engine, start)
        told = seats_of(engine, begin)
        if seats is not None and seats != told:
            raise BoardgenError(f"the start position is a game of {told} players, not {seats}")
        rules = engine.rules.seated(told)
        problems = rules.problems(begin)
        if problems:
            raise BoardgenError(f"the start position is not valid: {problems[0].message}")
    else:
        rules = engine.rules.seated(seats or counts[0])
        try:
            begin = rules.start_with(board, dict(options)) if options else rules.start(board)
        except ValueError as error:  # an option the board does not take
            raise BoardgenError(str(error)) from None
    against = first(query, "against").strip().lower()
    if against and against not in COMPUTER:
        raise BoardgenError(f"the computer plays {', '.join(COMPUTER)}, not {against[:60]!r}")
    sides = computer_sides(engine, rules, [value.strip().lower() for value in query.get("side", ()) if value.strip()])
    steps = tuple(query.get("s", ()))
    if len(steps) > MOST_STEPS:
        raise BoardgenError(f"that game has {len(steps):,} steps; the page replays at most {MOST_STEPS:,}")
    table = Table(name, game, engine, rules, variant, options, against, sides if against else (), start, begin,
                  first(query, SEED) if against else "", steps, key)
    if against:
        _check_signed(table, first(query, SIGNATURE))
    return table


def rule_options(game: Game, engine: Engine[P, M], query: Query) -> tuple[tuple[str, str], ...]:
    """The rule options an address chooses (`rule.NAME=VALUE`), in the order the game lists them, those that choose
    the default left out; BoardgenError naming the options and values the game has."""
    options = engine.rules.rule_options()
    chosen: dict[str, str] = {}
    for key, values in query.items():
        if not key.startswith(RULE) or not values:
            continue
        name, value = key.removeprefix(RULE), values[0].strip().lower()
        if name not in options:
            having = ", ".join(options) if options else "none"
            raise BoardgenError(f"{game.title} has no rule option {name[:60]!r}; its rule options: {having}")
        if value not in options[name]:
            raise BoardgenError(f"{game.title}'s rule option {name} is {counts_in_words(options[name])}, "
                                f"not {value[:60]!r}")
        chosen[name] = value
    return tuple((name, chosen[name]) for name, values in options.items()
                 if name in chosen and chosen[name] != values[0])


def computer_sides(engine: Engine[P, M], rules: GameRules[P, M], asked: Sequence[str]) -> tuple[str, ...]:
    """The seats the computer plays, of those at the table, as asked (a seat the game has but this table has not is
    left out: the page's form offers every seat the game has); every seat but the first when none is asked."""
    everyone = engine.rules.seated(max(engine.rules.seat_counts())).players
    for side in asked:
        if side not in everyone:
            raise BoardgenError(f"the computer plays one of {', '.join(rules.players)}, not {side[:60]!r}")
    chosen = tuple(player for player in rules.players if player in asked) or tuple(rules.players[1:])
    if len(chosen) == len(rules.players):
        raise BoardgenError("the computer cannot play every side: leave one to a person at this screen")
    return chosen


def _check_signed(table: Table[P, M], given: str) -> None:
    """A game against the computer is a new one (nothing played, no seed), or its address is the page's own."""
    if not table.key:
        raise ValueError("a game against the computer needs the server's key to sign its address")
    if table.steps or table.seed or given:
        if not signed_by(table.key, table.name, table.state(), given):
            raise BoardgenError(CHANGED)
        return
    rules, begin = table.rules, table.begin
    if table.start and rules.outcome(begin) is None and not rules.throw_due(begin) and \
            rules.throw_due(rules.start(begin.variant)):
        raise BoardgenError("against the computer the page makes every throw, and the start position's throw is "
                            "made already: play it with someone at this screen, or start from where a throw is due")


def start_position(game: Game, engine: Engine[P, M], word: str) -> P:
    """The position a packed start word holds; BoardgenError unless it is one of `game`'s."""
    try:
        loaded = load_position(unpack(word))
    except PositionFileError as error:  # a link packed by hand, or cut short where the words still unpack
        raise BoardgenError(f"the link's start position cannot be read: {error.problems[0].message}") from None
    if loaded.game.name != game.name:
        raise BoardgenError(f"the start position is a {loaded.game.title} position, not {game.title}")
    # The file names the table's game, so its position is of the engine's kind: P.
    position: P = loaded.position
    return position


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
