"""`boardgen serve`: the web page on this computer, opened in the browser.  A command the page itself does not
offer: its declaration (options from products/declared/serve.py) carries its run, so the command line calls it as
it calls any product.  The command line lists it among its own commands (boardgen.cli.app.COMMANDS) and imports
this module only when `serve` runs; the products, a tier below the faces, never name it."""

from __future__ import annotations

import sys
import threading
import webbrowser
from typing import Any

from waitress import create_server  # type: ignore[import-untyped]

from ..errors import BoardgenError
from ..options import Mode, Product, Values
from ..products.declared.serve import HELP, OPTIONS
from ..stopping import stop_received
from .app import WebSettings, create_app
from .guard import LOOPBACK, is_loopback

PORTS_TRIED = 20


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# What waitress itself takes in one request body.  Larger than any upload limit, so the page refuses a large file
# in its own words (app.py), not waitress in its; waitress keeps a body this large in a temporary file, not memory.
REQUEST_BODY_BYTES = 1 << 30


def settings_for(host: str) -> WebSettings:
    """The Host check stays on whenever the page answers on this computer only, whether --host said so or not."""
    return WebSettings(trusted_hosts=LOOPBACK if is_loopback(host) else ())


def make_server(app: Any, host: str, port: int, threads: int = 8) -> Any:
    """The page's server on `host`:`port` (0: any free port), as `serve` runs it."""
    return create_server(app, host=host, port=port, threads=threads, ident="boardgen",
                         max_request_body_size=REQUEST_BODY_BYTES)


def serve(values: Values) -> None:
    host = values["host"]
    settings = settings_for(host)
    app = create_app(settings)
    first = int(values["port"])
    ports = [first] if values.given("port") else range(first, first + PORTS_TRIED)
    server, last = None, OSError()
    for port in ports:
        try:
            server = make_server(app, host, port)
            break
        except OSError as error:
            last = error
    if server is None:
        tried = f"port {first}" if values.given("port") else f"ports {first} to {first + PORTS_TRIED - 1}"
        raise BoardgenError(f"cannot answer on {host}, {tried}: {last.strerror}")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    address = f"http://{'[' + shown + ']' if ':' in shown else shown}:{server.effective_port}/"
    if not is_loopback(host):
        _say(f"boardgen: warning: the page answers on {host}: anyone on that network can use it")
    _say(f"boardgen: the page is at {address} (Ctrl-C stops it)")
    if values["browser"]:
        threading.Timer(0.5, webbrowser.open, args=(address,)).start()
    try:
        server.run()  # until Ctrl-C or kill, which waitress catches to end its loop
    finally:
        server.close()
    raise stop_received()  # the command line says "stopped" and exits 128 + the signal


SERVE = Product("serve", HELP, OPTIONS, mode=Mode.COMMAND, run=serve)
