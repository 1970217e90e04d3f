"""An option's declaration, its conversion from what a user typed, and a product's whole set of options."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

from ..errors import BoardgenError


class OptionError(BoardgenError):
    """A value an option cannot take; the message names the option and what it takes.  `option` is the option's
    name ("" for the request as a whole), so a form puts the message beside its field without reading it."""

    def __init__(self, message: str, option: str = "") -> None:
        super().__init__(message)
        self.option = option


@dataclass(frozen=True)
class Refusal:
    """A check's answer when several options together cannot be made: the option to show it at, and why."""

    option: str  # "" for the request as a whole
    message: str


class Mode(Enum):
    """How a product is made, which is all a front end needs to know to offer it."""

    FILES = "files"  # quick: files made from the values, downloaded and previewed on the page
    JOB = "job"  # long: games played or steps taken with progress, a job in the page's queue
    COMMAND = "command"  # prints what it finds, or runs something of its own; the page does not offer it


class Progress(Protocol):
    def __call__(self, done: int, label: str = "") -> None: ...


class Finished(Protocol):
    """What long work leaves, the same for the command line and the page."""

    @property
    def files(self) -> Sequence[Any]: ...  # RenderedFile, the one the page shows first
    @property
    def text(self) -> str: ...  # what the command line prints and the page shows
    @property
    def download_name(self) -> str: ...  # the ZIP's name for several files
    @property
    def stopped(self) -> int: ...  # a stop signal's exit status, or 0 when it ran to its end
    @property
    def stopped_note(self) -> str: ...  # what the command line says when stopped

    # Writes the command line's files: each path written, what is said before it, and whether on stderr.
    def write(self) -> list[tuple[Path, str, bool]]: ...


@dataclass(frozen=True)
class Place:
    """Where long work plays its games: the command line's --workers and --scheduler, or the page's own process
    with one task at a time (so progress and Cancel come after each)."""

    workers: int | None = None  # None: every core
    scheduler: str | None = None  # a Dask scheduler's address
    in_flight: int | None = None  # tasks waiting at the executor at once; None: the simulator's own number
    note: Callable[[str], None] = lambda text: None  # hears what is worth telling before it starts


class Work(Protocol):
    """Long work, planned from checked values: its title, its steps for a progress bar, and the work itself."""

    @property
    def title(self) -> str: ...
    @property
    def steps(self) -> int: ...  # 0 when not known before it runs (games until an interval is narrow enough)
    @property
    def plays(self) -> bool: ...  # plays games (on a process pool or a cluster): its progress counts them

    def prepare(self) -> None: ...  # refuses, before any work, a target it could not write (BoardgenError)
    def run(self, progress: Progress, place: Place) -> Finished: ...


@dataclass(frozen=True)
class Shown:
    """What a command prints instead of writing files, and the exit status it ends with."""

    text: str
    status: int = 0


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


# A refusal that concerns several options at once: None when they go together.
Check = Callable[[Values], Refusal | None]


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
    # The most the web page takes (it runs on the club's own computer), e.g. the games it plays; None: any.
    web_max: float | None = None
    # Whether these values, without this option given, ask for no bound at all (as many games as an interval
    # needs): the page then asks for the option.
    unbounded: Callable[[Values], bool] | None = None
    # What a person who never opens a terminal is told (the web page): a short label ("Field size (mm)") and one
    # sentence, with no command-line flag, file path or command name in either; --help keeps `help`.
    label: str = ""
    sentence: str = ""

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
        except OptionError:
            raise
        except ValueError as error:
            raise OptionError(f"{self.flag}: {error}", self.name) from None
        except BoardgenError as error:  # a check that asks the library (is there such a game?), in its words
            raise OptionError(str(error), self.name) from None

    def range_text(self) -> str:
        low = f"above {self.low:g}" if self.low_open else f"from {self.low:g}"
        return f"{low} to {self.high:g}{(' ' + self.unit) if self.unit else ''}"


