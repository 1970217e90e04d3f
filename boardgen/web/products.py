"""The products' pages: a form for each, its live check, downloads by address and previews of their first page.

Every product a declaration offers to the page (boardgen.options.Mode) has one; nothing here knows a product by
its name, nor an option: the format and the laser switch are found by their role (boardgen.options.Role).
"""

from __future__ import annotations

import mimetypes
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar
from urllib.parse import parse_qs, quote

from flask import Blueprint, Response, abort, jsonify, redirect, request

from ..errors import BoardgenError
from ..options import Mode, Option, OptionError, Product, Role, Values
from ..products.bundle import TEXTS, Preview, preview, zip_files
from ..products.declared import product
from ..products.document import RenderedFile
from .forms import fields, idle, subject_option, subjects, suggestions
from .language import gettext, number
from .query import FormErrors, canonical_query, field_for, offered, read_query
from .state import WebState, offered_products, page, text, web_state
from .subjects import BUNDLE, Subject, argument, chosen_game, format_extensions, read_subject
from .uploads import is_upload
from .words import for_people, said

T = TypeVar("T")

products = Blueprint("products", __name__)


@products.get("/")
def home() -> Response:
    cards = [(f"/make/{name}", said(product(name).title or name), said(product(name).sentence))
             for name in offered_products()]
    cards += [("/play", gettext("Play a game"),
               gettext("Two people at one screen, or one against the computer, before you print it.")),
              ("/positions", gettext("Check a position"),
               gettext("Is a position right? Its legal moves, its diagram, and a move played.")),
              ("/game", gettext("Your own game"),
               gettext("Write your own game: its board, pieces, rules and a boxed set."))]
    return page("home.html", title=gettext("boardgen: games to print, cut and play"), cards=cards)


@products.get("/make/<name>")
def make_page(name: str) -> Any:
    state = web_state()
    chosen = offered_product(name)
    subject = request.args.get("subject", "")
    context: dict[str, Any] = {"errors": {}, "link": "", "preview": "", "values": None}
    query = {key: request.args.getlist(key) for key in request.args if key not in ("subject", "made")}
    if "made" in request.args:
        try:
            values, link = checked(state, chosen, subject, query)
        except FormErrors as problems:
            context["errors"] = problems.errors
        else:
            if chosen.mode is Mode.FILES:  # "Make it": the file itself
                return redirect(link, 303)
            picture = link.split("?")[0].rsplit(".", 1)[-1] not in TEXTS  # a page without JavaScript: an <img>
            context.update(values=values, link=link, preview=_preview_link(chosen, link) if picture else "")
    return product_page(chosen, request.args, subject, 200, **context)


def product_page(chosen: Product, args: Any, subject: str, status: int, **context: Any) -> Response:
    """A product's form, with what `context` says (its errors, the link made)."""
    uploads = web_state().uploads
    game = chosen_game(chosen, subject, uploads)
    context["errors"] = said_beside(chosen, context.get("errors", {}))
    return page("product.html", status, title=chosen.title or chosen.name, product=chosen,
                fields=fields(chosen, args, game), subject=subject, subjects=subjects(chosen),
                subject_field=subject_option(chosen), upload_name=uploads.name(subject) if is_upload(subject) else "",
                long=chosen.mode is Mode.JOB, **context)


def said_beside(chosen: Product, errors: dict[str, str]) -> dict[str, str]:
    """Each problem as the page says it beside its field (guard the page against a pasted page of text too)."""
    return {name: for_people(message, chosen, beside=name) for name, message in errors.items()}


