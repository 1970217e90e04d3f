"""Play a game on the page: the library's table (boardgen.products.play_session) at /play/GAME.

A game is its address, so a link reopens it where it stood and Undo is a link with fewer steps.  The server
throws the dice and makes the computer's moves, then sends the browser to the address that holds them, so a
reload never throws again.  The board is the game's diagram with a link over every field a move starts from or
reaches: it plays without JavaScript.  Here the request is read (an upload's token found), and the table shown.
"""

from __future__ import annotations

import base64
import random

from flask import Blueprint, Response, redirect, request
from werkzeug.wrappers import Response as BaseResponse

from ..errors import BoardgenError
from ..products.games import Game, find_game
from ..products.play_session import (
    COMPUTER,
    SomeTable,
    game_to_play,
    playable,
    read_table,
    replay,
    steps_due,
    table_view,
)
from .state import page, web_state
from .uploads import is_upload
from .words import for_people

play = Blueprint("play", __name__)
_DICE = random.SystemRandom()  # the server's dice, and the computer's choices


def _game(name: str) -> Game:
    """The game an address names: an upload's (by its token) or one of the registry's."""
    if is_upload(name):
        return find_game(str(web_state().uploads.path(name)))
    return game_to_play(name)


def _table(name: str) -> SomeTable:
    return read_table(name, _game(name), request.args.to_dict(flat=False))


def _refused(error: BoardgenError) -> Response:
    return page("message.html", 400, title="This game cannot be played", message=for_people(str(error)))


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

    made = steps_due(played, _DICE)
    if made:  # the throws and the computer's moves go into the address: a reload or a link shows the same
        return redirect(address(table.query([*table.steps, *made])), 303)
    view = table_view(played, request.args.get("from", ""), request.args.get("to", ""))
    picture = "data:image/svg+xml;base64," + base64.b64encode(view.picture.svg).decode("ascii")
    return page("play.html", title=f"Play {table.game.title}", view=view, table=table, picture=picture,
                address=address, save=f"/play/{name}/position.toml?{table.query()}", share=request.url,
                computer=COMPUTER)


@play.get("/play/<name>/position.toml")
def saved_position(name: str) -> Response:
    """The position as a position file, to keep, check or play on from later."""
    try:
        table = _table(name)
        played = replay(table)
    except BoardgenError as error:
        return _refused(error)
    response = Response(table.rules.write(played.position), mimetype="application/toml")
    shown = web_state().uploads.name(name) if is_upload(name) else table.game.name
    response.headers["Content-Disposition"] = f'attachment; filename="{shown}-position.toml"'
    return response
