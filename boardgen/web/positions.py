"""The positions page: paste, upload or pick a position, see whether it is right and every problem, its legal
moves and its diagram; click a move to play it and see the next position.

A position given to the page is one upload; the moves played on it travel in the address
(`/positions/TOKEN?move=a&move=b`), so a click saves nothing and Back is a link with one move fewer.  Only a
person's own "make this" (a form, from the page itself) keeps the position reached, as a new upload of theirs, for
the product to take.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from flask import Blueprint, Response, abort, redirect, request, url_for

from ..errors import BoardgenError
from ..options import Role
from ..products.check_report import after_moves, check_text
from ..products.games import GAMES
from ..products.inputs import read_source
from ..products.play_session import draw_table, pack
from .forms import samples
from .state import made_for, page, web_state
from .uploads import UploadRefused, is_upload, not_text
from .words import for_people

MAX_MOVES_SHOWN = 400
MOVES_PLAYED = 500  # in one address: the page replays them at every click

positions = Blueprint("positions", __name__)


@positions.get("/positions")
def given_positions() -> Response:
    return _positions_page(200, "")


@positions.post("/positions")
def given_position() -> Any:
    upload = request.files.get("upload")
    text = request.form.get("text", "")
    sample = request.form.get("sample", "")
    if upload is not None and upload.filename:
        data = upload.read()
        refused = not_text(data)
        if refused:
            return _positions_page(400, refused)
    elif text.strip():
        data = text.encode("utf-8")
    elif sample.startswith("sample:"):
        try:
            data = read_source(sample).data
        except BoardgenError as error:
            return _positions_page(400, for_people(str(error)))
    else:
        return _positions_page(400, "paste a position, choose a file or pick a sample")
    try:
        token = web_state().uploads.save("position.toml", data)
    except UploadRefused as error:
        return _positions_page(503, str(error), text)
    return redirect(url_for("positions.position", token=token), 303)


def _positions_page(status: int, error: str, text: str = "") -> Response:
    return page("positions.html", status, title="Check a position", samples=samples(), text=text, error=error)


def _address(token: str, moves: list[str], path: str = "") -> str:
    """The address of `token`'s position after `moves` (or of its `path`: /play, /board.svg)."""
    query = urlencode([("move", move) for move in moves])
    return f"/positions/{quote(token, safe='')}{path}" + (f"?{query}" if query else "")


def _played(moves: list[str]) -> list[str]:
    if len(moves) > MOVES_PLAYED:
        raise BoardgenError(f"the page plays at most {MOVES_PLAYED:,} moves on a position in one address: save the "
                            "position you reached and check it anew")
    return moves


def _after(data: bytes, moves: list[str]) -> bytes:
    """The position file `data` after `moves`, as the command line writes it after --move; BoardgenError when a
    move cannot be played."""
    if not moves:
        return data
    loaded = after_moves(data, "the position", _played(moves))
    return loaded.rules.write(loaded.position).encode("utf-8")


@positions.get("/positions/<token>")
def position(token: str) -> Response:
    if not is_upload(token):
        abort(404)
    try:
        given = web_state().uploads.read(token)
    except BoardgenError as error:
        return page("message.html", 404, title="Not here", message=str(error))
    played = request.args.getlist("move")
    try:
        data = _after(given, played)
    except BoardgenError as error:
        return page("message.html", 400, title="Not a move", message=for_people(str(error)))
    try:
        report = check_text(data)
    except BoardgenError as error:  # not a position at all (a game file, say): said as the file's problem
        return _positions_page(400, for_people(str(error)), data.decode("utf-8", "replace"))
    moves = [(move, _address(token, [*played, move["notation"]], "/play"))
             for move in list(report.moves)[:MAX_MOVES_SHOWN]]
    text = data.decode("utf-8", "replace")
    return page("position.html", title="A position checked", upload=token, report=report, moves=moves,
                more=len(report.moves) - len(moves), text=text, played=played,
                back=_address(token, played[:-1]) if played else "", picture=_address(token, played, "/board.svg"),
                problems=[(p.where, for_people(p.message), p.code) for p in report.errors],
                playable=report.valid and report.game in GAMES, start=pack(text))


@positions.get("/positions/<token>/play")
def play(token: str) -> Any:
    """A move clicked: the address of the position after it (the links of pages written before moves travelled
    in the address come here too).  Nothing is saved."""
    if not is_upload(token):
        abort(404)
    return redirect(_address(token, request.args.getlist("move")), 303)


@positions.get("/positions/<token>/board.svg")
def board(token: str) -> Response:
    """The position reached, drawn as the play page draws a board."""
    if not is_upload(token):
        abort(404)
    try:
        loaded = after_moves(web_state().uploads.read(token), "the position", _played(request.args.getlist("move")))
    except BoardgenError as error:
        return Response(for_people(str(error)) + "\n", 404, mimetype="text/plain")
    return Response(draw_table(loaded).svg, mimetype="image/svg+xml")


@positions.post("/positions/<token>/keep")
def keep(token: str) -> Any:
    """Keep the position reached as an upload of this visitor's, and make the product asked for from it."""
    if not is_upload(token):
        abort(404)
    made = request.form.get("make", "")
    try:
        reached = _after(web_state().uploads.read(token), request.form.getlist("move"))
        kept = web_state().uploads.save("position.toml", reached)
    except UploadRefused as error:
        return page("message.html", 503, title="Not kept", message=str(error))
    except BoardgenError as error:
        return page("message.html", 400, title="Not kept", message=for_people(str(error)))
    if made in {name for name, _ in made_for(Role.POSITION)}:
        return redirect(f"/make/{made}?{urlencode({'subject': kept})}", 303)
    return redirect(url_for("positions.position", token=kept), 303)
