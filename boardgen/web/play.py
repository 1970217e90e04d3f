"""Play a game on the page: two people at one screen, or one against the computer, for every game with a rules
engine (a built-in game's, or a game file's), with no change here for a new one.

A game is its address: the board, who the computer is, and every step so far (`s`: a throw as "42:", a move in
the game's notation), so a link reopens the game where it stood and Undo is a link with fewer steps.  The server
throws the dice and makes the computer's moves, then sends the browser to the address that holds them, so a
reload never throws again.  The board is the library's diagram (SVG) with a link over every field a move starts
from or reaches: it plays without JavaScript.
"""

from __future__ import annotations

import base64
import binascii
import random
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, redirect, request

from ..draw.board import BoardLook
from ..engine.contract import play as play_steps
from ..engine.grid import Field
from ..errors import BoardgenError
from ..products.games import GAMES
from ..gamefiles.position_files import load_position
from ..games.game import Engine, Game
from ..games.loading import Loaded
from ..layout.paper import get_paper
from ..products.declared.common import game_named, look_for
from ..products.diagram import diagram_document, position_drawer
from ..products.document import output_for, render_document
from ..simulate.players import parse_player
from .state import page, web_state
from .uploads import is_upload
from .words import cut_long_words, for_people

play = Blueprint("play", __name__)

# The computer's players, as the page offers them: the simulator's own.
COMPUTER = {"random": "random", "greedy": "greedy", "mcts": "mcts:100"}
MOST_STEPS = 3000  # a whole game and more; an address with more is refused, not replayed
_RNG = random.SystemRandom()  # the server's dice, and the computer's choices


def playable() -> list[Game]:
    """The games with a rules engine: those the page can play."""
    return [game for game in GAMES.values() if game.engine is not None]


@dataclass(frozen=True)
class Table:
    """A game as an address gives it: which game, on which board, against whom, from where, and the steps."""

    name: str  # as the address names it: a game, or an upload's token
    game: Game
    engine: Engine
    variant: str  # "" for the game's first
    against: str  # "" for two people at one screen; else a key of COMPUTER
    side: str  # the player the computer plays
    start: str  # a start position's text, packed (pack); "" for the game's start
    steps: tuple[str, ...]

    def query(self, steps: Sequence[str] | None = None, **extra: str) -> str:
        pairs = [(key, value) for key, value in (("variant", self.variant), ("against", self.against),
                                                 ("side", self.side if self.against else ""),
                                                 ("start", self.start)) if value]
        pairs += [("s", step) for step in (self.steps if steps is None else steps)]
        pairs += [(key, value) for key, value in extra.items() if value]
        return urlencode(pairs)

    def address(self, steps: Sequence[str] | None = None, **extra: str) -> str:
        query = self.query(steps, **extra)
        return f"/play/{self.name}" + (f"?{query}" if query else "")


def pack(text: str) -> str:
    """A position's text as a short, address-safe word (so a link holds it)."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def unpack(word: str) -> str:
    try:
        data = zlib.decompressobj().decompress(base64.urlsafe_b64decode(word + "=" * (-len(word) % 4)), 100_000)
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise BoardgenError("the link's start position is damaged: copy the whole link again") from None


def _game(name: str) -> Game:
    if is_upload(name):
        return game_named(str(web_state().uploads.path(name)))
    found = GAMES.get(name.lower())
    if found is None:
        raise BoardgenError(f"there is no game {cut_long_words(repr(name[:60]))} to play here; these can be played: "
                            f"{', '.join(game.title for game in playable())}")
    return found


def read_table(name: str, args: Any) -> Table:
    """The game an address asks for; BoardgenError saying what is wrong with it."""
    game = _game(name)
    engine = game.engine
    if engine is None:
        raise BoardgenError(f"{game.title} cannot be played on the page yet: {game.no_engine_reason}")
    variant = args.get("variant", "").strip().lower()
    if variant:
        try:
            game.variant(variant)
        except ValueError as error:
            raise BoardgenError(str(error)) from None
    against = args.get("against", "").strip().lower()
    if against and against not in COMPUTER:
        raise BoardgenError(f"the computer plays {', '.join(COMPUTER)}, not {cut_long_words(repr(against[:60]))}")
    players = engine.rules.players
    side = args.get("side", "").strip().lower() or players[-1]
    if side not in players:
        raise BoardgenError(f"the computer plays one of {', '.join(players)}, not {cut_long_words(repr(side[:60]))}")
    steps = tuple(args.getlist("s"))
    if len(steps) > MOST_STEPS:
        raise BoardgenError(f"that game has {len(steps):,} steps; the page replays at most {MOST_STEPS:,}")
    return Table(name, game, engine, variant, against, side, args.get("start", ""), steps)


@dataclass(frozen=True)
class Played:
    """A table's position after its steps, and who made each move step (None for a throw)."""

    position: Any
    movers: tuple[str | None, ...]


