"""The web page: a form for every product, built from the same declarations as the command line, a live
preview, downloads by address, positions to check and play, games to play, your own game file, and long work in a
queue.

Flask parses requests and renders the pages; everything made comes from the library, as the command line
makes it, so a download has the command line's bytes.  `create_app` is the factory: one blueprint per area,
the page's state in app.extensions, reached through `current_app` (state.web_state).  guard.py keeps other
sites and host names out.
"""

from __future__ import annotations

import logging
import secrets
import tempfile
import threading
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from ..errors import BoardgenError
from .guard import LOOPBACK, refusal, sent_from_elsewhere, unknown_host
from .job_pages import jobs
from .jobs import JobQueue
from .language import N_, gettext, language, language_used, ngettext, number
from .own_game import own_game
from .play import play
from .positions import positions
from .products import products
from .state import EXTENSION, WebSettings, WebState, page, web_state
from .uploads import Uploads, named_uploads
from .words import said, without_server_paths

__all__ = ["LOOPBACK", "WebSettings", "create_app"]

# What a status means, in the page's words, for the pages that have nothing more to say (page() says them in the
# visitor's language).
_STATUS_WORDS = {
    400: (N_("Not understood"), N_("the page could not read that request")),
    404: (N_("Not here"), N_("there is no such page: the menu above has every one")),
    405: (N_("Not like that"), N_("that page is not asked for that way: use its form")),
    413: (N_("Too large"), ""),
}


def create_app(settings: WebSettings | None = None, folder: Path | None = None,
               play_key: bytes | None = None) -> Flask:
    """The page's application; uploads go into `folder` (a temporary folder, cleaned when the app goes).
    `play_key` signs a game's state in its link (web/play.py): the one `serve` keeps in its settings folder, so a
    link still opens after a restart; without one, a key of this app's own."""
    chosen = settings or WebSettings()
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = chosen.upload_bytes
    app.config["BOARDGEN_PLAY_KEY"] = play_key or secrets.token_bytes(32)
    # The session (the forms' token, the visitor whose uploads these are) lives in a signed cookie; a new key each
    # start, as the uploads go when the page stops.  Lax, not Strict: a person following a link to their own upload
    # from another site is still themselves, and no cross-site request that carries it changes anything (a POST
    # carries it only from the page itself; a GET changes nothing, and guard.py refuses one that computes).
    app.secret_key = secrets.token_bytes(32)
    app.config.update(SESSION_COOKIE_SAMESITE="Lax", SESSION_COOKIE_HTTPONLY=True)
    if folder is None:
        # ignore_cleanup_errors: a cleaner of /tmp may have removed it already
        temporary = tempfile.TemporaryDirectory(prefix="boardgen-web-", ignore_cleanup_errors=True)
        app.extensions["boardgen-temporary"] = temporary  # removed with the app
        folder = Path(temporary.name)
    _speak(app)
    app.extensions[EXTENSION] = WebState(chosen, Uploads(folder), JobQueue(chosen.running_jobs),
                                         threading.BoundedSemaphore(chosen.making))

    @app.before_request
    def guarded() -> Any:
        host = unknown_host(request.host or "", chosen.trusted_hosts)
        if host:  # plain text, naming none of the page's names: a rebinding site's script could read it
            return Response(gettext("This page does not answer to the name “{host}”: open it by the name or the "
                                    "address its server was given.").format(host=host[:60]) + "\n", 403,
                            mimetype="text/plain")
        why = refusal(request)
        if why:
            return page("message.html", 403, title=gettext("Refused"),
                        message=gettext("this page only does what its own forms ask, and {why}: open the page "
                                        "itself and use its form").format(why=said(why)))
        if sent_from_elsewhere(request):
            return page("elsewhere.html", 403, title=gettext("Opened from another site"),
                        address=request.full_path.rstrip("?"))
        # An address naming an upload is answered for the browser that gave it only, whatever answers it (a
        # preview kept for the next request, say): another visitor is told it is not here.
        try:
            for token in named_uploads(unquote(request.full_path)):
                web_state().uploads.path(token)
        except BoardgenError as error:
            return page("message.html", 404, title="Not here", message=str(error))
        return None

    @app.after_request
    def said_without_paths(response: Response) -> Response:
        # A message may quote a file given to the page by where the server keeps it: people see its name alone.
        if response.mimetype in ("text/html", "text/plain", "application/json") and not response.direct_passthrough:
            body = response.get_data(as_text=True)
            cleaned = without_server_paths(body, folder)
            if cleaned != body:
                response.set_data(cleaned)
        return response

    @app.errorhandler(HTTPException)
    def said_in_words(error: HTTPException) -> Any:
        status = error.code or 400
        title, message = _STATUS_WORDS.get(status, ("Not possible", error.description or ""))
        if status == 413:
            message = gettext("that is more than the page takes at once ({size} KB): give a smaller file").format(
                size=number(chosen.upload_bytes // 1024))
        return page("message.html", status, title=title, message=message)

    @app.errorhandler(Exception)
    def a_bug(error: Exception) -> Any:
        logging.getLogger("boardgen.web").exception("a bug in boardgen")
        return page("message.html", 500, title=gettext("Something went wrong"),
                    message=gettext("the page could not do that, and the fault is boardgen's, not yours: please "
                                    "tell its makers what you asked for"))

    for blueprint in (products, jobs, positions, own_game, play, language):
        app.register_blueprint(blueprint)
    return app


def _speak(app: Flask) -> None:
    """The page in the visitor's language (language.py): the templates' words through gettext (Jinja's i18n
    extension, newstyle: `_("Make it")`, `_("%(count)s moves", count=n)`), said() for the English words a
    declaration or another module gives a template, numbers in the language's marks (`|number`), and each answer
    marked as varying with the browser's language."""
    app.jinja_env.add_extension("jinja2.ext.i18n")
    # The extension's own method (not in Environment's type): the callables look the request's language up
    # when called, so one environment serves every visitor at once.
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    app.jinja_env.globals["said"] = said
    app.jinja_env.filters["number"] = number

    @app.after_request
    def varies_with_the_language(response: Response) -> Response:
        if language_used():  # the answer was said in the language the request chose
            response.vary.add("Accept-Language")
        return response
