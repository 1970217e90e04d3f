"""A game file's [play] table -> the race engine's tables, or every problem found, each at its key.

Every word of the section is checked here, once; a word the engine does not know is a problem ("did you mean"),
never something the playing loop meets.  Each rule option's values are compiled too, so a bad value of an
option is found before anyone chooses it.  The keys, with what each takes, its default, a sentence and an
example, are declared once in race_keys.py (the board engine's in board/): those declarations are the list this
compiler accepts, the table in docs/game-files.md and the starter's comments.  A list of fields may name
fields, straight lines of them "a1-h1", and zones of the legend by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import accumulate, product
from math import comb
from typing import Any, TypeVar

from ...engine.problems import Problem
from .meaning import check_meaning
from .model import MAX_PLAYERS, CaptureTo, Enter, Finish, Landing, NoMove, Play, Tables
from .race_keys import EVALUATION_KEYS, KEYS
from .reading import MAX_PIECES, BoardFacts, Reading, at, did_you_mean, shown

THROW_KEYS = ("dice", "sides", "faces", "sticks", "values", "each", "doubles")
AGAIN_KEYS = ("throws", "fields")
WEIGHT_KEYS = tuple(key.name for key in EVALUATION_KEYS)
DIRECTIONS: Mapping[str, tuple[int, int]] = {
    "up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0),
    "up-left": (-1, 1), "up-right": (1, 1), "down-left": (-1, -1), "down-right": (1, -1),
}
MAX_DICE = 10
MAX_DICE_EACH = 4  # dice used one by one: each throw is told apart by its dice, so many dice would make millions
MAX_SIDES = 20
MAX_STALL = 1000  # moves in a row without a move forward: a longer stall than any simulated game (--max-plies)
MAX_COMBINATIONS = 64  # sets of rules from a file's options: each is compiled, so a file cannot ask for millions


class _Compiler(Reading):
    """One set of rules: the [play] table with one value of each option laid over it."""

    def __init__(self, table: Mapping[str, Any], board: BoardFacts, where: Callable[[str], str],
                 paths: Mapping[str, str], options: tuple[tuple[str, str], ...]) -> None:
        super().__init__(table, board, where, paths, options)
        # steps and jumps: each player's directions, as grid_moves read them
        self.directions: dict[str, list[tuple[tuple[int, int], ...]]] = {}
        # A field a track passes a second time is a place of its own (a piece walking out and one walking back
        # are told apart): each such place's field, in order, numbered on from the map's last field.
        self.again_places: list[int] = []
        self.places: dict[tuple[int, int], int] = {}  # (field, its nth passing from 2) -> the place


    def compile(self) -> Tables | None:
        for key in self.table:
            if key not in KEYS:
                self.problem("unknown-key", f"unknown rule '{key}' in [play]{did_you_mean(key, KEYS)}", key)
        counts = self.player_counts()
        players = max(counts)
        size = self.grid.size
        pieces = self.by_player("pieces", players, lambda v, p: self.whole(v, 1, MAX_PIECES, "pieces", "pieces",
                                                                               *([p] if p else [])), None)
        if "pieces" not in self.table:
            self.problem("missing-key", "[play] needs pieces = N: how many pieces each player has", "pieces")
        elif isinstance(self.table["pieces"], dict):
            self.every_player("pieces", players, "{ 1 = 13, 2 = 1 }")
        values, weights, dice, faces, sticks = self.throw()
        dice_throws, dice_weights = self.dice_one_by_one(dice, faces)
        again_throws, again_fields = self.again(values)
        tracks = self.tracks(players)
        on_tracks = any(tracks)
        if on_tracks and self.table.get("throw", "none") == "none":
            said = f"throw = {shown(self.table['throw'])} gives none" if "throw" in self.table else "it has none"
            self.problem("needs-throw", f"pieces move along tracks by the throw, and {said}, so no piece could ever "
                         "move: give a throw, like throw = { dice = 1, sides = 6 }",
                         "throw" if "throw" in self.table else "tracks")
        elif on_tracks and values and not any(values):
            self.problem("needs-throw", "every throw counts 0, so no piece could ever move along its track: give "
                         "the dice or sticks faces that count", "throw")
        branches = self.branches(tracks, players)
        size = self.grid.size + len(self.again_places)
        steps_of = tuple(_steps(track, size, dict(branches[p]) if branches else {})
                         for p, track in enumerate(tracks))
        enter = self.choice("enter", Enter, Enter.COUNT)
        enter_throws = self.enter_throws(values)
        finish = self.choice("finish", Finish, Finish.EXACT)
        own = self.choice("own", Landing, Landing.BLOCK, (Landing.BLOCK, Landing.STACK))
        opponent = self.choice("opponent", Landing, Landing.CAPTURE)
        capture_to = self.choice("capture-to", CaptureTo, CaptureTo.WAITING if on_tracks else CaptureTo.REMOVED)
        if capture_to is CaptureTo.START and not on_tracks:
            self.problem("needs-track", "capture-to = \"start\" sends a piece to its track's first field, but "
                         "[play] has no tracks", "capture-to")
        elif capture_to is CaptureTo.WAITING and not on_tracks and "tracks" not in self.table:
            self.problem("needs-track", "capture-to = \"waiting\" sends a piece off the board to come on again "
                         "along its track, but [play] has no tracks: on the grid a captured piece is \"removed\"",
                         "capture-to")
        safe = self.field_flags("safe")
        on_safe = self.choice("on-safe", Landing, Landing.BLOCK, (Landing.BLOCK, Landing.STACK))
        goal = self.goal()
        shortcut, drawn = self.shortcuts(tracks, goal)
        if self.table.get("lines", "all") not in ("all", "orthogonal", "alquerque"):
            self.problem("unknown-word", f"lines = {shown(self.table['lines'])}: on the grid, steps and jumps go "
                         "along \"all\" the lines (the default), only \"orthogonal\" ones, or \"alquerque\" lines "
                         "(diagonals through every other point)", "lines")
        grid_steps = self.grid_moves("steps", players, 1)
        grid_jumps = self.grid_moves("jumps", players, 2)
        jumps = tuple(tuple(tuple((self.between(origin, land), land) for land in lands) for origin, lands
                            in enumerate(by_field)) for by_field in grid_jumps)
        if on_tracks and (any(any(s) for s in grid_steps) or any(any(j) for j in grid_jumps)):
            self.problem("tracks-and-steps", "[play] gives both tracks and steps or jumps; a game's pieces move "
                         "along tracks by a throw, or step and jump on the grid", "tracks")
        if not on_tracks and not any(any(s) for s in grid_steps) and not any(any(j) for j in grid_jumps) and \
                not self.problems:  # a misspelt or broken track is told already
            self.problem("no-moves", "[play] says nothing about how pieces move: give tracks (a race) or steps "
                         "and jumps (on the grid)", "tracks" if "tracks" in self.table else "steps")
        chain = self.flag("chain", False)
        start = self.start(players)
        fewer_than = self.by_player("fewer-than", players, lambda v, p: self.whole(
            v, 1, MAX_PIECES, "fewer-than", "fewer-than", *([p] if p else [])) or 0, 0)
        no_move = self.choice("no-move", NoMove, NoMove.PASS)
        if no_move is NoMove.LOSE and values:
            self.problem("lose-with-throws", "no-move = \"lose\" is for games without throws: with a throw, a "
                         "player who cannot move passes", "no-move")
        forward = self.forward_directions()
        stall = self.stall(players, on_tracks, forward)
        if players > 2:  # who wins when one of three loses is not a rule these keys can say
            for key in ("fewer-than", "no-move", "stall"):
                if key in self.table and (key != "no-move" or no_move is NoMove.LOSE):
                    self.problem("two-players-only", f"{key} decides a game of two; this one is played by up to "
                                 f"{players}", key)
        self.check_pieces(pieces, start, counts, on_tracks)
        home = self.whole(self.table.get("home", 0), 0, 1000, "home", "home") or 0
        shortest = min((len(track) for track in tracks if track), default=0)
        if home and shortest and home > shortest:
            self.problem("home-too-long", f"home = {home}, but a track is only {shortest} fields long: home is the "
                         "last fields of each track", "home")
        if self.problems:
            return None
        piece_counts = tuple(p or 0 for p in pieces)
        tables = Tables(
            game=self.board.name, variant=self.board.variant,
            names=(*(self.grid.index_name(i) for i in range(self.grid.size)),
                   *(self.grid.index_name(f) + "'" * (n - 1) for (f, n) in self.places)),
            on_board=self.places_of(tuple(self.grid.field_at(i) not in self.board.absent
                                          for i in range(self.grid.size))),
            player_counts=counts, pieces=piece_counts,
            throw_values=tuple(values), throw_weights=tuple(weights[v] for v in values),
            throw_cumulative=tuple(accumulate(float(weights[v]) for v in values)),
            dice=dice, die_faces=faces, stick_values=sticks,
            again_throws=again_throws, again_fields=self.places_of(again_fields),
            tracks=tracks, steps_of=steps_of, enter=enter, enter_throws=enter_throws,
            finish=finish if on_tracks else Finish.NONE, own=own, opponent=opponent, capture_to=capture_to,
            capturable=tuple(opponent is Landing.CAPTURE if on_tracks else
                             any(any(by_field) for q, by_field in enumerate(grid_jumps) if q != p)
                             for p in range(MAX_PLAYERS)),
            safe=self.places_of(safe), on_safe=on_safe, shortcut=self.places_of(shortcut, -1),
            grid_steps=self.places_of(grid_steps, ()), grid_jumps=self.places_of(jumps, ()), chain=chain,
            start=self.places_of(start, ()), goal=goal, all_finished_wins=on_tracks and finish is not Finish.NONE,
            fewer_than=tuple(fewer_than), no_move=no_move, stall=stall, forward=forward,
            weights=self.evaluation(), options=self.options, ladders=drawn["ladders"], snakes=drawn["snakes"],
            dice_throws=dice_throws, dice_weights=dice_weights,
            dice_cumulative=tuple(accumulate(float(w) for w in dice_weights)),
            use_all=self.flag("use-all", False), use_larger=self.flag("use-larger", False),
            block=self.whole(self.table.get("block", 0), 0, MAX_PIECES, "block", "block") or 0,
            block_passing=self.flag("block-passing", False),
            blockade=self.whole(self.table.get("blockade", 0), 0, MAX_PIECES, "blockade", "blockade") or 0,
            protect=self.whole(self.table.get("protect", 0), 0, MAX_PIECES, "protect", "protect") or 0,
            stop_on=self.places_of(self.field_flags("stop-on")) if "stop-on" in self.table else (),
            physical=(*range(self.grid.size), *self.again_places) if self.again_places else (), branches=branches,
            home=home,
            shortcut_before=self.choice_word("shortcut-occupied", ("land", "before")) == "before",
            backward=self.flag("backward", False), enter_first=self.flag("enter-first", False))
        self.one_by_one_keys(tables)
        check_meaning(tables, self.table, self.problem)
        return None if self.problems else tables

    def throw(self) -> tuple[list[int], dict[int, Fraction], int, tuple[int, ...], tuple[int, ...]]:
        """The throw's values, ascending, with their chances; how many dice or sticks; a die's faces; sticks'
        values by marked faces up."""
        spec = self.table.get("throw", "none")
        if spec == "none":
            return [], {}, 0, (), ()
        if not isinstance(spec, dict):
            self.problem("wrong-type", "throw is \"none\" or a table: { dice = 2, sides = 6 } or { sticks = 4, "
                         "values = { 0 = 5, 1 = 1, 2 = 2, 3 = 3, 4 = 4 } }", "throw")
            return [], {}, 0, (), ()
        for key in spec:
            if key not in THROW_KEYS:
                self.problem("unknown-key", f"unknown key '{key}' in throw{did_you_mean(key, THROW_KEYS)}", "throw",
                             key)
        chances: dict[int, Fraction] = {}
        if "sticks" in spec:
            count = self.whole(spec["sticks"], 1, MAX_DICE, "sticks", "throw", "sticks")
            if count is None:
                return [], {}, 0, (), ()
            table = spec.get("values", {str(n): n for n in range(count + 1)})
            if not isinstance(table, dict):
                self.problem("wrong-type", "values is a table: the throw's value for each number of marked faces "
                             "up, { 0 = 5, 1 = 1, ... }", "throw", "values")
                return [], {}, 0, (), ()
            missing = [str(n) for n in range(count + 1) if str(n) not in table]
            extra = [k for k in table if k not in {str(n) for n in range(count + 1)}]
            if missing or extra:
                said = (f"leaves out {', '.join(missing)}" if missing else "") + \
                       ("; " if missing and extra else "") + (f"has {', '.join(extra)}, which cannot come up"
                                                              if extra else "")
                self.problem("throw-table", f"the throw's values must give every number of marked faces from 0 to "
                             f"{count}: it {said}", "throw", "values")
                return [], {}, 0, (), ()
            sticks = []
            for marked in range(count + 1):
                value = self.whole(table[str(marked)], 0, 99, "a throw's value", "throw", "values", str(marked))
                sticks.append(value or 0)
                chances[value or 0] = chances.get(value or 0, Fraction(0)) + Fraction(comb(count, marked),
                                                                                       2 ** count)
            return sorted(chances), chances, count, (0, 1), tuple(sticks)
        count = self.whole(spec.get("dice", 1), 1, MAX_DICE, "dice", "throw", "dice")
        sides = self.whole(spec.get("sides", 6), 2, MAX_SIDES, "sides", "throw", "sides")
        if count is None or sides is None:
            return [], {}, 0, (), ()
        faces = spec.get("faces", list(range(1, sides + 1)))
        if not isinstance(faces, list) or len(faces) != sides or not all(
                isinstance(f, int) and not isinstance(f, bool) and 0 <= f <= 99 for f in faces):
            self.problem("throw-table", f"faces lists what each of the {sides} sides counts, a whole number each "
                         f"(a die of {sides} sides needs {sides})", "throw", "faces")
            return [], {}, 0, (), ()
        chances = {0: Fraction(1)}
        if spec.get("each", False) is True:  # used one by one: a move's value is one die's
            count_summed = 1
        else:
            count_summed = count
        for _ in range(count_summed):
            rolled: dict[int, Fraction] = {}
            for total, chance in chances.items():
                for face in faces:
                    rolled[total + face] = rolled.get(total + face, Fraction(0)) + chance / sides
            chances = rolled
        return sorted(chances), chances, count, tuple(faces), ()

    def dice_one_by_one(self, dice: int, faces: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...],
                                                                            tuple[Fraction, ...]]:
        """throw = { dice = 2, sides = 6, each = true, doubles = 4 }: every throw as its dice, larger first (a
        double `doubles` times), with its chance; ((), ()) where the dice are summed."""
        spec = self.table.get("throw")
        if not isinstance(spec, dict) or "each" not in spec:
            if isinstance(spec, dict) and "doubles" in spec:
                self.problem("needs-each", "doubles says how often a double is played, for dice used one by one: "
                             "add each = true", "throw", "doubles")
            return (), ()
        if not isinstance(spec["each"], bool):
            self.problem("wrong-type", f"each is true or false, not {shown(spec['each'])}", "throw", "each")
            return (), ()
        if not spec["each"] or not dice:
            return (), ()
        if "sticks" in spec:
            self.problem("each-sticks", "each = true uses dice one by one; sticks are counted together", "throw",
                         "each")
            return (), ()
        if dice > MAX_DICE_EACH:
            self.problem("too-many-dice", f"dice used one by one (each = true) are at most {MAX_DICE_EACH}, not "
                         f"{dice}: each is a move of its own", "throw", "dice")
            return (), ()
        doubles = self.whole(spec.get("doubles", dice), 1, MAX_DICE, "doubles", "throw", "doubles") or dice
        chances: dict[tuple[int, ...], Fraction] = {}
        for rolled in product(faces, repeat=dice):
            ordered = tuple(sorted(rolled, reverse=True))
            if len(set(ordered)) == 1 and dice == 2:
                ordered = (ordered[0],) * doubles
            chances[ordered] = chances.get(ordered, Fraction(0)) + Fraction(1, len(faces) ** dice)
        found = sorted(chances, reverse=True)
        return tuple(found), tuple(chances[t] for t in found)

    def choice_word(self, key: str, words: tuple[str, ...]) -> str:
        value = self.table.get(key, words[0])
        if value not in words:
            self.problem("unknown-word", f"{key} is {' or '.join(shown(w) for w in words)}, not {shown(value)}", key)
            return words[0]
        return str(value)

    def one_by_one_keys(self, tables: Tables) -> None:
        """The keys that only mean something with dice used one by one, or along tracks, told where they do not."""
        if (tables.use_all or tables.use_larger) and not tables.each_die:
            self.problem("needs-each", "use-all and use-larger choose among dice used one by one: give the throw "
                         "each = true", "use-all" if tables.use_all else "use-larger")
        if not tables.on_tracks:
            for key in ("block", "blockade", "protect", "stop-on", "home", "backward", "enter-first"):
                if key in self.table and key not in self.told and "tracks" not in self.told:
                    self.problem("needs-track", f"{key} is a rule of pieces along tracks, and [play] has none",
                                 key)
        if tables.backward and tables.each_die:
            self.problem("backward-each", "backward moves a piece back by the whole throw; with dice used one by "
                         "one (each = true) it is not played: remove one of them", "backward")
        if tables.finish is Finish.REARMOST and not tables.home:
            self.problem("needs-home", "finish = \"rearmost\" lets a higher throw take the rearmost piece off "
                         "from home: say how many fields home is, like home = 6", "finish")

    def again(self, values: list[int]) -> tuple[frozenset[int], tuple[bool, ...]]:
        spec = self.table.get("again", {})
        flags = [False] * self.grid.size
        if not isinstance(spec, dict):
            self.problem("wrong-type", "again is a table: { throws = [6] } or { fields = [\"a1\"] }", "again")
            return frozenset(), tuple(flags)
        for key in spec:
            if key not in AGAIN_KEYS:
                self.problem("unknown-key", f"unknown key '{key}' in again{did_you_mean(key, AGAIN_KEYS)}", "again",
                             key)
        throws = self.throw_list(spec.get("throws", []), values, "again", "throws")
        for index in self.fields(spec.get("fields", []), "again", "fields") or []:
            flags[index] = True
        return frozenset(throws or ()), tuple(flags)

    def throw_list(self, value: Any, values: list[int], key: str, *sub: str) -> list[int] | None:
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            self.problem("wrong-type", f"{'.'.join((key, *sub))} is a list of throws, like [6]", key, *sub)
            return None
        for item in value:
            if item not in values and "throw" not in self.told:  # (a wrong throw has no values to be among)
                self.problem("not-a-throw", f"{'.'.join((key, *sub))} names a throw of {item}, which cannot come up "
                             f"(throws: {', '.join(map(str, values)) or 'none'})", key, *sub)
                return None
        return list(value)

    def enter_throws(self, values: list[int]) -> frozenset[int] | None:
        if "enter-throws" not in self.table:
            return None
        found = self.throw_list(self.table["enter-throws"], values, "enter-throws")
        return frozenset(found) if found is not None else None

    def tracks(self, players: int) -> tuple[tuple[int, ...], ...]:
        spec = self.table.get("tracks")
        if spec is None:
            return ((),) * MAX_PLAYERS
        found: list[tuple[int, ...]] = [()] * MAX_PLAYERS
        if isinstance(spec, list):
            track = self.track(spec, "")
            return tuple(track if n < players else () for n in range(MAX_PLAYERS))
        if not isinstance(spec, dict):
            self.problem("wrong-type", "tracks is a list of fields for everyone, or a table by player: "
                         "{ 1 = [\"d1-a1\", ...], 2 = [...] }", "tracks")
            return tuple(found)
        for name, fields in spec.items():
            if name not in {str(n) for n in range(1, players + 1)}:
                self.problem("bad-player", f"tracks names player {shown(name)}; the players are 1 to {players}",
                             "tracks", name)
                continue
            found[int(name) - 1] = self.track(fields, name)
        missing = [str(n) for n in range(1, players + 1) if not found[n - 1]]
        if missing and not self.problems:
            self.problem("missing-track", f"tracks gives no track for player {', '.join(missing)}", "tracks")
        return tuple(found)

    def track(self, spec: Any, player: str) -> tuple[int, ...]:
        sub = (player,) if player else ()
        fields = self.fields(spec, "tracks", *sub)
        if fields is None:
            return ()
        placed = []
        seen: dict[int, int] = {}
        for field in fields:
            seen[field] = seen.get(field, 0) + 1
            if seen[field] == 1:
                placed.append(field)
                continue
            key = (field, seen[field])
            if key not in self.places:
                self.places[key] = self.grid.size + len(self.again_places)
                self.again_places.append(field)
            placed.append(self.places[key])
        return tuple(placed)

    def branches(self, tracks: tuple[tuple[int, ...], ...], players: int) -> tuple[
            tuple[tuple[int, tuple[int, ...]], ...], ...]:
        """branches = { a5 = ["b4-d2", "e1"] } (or by player): a piece whose move starts on a5 goes along the
        branch's fields instead, and back onto its track at the branch's last field."""
        spec = self.table.get("branches", {})
        if not isinstance(spec, dict):
            self.problem("wrong-type", "branches is a table: { a5 = [\"b4-d2\", \"e1\"] }, the field a branch "
                         "starts from and the fields it runs through, its last one on the track", "branches")
            return ()
        by_player = spec if spec and all(k.isdigit() for k in spec) else {str(p + 1): spec for p in range(players)}
        found: list[tuple[tuple[int, tuple[int, ...]], ...]] = [()] * MAX_PLAYERS
        for name, table in by_player.items():
            if name not in {str(n) for n in range(1, players + 1)}:
                self.problem("bad-player", f"branches names player {shown(name)}; the players are 1 to {players}",
                             "branches", name)
                continue
            if not isinstance(table, dict):
                self.problem("wrong-type", f"branches gives player {name} a table of branches, like {{ {name} = "
                             f"{{ e5 = [\"d4\", \"c3\"] }} }}, not {shown(table)}", "branches", name)
                continue
            track = tracks[int(name) - 1]
            mine = []
            for start, fields in table.items():
                sub = (name, start) if spec is by_player else (start,)
                origin = self.field(start, "branches", *sub)
                route = self.fields(fields, "branches", *sub)
                if origin is None or route is None:
                    continue
                if origin not in track:
                    self.problem("off-track", f"branches: {start} is not on player {name}'s track, so no piece "
                                 "stops there to take the branch", "branches", *sub)
                elif not route or route[-1] not in track:
                    self.problem("off-track", f"branches: the branch from {start} must end on the track, where "
                                 "its pieces go on", "branches", *sub)
                elif origin in route:
                    self.problem("branch-loop", f"branches: the branch from {start} comes back to {start}; a branch "
                                 "leads away from its field and back onto the track further on", "branches", *sub)
                else:
                    mine.append((origin, tuple(route)))
            found[int(name) - 1] = tuple(mine)
        return tuple(found) if any(found) else ()

    def places_of(self, flags: tuple[Any, ...], default: Any = None) -> tuple[Any, ...]:
        """A table by field, widened to the places a track passes again: each as its field is (or `default`)."""
        return flags + tuple(flags[field] if default is None else default for field in self.again_places)

    def field_flags(self, key: str) -> tuple[bool, ...]:
        flags = [False] * self.grid.size
        for index in self.fields(self.table.get(key, []), key) or []:
            flags[index] = True
        return tuple(flags)

    def shortcuts(self, tracks: tuple[tuple[int, ...], ...], goal: int) -> tuple[
            tuple[int, ...], dict[str, tuple[tuple[int, int], ...]]]:
        """By field, where a piece landing there is moved on to (-1: nowhere); and the ladders and the snakes as
        (start, end) pairs, which the board draws.  A ladder climbs and a snake goes back along every track that
        passes its first field, and none leaves a track or starts on the goal."""
        moved = [-1] * self.grid.size
        drawn: dict[str, list[tuple[int, int]]] = {"ladders": [], "snakes": []}
        on_track = {f for track in tracks for f in track}
        for key in ("ladders", "snakes"):
            spec = self.table.get(key, {})
            if not isinstance(spec, dict):
                self.problem("wrong-type", f"{key} is a table: foot = \"top\", like {{ a1 = \"c4\" }}", key)
                continue
            for foot, top in spec.items():
                start = self.field(foot, key, foot)
                end = self.field(top, key, foot)
                if start is None or end is None:
                    continue
                if "tracks" in self.told:  # a track that is wrong: where ladders lead is no longer known
                    continue
                if start not in on_track or end not in on_track:
                    self.problem("off-track", f"{key}: {foot} = {shown(top)} must join two fields of a track",
                                 key, foot)
                elif self.wrong_way(key, foot, top, start, end, tracks, goal):
                    continue
                elif moved[start] >= 0:
                    self.problem("twice", f"{foot} starts a ladder and a snake; a field starts one at most", key, foot)
                else:
                    moved[start] = end
                    drawn[key].append((start, end))
        for start, end in enumerate(moved):
            if end >= 0 and moved[end] >= 0:
                self.problem("chained", f"{self.grid.index_name(start)} leads to {self.grid.index_name(end)}, which "
                             "starts another ladder or snake; one leads to a field that starts none", "ladders"
                             if "ladders" in self.table else "snakes")
        return tuple(moved), {key: tuple(pairs) for key, pairs in drawn.items()}

    def wrong_way(self, key: str, foot: str, top: Any, start: int, end: int, tracks: tuple[tuple[int, ...], ...],
                  goal: int) -> bool:
        """Whether a ladder or snake is told as a problem: from the goal, off a track it starts on, or the wrong
        way along one (a ladder that goes back, a snake that climbs)."""
        said = f"{key}: {foot} = {shown(top)}"
        if start == goal:
            self.problem("from-goal", f"{said} starts on the goal, so it would take every piece off the goal before "
                         "it could win", key, foot)
            return True
        for player, track in enumerate(tracks):
            if start not in track:
                continue
            if end not in track:
                self.problem("off-track", f"{said} leads player {player + 1}'s pieces off their track "
                             f"({self.grid.index_name(end)} is not on it)", key, foot)
                return True
            climbs = track.index(end) > track.index(start)
            if climbs != (key == "ladders"):
                kind, other = ("a ladder climbs", "a snake") if key == "ladders" else ("a snake goes back",
                                                                                        "a ladder")
                self.problem("wrong-way", f"{said}: {kind}, and on player {player + 1}'s track "
                             f"{self.grid.index_name(end)} comes {'after' if climbs else 'before'} "
                             f"{self.grid.index_name(start)}; make it {other}", key, foot)
                return True
        return False

    def grid_moves(self, key: str, players: int, distance: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """By player then field: where a step (distance 1) or a jump (distance 2) in its directions lands."""

        def directions(value: Any, player: str) -> tuple[tuple[int, int], ...]:
            sub = (player,) if player else ()
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                self.problem("wrong-type", f"{key} is a list of directions, like [\"up\", \"left\"]", key, *sub)
                return ()
            for word in value:
                if word not in DIRECTIONS:
                    self.problem("unknown-word", f"{key}: {shown(word)} is not a direction"
                                 f"{did_you_mean(word, tuple(DIRECTIONS))}", key, *sub)
                    return ()
            return tuple(DIRECTIONS[word] for word in value)

        by_player = self.by_player(key, players, directions, ())
        self.directions[key] = by_player
        lines = self.table.get("lines", "all")
        if lines not in ("all", "orthogonal", "alquerque"):
            lines = "all"  # a list of drawn lines is the board engine's; a wrong word is told once, below
        out = []
        for ways in by_player:
            lands = []
            for index in range(self.grid.size):
                column, row = self.grid.field_at(index)
                here = []
                if self.grid.field_at(index) not in self.board.absent:
                    for dc, dr in ways:
                        if dc and dr and (lines == "orthogonal" or (lines == "alquerque" and (column + row) % 2)):
                            continue  # no diagonal line is drawn through this point
                        path = [(column + dc * n, row + dr * n) for n in range(1, distance + 1)]
                        if all(self.grid.contains(f) and f not in self.board.absent for f in path):
                            here.append(self.grid.index(path[-1]))
                lands.append(tuple(here))
            out.append(tuple(lands))
        return tuple(out)

    def forward_directions(self) -> tuple[frozenset[tuple[int, int]], ...]:
        """By player: the directions it steps in but may not step back in (the geese's up), its moves forward."""
        found = []
        for ways in self.directions.get("steps", [()] * MAX_PLAYERS):
            steps = set(ways)
            found.append(frozenset(way for way in steps if (-way[0], -way[1]) not in steps))
        return tuple(found)

    def stall(self, players: int, on_tracks: bool,
              forward: tuple[frozenset[tuple[int, int]], ...]) -> tuple[int, ...]:
        """By player: how many moves in a row without a move forward it loses at (0: no limit)."""
        if "stall" not in self.table:
            return (0,) * MAX_PLAYERS
        found = self.by_player("stall", players, lambda v, p: self.whole(
            v, 1, MAX_STALL, "stall", "stall", *([p] if p else [])) or 0, 0)
        if on_tracks:
            self.problem("stall-on-track", "stall ends a game on the grid whose pieces can shuffle for ever; along a "
                         "track every move goes forward, so a race needs none", "stall")
            return (0,) * MAX_PLAYERS
        jumps = self.directions.get("jumps", [()] * MAX_PLAYERS)
        stuck = [str(p + 1) for p in range(players) if found[p] and not forward[p] and not jumps[p]]
        if stuck:
            self.problem("never-forward", f"stall counts player {' and '.join(stuck)}'s moves without a move "
                         "forward, but none of their moves is one (they may step back every way they step, and "
                         "never capture), so they would lose at the limit whatever they did", "stall")
        return tuple(found)

    def between(self, origin: int, land: int) -> int:
        (c0, r0), (c1, r1) = self.grid.field_at(origin), self.grid.field_at(land)
        return self.grid.index(((c0 + c1) // 2, (r0 + r1) // 2))

    def start(self, players: int) -> tuple[tuple[int, ...], ...]:
        cells: list[tuple[int, ...]] = [()] * self.grid.size
        spec = self.table.get("start", {})
        if not isinstance(spec, dict):
            self.problem("wrong-type", "start is a table: field = player, like { d5 = 2 }", "start")
            return tuple(cells)
        for name, who in spec.items():
            index = self.field(name, "start", name)
            stack = who if isinstance(who, list) else [who]
            numbers = [self.whole(p, 1, players, "a player", "start", name) for p in stack]
            if index is not None and None not in numbers:
                cells[index] = tuple(p - 1 for p in numbers if p is not None)
        return tuple(cells)

    def goal(self) -> int:
        if "goal" not in self.table:
            return -1
        found = self.field(self.table["goal"], "goal")
        return -1 if found is None else found

    def evaluation(self) -> tuple[float, float, float, float]:
        spec = self.table.get("evaluation", {})
        if not isinstance(spec, dict):
            self.problem("wrong-type", "evaluation is a table: { finished = 1, progress = 1, material = 1, "
                         "mobility = 0 }", "evaluation")
            return (1.0, 1.0, 1.0, 0.0)
        for key in spec:
            if key not in WEIGHT_KEYS:
                self.problem("unknown-key", f"unknown key '{key}' in evaluation{did_you_mean(key, WEIGHT_KEYS)}",
                             "evaluation", key)
        found = []
        for key, default in zip(WEIGHT_KEYS, (1.0, 1.0, 1.0, 0.0), strict=True):
            value = spec.get(key, default)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 100:
                self.problem("bad-number", f"evaluation.{key} is a weight from 0 to 100, not {shown(value)}",
                             "evaluation", key)
                value = default
            found.append(float(value))
        return (found[0], found[1], found[2], found[3])

    def check_pieces(self, pieces: list[int | None], start: tuple[tuple[int, ...], ...],
                     counts: tuple[int, ...], on_tracks: bool) -> None:
        """The start places no more pieces than a player has; without tracks (where nothing comes on later), all
        of them."""
        for player in range(max(counts)):
            placed = sum(stack.count(player) for stack in start)
            given = pieces[player]
            if given is None:
                continue
            if placed > given:
                self.problem("start-count", f"start puts {placed} pieces of player {player + 1} on the board, but "
                             f"pieces gives them {given}", "start")
            elif placed < given and not on_tracks and "tracks" not in self.table:  # (a broken track is told)
                self.problem("start-count", f"start puts {placed} of player {player + 1}'s {given} pieces "
                             "on the board; without tracks no piece comes on later, so start places every piece",
                             "start")


T = TypeVar("T")
# One set of rules compiled: (the [play] table with an option's values laid over it, where each overridden key is
# in the file, the options' values) -> the tables, or None, and the problems found.
CompileOne = Callable[[Mapping[str, Any], Mapping[str, str], tuple[tuple[str, str], ...]],
                      tuple[T | None, list[Problem]]]


def _steps(track: tuple[int, ...], size: int, branches: Mapping[int, tuple[int, ...]]) -> tuple[int, ...]:
    """By place, its step along `track` (1 the first, 0 off it); a branch's fields are counted back from where it
    joins the track again, so a piece's progress reads alike whichever way it went."""
    steps = [0] * size
    for step, place in enumerate(track, start=1):
        steps[place] = step
    for route in branches.values():
        rejoin = steps[route[-1]]
        for back, place in enumerate(reversed(route[:-1]), start=1):
            if not steps[place]:
                steps[place] = max(1, rejoin - back)
    return tuple(steps)


def compile_sets(table: Mapping[str, Any], where: Callable[[str], str], compile_one: CompileOne[T]) -> tuple[
        tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[tuple[str, ...], T], ...], list[Problem]]:
    """[play] -> its rule options, the tables for each combination of their values (compiled by `compile_one`,
    either engine's), and the problems found (each once)."""
    if not isinstance(table, Mapping):
        return (), (), [at("wrong-type", "[play] is a table of rules", where("play") or "play")]
    base = {key: value for key, value in table.items() if key != "options"}
    options, problems = _options(table.get("options", {}), where)
    combos = list(product(*(values for _, values in options)))
    if len(combos) > MAX_COMBINATIONS:
        problems.append(at("too-many-options", f"the rule options make {len(combos)} sets of rules; at most "
                                f"{MAX_COMBINATIONS}", where("play.options") or "play.options"))
        combos = combos[:1]
    compiled: list[tuple[tuple[str, ...], T]] = []
    seen: set[Problem] = set(problems)
    for combo in combos:
        merged = dict(base)
        paths: dict[str, str] = {}
        spec = table.get("options", {})
        for (name, _), value in zip(options, combo, strict=True):
            overrides = spec[name][value]
            for key, item in overrides.items():
                merged[key] = item
                paths[key] = f"play.options.{name}.{value}.{key}"
        tables, found = compile_one(merged, paths, tuple(zip((n for n, _ in options), combo, strict=True)))
        for problem in found:
            if problem not in seen:
                seen.add(problem)
                problems.append(problem)
        if tables is not None:
            compiled.append((tuple(combo), tables))
    return tuple(options), tuple(compiled), problems


def compile_tables(table: Mapping[str, Any], board: BoardFacts,
                   where: Callable[[str], str]) -> tuple[Play | None, list[Problem]]:
    """[play] -> the race engine's tables for each combination of its rule options, or the problems found."""

    def compile_one(merged: Mapping[str, Any], paths: Mapping[str, str],
                    options: tuple[tuple[str, str], ...]) -> tuple[Tables | None, list[Problem]]:
        compiler = _Compiler(merged, board, where, paths, options)
        return compiler.compile(), compiler.problems

    options, compiled, problems = compile_sets(table, where, compile_one)
    if problems:
        return None, problems
    return Play(options, compiled), []


def _options(spec: Any, where: Callable[[str], str]) -> tuple[list[tuple[str, tuple[str, ...]]], list[Problem]]:
    problems: list[Problem] = []
    options: list[tuple[str, tuple[str, ...]]] = []
    if not isinstance(spec, dict):
        return [], [at("wrong-type", "[play.options] holds one table for each rule option: "
                            "[play.options.NAME] with a table for each value, the default first",
                            where("play.options") or "play.options")]
    for name, values in spec.items():
        path = f"play.options.{name}"
        if not isinstance(values, dict) or len(values) < 2:
            problems.append(at("bad-option", f"the rule option {shown(name)} needs two values or more, each a table "
                                    "of the rules it changes ({} for none)", where(path) or path))
            continue
        good = True
        for value, overrides in values.items():
            if not isinstance(overrides, dict):
                problems.append(at("bad-option", f"{name}.{value} must be a table of the rules it changes, "
                                        "like { safe = [\"a1\"] } ({} for none)", where(f"{path}.{value}") or path))
                good = False
            elif "options" in overrides:
                problems.append(at("bad-option", "an option's value cannot declare options of its own",
                                        where(f"{path}.{value}.options") or path))
                good = False
        if good:
            options.append((name, tuple(values)))
    return options, problems
