"""The page's language: English, or one whose catalogue of the page's words is shipped (web.po, beside the gift
sets' boardgen.po under templates/locale), chosen by the visitor's switch (kept in their session) or else by
their browser's Accept-Language.

    gettext, ngettext   the page's own words, written in English where they are said and looked up here
    N_                  marks English words for the catalogue where they are kept for later (a table of them)
    number, decimal     a number as the language writes it: 15,8 and 10.000 in Danish and Italian
    /language           the switch: a form on every page, back to the address it was pressed on

The page's words are a gettext domain of their own ("web"), compiled to .mo by tools/regenerate.py and read by
the standard library, as the gift sets' are: the gift sets' catalogue stays theirs.  A word without a translation
is said in English.
"""

from __future__ import annotations

import gettext as catalogues
from functools import cache
from urllib.parse import urlsplit

from flask import Blueprint, g, has_request_context, redirect, request, session
from werkzeug.wrappers import Response

from ..products.translations import LOCALE

DOMAIN = "web"
SESSION_KEY = "language"  # in the signed session cookie: the switch's choice, over the browser's
ENGLISH = "en"
# Each language as its own speakers call it, as the switch offers it.
NAMES = {"en": "English", "da": "Dansk", "it": "Italiano"}
_CHOSEN = "boardgen_language"  # in flask.g: the language of the request being answered

language = Blueprint("language", __name__)


@cache
def languages() -> tuple[str, ...]:
    """English, and each language with a compiled catalogue of the page's words."""
    return (ENGLISH, *sorted(entry.name for entry in LOCALE.iterdir()
                             if (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()))


@cache
def _catalogue(code: str) -> catalogues.NullTranslations:
    return catalogues.translation(DOMAIN, localedir=LOCALE, languages=[code], fallback=True)


def chosen() -> str:
    """The language of the request being answered: the switch's choice, else the browser's best; English outside
    a request (the library's own callers, the command line)."""
    if not has_request_context():
        return ENGLISH
    found = g.get(_CHOSEN)
    if isinstance(found, str):
        return found
    kept = session.get(SESSION_KEY)
    found = kept if isinstance(kept, str) and kept in languages() else \
        request.accept_languages.best_match(languages(), default=ENGLISH)
    setattr(g, _CHOSEN, found)
    return found


def language_used() -> bool:
    """Whether the request being answered has been said in a language it chose (its answer varies with it)."""
    return has_request_context() and g.get(_CHOSEN) is not None


def offered() -> list[tuple[str, str]]:
    """The switch's languages: each code with its name in its own language."""
    return [(code, NAMES.get(code, code)) for code in languages()]


def gettext(text: str) -> str:
    """`text`, English, in the request's language."""
    return _catalogue(chosen()).gettext(text) if text else text


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or the plural, as `count` asks in the request's language."""
    return _catalogue(chosen()).ngettext(singular, plural, count)


def pgettext(context: str, text: str) -> str:
    return _catalogue(chosen()).pgettext(context, text)


def N_(text: str) -> str:
    """`text` as it is: marked for the catalogue (gettext's own name for the mark, which the extractors know),
    said later through gettext."""
    return text


def decimal(english: str) -> str:
    """A number written the English way ("15.8", "10,000") with the request's language's marks ("15,8",
    "10.000"): the catalogue says what a point and a comma become (context "number")."""
    point, group = pgettext("number", "."), pgettext("number", ",")
    return "".join(point if mark == "." else group if mark == "," else mark for mark in english)


def number(value: float) -> str:
    """`value` as the page prints a number: thousands grouped, no trailing zeros, in the language's marks."""
    if isinstance(value, int) or float(value).is_integer():
        return decimal(f"{int(value):,}")
    # Up to 6 places, trailing zeros dropped ("15.8", "0.25"): never an exponent, never a rounded-off whole part.
    return decimal(f"{value:,.6f}".rstrip("0").rstrip("."))


def back_to(address: str) -> str:
    """The address the switch was pressed on, if it is one of this page's own ("/" otherwise): never another
    site's (a form sent elsewhere by someone else's page would make the switch a way off the page)."""
    if not address.startswith("/") or address.startswith("//") or "\\" in address or not address.isprintable():
        return "/"
    try:
        parts = urlsplit(address)
    except ValueError:  # a bracket where a host would be
        return "/"
    return "/" if parts.scheme or parts.netloc else address


@language.post("/language")
def switch() -> Response:
    """The switch pressed: the language kept in the visitor's session, and the page they were on again."""
    code = request.form.get("language", "")
    if code in languages():
        session[SESSION_KEY] = code
    return redirect(back_to(request.form.get("next", "")), 303)
