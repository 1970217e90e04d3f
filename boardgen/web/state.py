"""What the running page keeps, reached through Flask's `current_app`, and the one way a page is answered."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from flask import Response, current_app, render_template, request

from ..options import Mode, Role
from ..products.bundle import Preview
from ..products.declared import PRODUCTS, product
from .guard import LOOPBACK, form_token
from .jobs import JobQueue
from .language import chosen, gettext, offered
from .uploads import Uploads
from .words import LONGEST_WORD, said

EXTENSION = "boardgen"  # the page's state, in app.extensions


@dataclass(frozen=True)
class WebSettings:
    # The host names a request may name (against DNS rebinding); () when the page was asked to serve a network.
    trusted_hosts: tuple[str, ...] = LOOPBACK
    upload_bytes: int = 256 * 1024
    request_seconds: float = 60.0  # a download or preview that takes longer is given up, with a message
    running_jobs: int = 1  # long jobs at once; the rest wait in the queue
    job_seconds: float = 600.0  # the longest a job may run
    making: int = 2  # quick products made at once; the others wait their turn


@dataclass
class WebState:
    settings: WebSettings
    uploads: Uploads
    jobs: JobQueue
    # A slot each for the quick products being made: taken by a request, given back when its work has ended (even
    # if the request gave up waiting), so the slots bound the work the page does at once.
    makers: threading.BoundedSemaphore
    previews: OrderedDict[tuple[str, str, str], Preview | None] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)


def web_state() -> WebState:
    state = current_app.extensions[EXTENSION]
    assert isinstance(state, WebState)
    return state


def offered_products() -> list[str]:
    """The products the page offers, in the registry's order: those that make files or run as jobs (a command
    that prints or serves is for the command line)."""
    return [name for name in PRODUCTS if product(name).mode in (Mode.FILES, Mode.JOB)]


def made_for(role: Role) -> list[tuple[str, str]]:
    """The products a page about a subject someone gave it links to (your game: Role.GAME; a position:
    Role.POSITION), each with what its link says: those the page offers whose argument takes such a subject and
    whose declaration says how to link to it, in the registry's order."""
    found = []
    for name in offered_products():
        declared = product(name)
        argument = declared.argument()
        if declared.subject_link and argument is not None and argument.role is role:
            found.append((name, declared.subject_link))
    return found


def menu() -> list[tuple[str, str]]:
    """The site's menu: each page's address and what it makes, in words (the visitor's language's)."""
    made = [(f"/make/{name}", said(product(name).title or name)) for name in offered_products()]
    return [*made, ("/play", gettext("Play a game")), ("/positions", gettext("Check a position")),
            ("/game", gettext("Your own game"))]


# What a page says that its caller wrote in English (a title, a message, an error): said in the visitor's
# language as the page shows it (words.said), whichever module answered.
_SAID = ("title", "message", "error")


def page(template: str, status: int = 200, **context: Any) -> Response:
    """A page of the site in the visitor's language, with its menu, the language switch (back to this address),
    the token its forms send (guard.py), and the products a page about a given game or position links to
    (made_for(Role.GAME), from the registry)."""
    for key in _SAID:
        if isinstance(context.get(key), str):
            context[key] = said(context[key])
    here = request.full_path.rstrip("?") if request.method == "GET" else request.path
    if status >= 400 and len(here) > LONGEST_WORD:  # a bad address is not shown again, even in the switch's form
        here = "/"
    return Response(render_template(template, menu=menu(), token=form_token(), made_for=made_for, Role=Role,
                                    language=chosen(), languages=offered(), here=here, **context),
                    status, mimetype="text/html")


def text(message: str, status: int) -> Response:
    return Response(message + "\n", status, mimetype="text/plain")
