"""Play a game on the page: the library's table (boardgen.products.play_session) at /play/GAME.

A game is its address, so a link reopens it where it stood and Undo is a link with fewer steps.  The server
throws the dice and makes the computer's moves, then sends the browser to the address that holds them, so a
reload never throws again.  Against the computer the address is signed with the server's key (app config
BOARDGEN_PLAY_KEY, made once and kept with the server's settings; a key for this process where none is given),
so an edited link is refused in words; two people at one screen keep an unsigned link, theirs to edit.  The board
is the game's diagram with a link over every field a move starts from or reaches: it plays without JavaScript.
Here the request is read (an upload's token found, the key taken), and the table shown.
"""

from __future__ import annotations

import base64
import random
import secrets

from flask import Blueprint, Response, current_app, redirect, request
from werkzeug.wrappers import Response as BaseResponse

from ..errors import BoardgenError
from ..products.games import Game, find_game
from ..products.play_session import (
    COMPUTER,
    Picture,
    SomeTable,
    advanced,
    capitalised,
    game_to_play,
    playable,
    read_table,
    replay,
    table_view,
)
from .state import page, web_state
from .uploads import is_upload
from .words import for_people

play = Blueprint("play", __name__)
_DICE = random.SystemRandom()  # the dice of two people at one screen (against the computer the table's own)
KEY = "BOARDGEN_PLAY_KEY"  # the app's config value that holds the key signing games against the computer
# Until the server keeps a key with its settings: games against the computer signed with this one open until the
# process ends.
_PROCESS_KEY = secrets.token_bytes(32)


def signing_key() -> bytes:
    """The key that signs games against the computer: the app's (text or bytes), or this process's own."""
    given = current_app.config.get(KEY)
    if isinstance(given, str) and given:
        return given.encode("utf-8")
    if isinstance(given, bytes) and given:
        return given
    return _PROCESS_KEY


def _game(name: str) -> Game:
    """The game an address names: an upload's (by its token) or one of the registry's."""
    if is_upload(name):
        return find_game(str(web_state().uploads.path(name)))
    return game_to_play(name)


def _table(name: str) -> SomeTable:
    return read_table(name, _game(name), request.args.to_dict(flat=False), signing_key())


def _refused(error: BoardgenError) -> Response:
    return page("message.html", 400, title="This game cannot be played", message=for_people(str(error)))


def shown(picture: Picture) -> str:
    """A picture as the page's <img> source: its SVG, inline."""
    return "data:image/svg+xml;base64," + base64.b64encode(picture.svg).decode("ascii")


@play.get("/play")
def games_to_play() -> Response:
    return page("play_list.html", title="Play a game", games=playable(), computer=COMPUTER)


@play.get("/play/<name>")
def table_page(name: str) -> BaseResponse:
    try:
        table = _table(name)
        played = replay(table)
    except BoardgenError as error:
        return _refused(error)

    def address(query: str) -> str:
        return f"/play/{name}" + (f"?{query}" if query else "")

    ahead = advanced(played, _DICE)
    if ahead is not None:  # the throws and the computer's moves go into the address: a reload shows the same
        return redirect(address(ahead.query()), 303)
    view = table_view(played, request.args.get("from", ""), request.args.get("to", ""))
    return page("play.html", title=f"Play {table.game.title}", view=view, table=table, shown=shown,
                capitalised=capitalised, address=address, save=f"/play/{name}/position.toml?{table.query()}",
                share=request.host_url.rstrip("/") + address(table.query()), computer=COMPUTER)


@play.get("/play/<name>/position.toml")
def saved_position(name: str) -> Response:
    """The position as a position file, to keep, check or play on from later."""
    try:
        table = _table(name)
        played = replay(table)
    except BoardgenError as error:
        return _refused(error)
    response = Response(table.rules.write(played.position), mimetype="application/toml")
    saved = web_state().uploads.name(name) if is_upload(name) else table.game.name
    response.headers["Content-Disposition"] = f'attachment; filename="{saved}-position.toml"'
    return response
