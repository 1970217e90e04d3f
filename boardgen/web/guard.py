"""What keeps other web sites and other host names away from the page: a club leaves it running on the club's
network, and any page a visitor opens elsewhere could otherwise start work on it.

    host check   a request must name the page by one of its names (the server's settings: localhost, and on a
                 network this computer's names or those --allow-host gives), compared without case, or by an
                 address: DNS rebinding gives the attacker's page the server's address under a name of its own,
                 and that name is refused
    same page    a request that changes something (POST) must come from the page itself: its Origin, else its
                 Referer, names the page's own address; a browser that sends neither sends the form's token
    elsewhere    a GET that makes or computes something (a download, a preview, a game's next move, a position
                 checked) asked for by another site's page is refused, unless a person opened it: a top-level
                 navigation with the person's own click or tap (Sec-Fetch-User), as following a shared link is;
                 an <img>, a fetch, a frame or a script's navigation is refused.  The refusal is a page with a link
                 to the same address, so a person whose browser does not say (an old one) opens it with one click
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from collections.abc import Sequence
from urllib.parse import urlsplit

from flask import Request, session

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
TOKEN = "token"  # the form field, and its key in the session
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# The GETs that make or compute something (the page's own scripts and links ask for them; another site's page may
# only send a person there).  The forms' pages ("/", "/make/...", "/positions", "/play") compute nothing.
MAKING = ("/download/", "/preview/", "/jobs/", "/play/", "/positions/", "/check/")
# What Sec-Fetch-Site says of a request from the page itself, or one a person typed or bookmarked.
_OWN = frozenset({"same-origin", "none"})


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or an address, IPv6 with or without brackets) is this computer only."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def is_address(host: str) -> bool:
    """Whether `host` is an IP address (IPv6 with or without brackets), not a name."""
    try:
        ipaddress.ip_address(host.strip().strip("[]"))
    except ValueError:
        return False
    return True


def host_of(given: str) -> str:
    """The host a Host header names, without its port ("[::1]" keeps its brackets)."""
    if given.startswith("["):
        return given.split("]")[0] + "]"
    return given.rsplit(":", 1)[0]


def same_name(host: str) -> str:
    """A host name as names are compared: without case, brackets or a final dot (LOCALHOST is localhost)."""
    return host.strip().strip("[]").lower().rstrip(".")


def unknown_host(given: str, names: Sequence[str]) -> str:
    """The name a Host header gives when the page does not answer to it ("" when it does).  No `names`: any."""
    host = same_name(host_of(given))
    if not names or is_address(host) or host in {same_name(name) for name in names}:
        return ""
    return host or "(none)"


def form_token() -> str:
    """This visitor's token, for the forms that change something (made once, kept in their session)."""
    if TOKEN not in session:
        session[TOKEN] = secrets.token_urlsafe(24)
    token: str = session[TOKEN]
    return token


def _same_address(url: str, request: Request) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == (request.host or "").lower()


def _from_elsewhere(request: Request) -> bool:
    """Whether another site's page (or a frame, or an opaque origin) asked for this GET: what Sec-Fetch-Site says,
    where the browser sends it; else Origin, else Referer.  A request that names no page (typed, a bookmark, a
    link from a mail program) is the person's own."""
    fetched = request.headers.get("Sec-Fetch-Site")
    if fetched is not None:
        return fetched not in _OWN
    origin = request.headers.get("Origin")
    if origin is not None:
        return not _same_address(origin, request)  # "null" too: a sandboxed frame, a data: page
    referer = request.headers.get("Referer")
    return bool(referer) and not _same_address(referer or "", request)


def _opened_by_a_person(request: Request) -> bool:
    """A top-level navigation made by the person's own click, tap or key: a shared link followed."""
    headers = request.headers
    return (headers.get("Sec-Fetch-Mode") == "navigate" and headers.get("Sec-Fetch-Dest", "document") == "document"
            and headers.get("Sec-Fetch-User") == "?1")


def sent_from_elsewhere(request: Request) -> bool:
    """Whether this GET makes or computes something for another site's page that no person opened: refused with a
    link to open it here."""
    return (request.method in SAFE_METHODS and request.path.startswith(MAKING) and _from_elsewhere(request)
            and not _opened_by_a_person(request))


def refusal(request: Request) -> str:
    """Why this request that changes something is not taken ("" when it is, and for every GET): only from the
    page itself."""
    if request.method in SAFE_METHODS:
        return ""
    origin = request.headers.get("Origin")
    if origin is not None and origin != "null":
        return "" if _same_address(origin, request) else "it was sent from another web site's page"
    referer = request.headers.get("Referer")
    if referer:
        return "" if _same_address(referer, request) else "it was sent from another web site's page"
    given = request.form.get(TOKEN, "") if request.mimetype in ("application/x-www-form-urlencoded",
                                                                 "multipart/form-data") else ""
    expected = session.get(TOKEN, "")
    if given and expected and hmac.compare_digest(str(given), str(expected)):
        return ""
    return "it did not come from one of this page's forms"