def replay(table: Table) -> Played:
    rules = table.engine.rules
    if table.start:
        loaded = load_position(unpack(table.start))
        if loaded.game.name != table.game.name:
            raise BoardgenError(f"the start position is a {loaded.game.title} position, not {table.game.title}")
        position = loaded.position
        problems = rules.problems(position)
        if problems:
            raise BoardgenError(f"the start position is not valid: {problems[0].message}")
    else:
        position = rules.start(table.game.variant(table.variant or None))
    movers: list[str | None] = []
    for number, step in enumerate(table.steps, start=1):
        is_throw = step.rstrip().endswith(":")
        movers.append(None if is_throw else position.to_move)
        try:
            position = play_steps(rules, position, [step])
        except (BoardgenError, ValueError) as error:
            raise BoardgenError(f"step {number} of the game cannot be played: {error}") from None
    return Played(position, tuple(movers))


def _due(table: Table, position: Any) -> str | None:
    """The step the server makes now (a throw, or the computer's move), or None when a person is to move."""
    rules = table.engine.rules
    if rules.outcome(position) is not None:
        return None
    chances = rules.chance(position)
    if chances:
        thrown = _RNG.choices(list(chances), [float(chance.weight) for chance in chances])[0]
        return f"{thrown.label}:"
    if table.against and position.to_move == table.side:
        move = parse_player(COMPUTER[table.against]).choose(rules, position, _RNG)
        return str(rules.notation(position, move))
    return None


def undone(table: Table, played: Played) -> tuple[str, ...] | None:
    """The steps before the last move a person made (the throw before it kept: no throwing again); None when
    there is none to take back."""
    steps, movers = list(table.steps), list(played.movers)
    while steps:
        mover = movers.pop()
        steps.pop()
        if mover is not None and not (table.against and mover == table.side):
            return tuple(steps)
    return None


def _field_name(position: Any, field: Field) -> str:
    return str(position.variant.grid.name(field))


@dataclass(frozen=True)
class Spot:
    """A link over a field of the board: where it is (in % of the picture), what it does."""

    left: float
    top: float
    size_x: float
    size_y: float
    href: str
    kind: str  # "from": a piece to move; "to": where the chosen one goes; "chosen"
    label: str


def _board(table: Table, position: Any, chosen: Field | None, moves: Sequence[Any]) -> tuple[str, list[Spot]]:
    """The diagram as an SVG data address, and the links over its fields."""
    rules, shows = table.engine.rules, table.engine.presentation
    loaded = Loaded(table.game, position)
    look = BoardLook(field_size=table.game.default_field)
    marked = chosen is not None
    output = output_for("svg", get_paper("a4"))
    document = diagram_document(loaded, look, output, f"{table.game.name}-play", marked, chosen)
    svg = render_document(document, output, look_for(table.game, "classic"))[0].data
    drawing = position_drawer(loaded, marked, chosen)(look)
    # The picture's own size: the sheet it is drawn on adds its scale bar below the drawing.
    box = re.search(rb'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', svg)
    width, height = (float(box[1]), float(box[2])) if box else (drawing.scene.width, drawing.scene.height)
    rows = position.variant.grid.rows
    size, grid = drawing.field_size, drawing.grid_box

    def spot(field: Field, href: str, kind: str, label: str) -> Spot:
        x, y = grid.x + field[0] * size, grid.y + (rows - 1 - field[1]) * size
        return Spot(100 * x / width, 100 * y / height, 100 * size / width, 100 * size / height, href, kind, label)

    spots: list[Spot] = []
    if chosen is None:
        origins: set[Field] = {found for found in (shows.origin(position, move) for move in moves) if found is not None}
        for origin in sorted(origins):
            name = _field_name(position, origin)
            spots.append(spot(origin, table.address(**{"from": name}), "from", f"move the piece on {name}"))
        entering: dict[Field, list[Any]] = {}  # moves of a piece off the board (entering it): by where they go
        for move in moves:
            if shows.origin(position, move) is None:
                for reached in shows.reached(position, move):
                    entering.setdefault(reached, []).append(move)
        for target, there in sorted(entering.items()):
            if target not in origins and len(there) == 1:
                notation = rules.notation(position, there[0])
                spots.append(spot(target, table.address([*table.steps, notation]), "to", f"play {notation}"))
    else:
        name = _field_name(position, chosen)
        spots.append(spot(chosen, table.address(), "chosen", f"{name}: choose another piece"))
        targets: dict[Field, list[Any]] = {}
        for move in moves:
            if shows.origin(position, move) == chosen:
                for reached in shows.reached(position, move):
                    targets.setdefault(reached, []).append(move)
        for target, there in sorted(targets.items()):
            to_name = _field_name(position, target)
            href = (table.address([*table.steps, rules.notation(position, there[0])]) if len(there) == 1
                    else table.address(**{"from": name, "to": to_name}))
            spots.append(spot(target, href, "to", f"{name} to {to_name}"))
    picture = "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
    return picture, spots


