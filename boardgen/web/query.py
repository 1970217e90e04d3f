"""A request's options, read as the command line reads them: by the same declarations, with the same messages.

A form sends every field; a field left empty or at its default asks for
nothing, so a form and a short shared link ask for the same thing.  Options
that name something on the server (files, folders, processes, a cluster)
are not offered at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlencode

from ..options import Kind, Option, OptionError, Product, Role, Values

# What the machine running the page decides, never a request: how many processes play, on which cluster, and
# whether a folder's other files go (where files go: the options that name a file or a folder).
SERVER_SIDE = frozenset({Role.WORKERS, Role.SCHEDULER, Role.REPLACE})


class FormErrors(Exception):
    """Every option's problem in a request, by option name ("" for a problem of the request as a whole)."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        super().__init__("; ".join(errors.values()))
        self.errors = dict(errors)


def offered(product: Product) -> list[Option]:
    """The options a web form shows and a link may give: all but those naming things on the server."""
    return [option for option in product.options
            if option.kind not in (Kind.PATH, Kind.FOLDER) and option.role not in SERVER_SIDE]


def _at_default(option: Option, text: str) -> bool:
    if text.strip() == "":
        return option.kind is not Kind.FLAG or not option.default
    try:
        return bool(option.convert(text) == option.default) and not option.argument
    except OptionError:
        return False


def read_query(product: Product, query: Mapping[str, list[str]], fixed: Mapping[str, str] = {}) -> Values:
    """Checked values from a request's query (each name with its texts, the last of a field's wins) and `fixed`
    (what the address says: the game, the format); FormErrors with each problem at its option otherwise."""
    options = {option.name: option for option in offered(product)}
    raw: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name, texts in query.items():
        option = options.get(name)
        if option is None:
            errors[""] = f"{product.name} has no option {name!r}; its options are {', '.join(options)}"
            continue
        if option.repeated:
            items = [item for text in texts for item in re.split(r"[\s,;]+", text) if item]
            if items:
                raw[name] = tuple(items)
        elif texts and not _at_default(option, texts[-1]):
            raw[name] = texts[-1]
    raw.update(fixed)
    for name, text in raw.items():
        try:
            options[name].convert(text) if name in options else None
        except OptionError as error:
            errors[name] = str(error)
    if errors:
        raise FormErrors(errors)
    try:
        return product.values(raw)
    except OptionError as error:
        raise FormErrors({field_for(product, error): str(error)}) from None


def field_for(product: Product, error: OptionError) -> str:
    """The form field an error goes beside: its option's, when the form shows that option; "" (the request as a
    whole) otherwise."""
    return error.option if error.option in {option.name for option in offered(product)} else ""


def canonical_query(product: Product, values: Values, leave_out: Iterable[str] = ()) -> str:
    """The shortest query that asks for `values`: each option given and not at its default, in declared order,
    as the form names it (a shared link)."""
    skipped = set(leave_out)
    pairs: list[tuple[str, str]] = []
    for option in offered(product):
        if option.argument or option.name in skipped or not values.given(option.name):
            continue
        value = values[option.name]
        if value is None or value == option.default or value == ():
            continue
        if option.repeated:
            pairs += [(option.name, str(item)) for item in value]
        elif isinstance(value, bool):
            pairs.append((option.name, "true" if value else "false"))
        elif isinstance(value, float):
            pairs.append((option.name, f"{value:g}"))
        else:
            pairs.append((option.name, str(value)))
    return urlencode(pairs)
