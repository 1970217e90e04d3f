"""A product's form: its declared options as fields, the choices for its subject, the values worth suggesting."""

from __future__ import annotations

from typing import Any

from ..products.games import GAMES
from ..options import Kind, Option, Product, Values
from ..products.templates import sample_names
from .query import offered
from .subjects import argument
from .words import for_people, label_of


class Field:
    """An option as a form field: its input, its current text, its help."""

    def __init__(self, option: Option, texts: list[str], game: Any = None) -> None:
        self.option = option
        self.name = option.name
        self.kind = option.kind.value
        self.label = label_of(option)
        self.sentence = option.sentence
        self.choices = option.choice_list() if option.kind is Kind.CHOICE else ()
        default = option.default
        self.default = ("true" if default else "false") if option.kind is Kind.FLAG else \
            ("" if default is None else f"{default:g}" if isinstance(default, float) else str(default))
        self.value = texts[-1] if texts else self.default
        self.checked = self.value.lower() in ("true", "on", "yes", "1") if option.kind is Kind.FLAG else False
        self.low, self.high = option.low, option.high
        suggest = option.extra.get("suggestions")
        self.suggestions: list[str] = list(suggest(game)) if suggest is not None else []


def fields(chosen: Product, args: Any, game: Any) -> list[Field]:
    return [Field(option, args.getlist(option.name), game) for option in offered(chosen) if not option.argument]


def formats(chosen: Product) -> tuple[str, ...]:
    found = [option for option in chosen.options if option.name == "format"]
    return found[0].choice_list() if found else ()


def samples() -> list[tuple[str, str]]:
    """The packaged sample positions, each with what the page calls it."""
    return [(f"sample:{sample}", f"{info.title}: {sample.split('/', 1)[-1]}") for game, info in GAMES.items()
            for sample in sample_names(game)]


def subjects(chosen: Product) -> list[tuple[str, str]]:
    """The choices for the product's argument: the built-in games (or studies, or samples)."""
    name = argument(chosen)
    if name is None:
        return []
    option = chosen.option(name)
    if option.kind is Kind.CHOICE:
        return [(choice, choice) for choice in option.choice_list()]
    if name == "file":  # a position: the packaged samples
        return samples()
    return [(game, info.title) for game, info in GAMES.items()]


def subject_option(chosen: Product) -> Option | None:
    """The option a form's first choice gives (the game, the position, the question)."""
    name = argument(chosen)
    return chosen.option(name) if name is not None else None


def suggestions(chosen: Product, game: Any) -> dict[str, list[str]]:
    return {option.name: list(option.extra["suggestions"](game)) for option in offered(chosen)
            if "suggestions" in option.extra}


def idle(chosen: Product, values: Values) -> dict[str, str]:
    """The options that mean nothing with these values (the laser's, without --laser), each with the reason its
    declaration gives: the form greys them out."""
    found = {}
    for option in offered(chosen):
        reason = option.applies(values) if option.applies is not None else ""
        if reason:
            found[option.name] = for_people(reason, chosen)
    return found
