"""Mechanism `kinds`: kinds of piece (men and kings, soldiers and a king), each with its moves, looks and value;
promotion on reaching a zone, a kind's own goal, a royal piece whose capture decides the game; and the start."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..declare import Key, Mechanism, Table
from ..reading import did_you_mean, shown
from .reading import BoardReading
from .tables import Geometry, Kind, piece

_ZONE = '"far row", "edge", a zone\'s name or a list of fields; or a table of them by player'
MECHANISM = Mechanism("kinds", "Kinds of piece, promotion, a kind's goal and a royal piece; where pieces start.", (
    Key("kinds", "a table for each kind of piece", "one kind, \"piece\", with the moves given in [play]",
        "The kinds of piece, in order: [play.kinds.man], [play.kinds.king]; a piece is of the first kind unless "
        "the start says otherwise.", "[play.kinds.man]"),
    Key("start", "a table: field (or zone) = player, or \"PLAYER KIND\"", "{}",
        "What stands where at the start: a player's piece of the first kind, or of the kind named.",
        'start = { a1 = 1, e5 = "2 king", "white men" = 1 }'),
    Key("promote", "a kind's name", "", "The kind this piece becomes on reaching promote-on; its move ends there.",
        'promote = "king"', Table.KIND),
    Key("promote-on", _ZONE, '"far row"', "Where this kind is promoted.", 'promote-on = "far row"', Table.KIND),
    Key("goal", _ZONE, "", "A piece of this kind reaching it wins the game.", 'goal = "edge"', Table.KIND),
    Key("royal", "true or false", "false", "Capturing this piece wins the game.", "royal = true", Table.KIND),
    Key("captured", '"custodial" or "surrounded"', '"custodial"', "How custodial capture takes this kind: between "
        "two enemies, or only with enemies (or hostile fields) on all four sides.", 'captured = "surrounded"',
        Table.KIND, ("custodial", "surrounded")),
    Key("barred", "a list of fields", "[]", "Fields this kind may pass over but not stop on.", 'barred = ["e5"]',
        Table.KIND),
    Key("value", "a number", "1", "What the computer's greedy player counts this piece as worth.", "value = 3",
        Table.KIND),
    Key("mark", "one or two letters, or a table of them by player", '""', "The letters a diagram draws on this "
        "kind's pieces.", 'mark = { 1 = "X", 2 = "O" }', Table.KIND),
), "board")

MOVE_KEYS = ("steps", "slides", "jumps", "takes")


def compile_kinds(reading: BoardReading, geometry: Geometry, allowed: tuple[str, ...]) -> tuple[Kind, ...]:
    """[play.kinds] (or [play] itself, for a game of one kind) -> the kinds; `allowed`: every key a kind's table
    may hold, as the registry's mechanisms declare them."""
    declared = reading.kind_tables()
    if declared:
        entries: Mapping[str, Mapping[str, Any]] = declared
    else:  # one kind, whose moves [play] gives itself
        entries = {"piece": reading.table}
    names = tuple(entries)
    kinds = []
    for name, table in entries.items():
        path: tuple[str, ...] = ("kinds", name) if declared else ()
        if declared:
            for key in table:
                if key not in allowed:
                    reading.problem("unknown-key", f"unknown key '{key}' in [play.kinds.{name}]"
                                    f"{did_you_mean(key, allowed)}", *path, key)
        moves = {key: reading.directions(table[key], *path, key) if key in table else ((),) * reading.players
                 for key in MOVE_KEYS}
        promote_to = -1
        promote_on: tuple[frozenset[int], ...] = (frozenset(),) * reading.players
        if declared and (" " in name.strip() or not name.strip()):
            reading.problem("bad-kind", f"[play.kinds.{shown(name)}]: a kind's name is one word, as start writes "
                            f"it after the player (\"2 king\")", *path)
        if "promote" in table:
            if table["promote"] == name:
                others = [n for n in names if n != name]
                reading.problem("promotes-to-itself", f"promote = {shown(name)} names this kind itself: a piece is "
                                "promoted to another kind, " + (f"like {shown(others[0])}" if others else
                                                                "declared as [play.kinds.king]"), *path, "promote")
            elif table["promote"] in names:
                promote_to = names.index(table["promote"])
                promote_on = reading.zone(table.get("promote-on", "far row"), geometry, *path, "promote-on")
            else:
                reading.problem("unknown-kind", f"promote = {shown(table['promote'])} is not a kind of piece"
                                f"{did_you_mean(str(table['promote']), names)}", *path, "promote")
        elif "promote-on" in table:
            reading.problem("missing-key", "promote-on says where a piece is promoted, but not to what: add "
                            "promote = \"king\" (a kind's name)", *path, "promote-on")
        goal = reading.zone(table["goal"], geometry, *path, "goal") if declared and "goal" in table else \
            (frozenset(),) * reading.players
        royal = _flag(reading, table, "royal", path)
        captured = table.get("captured", "custodial")
        if captured not in ("custodial", "surrounded"):
            reading.problem("unknown-word", f"captured is \"custodial\" or \"surrounded\", not {shown(captured)}",
                            *path, "captured")
        barred = reading.fields(table["barred"], *path, "barred") if "barred" in table else []
        value = table.get("value", 1)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 100:
            reading.problem("bad-number", f"value is a number from 0 to 100, not {shown(value)}", *path, "value")
            value = 1
        mark = _marks(reading, table.get("mark", ""), path)
        kinds.append(Kind(name, moves["steps"], moves["slides"], moves["jumps"], moves["takes"], promote_to,
                          promote_on, goal, royal, captured == "surrounded", frozenset(barred or ()), float(value),
                          mark))
    return tuple(kinds)


