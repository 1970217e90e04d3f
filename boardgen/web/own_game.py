"""Your own game on the page: write or upload a game file, see each problem at its line, then make every
product for it as for a built-in game."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, render_template, request

from ..errors import BoardgenError


def own_game_routes(app: Flask, state: Any) -> None:
    from ..gamefiles import load_game_file
    from ..gamefiles.reader import GameFileError
    from ..gamefiles.starter import starter_text
    from .app import PAGES

    def page(status: int = 200, **context: Any) -> Response:
        context.setdefault("problems", [])
        context.setdefault("error", "")
        context.setdefault("token", "")
        context.setdefault("info", None)
        return Response(render_template("game.html", pages=PAGES, title="Your own game", **context), status,
                        mimetype="text/html")

    @app.get("/game")
    def game() -> Response:
        return page(text=starter_text("racers"))

    @app.post("/game")
    def given_game() -> Response:
        upload = request.files.get("upload")
        data = upload.read() if upload is not None and upload.filename else \
            request.form.get("text", "").encode("utf-8")
        text = data.decode("utf-8", "replace")
        token = state.uploads.save(_file_name(upload.filename if upload is not None else "", text), data)
        try:
            info = load_game_file(state.uploads.path(token))
        except GameFileError as error:
            return page(400, text=text, problems=list(error.problems), error=str(error))
        except BoardgenError as error:
            return page(400, text=text, error=str(error))
        return page(text=text, token=token, info=info)


def _file_name(uploaded: str | None, text: str) -> str:
    """The name the game's files take after: the uploaded file's, else the game's own name, as the command line
    names them after the file it is given."""
    import re
    import tomllib

    stem = (uploaded or "").rsplit("/", 1)[-1].rsplit("\\", 1)[-1].removesuffix(".toml")
    if not stem:
        try:
            about = tomllib.loads(text).get("about", {})
            stem = str(about.get("name", "")) if isinstance(about, dict) else ""
        except tomllib.TOMLDecodeError:
            stem = ""
    stem = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")[:40]
    return f"{stem or 'game'}.toml"
