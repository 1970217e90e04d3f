"""The positions page: paste, upload or pick a position, see whether it is right and every problem, its legal
moves and its diagram; click a move to play it and see the next position."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, abort, redirect, render_template, request, url_for

from ..errors import BoardgenError

MAX_MOVES_SHOWN = 400


def position_routes(app: Flask, state: Any) -> None:
    from ..products.check_report import after_moves, check_text
    from .app import PAGES, _subjects
    from .uploads import is_upload

    def page(template: str, status: int = 200, **context: Any) -> Response:
        return Response(render_template(template, pages=PAGES, **context), status, mimetype="text/html")

    def samples() -> list[tuple[str, str]]:
        from .app import product

        return _subjects(product("diagram"), "")

    @app.get("/positions")
    def positions() -> Response:
        return page("positions.html", title="Check a position", samples=samples(), text="", error="")

    @app.post("/positions")
    def given_position() -> Any:
        from ..products.inputs import read_source

        upload = request.files.get("upload")
        text = request.form.get("text", "")
        sample = request.form.get("sample", "")
        if upload is not None and upload.filename:
            data = upload.read()
        elif text.strip():
            data = text.encode("utf-8")
        elif sample.startswith("sample:"):
            try:
                data = read_source(sample).data
            except BoardgenError as error:
                return page("positions.html", 400, title="Check a position", samples=samples(), text="",
                            error=str(error))
        else:
            return page("positions.html", 400, title="Check a position", samples=samples(), text="",
                        error="paste a position, choose a file or pick a sample")
        token = state.uploads.save("position.toml", data)
        return redirect(url_for("position", token=token), 303)

    @app.get("/positions/<token>")
    def position(token: str) -> Response:
        if not is_upload(token):
            abort(404)
        try:
            data = state.uploads.path(token).read_bytes()
        except BoardgenError as error:
            return page("message.html", 404, title="Not here", message=str(error))
        report = check_text(data)
        moves = list(report.moves)[:MAX_MOVES_SHOWN]
        return page("position.html", title="Position", token=token, report=report, moves=moves,
                    more=len(report.moves) - len(moves), text=data.decode("utf-8", "replace"),
                    problems=[(p.where, p.message, p.code) for p in report.errors])

    @app.get("/positions/<token>/play")
    def play(token: str) -> Any:
        if not is_upload(token):
            abort(404)
        notation = request.args.get("move", "")
        try:
            data = state.uploads.path(token).read_bytes()
            loaded = after_moves(data, "the position", [notation])
        except BoardgenError as error:
            return page("message.html", 400, title="Not a move", message=str(error))
        after = loaded.rules.write(loaded.position).encode("utf-8")
        return redirect(url_for("position", token=state.uploads.save("position.toml", after)), 303)