def _marks(reading: BoardReading, value: Any, path: tuple[str, ...]) -> tuple[str, ...]:
    """mark = "K", or by player { 1 = "X", 2 = "O" } -> by player, the letters drawn on the piece."""
    by_player = value if isinstance(value, dict) else {str(p + 1): value for p in range(reading.players)}
    found = [""] * reading.players
    for name, letters in by_player.items():
        if name not in {str(p + 1) for p in range(reading.players)} or not isinstance(letters, str) or \
                len(letters) > 2:
            reading.problem("wrong-type", f"mark is one or two letters, like \"K\", or a table of them by player, "
                            f"like {{ 1 = \"X\", 2 = \"O\" }}; not {shown(value)}", *path, "mark")
            return ("",) * reading.players
        found[int(name) - 1] = letters
    return tuple(found)


def _flag(reading: BoardReading, table: Mapping[str, Any], key: str, path: tuple[str, ...]) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        reading.problem("wrong-type", f"{key} is true or false, not {shown(value)}", *path, key)
        return False
    return value


def compile_start(reading: BoardReading, geometry: Geometry, kinds: tuple[Kind, ...]) -> tuple[int, ...]:
    """start = { field or zone = player, or "PLAYER KIND" } -> by field, what stands there."""
    cells = [0] * geometry.size
    value = reading.table.get("start", {})
    if not isinstance(value, dict):
        reading.problem("wrong-type", "start is a table: { a1 = 1, e5 = \"2 king\" }", "start")
        return tuple(cells)
    names = [kind.name for kind in kinds]
    for where, who in value.items():
        content = _piece(reading, who, names, where)
        if content is None:
            continue
        fields = reading.fields(where, "start", where)
        for index in fields or ():
            cells[index] = content
    return tuple(cells)


def _piece(reading: BoardReading, who: Any, names: list[str], where: str) -> int | None:
    words = who.split() if isinstance(who, str) else [who]
    player = words[0]
    if isinstance(player, str) and player.isdigit():
        player = int(player)
    if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= reading.players \
            or len(words) > 2:
        reading.problem("bad-player", f"start: {where} = {shown(who)} is not a player's piece: write the player "
                        f"(1 to {reading.players}), or the player and a kind, like \"2 {names[-1]}\"", "start", where)
        return None
    kind = 0
    if len(words) == 2:
        if words[1] not in names:
            reading.problem("unknown-kind", f"start: {where} = {shown(who)} names no kind of piece"
                            f"{did_you_mean(words[1], names)}", "start", where)
            return None
        kind = names.index(words[1])
    return piece(player - 1, kind)