def shown(raw: Any, longest: int = 40) -> str:
    """A value as a message quotes it: cut after `longest` characters, with its whole length, so a pasted page of
    text never fills a message (or widens the page showing it)."""
    text = str(raw)
    if len(text) <= longest:
        return repr(text)
    return f"{text[:longest]!r}... ({len(text):,} characters)"


def _choice(option: Option, raw: Any) -> str:
    text = str(raw).strip().lower()
    choices = option.choices() if callable(option.choices) else option.choices
    if text not in choices:
        close = difflib.get_close_matches(text, list(choices), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise ValueError(f"{shown(raw)} is not one of {', '.join(choices)}{hint}")
    return text


def _number(option: Option, raw: Any) -> float:
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        number = float(raw)
    else:
        text = str(raw).strip()
        # "15,8": a decimal comma, as most of Europe writes it; "1,000" stays refused, as no field takes it
        if re.fullmatch(r"[+-]?\d*,\d+", text) and not re.fullmatch(r"[+-]?\d{1,3},\d{3}", text):
            text = text.replace(",", ".")
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"{shown(raw)} is not a number") from None
    if not math.isfinite(number):
        raise ValueError(f"{shown(raw)} is not a number it can use; give a value {option.range_text()}")
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
            raise ValueError(f"{shown(text)} is not a whole number")
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
    raise ValueError(f"{shown(raw)} is not on or off; give true or false")


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
    mode: Mode = Mode.FILES
    # Makes the product's files from checked values (a list of products.document.RenderedFile); None for
    # products that print (check) or play games (simulate).
    make: Callable[[Values], Any] | None = None
    # Refusals that concern several options at once.
    checks: tuple[Check, ...] = ()
    # Long work (Mode.JOB): planned from checked values, run with progress by the command line or the page.
    work: Callable[[Values], Work] | None = None
    # What the command prints instead of writing (Mode.COMMAND; a FILES product may print too, as lego's table
    # does without -o): None to write its files.
    show: Callable[[Values], Shown | None] | None = None
    # A command's whole run, for one that is neither files nor text (serve: the page itself).
    run: Callable[[Values], None] | None = None
    # The product whose first page previews this one, when it is not its own (a gift set shows its board).
    preview: str = ""
    # What a download is when no format option says (a gift set's many files: zip).
    extension: str = "pdf"
    # What the web page says: a title naming what it makes ("A board to print") and a sentence for people, with no
    # command-line flag, file path or command name; the command line's help stays `help`.
    title: str = ""
    sentence: str = ""

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
                raise OptionError(f"missing {option.flag}: {option.help_text()}", option.name)
        checked = Values(values, given_names)
        for option in self.options:
            if option.applies is not None and _asks_for_something(option, checked):
                reason = option.applies(checked)
                if reason:
                    raise OptionError(f"{option.flag} {reason}", option.name)
        for check in self.checks:
            refused = check(checked)
            if refused is not None:
                raise OptionError(refused.message, refused.option)
        return checked

    def web_limits(self, values: Values) -> OptionError | None:
        """The first option beyond what the web page takes (its declared web_max), or None."""
        for option in self.options:
            if option.web_max is None:
                continue
            value = values.get(option.name)
            if not values.given(option.name) and option.unbounded is not None and option.unbounded(values):
                return OptionError(f"{option.flag}: give it too (at most {option.web_max:,g} here): the page plays a "
                                   "bounded number", option.name)
            if isinstance(value, (int, float)) and value > option.web_max:
                return OptionError(f"{option.flag}: the page takes at most {option.web_max:,g}; the command line "
                                   "takes more", option.name)
        return None


def _asks_for_something(option: Option, values: Values) -> bool:
    """Whether the user gave the option, asking for something: --no-arrows, the default, asks for nothing."""
    if not values.given(option.name):
        return False
    if option.kind is Kind.FLAG:
        return bool(values[option.name])
    return not (option.repeated and not values[option.name])
