"""An option's declaration, its conversion from what a user typed, and a product's whole set of options."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from ..errors import BoardgenError


class OptionError(BoardgenError):
    """A value an option cannot take; the message names the option and what it takes."""


class Kind(Enum):
    CHOICE = "choice"  # one of a list of words, in any case
    NUMBER = "number"  # a finite number within a range
    INTEGER = "integer"  # a whole number within a range
    FLAG = "flag"  # on or off
    TEXT = "text"  # free text, one line
    PATH = "path"  # a file to write
    FOLDER = "folder"  # a folder to write


# Words a web form or a URL may use for a flag (the command line says --arrows / --no-arrows).
_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0", ""}


class Values(Mapping[str, Any]):
    """Every option's value for one request, and which of them the user gave (the rest are defaults)."""

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


def not_used(reason: str, when: Callable[[Values], bool]) -> Callable[[Values], str]:
    """An `applies` rule: the option is refused with `reason` in requests where `when` holds."""
    return lambda values: reason if when(values) else ""


@dataclass(frozen=True)
class Option:
    """One input of a product.  `name` is the long option without its dashes (`--laser-colours`:
    "laser-colours"), the name a web form and a download URL use too."""

    name: str
    kind: Kind
    help: str | Callable[[], str]  # a function for help that lists what is known late (each game's boards)
    default: Any = None
    # The words it takes; a function for lists known late (the games), whose `in` is asked before it is listed.
    choices: tuple[str, ...] | Callable[[], Collection[str]] = ()
    low: float | None = None
    high: float | None = None
    low_open: bool = False  # the low end itself is refused (a field of 0 mm)
    unit: str = ""
    metavar: str = ""
    short: str = ""  # "-o"
    negatable: bool = False  # a flag that also has --no-NAME
    repeated: bool = False  # may be given several times; the value is a tuple
    argument: bool = False  # given by position (GAME, FILE), not by name
    default_text: str = ""  # how help shows a default that depends on other choices
    max_length: int = 4096  # of text
    # Value checks beyond the kind: returns the value to use, or raises ValueError saying what is wrong.
    validate: Callable[[Any], Any] | None = None
    # Why the option means nothing in this request ("" when it does); a given option that does not apply
    # is refused rather than ignored.
    applies: Callable[[Values], str] | None = None
    # Hints for a form: {"suggestions": a function of the chosen game (or None) listing values worth offering for
    # a text option (the game's languages, its boards), which the form shows as a list to pick from or type past}.
    extra: Mapping[str, Any] = field(default_factory=dict)

    def help_text(self) -> str:
        return self.help() if callable(self.help) else self.help

    @property
    def flag(self) -> str:
        return self.name.upper() if self.argument else f"--{self.name}"

    def choice_list(self) -> tuple[str, ...]:
        return tuple(self.choices() if callable(self.choices) else self.choices)

    def convert(self, raw: Any) -> Any:
        """The value `raw` (text, or what click parsed) stands for, or OptionError naming this option."""
        if self.repeated:
            items = raw if isinstance(raw, (tuple, list)) else () if raw is None else (raw,)
            return tuple(self._one(item) for item in items)
        if raw is None:
            return None
        return self._one(raw)

    def _one(self, raw: Any) -> Any:
        try:
            value = _CONVERTERS[self.kind](self, raw)
            return self.validate(value) if self.validate is not None else value
        except ValueError as error:
            raise OptionError(f"{self.flag}: {error}") from None

    def range_text(self) -> str:
        low = f"above {self.low:g}" if self.low_open else f"from {self.low:g}"
        return f"{low} to {self.high:g}{(' ' + self.unit) if self.unit else ''}"


