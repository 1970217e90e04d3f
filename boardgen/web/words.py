"""What people read on the page: the library's messages, said without the command line's words.

A message names an option by its flag (`--field: 3 is outside the range`); beside its field on the page it
needs no name at all, and elsewhere it is called by its label.  A command the command line would run is named by
the page that does the same, and the server's own folders are never shown.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..options import Option, Product
from ..products.declared import PRODUCTS, product

# A command a message points to ('boardgen check', `boardgen rules output/racers.toml`), with what it is given.
_COMMAND = re.compile(r"['‘`]?boardgen ([a-z]+)(?: (?:[A-Z.]+(?:#NAME)?|output/[\w-]+\.toml))?['’`]?")
_FLAG = re.compile(r"(?<![\w-])--(no-)?([a-z][a-z0-9-]*)")
_LONGEST_WORD = 60


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
        return f"{word[:40]}... ({len(word):,} characters)"
    return re.sub(r"\S{" + str(_LONGEST_WORD + 1) + ",}", cut, text)


def label_of(option: Option) -> str:
    return option.label or option.name.replace("-", " ").capitalize()


def for_people(message: str, product: Product | None = None, beside: str = "") -> str:
    """`message` as the page says it: the option it sits beside (`beside`) not named again, every other flag
    called by its label, commands by their pages, long values cut."""
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
        return f"“{label_of(option)}”" + (" (off)" if found.group(1) else "")
    message = _FLAG.sub(flag, message)
    message = re.sub(r"(?<![\w-])-o(?= |$)", "the file name", message)
    message = _COMMAND.sub(_page_for, message)
    return cut_long_words(message)


def _page_for(found: re.Match[str]) -> str:
    """The page that does what a command does, by its title ("the page “The rules to print”")."""
    name = found.group(1)
    title = product(name).title if name in PRODUCTS else ""
    return f"the page “{title}”" if title else found.group(0).replace("boardgen ", "the page for ")



def file_for_the_page(text: str) -> str:
    """A starter game file's comments as the page says them: its first lines, which say how the command line makes
    it, say how the page does; a command it names is its page; the guide is named, not its path."""
    lines = text.splitlines()
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    said = "\n".join(["# Your own game: change anything, then press “Read it” below the box.",
                      "# Every key is explained in the guide to game files.  A mistake is pointed out at its line.",
                      *lines])
    said = _COMMAND.sub(_page_for, said)
    said = said.replace("docs/game-files.md", "the guide to game files")
    return _FLAG.sub(lambda found: f"“{found.group(2).replace('-', ' ')}”", said) + ("\n" if text.endswith("\n")
                                                                                      else "")
