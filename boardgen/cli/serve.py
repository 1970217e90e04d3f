"""`boardgen serve`: the web page on this computer, opened in the browser."""

from __future__ import annotations

from ..options import Product, Values
from .output import echo

PORTS_TRIED = 20


def serve(product: Product, values: Values) -> None:
    import threading
    import webbrowser

    from waitress import create_server  # type: ignore[import-untyped]

    from ..errors import BoardgenError
    from ..products.declared.serve import DEFAULT_PORT
    from ..stopping import stop_received
    from ..web.app import LOOPBACK, WebSettings, create_app

    host = values["host"]
    asked = values.given("host")
    settings = WebSettings(trusted_hosts=() if asked else LOOPBACK)
    app = create_app(settings)
    first = values["port"] or DEFAULT_PORT
    ports = [first] if values["port"] else range(first, first + PORTS_TRIED)
    server, last = None, OSError()
    for port in ports:
        try:
            server = create_server(app, host=host, port=port, threads=8, ident="boardgen",
                                   max_request_body_size=settings.upload_bytes * 2)
            break
        except OSError as error:
            last = error
    if server is None:
        tried = f"port {first}" if values["port"] else f"ports {first} to {first + PORTS_TRIED - 1}"
        raise BoardgenError(f"cannot answer on {host}, {tried}: {last.strerror}")
    port = server.effective_port
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    address = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}/"
    if host not in LOOPBACK:
        echo(f"boardgen: warning: the page answers on {host}: anyone on that network can use it", err=True)
    echo(f"boardgen: the page is at {address} (Ctrl-C stops it)", err=True)
    if values["browser"]:
        threading.Timer(0.5, webbrowser.open, args=(address,)).start()
    try:
        server.run()  # until Ctrl-C or kill, which waitress catches to end its loop
    finally:
        server.close()
    raise stop_received()  # the command line says "stopped" and exits 128 + the signal
