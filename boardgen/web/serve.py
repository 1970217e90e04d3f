"""`boardgen serve`: the web page on this computer, opened in the browser.  A command the page itself does not
offer: its declaration (options from products/declared/serve.py) carries its run, so the command line calls it as
it calls any product.  The command line lists it among its own commands (boardgen.cli.app.COMMANDS) and imports
this module only when `serve` runs; the products, a tier below the faces, never name it."""

from __future__ import annotations

import errno
import socket
import sys
import threading
import webbrowser
from collections.abc import Sequence
from typing import Any

from waitress import create_server  # type: ignore[import-untyped]

from ..errors import BoardgenError
from ..options import Mode, Product, Values
from ..products.declared.serve import HELP, OPTIONS, ServeValues
from ..stopping import stop_received
from .app import WebSettings, create_app
from .guard import LOOPBACK, is_address, is_loopback, same_name
from .signing_key import play_key, state_folder

PORTS_TRIED = 20
WILDCARDS = ("0.0.0.0", "::")  # every address of this computer


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# What waitress itself takes in one request body.  Larger than any upload limit, so the page refuses a large file
# in its own words (app.py), not waitress in its; waitress keeps a body this large in a temporary file, not memory.
REQUEST_BODY_BYTES = 1 << 30


def machine_names() -> tuple[str, ...]:
    """This computer's own names, as people on its network may type them: its host name, its short name with
    .local (mDNS, as Macs and most Linux desktops answer) and its fully qualified name."""
    full = socket.gethostname()
    short = full.split(".")[0]
    found = [full, short, f"{short}.local", socket.getfqdn()]
    return tuple(dict.fromkeys(same_name(name) for name in found if name and not is_address(name)))


def allowed_names(host: str, allowed: Sequence[str] = ()) -> tuple[str, ...]:
    """The names the page answers to on `host`: localhost always (only this computer can be it), then the names
    --allow-host gives, else, on a network, this computer's own and the name --host gave.  Addresses always work
    (guard.py): a rebinding site can only bring a name of its own."""
    if allowed:
        others: tuple[str, ...] = tuple(allowed)
    elif is_loopback(host):
        others = ()
    else:
        others = (*machine_names(), *(() if is_address(host) else (same_name(host),)))
    return tuple(dict.fromkeys((*LOOPBACK, *others)))


def settings_for(host: str, allowed: Sequence[str] = ()) -> WebSettings:
    """The Host check is on wherever the page answers: on this computer only, or on a network."""
    return WebSettings(trusted_hosts=allowed_names(host, allowed))


def make_server(app: Any, host: str, port: int, threads: int = 8) -> Any:
    """The page's server on `host`:`port` (0: any free port), as `serve` runs it; OSError when it cannot bind."""
    return create_server(app, host=host, port=port, threads=threads, ident="boardgen",
                         max_request_body_size=REQUEST_BODY_BYTES)


def _known_address(host: str) -> None:
    """BoardgenError in one line unless `host` is an address or a name this computer can look up: waitress says
    only ValueError("Invalid host/port specified.")."""
    try:
        socket.getaddrinfo(host.strip("[]"), None, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise BoardgenError(f"--host: cannot answer on {host}: it is no address of this computer's, nor a name it "
                            f"can look up ({reason})") from None


def _bound(app: Any, host: str, first: int, given: bool) -> Any:
    """The server on the port given, or on the first free one of PORTS_TRIED from `first`; BoardgenError in one
    line when there is none, or the address is not this computer's."""
    ports = [first] if given else range(first, first + PORTS_TRIED)
    last: OSError = OSError()
    for port in ports:
        try:
            return make_server(app, host, port)
        except OSError as error:
            last = error
            if error.errno == errno.EADDRNOTAVAIL:  # no port will do: the address is another computer's
                raise BoardgenError(f"--host: cannot answer on {host}: it is not an address of this computer "
                                    f"({error.strerror})") from None
        except ValueError as error:  # waitress's word for an address it cannot use
            raise BoardgenError(f"--host: cannot answer on {host}: {error}") from None
    tried = f"port {first}" if given else f"ports {first} to {first + PORTS_TRIED - 1}"
    raise BoardgenError(f"cannot answer on {host}, {tried}: {last.strerror}")


def _key(asked: ServeValues) -> bytes | None:
    """The play key kept in the settings folder.  A folder given that cannot keep it is refused; the default one
    (a home that cannot be written, say) is said, and the page signs with a key of this run's own."""
    try:
        return play_key(state_folder(asked.state_dir))
    except BoardgenError as error:
        if asked.state_dir is not None:
            raise
        _say(f"boardgen: warning: {error}: a game's link opens only until the page stops")
        return None


def serve(values: Values) -> None:
    asked = ServeValues.of(values)
    host = asked.host
    _known_address(host)
    settings = settings_for(host, asked.allow_host)
    app = create_app(settings, play_key=_key(asked))
    server = _bound(app, host, asked.port, asked.port_given)
    shown = "127.0.0.1" if host in WILDCARDS else host
    address = f"http://{'[' + shown + ']' if ':' in shown else shown}:{server.effective_port}/"
    if not is_loopback(host):
        names = [name for name in settings.trusted_hosts if not is_loopback(name)]
        _say(f"boardgen: warning: the page answers on {host}: anyone on that network can use it, by its address "
             f"or as {', '.join(names) or 'localhost'} (--allow-host names others)")
    _say(f"boardgen: the page is at {address} (Ctrl-C stops it)")
    if asked.browser:
        threading.Timer(0.5, webbrowser.open, args=(address,)).start()
    try:
        server.run()  # until Ctrl-C or kill, which waitress catches to end its loop
    finally:
        server.close()
    raise stop_received()  # the command line says "stopped" and exits 128 + the signal


SERVE = Product("serve", HELP, OPTIONS, mode=Mode.COMMAND, run=serve, reads=ServeValues)