@products.get("/check/<name>")
def check(name: str) -> Response:
    """The live form's question: are these options right, and where are the download and its preview?"""
    state = web_state()
    chosen = offered_product(name)
    subject = request.args.get("subject", "")
    query = {key: request.args.getlist(key) for key in request.args if key != "subject"}
    # the values worth offering for the chosen game, wrong options or not: then most of all
    offer = suggestions(chosen, chosen_game(chosen, subject, state.uploads))
    try:
        values, link = checked(state, chosen, subject, query)
    except FormErrors as problems:
        return jsonify(errors=said_beside(chosen, problems.errors), download="", preview="", idle={}, suggestions=offer)
    return jsonify(errors={}, download=link, preview=_preview_link(chosen, link), idle=idle(chosen, values),
                   suggestions=offer)


@products.get("/download/<name>/<path:subject>")
def download(name: str, subject: str) -> Response:
    state = web_state()
    chosen = offered_product(name)
    try:
        made, _, read = _made(state, chosen, subject, {key: request.args.getlist(key) for key in request.args})
    except FormErrors as problems:
        return text("; ".join(for_people(message, chosen) for message in problems.errors.values()), 400)
    except BoardgenError as error:
        return text(for_people(str(error), chosen), 400)
    except TimeoutError:
        return text(gettext("that took longer than {seconds} seconds: ask for less (a smaller dpi, fewer pages) or "
                            "use the command line").format(seconds=number(state.settings.request_seconds)), 503)
    shown = state.uploads.name(read.name) if is_upload(read.name) else read.name  # your game by its own name
    return file_response(made, f"{shown}-{name}", read.extension)


@products.get("/preview/<name>/<path:subject>")
def preview_image(name: str, subject: str) -> Response:
    chosen = offered_product(name)
    try:
        picture = _preview(web_state(), chosen, subject, request.query_string.decode("ascii", "replace"))
    except FormErrors as problems:
        return text("; ".join(for_people(message, chosen) for message in problems.errors.values()), 400)
    except BoardgenError as error:
        return text(for_people(str(error), chosen), 400)
    except TimeoutError:
        return text(gettext("the preview took too long"), 503)
    if picture is None:
        return text(gettext("no picture for this"), 404)
    response = Response(picture.data, mimetype=picture.media_type)
    if picture.pages:
        response.headers["X-Boardgen-Pages"] = str(picture.pages)
    if chosen.preview:  # the pages counted are those of what it shows
        response.headers["X-Boardgen-Shows"] = f"the {chosen.preview}"
    response.headers["Cache-Control"] = "private, max-age=600"
    return response


def offered_product(name: str) -> Product:
    """The product a page is about; 404 for a name the page does not offer."""
    if name not in offered_products():
        abort(404)
    return product(name)


def checked(state: WebState, chosen: Product, subject: str, query: dict[str, list[str]]) -> tuple[Values, str]:
    """The checked values of a form, and the download link that asks for them; FormErrors at their fields."""
    name = argument(chosen)
    given_subject = subject or (query.pop(name, [""])[-1] if name else "")
    if name and not given_subject:
        raise FormErrors({name: gettext("choose one first")})
    found = chosen.option_for(Role.FORMAT)
    fmt = (query.get(found.name) or [""])[-1] if found is not None else ""
    extension = (format_extensions(found).get(fmt, fmt) if found is not None and fmt else "") or \
        _default_extension(chosen, query)
    address = f"{given_subject or chosen.name}.{extension}"
    read = read_subject(chosen, address, state.uploads)
    in_address = found.name if found is not None and found.name in read.fixed else None  # the address says it
    query = {key: texts for key, texts in query.items() if key != in_address}
    values = _within_limits(chosen, read_query(chosen, query, read.fixed))
    shared = canonical_query(chosen, values, leave_out=(in_address,) if in_address is not None else ())
    link = f"/download/{chosen.name}/{quote(address, safe=':/#')}" + (f"?{shared}" if shared else "")
    return values, link.replace("#", "%23")


def _within_limits(chosen: Product, values: Values) -> Values:
    """The values, if the page takes them (it runs on the club's own computer); FormErrors at the option that asks
    for too much otherwise."""
    beyond = chosen.web_limits(values)
    if beyond is not None:
        raise FormErrors({field_for(chosen, beyond): str(beyond)})
    return values


