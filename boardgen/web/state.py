"""What the running page keeps, reached through Flask's `current_app`, and the one way a page is answered."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from flask import Response, current_app, render_template

from ..options import Mode
from ..products.bundle import Preview
from ..products.declared import PRODUCTS, product
from .guard import LOOPBACK, form_token
from .jobs import JobQueue
from .uploads import Uploads

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
    makers: threading.BoundedSemaphore  # held by a request while it waits for what it makes
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


def menu() -> list[tuple[str, str]]:
    """The site's menu: each page's address and what it makes, in words."""
    made = [(f"/make/{name}", product(name).title or name) for name in offered_products()]
    return [*made, ("/play", "Play a game"), ("/positions", "Check a position"), ("/game", "Your own game")]


def page(template: str, status: int = 200, **context: Any) -> Response:
    """A page of the site, with its menu, and the token its forms send (guard.py)."""
    return Response(render_template(template, menu=menu(), token=form_token(), **context), status,
                    mimetype="text/html")


def text(message: str, status: int) -> Response:
    return Response(message + "\n", status, mimetype="text/plain")
