"""The web page: a form for every product, built from the same declarations as the command line, a live
preview, downloads by address, positions to check and play, your own game file, and long work in a queue.

Flask parses requests and renders the pages; everything made comes from the library, as the command line
makes it, so a download has the command line's bytes.
"""

from __future__ import annotations

import mimetypes
import tempfile
import threading
from collections import OrderedDict
from concurrent.futures import TimeoutError as TookTooLong
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from flask import Flask, Response, abort, jsonify, redirect, render_template, request, url_for

from ..errors import BoardgenError
from ..options import Kind, Option, Product, Values
from ..products.bundle import TEXTS, preview, zip_files
from ..products.declared import PRODUCTS, product
from .jobs import JobQueue
from .query import FormErrors, canonical_query, offered, read_query
from .subjects import BUNDLE, argument, chosen_game, format_extensions, read_subject
from .uploads import Uploads
from .work import Limits, Made, check_limits, job_work, quick_files

# The products with a page, in the order the home page lists them; the long ones run as queued jobs.
PAGES = ("board", "pieces", "rules", "diagram", "box", "lego", "giftset", "simulate", "study", "report")
LONG = frozenset({"giftset", "simulate", "study", "report"})
# What a page previews when it is not its own first page: a gift set shows its board, drawn as the set draws it.
PREVIEW_OF = {"giftset": "board"}
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class WebSettings:
    # The host names a request may name (against DNS rebinding); () when the page was asked to serve a network.
    trusted_hosts: tuple[str, ...] = LOOPBACK
    upload_bytes: int = 256 * 1024
    request_seconds: float = 60.0  # a download or preview that takes longer is given up, with a message
    running_jobs: int = 1  # long jobs at once; the rest wait in the queue
    limits: Limits = field(default_factory=Limits)


def create_app(settings: WebSettings | None = None, folder: Path | None = None) -> Flask:
    """The page's application; uploads go into `folder` (a temporary folder, cleaned when the app goes)."""
    chosen = settings or WebSettings()
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = chosen.upload_bytes
    if folder is None:
        temporary = tempfile.TemporaryDirectory(prefix="boardgen-web-")
        app.extensions["boardgen-temporary"] = temporary  # removed with the app
        folder = Path(temporary.name)
    state = _State(chosen, Uploads(folder), JobQueue(chosen.running_jobs), threading.BoundedSemaphore(2))
    app.extensions["boardgen"] = state

    @app.before_request
    def known_host() -> Any:
        if chosen.trusted_hosts:
            host = (request.host or "").rsplit(":", 1)[0] if not (request.host or "").startswith("[") else \
                (request.host or "").split("]")[0] + "]"
            if host not in chosen.trusted_hosts:
                return Response(f"This page answers to {', '.join(chosen.trusted_hosts[:2])} only, not {host!r}.\n",
                                403, mimetype="text/plain")
        return None

    @app.errorhandler(413)
    def too_large(error: Any) -> Any:
        message = f"that file is larger than the page takes ({chosen.upload_bytes // 1024} KB)"
        return _page("message.html", 413, title="Too large", message=message)

    _routes(app, state)
    return app


@dataclass
class _State:
    settings: WebSettings
    uploads: Uploads
    jobs: JobQueue
    makers: threading.BoundedSemaphore  # quick products made at once; the others wait their turn
    previews: OrderedDict[tuple[str, str, str], Any] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _page(template: str, status: int = 200, **context: Any) -> Response:
    return Response(render_template(template, pages=PAGES, **context), status, mimetype="text/html")


def _text(message: str, status: int) -> Response:
    return Response(message + "\n", status, mimetype="text/plain")


