"""What keeps other web sites and other host names away from the page: a club leaves it running on the club's
network, and any page a visitor opens elsewhere could otherwise start work on it.

    host check   on a loopback address, only requests naming a loopback host are answered (against DNS rebinding)
    same page    a request that changes something (POST) must come from the page itself: its Origin, else its
                 Referer, names the page's own address; a browser that sends neither sends the form's token
    no embedding a download or preview another site's page asks for in the background (an <img>, a fetch) is
                 refused; a link someone opens (a navigation) is not, as shared links are the point
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from urllib.parse import urlsplit

from flask import Request, session

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
TOKEN = "token"  # the form field, and its key in the session
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Where a GET makes something: asked for by another site's page in the background, it is refused.
MAKING = ("/download/", "/preview/", "/jobs/")


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or an address, IPv6 with or without brackets) is this computer only."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def host_of(given: str) -> str:
    """The host a Host header names, without its port ("[::1]" keeps its brackets)."""
    if given.startswith("["):
        return given.split("]")[0] + "]"
    return given.rsplit(":", 1)[0]


def form_token() -> str:
    """This visitor's token, for the forms that change something (made once, kept in their session)."""
    if TOKEN not in session:
        session[TOKEN] = secrets.token_urlsafe(24)
    token: str = session[TOKEN]
    return token


def _same_address(url: str, request: Request) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == (request.host or "").lower()


def refusal(request: Request) -> str:
    """Why this request is not taken ("" when it is): changes only from the page itself."""
    if request.method in SAFE_METHODS:
        fetched = request.headers.get("Sec-Fetch-Site", "")
        if (fetched == "cross-site" and request.headers.get("Sec-Fetch-Mode", "") != "navigate"
                and request.path.startswith(MAKING)):
            return "another web site's page asked for this in the background"
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