def _choice(option: Option, raw: Any) -> str:
    text = str(raw).strip().lower()
    choices = option.choices() if callable(option.choices) else option.choices
    if text not in choices:
        import difflib

        close = difflib.get_close_matches(text, list(choices), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise ValueError(f"{str(raw)!r} is not one of {', '.join(choices)}{hint}")
    return text


def _number(option: Option, raw: Any) -> float:
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        number = float(raw)
    else:
        try:
            number = float(str(raw).strip())
        except ValueError:
            raise ValueError(f"{str(raw)!r} is not a number") from None
    if not math.isfinite(number):
        raise ValueError(f"{str(raw)!r} is not a number it can use; give a value {option.range_text()}")
    low = option.low if option.low is not None else -math.inf
    high = option.high if option.high is not None else math.inf
    if number < low or number > high or (option.low_open and number == low):
        raise ValueError(f"{number:g} is outside the range: give a value {option.range_text()}")
    return number


def _integer(option: Option, raw: Any) -> int:
    if isinstance(raw, bool):
        raise ValueError(f"{raw!r} is not a whole number")
    if isinstance(raw, int):
        number = raw
    else:
        text = str(raw).strip()
        if not text.lstrip("+-").isdigit() or len(text) > 30:
            raise ValueError(f"{text[:40]!r} is not a whole number")
        number = int(text)
    low = int(option.low) if option.low is not None else None
    high = int(option.high) if option.high is not None else None
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{number} is outside the range: give a whole number from {low} to {high}")
    return number


def _flag(option: Option, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(f"{str(raw)!r} is not on or off; give true or false")


def _text(option: Option, raw: Any) -> str:
    text = str(raw)
    if len(text) > option.max_length:
        raise ValueError(f"is {len(text)} characters long; it may be at most {option.max_length}")
    return text


def _path(option: Option, raw: Any) -> Path:
    if isinstance(raw, Path):
        return raw
    text = str(raw)
    if not text:
        raise ValueError("the path is empty; give a file name such as board.pdf")
    if "\0" in text:
        raise ValueError("the path contains a NUL character, which no file name may hold")
    if option.kind is Kind.PATH and text.endswith(("/", "\\")):
        raise ValueError(f"{text} ends with '/', so it names a folder; give a file name such as {text}board.pdf")
    return Path(text)


_CONVERTERS: dict[Kind, Callable[[Option, Any], Any]] = {
    Kind.CHOICE: _choice, Kind.NUMBER: _number, Kind.INTEGER: _integer, Kind.FLAG: _flag, Kind.TEXT: _text,
    Kind.PATH: _path, Kind.FOLDER: _path,
}


@dataclass(frozen=True)
class Product:
    """Something a user can ask for, by command or web form: its options and how it is made from them."""

    name: str  # the command's name, and the web page's
    help: str | Callable[[], str]
    options: tuple[Option, ...]
    # Makes the product's files from checked values (a list of products.document.RenderedFile); None for
    # commands that print rather than write (check, simulate).
    make: Callable[[Values], Any] | None = None
    # Refusals that concern several options at once: each returns "" or the message.
    checks: tuple[Callable[[Values], str], ...] = ()

    def help_text(self) -> str:
        return self.help() if callable(self.help) else self.help

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def values(self, raw: Mapping[str, Any], given: Iterable[str] | None = None) -> Values:
        """Checked values from what the user gave: `raw` maps option names to text or parsed values; options
        not in it take their defaults.  `given` says which were given (default: those in `raw`)."""
        unknown = [name for name in raw if name not in {option.name for option in self.options}]
        if unknown:
            names = ", ".join(option.name for option in self.options)
            raise OptionError(f"{self.name} has no option {unknown[0]!r}; its options are {names}")
        given_names = set(raw) if given is None else set(given)
        values: dict[str, Any] = {}
        for option in self.options:
            if option.name in raw:
                values[option.name] = option.convert(raw[option.name])
            else:
                values[option.name] = option.default if not option.repeated else ()
            if option.argument and values[option.name] is None:
                raise OptionError(f"missing {option.flag}: {option.help_text()}")
        checked = Values(values, given_names)
        for option in self.options:
            if option.applies is not None and _asks_for_something(option, checked):
                reason = option.applies(checked)
                if reason:
                    raise OptionError(f"{option.flag} {reason}")
        for check in self.checks:
            message = check(checked)
            if message:
                raise OptionError(message)
        return checked


def _asks_for_something(option: Option, values: Values) -> bool:
    """Whether the user gave the option, asking for something: --no-arrows, the default, asks for nothing."""
    if not values.given(option.name):
        return False
    if option.kind is Kind.FLAG:
        return bool(values[option.name])
    return not (option.repeated and not values[option.name])