def _routes(app: Flask, state: _State) -> None:
    @app.get("/")
    def home() -> Response:
        summaries = {name: PRODUCTS[name].summary for name in PAGES}
        return _page("home.html", title="boardgen", summaries=summaries)

    @app.get("/make/<name>")
    def make_page(name: str) -> Response:
        chosen = _product_or_404(name)
        subject = request.args.get("subject", "")
        context: dict[str, Any] = {"errors": {}, "link": "", "preview": "", "values": None}
        query = {key: request.args.getlist(key) for key in request.args if key not in ("subject", "made")}
        if "made" in request.args:
            try:
                values, link = _checked(state, chosen, subject, query)
                picture = link.split("?")[0].rsplit(".", 1)[-1] not in TEXTS  # a page without JavaScript: an <img>
                context.update(values=values, link=link, preview=_preview_link(chosen, link) if picture else "")
            except FormErrors as problems:
                context["errors"] = problems.errors
        game = chosen_game(chosen, subject, state.uploads)
        return _page("product.html", title=f"boardgen {name}", product=chosen,
                     fields=_fields(chosen, request.args, game),
                     subject=subject, subjects=_subjects(chosen, subject), long=name in LONG,
                     formats=_formats(chosen), **context)

    @app.get("/check/<name>")
    def check(name: str) -> Response:
        """The live form's question: are these options right, and where are the download and its preview?"""
        chosen = _product_or_404(name)
        subject = request.args.get("subject", "")
        query = {key: request.args.getlist(key) for key in request.args if key != "subject"}
        # the values worth offering for the chosen game, wrong options or not: then most of all
        suggestions = _suggestions(chosen, chosen_game(chosen, subject, state.uploads))
        try:
            values, link = _checked(state, chosen, subject, query)
        except FormErrors as problems:
            return jsonify(errors=problems.errors, download="", preview="", idle={}, suggestions=suggestions)
        return jsonify(errors={}, download=link, preview=_preview_link(chosen, link), idle=_idle(chosen, values),
                       suggestions=suggestions)

    @app.get("/download/<name>/<path:subject>")
    def download(name: str, subject: str) -> Response:
        chosen = _product_or_404(name)
        try:
            made, values, read = _made(state, chosen, subject, _args())
        except FormErrors as problems:
            return _text("; ".join(problems.errors.values()), 400)
        except BoardgenError as error:
            return _text(str(error), 400)
        except TookTooLong:
            return _text(f"that took longer than {state.settings.request_seconds:g} seconds: ask for less (a smaller "
                         "dpi, fewer pages) or use the command line", 503)
        return _file_response(made, f"{read.name}-{name}", read.extension)

    @app.get("/preview/<name>/<path:subject>")
    def preview_image(name: str, subject: str) -> Response:
        chosen = _product_or_404(name)
        try:
            picture = _preview(state, chosen, subject, request.query_string.decode("ascii", "replace"))
        except FormErrors as problems:
            return _text("; ".join(problems.errors.values()), 400)
        except BoardgenError as error:
            return _text(str(error), 400)
        except TookTooLong:
            return _text("the preview took too long", 503)
        if picture is None:
            return _text("no picture for this", 404)
        data, media_type, pages = picture
        response = Response(data, mimetype=media_type)
        if pages:
            response.headers["X-Boardgen-Pages"] = str(pages)
        if name in PREVIEW_OF:  # the pages counted are those of what it shows
            response.headers["X-Boardgen-Shows"] = f"the {PREVIEW_OF[name]}"
        response.headers["Cache-Control"] = "private, max-age=600"
        return response

    @app.post("/jobs/<name>")
    def start_job(name: str) -> Any:
        chosen = _product_or_404(name)
        if name not in LONG:
            abort(404)
        form = {key: request.form.getlist(key) for key in request.form if key not in ("subject", "made")}
        subject = request.form.get("subject", "")
        try:
            values, _ = _checked(state, chosen, subject, form)
            title, steps, work = job_work(name, chosen, values, state.settings.limits)
            job = state.jobs.submit(title, steps, work, state.settings.limits.job_seconds)
        except FormErrors as problems:
            return _page("product.html", 400, title=f"boardgen {name}", product=chosen,
                         fields=_fields(chosen, request.form, chosen_game(chosen, subject, state.uploads)),
                         subject=subject, subjects=_subjects(chosen, subject),
                         long=True, formats=_formats(chosen), errors=problems.errors, link="", preview="",
                         values=None)
        except BoardgenError as error:
            return _page("message.html", 400, title="Not possible", message=str(error))
        return redirect(url_for("job_page", job_id=job.id), 303)

    @app.get("/jobs/<job_id>")
    def job_page(job_id: str) -> Response:
        job = state.jobs.get(job_id) or abort(404)
        return _page("job.html", title=job.title, job=job, place=state.jobs.place(job))

    @app.get("/jobs/<job_id>.json")
    def job_status(job_id: str) -> Response:
        job = state.jobs.get(job_id) or abort(404)
        return jsonify(state=job.state, done=job.done, total=job.total, label=job.label, error=job.error,
                       place=state.jobs.place(job))

    @app.post("/jobs/<job_id>/cancel")
    def cancel_job(job_id: str) -> Any:
        job = state.jobs.get(job_id) or abort(404)
        state.jobs.cancel(job)
        return redirect(url_for("job_page", job_id=job.id), 303)

    @app.get("/jobs/<job_id>/file")
    def job_file(job_id: str) -> Response:
        job = state.jobs.get(job_id) or abort(404)
        if job.state != "done" or not job.result.files:
            abort(404)
        made: Made = job.result
        return _file_response(made.files, made.download_name, BUNDLE if len(made.files) > 1 else
                              made.files[0].name.rsplit(".", 1)[-1])

    @app.get("/jobs/<job_id>/chart")
    def job_chart(job_id: str) -> Response:
        job = state.jobs.get(job_id) or abort(404)
        if job.state != "done" or not job.result.files:
            abort(404)
        first = job.result.files[0]
        return Response(first.data, mimetype=mimetypes.guess_type(first.name)[0] or "application/octet-stream")

    from .own_game import own_game_routes
    from .positions import position_routes

    position_routes(app, state)
    own_game_routes(app, state)


