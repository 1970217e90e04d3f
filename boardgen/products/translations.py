"""The gift sets' own texts in the set's language: gettext message catalogues, compiled from .po files.

    _ = translator("da")
    _("What to buy")                       # "Det skal du købe"
    _("{count} page on {stock}", "{count} pages on {stock}", 3).format(...)
    number_text(15.8, "da")                # "15,8"
    credit(game, "it")                     # "un gioco tradizionale (dopo il Pachisi, 1896)"

The catalogues are boardgen/templates/locale/<lang>/LC_MESSAGES/boardgen.po,
edited by hand and compiled to .mo by tools/regenerate.py (through Babel);
the texts of the games themselves that a set prints (a description of the
pieces, what to buy) are in the same catalogues.  A text without a
translation is printed in English, and the tests say so.  So is the decimal
mark: each catalogue translates "." to the mark its language writes.

The laser files' words (each bed's title, the layers' names) are here too,
for the laser products to call: `bed_title` and `operation_name`.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Protocol

from ..games.game import Game

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


# -- numbers ------------------------------------------------------------------------------------------------------

def decimal_mark(lang: str) -> str:
    """The mark between a number's whole part and its fraction as `lang` writes it: "." in English, "," in Danish
    and Italian (the catalogue's translation of ".")."""
    return translator(lang)(".")


def number_text(value: float, lang: str, places: int | None = None) -> str:
    """`value` as `lang` writes it: 15.8 or 15,8; to `places` decimals ("0.6", "3.0"), or as short as it goes
    (15.8, 16)."""
    text = f"{value:g}" if places is None else f"{value:.{places}f}"
    return text.replace(".", decimal_mark(lang))


def decimal_writer(lang: str) -> Callable[[float], str]:
    """number_text for one language, as a function of the number alone (for the pieces' sheets)."""
    def write(value: float) -> str:
        return number_text(value, lang)
    return write


# -- who made the game ----------------------------------------------------------------------------------------------

# The words a game's designer starts with when no one person made it: "Traditional, after Pachisi".
_TRADITIONAL = ("traditional", "folk")
_UNKNOWN = ("unknown", "anonymous")


def credit(game: Game, lang: str) -> str:
    """Who made the game, as a sentence goes on after its title: "a game by Thorleif Bundgaard (2001)", "a
    traditional game (after Pachisi, 1896)", "designer unknown (rules after Irving Finkel, 2600 BC)"; a game
    without a year, without the year."""
    _ = translator(lang)
    head, _comma, rest = game.designer.partition(",")
    word = head.strip().lower()
    if word in _TRADITIONAL:
        who, details = _("a traditional game"), [_(rest.strip())] if rest.strip() else []
    elif word in _UNKNOWN:
        who, details = _("designer unknown"), [_(rest.strip())] if rest.strip() else []
    else:
        who, details = _("a game by {designer}").format(designer=game.designer), []
    if game.year is not None:
        details.append(year_in(game.year, lang))
    return f"{who} ({', '.join(details)})" if details else who


def maker_line(game: Game, lang: str) -> str:
    """The line under the title on a box's lid: "Thorleif Bundgaard, 2001", "A traditional game, 1400",
    "Designer unknown, rules after Irving Finkel, 2600 BC"."""
    _ = translator(lang)
    head, _comma, rest = game.designer.partition(",")
    word = head.strip().lower()
    if word in _TRADITIONAL or word in _UNKNOWN:
        who = _("a traditional game") if word in _TRADITIONAL else _("designer unknown")
        parts = [who[:1].upper() + who[1:], *([_(rest.strip())] if rest.strip() else [])]
    else:
        parts = [game.designer]
    if game.year is not None:
        parts.append(year_in(game.year, lang))
    return ", ".join(parts)


def year_in(year: int, lang: str) -> str:
    """A year as `lang` writes it: 2011, or 2600 BC ("2600 f.Kr." in Danish, "2600 a.C." in Italian)."""
    return translator(lang)("{year} BC").format(year=-year) if year < 0 else str(year)


# -- the laser files' words -----------------------------------------------------------------------------------------

OPERATIONS = ("cut", "score", "engrave")


def listed(words: list[str], lang: str) -> str:
    """"tokens, tiles and counters" in `lang`, the words as given (translated)."""
    if len(words) < 2:
        return "".join(words)
    return translator(lang)("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def layer_labels(lang: str) -> tuple[tuple[str, str], ...]:
    """Each laser operation's layer as `lang` names it, for a laser plan (draw.laser.LaserPlan.labels)."""
    return tuple((operation, operation_name(operation, lang)) for operation in OPERATIONS)


def operation_name(operation: str, lang: str) -> str:
    """A laser file's layer as the set's language names it: "cut" is "skær" in Danish, "taglio" in Italian."""
    if operation not in OPERATIONS:
        raise ValueError(f"no laser operation {operation!r}; one of {', '.join(OPERATIONS)}")
    return translator(lang)(operation)


def bed_title(what: str, bed: int, beds: int, material: str, lang: str, turned: int = 0, parts: int = 1) -> str:
    """A laser file's title: "ALEA board, bed 1 of 3: 3 mm plywood or MDF" in the set's language, `what` and
    `material` as the caller has them translated ("{title} board", "{thickness} mm plywood or MDF"); `turned` of
    the bed's `parts` fit it only turned, which the title says, so the operator does not take it for a mistake."""
    _ = translator(lang)
    if not turned:
        text = _("{what}, bed {bed} of {beds}: {material}")
    elif parts == 1:
        text = _("{what}, bed {bed} of {beds}, turned a quarter turn to fit the bed: {material}")
    else:
        text = _("{what}, bed {bed} of {beds}, {count} part turned a quarter turn to fit the bed: {material}",
                 "{what}, bed {bed} of {beds}, {count} parts turned a quarter turn to fit the bed: {material}", turned)
    text = text.format(what=what, bed=bed, beds=beds, material=material, count=turned)
    return text[:1].upper() + text[1:]  # a title: "Plancia di ALEA, ..." though the words start in lower case