def _default_extension(chosen: Product, query: dict[str, list[str]]) -> str:
    """The extension of what a form asks for when it names no format: the format's default, or its laser default
    with the laser switch on; the product's own for long work and products without a format."""
    found = chosen.option_for(Role.FORMAT)
    if chosen.mode is Mode.JOB or found is None:
        return chosen.extension
    if found.laser_default and _switched_on(chosen.option_for(Role.LASER), query):
        return found.extension(found.laser_default)
    return found.extension(str(found.default))


def _switched_on(switch: Option | None, query: dict[str, list[str]]) -> bool:
    """Whether the query turns `switch` on, read by the switch's own declaration (a value it refuses is off here:
    reading the query says why, beside the switch)."""
    if switch is None or not query.get(switch.name):
        return False
    try:
        return bool(switch.convert(query[switch.name][-1]))
    except OptionError:
        return False


def _made(state: WebState, chosen: Product, subject: str,
          query: dict[str, list[str]]) -> tuple[list[RenderedFile], Values, Subject]:
    read = read_subject(chosen, subject, state.uploads)
    query = {key: texts for key, texts in query.items() if key not in read.fixed}
    values = _within_limits(chosen, read_query(chosen, query, read.fixed))
    make = chosen.make
    if make is None:  # it plays games rather than making files: a job on its page
        raise FormErrors({"": gettext("this plays many games or takes many steps: start it on its own page")})
    made: list[RenderedFile] = in_time(state, lambda: make(values))
    extensions = {file.name.rsplit(".", 1)[-1].lower() for file in made}
    if read.extension != BUNDLE and extensions != {read.extension}:
        raise FormErrors({"": gettext("this makes {made} files, not {asked}: ask for {instead}, or .zip for all of "
                                      "them").format(made=", ".join(sorted(extensions)), asked=read.extension,
                                                     instead=f"{subject.rsplit('.', 1)[0]}.{sorted(extensions)[0]}")})
    return made, values, read


def in_time(state: WebState, make: Callable[[], T]) -> T:
    """What `make` returns, made in one of the page's making slots; TimeoutError after request_seconds, waiting for
    a slot included.  The work runs in a thread of its own, which cannot be stopped halfway: given up, it runs on,
    and keeps its slot until it has really ended, so the slots bound the work the page does at once, work nobody
    waits for included."""
    deadline = time.monotonic() + state.settings.request_seconds
    if not state.makers.acquire(timeout=state.settings.request_seconds):
        raise TimeoutError()
    answer: Future[T] = Future()

    def work() -> None:
        try:
            answer.set_result(make())
        except BaseException as error:  # handed to the request, which says what it was
            answer.set_exception(error)
        finally:
            state.makers.release()  # the slot goes back when the work ends, whether anyone still waits or not

    try:
        threading.Thread(target=work, daemon=True, name="boardgen-make").start()
    except BaseException:  # no thread, no work: the slot goes back at once
        state.makers.release()
        raise
    return answer.result(timeout=max(0.0, deadline - time.monotonic()))


def file_response(files: list[Any], name: str, extension: str) -> Response:
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


def _preview(state: WebState, chosen: Product, subject: str, query_string: str) -> Preview | None:
    """The first page of what the download makes, as a picture (the board, for a gift set); the last few kept,
    as a form's preview asks for the same picture again when an option goes back."""
    key = (chosen.name, subject, query_string)
    with state.lock:
        if key in state.previews:
            state.previews.move_to_end(key)
            return state.previews[key]
    query = parse_qs(query_string, keep_blank_values=True)
    shown = chosen
    if chosen.preview:
        shown = product(chosen.preview)
        fmt = shown.option_for(Role.FORMAT)  # drawn as a PDF, which its address says, whatever the format asked
        shown_options = {option.name for option in offered(shown)} - ({fmt.name} if fmt is not None else set())
        query = {key: texts for key, texts in query.items() if key in shown_options}
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
