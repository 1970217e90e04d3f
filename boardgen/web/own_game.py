"""Your own game on the page: write or upload a game file, see each problem at its line, then make every
product for it as for a built-in game."""

from __future__ import annotations

import re
import tomllib
from typing import Any

from flask import Blueprint, Response, request

from ..errors import BoardgenError
from ..products.games import GameFileError, load_game_file, starter_text
from .state import page, web_state
from .uploads import UploadRefused, not_text
from .words import file_for_the_page, for_people

own_game = Blueprint("own_game", __name__)


def _game_page(status: int = 200, **context: Any) -> Response:
    context.setdefault("problems", [])
    context.setdefault("error", "")
    context.setdefault("upload", "")
    context.setdefault("info", None)
    return page("game.html", status, title="Your own game", **context)


@own_game.get("/game")
def game() -> Response:
    return _game_page(text=file_for_the_page(starter_text("racers")))


@own_game.post("/game")
def given_game() -> Response:
    uploads = web_state().uploads
    upload = request.files.get("upload")
    data = upload.read() if upload is not None and upload.filename else request.form.get("text", "").encode("utf-8")
    refused = not_text(data)
    if refused:
        return _game_page(400, text="", error=refused)
    text = data.decode("utf-8")
    try:
        token = uploads.save(_file_name(upload.filename if upload is not None else "", text), data)
    except UploadRefused as error:
        return _game_page(503, text=text, error=str(error))
    try:
        info = load_game_file(uploads.path(token))
    except GameFileError as error:
        return _game_page(400, text=text, problems=list(error.problems), error=str(error))
    except BoardgenError as error:
        return _game_page(400, text=text, error=for_people(str(error)))
    return _game_page(text=text, upload=token, info=info, playable=info.engine is not None)


def _file_name(uploaded: str | None, text: str) -> str:
    """The name the game's files take after: the uploaded file's, else the game's own name, as the command line
    names them after the file it is given."""
    stem = (uploaded or "").rsplit("/", 1)[-1].rsplit("\\", 1)[-1].removesuffix(".toml")
    if not stem:
        try:
            about = tomllib.loads(text).get("about", {})
            stem = str(about.get("name", "")) if isinstance(about, dict) else ""
        except (tomllib.TOMLDecodeError, RecursionError):  # not TOML, or nested too deeply: the reader says why
            stem = ""
    stem = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")[:40]
    return f"{stem or 'game'}.toml"
