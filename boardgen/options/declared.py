"""An option's declaration, its conversion from what a user typed, and a product's whole set of options."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from types import GenericAlias
from typing import Any, Protocol, get_type_hints

from ..errors import BoardgenError
from .values import GIVEN, FromValues, Values, option_named


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


class Role(Enum):
    """What an option is for, where a front end needs to find it without knowing the product: the command line
    writes to the OUTPUT and plays on the WORKERS, the page reads the FORMAT from a download's extension.  Most
    options have none: a front end only shows them and passes them on.  A product has at most one of each."""

    GAME = "game"  # the argument naming a game (or a game file): a form offers the games, suggestions follow it
    POSITION = "position"  # the argument naming a position: a form offers the sample positions
    OUTPUT = "output"  # the file the command line writes (-o); the page never offers it
    FORMAT = "format"  # the format of what it makes: a choice whose every word has a file extension (`extensions`)
    LASER = "laser"  # the switch to files for a laser cutter, which asks for the format's `laser_default`
    WORKERS = "workers"  # the processes that play games: the command line's to say, never a web request's
    SCHEDULER = "scheduler"  # the cluster that plays them: the command line's to say, never a web request's
    REPLACE = "replace"  # a folder's other files may be removed: the command line's to say, never a web request's

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The kinds an option for this role may be: what the front ends take its value as."""
        return _ROLE_KINDS[self]

    @property
    def argument(self) -> bool:
        """Whether an option for this role is the product's argument (a subject a web address names)."""
        return self in (Role.GAME, Role.POSITION)


_ROLE_KINDS = {
    Role.GAME: (Kind.TEXT, Kind.CHOICE), Role.POSITION: (Kind.TEXT,), Role.OUTPUT: (Kind.PATH,),
    Role.FORMAT: (Kind.CHOICE,), Role.LASER: (Kind.FLAG,), Role.WORKERS: (Kind.INTEGER,), Role.SCHEDULER: (Kind.TEXT,),
    Role.REPLACE: (Kind.FLAG,),
}


# Words a web form or a URL may use for a flag (the command line says --arrows / --no-arrows).
_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0", ""}


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
    # What the option is for, where a front end has to find it (the file to write, the format, ...).
    role: Role | None = None
    # Values worth offering for a text option (the game's languages, its boards), which a form shows as a list to
    # pick from or type past: a function of the game the form names (its GAME argument's value; None when none is
    # chosen), each product's own knowledge of what a game has.
    suggestions: Callable[[str | None], Sequence[str]] | None = None
    # A FORMAT's file extension for each choice whose extension is not its own name (lego's table: txt).
    extensions: Mapping[str, str] = field(default_factory=dict)
    # A FORMAT's choice when the LASER switch is on and no format is given (svg).
    laser_default: str = ""
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

    def extension(self, choice: str) -> str:
        """A FORMAT choice's file extension: the choice itself, unless `extensions` says otherwise."""
        return self.extensions.get(choice, choice)

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
    # What a link to it says on the page about a game or a position someone gave the page ("Its board to print"),
    # for a product whose argument takes one; "": no such link.
    subject_link: str = ""
    # The frozen dataclass (options.FromValues) its make, work or show reads its values as, if any: its fields must
    # be these options, with the types their kinds give (misread), which the product's declaration checks.
    reads: type[FromValues] | None = None

    def __post_init__(self) -> None:
        for role in Role:  # what the front ends rely on: one option a role, of the kind they take its value as
            having = [option for option in self.options if option.role is role]
            if len(having) > 1 or any(option.kind not in role.kinds or option.argument != role.argument
                                      for option in having):
                raise TypeError(f"{self.name}: {role.name} is {', '.join(option.name for option in having)}: one "
                                f"{'argument' if role.argument else 'option'} of kind "
                                f"{' or '.join(kind.name for kind in role.kinds)}")
        if self.reads is not None:
            wrong = misread(self.reads, self.options)
            if wrong:  # typed values that read another option, or another type: refused where they are declared
                raise TypeError(f"{self.name}'s {self.reads.__name__}: {'; '.join(wrong)}")

    def help_text(self) -> str:
        return self.help() if callable(self.help) else self.help

    def option(self, name: str) -> Option:
        """The product's own option `name` (its own code's way in: a front end asks by role)."""
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def option_for(self, role: Role) -> Option | None:
        """The option that is for `role` (the file to write, the format), or None when the product has none."""
        return next((option for option in self.options if option.role is role), None)

    def argument(self) -> Option | None:
        """The option given by position (GAME, FILE, NAME): what a web address and a form's first choice name."""
        return next((option for option in self.options if option.argument), None)

    def output_path(self, values: Values) -> Path | None:
        """The file the command line is asked to write (-o), or None: where the product says."""
        path = self._value_for(values, Role.OUTPUT)
        assert path is None or isinstance(path, Path)  # each role's kind is checked by a test over the registry
        return path

    def place(self, values: Values, note: Callable[[str], None]) -> Place:
        """Where long work plays its games, as its WORKERS and SCHEDULER options say (every core of this computer,
        when it has none); `note` hears what is worth telling before it starts."""
        workers, scheduler = self._value_for(values, Role.WORKERS), self._value_for(values, Role.SCHEDULER)
        assert (workers is None or isinstance(workers, int)) and (scheduler is None or isinstance(scheduler, str))
        return Place(workers, scheduler, note=note)

    def _value_for(self, values: Values, role: Role) -> object:
        option = self.option_for(role)
        return None if option is None else values[option.name]

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


# The type of each kind's checked value, as a product's typed values (FromValues) declare it.
VALUE_TYPES: dict[Kind, type] = {Kind.CHOICE: str, Kind.TEXT: str, Kind.NUMBER: float, Kind.INTEGER: int,
                                 Kind.FLAG: bool, Kind.PATH: Path, Kind.FOLDER: Path}


def value_type(option: Option) -> object:
    """The type of `option`'s checked value: a tuple of them for a repeated option; or None, without a default."""
    base = VALUE_TYPES[option.kind]
    if option.repeated:
        return GenericAlias(tuple, (base, ...))
    if option.default is None and not option.argument and option.kind is not Kind.FLAG:
        return base | None
    return base


def misread(reads: type[FromValues], options: Iterable[Option]) -> list[str]:
    """Where typed values and the options they read disagree: a field that names no option, or whose type is not
    the one its option's kind gives (a `_given` field: bool)."""
    declared = {option.name: option for option in options}
    problems = []
    for name, hint in get_type_hints(reads).items():
        option = declared.get(option_named(name))
        if option is None:
            problems.append(f"{name}: there is no option {option_named(name)!r}")
            continue
        expected = bool if name.endswith(GIVEN) else value_type(option)
        if hint != expected:
            problems.append(f"{name} is {hint}, but {option.flag} gives {expected}")
    return problems


def _asks_for_something(option: Option, values: Values) -> bool:
    """Whether the user gave the option, asking for something: --no-arrows, the default, asks for nothing."""
    if not values.given(option.name):
        return False
    if option.kind is Kind.FLAG:
        return bool(values[option.name])
    return not (option.repeated and not values[option.name])
