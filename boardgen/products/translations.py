"""The gift sets' own texts in the set's language: gettext message catalogues, compiled from .po files.

    _ = translator("da")
    _("What to buy")                       # "Det skal du købe"
    _("{count} page on {stock}", "{count} pages on {stock}", 3).format(...)

The catalogues are boardgen/templates/locale/<lang>/LC_MESSAGES/boardgen.po,
edited by hand and compiled to .mo by tools/regenerate.py (through Babel);
the texts of the games themselves that a set prints (a description of the
pieces, what to buy) are in the same catalogues.  A text without a
translation is printed in English, and the tests say so.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Protocol

LOCALE = Path(__file__).resolve().parent.parent / "templates" / "locale"
DOMAIN = "boardgen"


class Translate(Protocol):
    def __call__(self, text: str, plural: str | None = None, count: int = 1) -> str: ...


def catalogue_languages() -> list[str]:
    """The languages boardgen's own texts are in: English, and each catalogue's."""
    return ["en", *sorted(entry.name for entry in LOCALE.iterdir() if (entry / "LC_MESSAGES").is_dir())]


@cache
def translator(lang: str) -> Translate:
    catalogue = gettext.translation(DOMAIN, localedir=LOCALE, languages=[lang], fallback=True)

    def translate(text: str, plural: str | None = None, count: int = 1) -> str:
        if plural is None:
            return catalogue.gettext(text) if text else text
        return catalogue.ngettext(text, plural, count)

    return translate
