"""Reading the board engine's keys: directions by player and kind, zones by word, pieces as the start writes them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..reading import Reading, did_you_mean, names_fields, shown
from .tables import DIRECTION_NAMES, Geometry

# Directions relative to the player who moves: (its forward direction's index + this) modulo 8.
RELATIVE = {"forward": (0,), "back": (4,), "forward-left": (7,), "forward-right": (1,), "back-left": (5,),
            "back-right": (3,), "sideways": (2, 6)}
GROUPS = {"orthogonal": (0, 2, 4, 6), "diagonal": (1, 3, 5, 7), "any": tuple(range(8))}
DIRECTION_WORDS = (*DIRECTION_NAMES, *RELATIVE, *GROUPS)
ZONE_WORDS = ("far row", "edge")
FORWARD = (0, 4)  # by player of two: player 1 looks up the board, player 2 (sitting opposite) down it


class BoardReading(Reading):
    """A Reading that knows the board engine's words as well."""

    players = 2

    def directions(self, value: Any, *path: str) -> tuple[tuple[int, ...], ...]:
        """A list of direction words, or a table of them by player -> by player, the direction indices.  `path`
        is the key's place under [play]: ("steps",) or ("kinds", "man", "steps")."""
        if isinstance(value, dict):
            found: list[tuple[int, ...]] = [()] * self.players
            for name, item in value.items():
                if name not in {str(n) for n in range(1, self.players + 1)}:
                    self.problem("bad-player", f"{path[-1]} names player {shown(name)}; the players are 1 to "
                                 f"{self.players}", *path, name)
                    continue
                found[int(name) - 1] = self._words(item, int(name) - 1, *path, name)
            return tuple(found)
        return tuple(self._words(value, player, *path) for player in range(self.players))

    def _words(self, value: Any, player: int, *path: str) -> tuple[int, ...]:
        key = path[-1] if not path[-1].isdigit() else path[-2]
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            self.problem("wrong-type", f"{key} is a list of directions, like [\"up\", \"left\"] or [\"forward\"], "
                         f"not {shown(value)}", *path)
            return ()
        found: list[int] = []
        for word in items:
            if word in GROUPS:
                found += GROUPS[word]
            elif word in RELATIVE:
                if self.players != 2:
                    self.problem("two-players-only", f"{key}: {shown(word)} is a direction relative to a player, "
                                 "for games of two (player 2 sits opposite); name it as player 1 sees the board "
                                 "(up, down, left, right, ...)", *path)
                    return ()
                found += [(FORWARD[player] + turn) % 8 for turn in RELATIVE[word]]
            elif word in DIRECTION_NAMES:
                found.append(DIRECTION_NAMES.index(word))
            else:
                self.problem("unknown-word", f"{key}: {shown(word)} is not a direction"
                             f"{did_you_mean(word, DIRECTION_WORDS)}", *path)
                return ()
        return tuple(dict.fromkeys(found))

    def zone(self, value: Any, geometry: Geometry, *path: str) -> tuple[frozenset[int], ...]:
        """Fields, a zone of the legend, "far row" or "edge"; or a table of them by player -> by player."""
        if isinstance(value, dict) and not all(k.isdigit() for k in value):
            value = [value]  # not a table by player: the wrong type, told below
        if isinstance(value, dict):
            found: list[frozenset[int]] = [frozenset()] * self.players
            for name, item in value.items():
                if name not in {str(n) for n in range(1, self.players + 1)}:
                    self.problem("bad-player", f"{path[-1]} names player {shown(name)}; the players are 1 to "
                                 f"{self.players}", *path, name)
                    continue
                found[int(name) - 1] = self._zone_of(item, int(name) - 1, geometry, *path, name)
            return tuple(found)
        return tuple(self._zone_of(value, player, geometry, *path) for player in range(self.players))

    def _zone_of(self, value: Any, player: int, geometry: Geometry, *path: str) -> frozenset[int]:
        key = path[-1] if not path[-1].isdigit() else path[-2]
        present = [i for i in range(geometry.size) if geometry.present[i]]
        if value == "far row":
            rows = [i // geometry.columns for i in present]
            row = max(rows) if FORWARD[player % 2] == 0 else min(rows)
            return frozenset(i for i in present if i // geometry.columns == row)
        if value == "edge":
            last_column, last_row = geometry.columns - 1, geometry.rows - 1
            return frozenset(i for i in present if i % geometry.columns in (0, last_column)
                             or i // geometry.columns in (0, last_row))
        if isinstance(value, str) and value not in self.board.zones and not names_fields(value):
            self.problem("unknown-word", f"{key} names {shown(value)}, which is neither a field (like a1), "
                         f"\"far row\", \"edge\" nor a zone of the legend"
                         f"{did_you_mean(value, (*ZONE_WORDS, *self.board.zones))}", *path)
            return frozenset()
        fields = self.fields(value, *path)
        return frozenset(fields or ())

    def count_by_player(self, key: str, low: int, high: int, default: int) -> tuple[int, ...]:
        """A number for everyone, or a table of them by player."""
        found = self.by_player(key, self.players, lambda v, p: self.whole(v, low, high, key, key, *([p] if p else [])),
                               default)
        return tuple(default if n is None else n for n in found[:self.players])

    def kind_tables(self) -> Mapping[str, Mapping[str, Any]]:
        value = self.table.get("kinds", {})
        if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
            self.problem("wrong-type", "[play.kinds] holds a table for each kind of piece: [play.kinds.man], "
                         "[play.kinds.king], ...", "kinds")
            return {}
        return value