def _idle(chosen: Product, values: Values) -> dict[str, str]:
    """The options that mean nothing with these values (the laser's, without --laser), each with the reason its
    declaration gives: the form greys them out."""
    idle = {}
    for option in offered(chosen):
        reason = option.applies(values) if option.applies is not None else ""
        if reason:
            idle[option.name] = reason
    return idle


def _args() -> dict[str, list[str]]:
    return {key: request.args.getlist(key) for key in request.args}


def _product_or_404(name: str) -> Product:
    if name not in PAGES:
        abort(404)
    return product(name)


def _checked(state: _State, chosen: Product, subject: str, query: dict[str, list[str]]) -> tuple[Values, str]:
    """The checked values of a form, and the download link that asks for them; FormErrors at their fields."""
    name = argument(chosen)
    given_subject = subject or (query.pop(name, [""])[-1] if name else "")
    if name and not given_subject:
        raise FormErrors({name: f"missing {name.upper()}: choose one"})
    fmt = (query.get("format") or [""])[-1]
    formats = [option for option in chosen.options if option.name == "format"]
    extension = (format_extensions(formats[0]).get(fmt, fmt) if formats and fmt else "") or \
        _default_extension(chosen, query)
    address = f"{given_subject or chosen.name}.{extension}"
    read = read_subject(chosen, address, state.uploads)
    query = {key: texts for key, texts in query.items() if key != "format" or key not in read.fixed}
    values = read_query(chosen, query, read.fixed)
    problem = check_limits(chosen.name, values, state.settings.limits)
    if problem:
        from .query import field_of

        raise FormErrors({field_of(chosen, problem): problem})
    shared = canonical_query(chosen, values, leave_out=("format",) if "format" in read.fixed else ())
    link = f"/download/{chosen.name}/{quote(address, safe=':/#')}" + (f"?{shared}" if shared else "")
    return values, link.replace("#", "%23")


def _default_extension(chosen: Product, query: dict[str, list[str]]) -> str:
    if chosen.name in LONG:
        return BUNDLE if chosen.name == "giftset" else "pdf"
    formats = [option for option in chosen.options if option.name == "format"]
    if not formats:
        return "pdf"
    laser = (query.get("laser") or ["false"])[-1].lower() in ("true", "on", "yes", "1")
    if laser:
        return "svg"
    return format_extensions(formats[0])[str(formats[0].default)]


def _made(state: _State, chosen: Product, subject: str, query: dict[str, list[str]]) -> tuple[list[Any], Values,
                                                                                                  Any]:
    read = read_subject(chosen, subject, state.uploads)
    query = {key: texts for key, texts in query.items() if key not in read.fixed}
    values = read_query(chosen, query, read.fixed)
    problem = check_limits(chosen.name, values, state.settings.limits)
    if problem:
        raise FormErrors({"": problem})
    if chosen.make is None:  # it plays games rather than making files: a job on its page
        raise FormErrors({"": f"{chosen.name} plays many games: start it on its page, /make/{chosen.name}"})
    made = _in_time(state, lambda: quick_files(chosen, values))
    extensions = {file.name.rsplit(".", 1)[-1].lower() for file in made}
    if read.extension != BUNDLE and extensions != {read.extension}:
        raise FormErrors({"": f"this makes {', '.join(sorted(extensions))} files, not {read.extension}: ask for "
                              f"{subject.rsplit('.', 1)[0]}.{sorted(extensions)[0]}, or .zip for all of them"})
    return made, values, read


