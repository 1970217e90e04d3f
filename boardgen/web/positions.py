"""The positions page: paste, upload or pick a position, see whether it is right and every problem, its legal
moves and its diagram; click a move to play it and see the next position."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, redirect, request, url_for

from ..errors import BoardgenError
from ..products.check_report import after_moves, check_text
from ..products.games import GAMES
from ..products.inputs import read_source
from ..products.play_session import pack
from .forms import samples
from .state import page, web_state
from .uploads import is_upload, not_text
from .words import for_people

MAX_MOVES_SHOWN = 400

positions = Blueprint("positions", __name__)


@positions.get("/positions")
def given_positions() -> Response:
    return page("positions.html", title="Check a position", samples=samples(), text="", error="")


@positions.post("/positions")
def given_position() -> Any:
    uploads = web_state().uploads
    upload = request.files.get("upload")
    text = request.form.get("text", "")
    sample = request.form.get("sample", "")
    if upload is not None and upload.filename:
        data = upload.read()
        refused = not_text(data)
        if refused:
            return page("positions.html", 400, title="Check a position", samples=samples(), text="", error=refused)
    elif text.strip():
        data = text.encode("utf-8")
    elif sample.startswith("sample:"):
        try:
            data = read_source(sample).data
        except BoardgenError as error:
            return page("positions.html", 400, title="Check a position", samples=samples(), text="",
                        error=for_people(str(error)))
    else:
        return page("positions.html", 400, title="Check a position", samples=samples(), text="",
                    error="paste a position, choose a file or pick a sample")
    token = uploads.save("position.toml", data)
    return redirect(url_for("positions.position", token=token), 303)


@positions.get("/positions/<token>")
def position(token: str) -> Response:
    if not is_upload(token):
        abort(404)
    try:
        data = web_state().uploads.path(token).read_bytes()
    except BoardgenError as error:
        return page("message.html", 404, title="Not here", message=str(error))
    try:
        report = check_text(data)
    except BoardgenError as error:  # not a position at all (a game file, say): said as the file's problem
        return page("positions.html", 400, title="Check a position", samples=samples(),
                    text=data.decode("utf-8", "replace"), error=for_people(str(error)))
    moves = list(report.moves)[:MAX_MOVES_SHOWN]
    return page("position.html", title="A position checked", upload=token, report=report, moves=moves,
                more=len(report.moves) - len(moves), text=data.decode("utf-8", "replace"),
                problems=[(p.where, for_people(p.message), p.code) for p in report.errors],
                playable=report.valid and report.game in GAMES, start=pack(data.decode("utf-8", "replace")))


@positions.get("/positions/<token>/play")
def play(token: str) -> Any:
    if not is_upload(token):
        abort(404)
    uploads = web_state().uploads
    notation = request.args.get("move", "")
    try:
        data = uploads.path(token).read_bytes()
        loaded = after_moves(data, "the position", [notation])
    except BoardgenError as error:
        return page("message.html", 400, title="Not a move", message=for_people(str(error)))
    after = loaded.rules.write(loaded.position).encode("utf-8")
    return redirect(url_for("positions.position", token=uploads.save("position.toml", after)), 303)
