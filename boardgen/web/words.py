"""What people read on the page: the library's messages, said without the command line's words, in the visitor's
language.

A message names an option by its flag (`--field: 3 is outside the range`); beside its field on the page it
needs no name at all, and elsewhere it is called by its label.  A command the command line would run is named by
the page that does the same, and the server's own folders are never shown.

The library speaks English, and its declarations stay English, declared once: the page says their words in the
visitor's language by looking the English up in the page's catalogue (language.py) as it shows them.  A whole
text found there is said as the catalogue says it; a message the library builds with values in it is recognised
by its shape (SHAPES: "{number} is outside the range: give a value {range}"), said in the language's words with
its values, numbers in the language's marks; a label quoted in any other message (“Paper”) is said as the form
says it.  What no shape knows (a game's own refusals, a game file's problems, the engines' words) stays English.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..options import Option, Product
from ..products.declared import PRODUCTS, product
from .language import ENGLISH, N_, chosen, decimal, gettext, number

# A command a message points to ('boardgen check', `boardgen rules output/racers.toml`), with what it is given.
_COMMAND = re.compile(r"['‘`]?boardgen ([a-z]+)(?: (?:[A-Z.]+(?:#NAME)?|output/[\w-]+\.toml))?['’`]?")
_FLAG = re.compile(r"(?<![\w-])--(no-)?([a-z][a-z0-9-]*)")
LONGEST_WORD = 60  # characters without a space: a longer run is a value pasted, cut where it is shown
_QUOTED = re.compile(r"“([^“”]+)”")

# The messages the library and the page's other modules build with values in them, as the page shows them (a flag
# already called by its label), each said in the visitor's language with its values.  What a placeholder holds
# is said by its name: a number (NUMBERS) in the language's marks; a value someone typed, or a list of names a
# game or the library gives (KEPT), as it is; a whole message (MESSAGES) by these shapes again; any other (a
# range, a label, a reason) by PARTS, the words a shape's words are made of.
SHAPES = (
    # options/declared.py: a value an option cannot take
    N_("{value} is not one of {choices} (did you mean {close}?)"),
    N_("{value} is not one of {choices}"),
    N_("{value} is not a number it can use; give a value {range}"),
    N_("{value} is not a number"),
    N_("{number} is outside the range: give a whole number from {low} to {high}"),
    N_("{number} is outside the range: give a value {range}"),
    N_("{value} is not a whole number"),
    N_("{value} is not on or off; give true or false"),
    N_("is {count} characters long; it may be at most {most}"),
    # ... and what the page takes of it
    N_("give it too (at most {most} here): the page plays a bounded number"),
    N_("the page takes at most {most}; the command line takes more"),
    # products/declared: options that mean nothing with the other choices, and choices that do not go together
    N_("does not apply to laser files: {why}"),
    N_("does not apply to {game}: its board has no direction of play to show"),
    N_("does not apply to {game}'s pieces: they are one-sided"),
    N_("applies to laser files only: add {option}"),
    N_("is for {option} laser"),
    N_("is for a printed box: a laser box takes {option}"),
    N_("picks whose moves to mark; use it together with {option}"),
    N_("{kind} files are for laser cutters: add {option}"),
    N_("{option} writes {formats} files, not {kind}: use {ways}"),
    N_("{number} is too small: {game}'s pieces need fields of at least {least} mm"),
    N_("{option} plays a few games a setting and {option_too} sets how many: give one of them"),
    # ... and what a game has
    N_("unknown game {value}; games: {games}"),
    N_("{game} has no {value} board; boards: {boards}"),
    N_("there is no {value} rule sheet for {game}; languages: {languages}"),
    N_("the pieces' sheets are in {languages}, not {value}"),
    N_("{value} is not a bed size: give WIDTHxHEIGHT in mm (for example 300x200) or one of {beds}"),
    # the page's other modules (query.py, uploads.py, subjects.py)
    N_("{product} has no option {value}; its options are {known}"),
    N_("the page holds as many files as it can just now ({count}, given by other visitors who are using them): "
       "try again in an hour"),
    N_("the page cannot keep that file just now ({why}): tell whoever runs it"),
    N_("give the file to make as NAME.FORMAT, like iacta.pdf, not {value}"),
    # a message that names its option first, where it is not beside its field (tried last: the most general)
    N_("{option}: {problem}"),
    N_("{option} {reason}"),
)

# The parts a shape's words may be made of.
PARTS = (
    N_("from {low} to {high} {unit}"),
    N_("from {low} to {high}"),
    N_("above {low} to {high} {unit}"),
    N_("above {low} to {high}"),
    N_("{start}... ({count} characters)"),
    N_("use {option} for the laser's size"),
    N_("a laser burns one colour, so zones are told apart by pattern, as {option} mono prints them"),
    N_("{either} or {other}"),
)

# Whole texts the library and the page's other modules say as they are (titles, messages, reasons), looked up.
WHOLE = (
    N_("does not apply to laser files"),
    N_("parts keep 1 mm from the bed's edge"),
    N_("a part's back is engraved after turning it over in its hole"),
    N_("applies to PDF only: SVG and PNG drawings are made at true size, not on paper"),
    N_("applies to PDF only: a print shop's bleed round the sheet"),
    N_("sets the resolution of PNG output only"),
    N_("applies to DXF laser files only"),
    N_("Not here"),
    N_("Not a move"),
    N_("Not kept"),
    N_("Not possible"),
    N_("A position checked"),
    N_("Waiting: it starts in a moment."),
    N_("paste a position, choose a file or pick a sample"),
    N_("it was sent from another web site's page"),
    N_("it did not come from one of this page's forms"),
    N_("that upload is not here (any more): the page keeps the files you give it only while it runs, and only for "
       "the browser that gave them; give it again"),
    N_("that file is not text (a picture or a program, perhaps): give a file you can read in a text editor"),
    N_("that file holds a character no text file has (NUL): give a file you can read in a text editor"),
    N_("the page takes a game by its name, a sample (sample:GAME/NAME) or a file you give it on the page, never a "
       "file on the server"),
)

NUMBERS = frozenset({"number", "low", "high", "count", "most", "least"})
KEPT = frozenset({"value", "choices", "close", "game", "games", "boards", "languages", "beds", "kind", "unit",
                  "start", "product", "known"})
MESSAGES = frozenset({"problem", "reason"})
# What each placeholder matches: a number as Python writes it; an option as the page names it, by its label in
# quotes or, an argument, by its name (GAME), so "{option} {reason}" is not every text with a space in it; else
# any words.
_A_NUMBER = r"[+-]?\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?"
_A_LABEL = r"“[^“”]+”|[A-Z]{2,}"


def _pattern(shape: str) -> re.Pattern[str]:
    """What a message of `shape` looks like in English."""
    pieces = re.split(r"\{(\w+)\}", shape)
    return re.compile("".join(re.escape(piece) if index % 2 == 0 else f"(?P<{piece}>{_matches(piece)})"
                              for index, piece in enumerate(pieces)), re.DOTALL)


def _matches(name: str) -> str:
    return _A_NUMBER if name in NUMBERS else _A_LABEL if name.startswith("option") else ".+?"


_SHAPES = tuple((shape, _pattern(shape)) for shape in SHAPES)
_PARTS = tuple((shape, _pattern(shape)) for shape in PARTS)


def said(text: str) -> str:
    """English `text`, from the library, a declaration or the page's other modules, in the visitor's language as
    far as the page's catalogue knows it (see the module's words); as it is in English."""
    if not text or chosen() == ENGLISH:
        return text
    return _said(text, _SHAPES)


def _said(text: str, shapes: tuple[tuple[str, re.Pattern[str]], ...]) -> str:
    # A message beside its field starts with a capital ("Is 5000 characters long"): found as the library says it.
    small = text[:1].lower() + text[1:]
    for given, capital in ((text, False), (small, True)) if small != text else ((text, False),):
        whole = gettext(given)
        if whole != given:
            return _capital(whole) if capital else whole
        for shape, pattern in shapes:
            found = pattern.fullmatch(given)
            if found:
                words = gettext(shape).format(**{name: _value(name, value)
                                                 for name, value in found.groupdict().items()})
                return _capital(words) if capital else words
    return _QUOTED.sub(lambda found: f"“{gettext(found.group(1))}”", text)


def _value(name: str, value: str) -> str:
    if name in NUMBERS:
        return decimal(value)
    if name in KEPT:
        return value
    return _said(value, _SHAPES if name in MESSAGES else _PARTS)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def without_server_paths(text: str, folder: Path) -> str:
    """`text` with the page's own folder left out of every path in it: an upload is called by its file's name."""
    for shown in {str(folder), str(folder.resolve())}:
        text = re.sub(re.escape(shown) + r"[/\\](?:up-[0-9a-f]{16}[/\\])?", "", text)
    return text


def cut_long_words(text: str) -> str:
    """Every run of more than 60 characters without a space cut, with its length: a pasted value never widens a
    message past the screen."""
    def cut(found: re.Match[str]) -> str:
        word = found.group(0)
        return gettext("{start}... ({count} characters)").format(start=word[:40], count=number(len(word)))
    return re.sub(r"\S{" + str(LONGEST_WORD + 1) + ",}", cut, text)


def label_of(option: Option) -> str:
    """What the page calls an option, in English (the catalogue says it in the visitor's language: said())."""
    return option.label or option.name.replace("-", " ").capitalize()


def for_people(message: str, product: Product | None = None, beside: str = "") -> str:
    """`message` as the page says it: the option it sits beside (`beside`) not named again, every other flag
    called by its label, commands by their pages, long values cut, in the visitor's language."""
    options = {option.name: option for option in product.options} if product is not None else {}
    if beside and message.startswith(f"--{beside}") or (beside and beside in options
                                                        and message.startswith(options[beside].flag)):
        rest = message[len(f"--{beside}"):] if message.startswith(f"--{beside}") else \
            message[len(options[beside].flag):]
        message = rest.lstrip(":").strip()
        message = message[:1].upper() + message[1:] if message else message

    def flag(found: re.Match[str]) -> str:
        option = options.get(found.group(2))
        if option is None:
            return f"“{found.group(2).replace('-', ' ')}”"
        return f"“{label_of(option)}”" + (" " + gettext("(off)") if found.group(1) else "")
    message = _FLAG.sub(flag, message)
    message = re.sub(r"(?<![\w-])-o(?= |$)", "the file name", message)
    message = _COMMAND.sub(_page_for, message)
    return cut_long_words(said(message))


def _page_for(found: re.Match[str]) -> str:
    """The page that does what a command does, by its title ("the page “The rules to print”")."""
    name = found.group(1)
    title = product(name).title if name in PRODUCTS else ""
    return f"the page “{title}”" if title else found.group(0).replace("boardgen ", "the page for ")


def file_for_the_page(text: str) -> str:
    """A starter game file's comments as the page says them: its first lines, which say how the command line makes
    it, say how the page does; a command it names is its page; the guide is named, not its path.  The first
    lines are the page's own, in the visitor's language; the file's own comments stay as the file says them."""
    lines = text.splitlines()
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    said_here = "\n".join(["# " + gettext("Your own game: change anything, then press “{button}” below the box.")
                           .format(button=gettext("Read it")),
                           "# " + gettext("Every key is explained in the guide to game files.  A mistake is pointed "
                                          "out at its line."),
                           *lines])
    said_here = _COMMAND.sub(_page_for, said_here)
    said_here = said_here.replace("docs/game-files.md", "the guide to game files")
    return _FLAG.sub(lambda found: f"“{found.group(2).replace('-', ' ')}”", said_here) + \
        ("\n" if text.endswith("\n") else "")
