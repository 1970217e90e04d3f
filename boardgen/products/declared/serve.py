"""`serve`: the web page, for people who never open a terminal."""

from __future__ import annotations

import re

from ...options import Kind, Option

DEFAULT_PORT = 8000


def _host(text: str) -> str:
    host = text.strip()
    if not re.fullmatch(r"[A-Za-z0-9.\-]+|\[?[0-9a-fA-F:]+\]?", host):
        raise ValueError(f"{text!r} is not a host name or address; give one such as 127.0.0.1")
    return host


# The options of `boardgen serve`, declared as data like every product's.  The command itself runs the page, a
# face above this tier: boardgen.web.serve declares it from these, and the command line lists it (cli/app.py).
HELP = (
    "Start the web page on this computer and open it in the browser: every product with a live preview, "
    "downloads by link, positions to check and play, your own game file. It answers on 127.0.0.1 only, unless "
    "--host says otherwise; Ctrl-C stops it.")
OPTIONS = (
    Option("host", Kind.TEXT, "The address to answer on. Any other than 127.0.0.1 (such as 0.0.0.0) lets "
           "everyone on that network use the page.", default="127.0.0.1", metavar="ADDRESS", max_length=255,
           validate=_host, label="Address", sentence="The address the page answers on."),
    Option("port", Kind.INTEGER, "The port; the next free one if it is taken.", default=DEFAULT_PORT,
           low=1, high=65535, label="Port", sentence="The port the page answers on."),
    Option("browser", Kind.FLAG, "Open the page in the browser.", default=True, negatable=True,
           label="Open the browser", sentence="Open the page in the browser."),
)