def _in_time(state: _State, make: Any) -> Any:
    """What `make` returns, made in a thread of its own (which ends with it) so the request can stop waiting
    after request_seconds; TookTooLong then (the thread finishes its work and is forgotten)."""
    answer: dict[str, Any] = {}

    def work() -> None:
        with state.makers:
            try:
                answer["made"] = make()
            except BaseException as error:  # handed to the request, which says what it was
                answer["error"] = error

    thread = threading.Thread(target=work, daemon=True, name="boardgen-make")
    thread.start()
    thread.join(state.settings.request_seconds)
    if thread.is_alive():
        raise TookTooLong()
    if "error" in answer:
        raise answer["error"]
    return answer["made"]


def _file_response(files: list[Any], name: str, extension: str) -> Response:
    if extension == BUNDLE or len(files) > 1:
        data, filename, media_type = zip_files(files, folder=name), f"{name}.zip", "application/zip"
    else:
        (file,) = files
        data, filename = file.data, file.name
        media_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    response = Response(data, mimetype=media_type)
    response.headers["Content-Disposition"] = f"attachment; filename=\"{filename}\""
    return response


def _preview_link(chosen: Product, link: str) -> str:
    if chosen.make is None:
        return ""  # plays games: its chart comes with its result
    return link.replace("/download/", "/preview/", 1)


def _preview(state: _State, chosen: Product, subject: str, query_string: str) -> Any:
    """The first page of what the download makes, as a picture (the board, for a gift set); the last few kept,
    as a form's preview asks for the same picture again when an option goes back."""
    key = (chosen.name, subject, query_string)
    with state.lock:
        if key in state.previews:
            state.previews.move_to_end(key)
            return state.previews[key]
    from urllib.parse import parse_qs

    query = parse_qs(query_string, keep_blank_values=True)
    shown = chosen
    if chosen.name in PREVIEW_OF:
        shown = product(PREVIEW_OF[chosen.name])
        shown_options = {option.name for option in offered(shown)}
        query = {key: texts for key, texts in query.items() if key in shown_options and key != "format"}
        subject = subject.rsplit(".", 1)[0] + ".pdf"
    elif subject.rsplit(".", 1)[-1].lower() in ("png", "dxf"):  # drawn as the PDF or SVG they come from
        subject = subject.rsplit(".", 1)[0] + (".svg" if subject.lower().endswith(".dxf") else ".pdf")
    made, _, _ = _made(state, shown, subject, query)
    picture = preview(made, dpi=50.0)
    with state.lock:
        state.previews[key] = picture
        while len(state.previews) > 64:
            state.previews.popitem(last=False)
    return picture


def _formats(chosen: Product) -> tuple[str, ...]:
    formats = [option for option in chosen.options if option.name == "format"]
    return formats[0].choice_list() if formats else ()


def _subjects(chosen: Product, subject: str) -> list[tuple[str, str]]:
    """The choices for the product's argument: the built-in games (or studies, or samples)."""
    name = argument(chosen)
    if name is None:
        return []
    option = chosen.option(name)
    if option.kind is Kind.CHOICE:
        return [(choice, choice) for choice in option.choice_list()]
    if name == "file":  # a position: the packaged samples
        from ..games import GAMES
        from ..products.templates import sample_names

        return [(f"sample:{sample}", f"{GAMES[game].title}: {sample.split('/', 1)[-1]}") for game in GAMES
                for sample in sample_names(game)]
    from ..games import GAMES

    return [(game, info.title) for game, info in GAMES.items()]


def _suggestions(chosen: Product, game: Any) -> dict[str, list[str]]:
    return {option.name: list(option.extra["suggestions"](game)) for option in offered(chosen)
            if "suggestions" in option.extra}


class Field:
    """An option as a form field: its input, its current text, its help."""

    def __init__(self, option: Option, texts: list[str], game: Any = None) -> None:
        self.option = option
        self.name = option.name
        self.kind = option.kind.value
        self.help = option.help_text()
        self.choices = option.choice_list() if option.kind is Kind.CHOICE else ()
        default = option.default
        self.default = ("true" if default else "false") if option.kind is Kind.FLAG else \
            ("" if default is None else f"{default:g}" if isinstance(default, float) else str(default))
        self.value = texts[-1] if texts else self.default
        self.checked = self.value.lower() in ("true", "on", "yes", "1") if option.kind is Kind.FLAG else False
        self.low, self.high = option.low, option.high
        suggest = option.extra.get("suggestions")
        self.suggestions: list[str] = list(suggest(game)) if suggest is not None else []


def _fields(chosen: Product, args: Any, game: Any) -> list[Field]:
    return [Field(option, args.getlist(option.name), game) for option in offered(chosen) if not option.argument]