@play.get("/play")
def games_to_play() -> Response:
    return page("play_list.html", title="Play a game", games=playable(), computer=COMPUTER)


@play.get("/play/<name>")
def table_page(name: str) -> Any:
    try:
        table = read_table(name, request.args)
        played = replay(table)
    except BoardgenError as error:
        return page("message.html", 400, title="This game cannot be played", message=for_people(str(error)))
    made: list[str] = []
    position = played.position
    while len(table.steps) + len(made) < MOST_STEPS:
        step = _due(table, position)
        if step is None:
            break
        made.append(step)
        position = play_steps(table.engine.rules, position, [step])
    if made:  # the throws and the computer's moves go into the address: a reload or a link shows the same
        return redirect(table.address([*table.steps, *made]), 303)
    return _table_page(table, played)


def _table_page(table: Table, played: Played) -> Response:
    rules, shows = table.engine.rules, table.engine.presentation
    position = played.position
    outcome = rules.outcome(position)
    moves = list(rules.legal_moves(position)) if outcome is None else []
    chosen: Field | None = None
    given = request.args.get("from", "")
    if given:
        try:
            chosen = position.variant.grid.parse(given)
        except ValueError:
            chosen = None
        if chosen is not None and not any(shows.origin(position, move) == chosen for move in moves):
            chosen = None
    picture, spots = _board(table, position, chosen, moves)
    listed = [(rules.notation(position, move), table.address([*table.steps, rules.notation(position, move)]))
              for move in moves]
    wanted_to = request.args.get("to", "")
    choices = []
    if chosen is not None:  # the chosen piece's moves as words too: those that leave the board reach no field
        choices = [(notation, href) for (notation, href), move in zip(listed, moves, strict=True)
                   if shows.origin(position, move) == chosen and (not wanted_to or wanted_to in {
                       _field_name(position, field) for field in shows.reached(position, move)})]
    unplaced = [(notation, href) for (notation, href), move in zip(listed, moves, strict=True)
                if shows.origin(position, move) is None]
    back = undone(table, played)
    throws = [step.rstrip(":") for step in table.steps if step.rstrip().endswith(":")]
    return page("play.html", title=f"Play {table.game.title}", table=table, summary=shows.summary(position),
                outcome=outcome.describe() if outcome is not None else "", spots=spots, picture=picture,
                moves=listed, choices=choices, unplaced=unplaced, to_move=position.to_move,
                undo=table.address(back) if back is not None else "", again=table.address([]),
                save=f"/play/{table.name}/position.toml?{table.query()}", share=request.url,
                last_throw=throws[-1] if throws and table.steps[-1].rstrip().endswith(":") else "",
                computer=COMPUTER, players=rules.players, variants=[v.name for v in table.game.variants],
                steps=len([step for step in table.steps if not step.rstrip().endswith(":")]))


@play.get("/play/<name>/position.toml")
def saved_position(name: str) -> Response:
    """The position as a position file, to keep, check or play on from later."""
    try:
        table = read_table(name, request.args)
        played = replay(table)
    except BoardgenError as error:
        return page("message.html", 400, title="This game cannot be played", message=for_people(str(error)))
    text = table.engine.rules.write(played.position)
    response = Response(text, mimetype="application/toml")
    shown = web_state().uploads.name(name) if is_upload(name) else table.game.name
    response.headers["Content-Disposition"] = f'attachment; filename="{shown}-position.toml"'
    return response
