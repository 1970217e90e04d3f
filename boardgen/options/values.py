"""Every option's value for one request, and a product's values read as a typed object of its own.

    @dataclass(frozen=True)
    class StudyValues(FromValues):
        name: str  # the option "name"
        games: int | None  # "games"
        games_given: bool  # whether the user gave "games"
        skill_games: int  # "skill-games"

    chosen = StudyValues.of(values)

Each field is the value of the option of the same name (a `_` for each `-`), or, ending in `_given`, whether the
user gave that option; the product's declaration names the class (Product.reads), and a test over the product
registry checks every field against the declared options and the type each option's kind gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any, Self

GIVEN = "_given"  # the end of a field that says whether the user gave its option


class Values(Mapping[str, Any]):
    """Every option's value for one request, and which of them the user gave (the rest are defaults).  A product
    reads them as its own typed object (FromValues); a front end finds the few it needs by their role."""

    __slots__ = ("_values", "_given")

    def __init__(self, values: Mapping[str, Any], given: Iterable[str] = ()) -> None:
        self._values = dict(values)
        self._given = frozenset(given)

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def given(self, name: str) -> bool:
        return name in self._given

    def __repr__(self) -> str:
        return f"Values({self._values!r}, given={sorted(self._given)!r})"


def option_named(field_name: str) -> str:
    """The option a field reads: `fair_within` and `fair_within_given` read --fair-within."""
    return field_name.removesuffix(GIVEN).replace("_", "-")


@dataclass(frozen=True)
class FromValues:
    """The base of a product's typed values: a frozen dataclass built from checked Values in one place."""

    @classmethod
    def of(cls, values: Values) -> Self:
        """The values as this class: each field its option's value, or whether the user gave it."""
        read = {each.name: values.given(option_named(each.name)) if each.name.endswith(GIVEN)
                else values[option_named(each.name)] for each in fields(cls)}
        return cls(**read)
