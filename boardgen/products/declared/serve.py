"""`serve`: the web page, for people who never open a terminal."""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from pathlib import Path

from ...options import FromValues, Kind, Option

DEFAULT_PORT = 8000
STATE_FOLDER_TEXT = "$XDG_STATE_HOME/boardgen, else ~/.local/state/boardgen"

# A host name as DNS writes it: labels of letters, digits and hyphens, not starting or ending with a hyphen.
_LABEL = r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)"
_NAME = re.compile(rf"{_LABEL}(?:\.{_LABEL})*\.?")


def _address_or_name(text: str) -> str:
    """`text` as a host: an IP address (IPv6 with or without brackets) or a host name; ValueError otherwise.
    Four numbers with dots are an address, never a name, so 256.1.1.1 is refused here rather than looked up."""
    host = text.strip()
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if ":" in bare or re.fullmatch(r"[0-9.]+", bare):
        try:
            ipaddress.ip_address(bare)
        except ValueError:
            raise ValueError(f"{text!r} is not an address (four numbers from 0 to 255, such as 192.168.1.5, or an "
                             "IPv6 address)") from None
        return host
    if len(host) > 253 or not _NAME.fullmatch(host):
        raise ValueError(f"{text!r} is not a host name or address; give one such as 127.0.0.1")
    return host


def _allowed_name(text: str) -> str:
    """A name the page answers to, as a Host header is compared with it: without case or a final dot."""
    if re.fullmatch(r"[^:\[\]]+:[0-9]*|\[.*\]:[0-9]*", text.strip()):
        raise ValueError(f"{text!r}: give the name without its port, such as club-pc.local")
    return _address_or_name(text).lower().rstrip(".")


# The options of `boardgen serve`, declared as data like every product's.  The command itself runs the page, a
# face above this tier: boardgen.web.serve declares it from these, and the command line lists it (cli/app.py).
HELP = (
    "Start the web page on this computer and open it in the browser: every product with a live preview, "
    "downloads by link, positions to check and play, your own game file. It answers on 127.0.0.1 only, unless "
    "--host says otherwise; Ctrl-C stops it.")
OPTIONS = (
    Option("host", Kind.TEXT, "The address to answer on. Any other than 127.0.0.1 (such as 0.0.0.0) lets "
           "everyone on that network use the page.", default="127.0.0.1", metavar="ADDRESS", max_length=255,
           validate=_address_or_name, label="Address", sentence="The address the page answers on."),
    Option("port", Kind.INTEGER, "The port; the next free one if it is taken.", default=DEFAULT_PORT,
           low=1, high=65535, label="Port", sentence="The port the page answers on."),
    Option("browser", Kind.FLAG, "Open the page in the browser.", default=True, negatable=True,
           label="Open the browser", sentence="Open the page in the browser."),
    Option("allow-host", Kind.TEXT, "A name the page answers to, as people type it in the address bar (such as "
           "club-pc.local); repeat for several. Any other name is refused, so that no web site can reach the page "
           "by a name of its own (DNS rebinding). Addresses (192.168.1.5) and localhost always work.",
           repeated=True, metavar="NAME", max_length=255, validate=_allowed_name,
           default_text="this computer's own names, with a --host other than 127.0.0.1",
           label="Names it answers to", sentence="The names people use to open the page on the club's network."),
    Option("state-dir", Kind.FOLDER, "The folder where the page keeps what outlives a restart: the key that signs "
           "a game's link, so a shared game still opens after the page is started again.", metavar="FOLDER",
           default_text=STATE_FOLDER_TEXT, label="Settings folder",
           sentence="Where the page keeps what outlives a restart."),
)


@dataclass(frozen=True)
class ServeValues(FromValues):
    host: str
    port: int
    port_given: bool  # a port given is the only one tried; the default is the first of several
    browser: bool
    allow_host: tuple[str, ...]
    state_dir: Path | None
