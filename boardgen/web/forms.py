"""A product's form: its declared options as fields, the choices for its subject, the values worth suggesting;
its words in the visitor's language (the declarations' English looked up in the page's catalogue), its numbers
in the language's marks."""

from __future__ import annotations

import re
from typing import Any

from ..options import Kind, Option, Product, Role, Values
from ..products.games import GAMES
from ..products.templates import sample_names
from .language import decimal
from .query import offered
from .words import for_people, label_of, said


class Field:
    """An option as a form field: its input, its current text, its help."""

    def __init__(self, option: Option, texts: list[str], game: str | None = None) -> None:
        self.option = option
        self.name = option.name
        self.kind = option.kind.value
        self.label = said(label_of(option))
        self.sentence = said(option.sentence)
        self.choices = option.choice_list() if option.kind is Kind.CHOICE else ()
        default = option.default
        self.default = ("true" if default else "false") if option.kind is Kind.FLAG else \
            ("" if default is None else in_a_field(f"{default:g}") if isinstance(default, float) else str(default))
        self.value = texts[-1] if texts else self.default
        self.checked = self.value.lower() in ("true", "on", "yes", "1") if option.kind is Kind.FLAG else False
        self.low, self.high = option.low, option.high
        self.suggestions = list(option.suggestions(game)) if option.suggestions is not None else []


def in_a_field(english: str) -> str:
    """A number as a field shows it, in the language's decimal mark ("0,3"), which the fields read back; never with
    thousands grouped, nor where a comma would read as one ("0,125": given with its point)."""
    shown = decimal(english.replace(",", ""))
    return english if re.fullmatch(r"[+-]?\d{1,3}[.,]\d{3}", shown) else shown


def fields(chosen: Product, args: Any, game: str | None) -> list[Field]:
    return [Field(option, args.getlist(option.name), game) for option in offered(chosen) if not option.argument]


def samples() -> list[tuple[str, str]]:
    """The packaged sample positions, each with what the page calls it."""
    return [(f"sample:{sample}", f"{info.title}: {sample.split('/', 1)[-1]}") for game, info in GAMES.items()
            for sample in sample_names(game)]


def subjects(chosen: Product) -> list[tuple[str, str]]:
    """The choices for the product's argument: the games (or studies, or samples)."""
    option = chosen.argument()
    if option is None:
        return []
    if option.kind is Kind.CHOICE:
        return [(choice, choice) for choice in option.choice_list()]
    if option.role is Role.POSITION:  # the packaged samples
        return samples()
    if option.role is Role.GAME:
        return [(game, info.title) for game, info in GAMES.items()]
    return []


def subject_option(chosen: Product) -> Option | None:
    """The option a form's first choice gives (the game, the position, the question)."""
    return chosen.argument()


def suggestions(chosen: Product, game: str | None) -> dict[str, list[str]]:
    """The values worth offering in each field that has some, for the game the form names (None: none yet)."""
    return {option.name: list(option.suggestions(game)) for option in offered(chosen)
            if option.suggestions is not None}


def idle(chosen: Product, values: Values) -> dict[str, str]:
    """The options that mean nothing with these values (the laser's, without --laser), each with the reason its
    declaration gives: the form greys them out."""
    found = {}
    for option in offered(chosen):
        reason = option.applies(values) if option.applies is not None else ""
        if reason:
            found[option.name] = for_people(reason, chosen)
    return found
