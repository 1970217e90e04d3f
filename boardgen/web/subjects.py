"""What a web address names: the product's subject (a game, a sample, an upload) and the format it asks for.

`/download/board/iacta.pdf` is the IACTA board as PDF; `/download/board/up-0123456789abcdef.svg` the board of
a game file someone gave the page; `/download/diagram/sample:iacta/01-start.svg` a packaged sample.  An
address never names a file on the server: an upload is found by its token, or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BoardgenError
from ..options import Kind, Option, Product, Role
from .query import FormErrors
from .uploads import Uploads, is_upload

BUNDLE = "zip"  # every file the product makes, in one ZIP


@dataclass(frozen=True)
class Subject:
    fixed: dict[str, str]  # option values the address gives: the argument, perhaps the format
    extension: str  # what the address asks for: a format's extension, or zip
    name: str  # the subject as the address names it, for the download's name


def argument(product: Product) -> str | None:
    option = product.argument()
    return option.name if option is not None else None


def read_subject(product: Product, text: str, uploads: Uploads) -> Subject:
    """The options and extension an address's last part gives; FormErrors at the argument otherwise."""
    name, dot, extension = text.rpartition(".")
    if not dot or not name:
        raise FormErrors({"": f"give the file to make as NAME.FORMAT, like iacta.pdf, not {text!r}"})
    extension = extension.lower()
    fixed: dict[str, str] = {}
    chosen = argument(product)
    if chosen is not None:
        fixed[chosen] = _argument_value(name, chosen, uploads)
    fmt = product.option_for(Role.FORMAT)
    if fmt is not None and fmt.kind is Kind.CHOICE:
        named = {ext: choice for choice, ext in format_extensions(fmt).items()}
        if extension in named:
            fixed[fmt.name] = named[extension]
    return Subject(fixed, extension, name.replace("/", "-").replace(":", "-").split("#")[0])


def chosen_game(product: Product, subject: str, uploads: Uploads) -> str | None:
    """The game a form's subject names, as its GAME argument takes it (a game's name, or the path of a game file
    given to the page), for the suggestions that follow it; None for a sample, a study, nothing chosen yet, or
    a file the page does not have."""
    option = product.argument()
    if option is None or option.role is not Role.GAME or not subject:
        return None
    try:
        return _argument_value(subject, option.name, uploads)
    except FormErrors:
        return None


def format_extensions(option: Option) -> dict[str, str]:
    """Each format's file extension: the format's name, unless the option says otherwise (lego's table: txt)."""
    return {choice: option.extension(choice) for choice in option.choice_list()}


def _argument_value(name: str, option_name: str, uploads: Uploads) -> str:
    upload, hash_sign, position = name.partition("#")
    if is_upload(upload):
        try:
            path = uploads.path(upload)
        except BoardgenError as error:
            raise FormErrors({option_name: str(error)}) from None
        return f"{path}{hash_sign}{position}"
    if name.startswith("sample:") or ("/" not in name and "\\" not in name and not name.lower().endswith(".toml")):
        return name
    raise FormErrors({option_name: "the page takes a game by its name, a sample (sample:GAME/NAME) or a file you "
                                   "give it on the page, never a file on the server"})
