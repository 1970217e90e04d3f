"""A click command from a product's declared options: the command line parses, the declaration checks.

click only splits the command line into each option's text; the value is
converted and checked by the declaration (boardgen.options), exactly as a
web form's or a game file's would be, so a bad value gets the same message
wherever it is given.  click says which options were given on the command
line, and an option is refused for a request it does not apply to by that,
not by its value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click
from click.core import ParameterSource

from ..options import Kind, Option, Product, Values


def command(product: Product, run: Callable[[Product, Values], None]) -> click.Command:
    def callback(**parsed: Any) -> None:
        context = click.get_current_context()
        given = {option.name: parsed[_python_name(option)] for option in product.options
                 if context.get_parameter_source(_python_name(option)) is ParameterSource.COMMANDLINE}
        run(product, product.values(given))

    return _DeclaredCommand(product, params=[_parameter(option) for option in product.options], callback=callback)


class _DeclaredCommand(click.Command):
    """A command whose help is written from its declaration when it is shown: some help lists every game's
    boards, which a run that shows no help need not look up."""

    def __init__(self, product: Product, **settings: Any) -> None:
        super().__init__(product.name, context_settings={"help_option_names": ["-h", "--help"]}, **settings)
        self.product = product

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.help = self.product.help_text()
        super().format_help_text(ctx, formatter)


class _DeclaredOption(click.Option):
    """An option whose help is written from its declaration when it is shown (see _DeclaredCommand)."""

    def __init__(self, option: Option, decls: list[str], **settings: Any) -> None:
        super().__init__(decls, **settings)
        self.declared = option

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        option = self.declared
        shown = _shown_default(option) if option.kind is not Kind.FLAG else (
            (option.name if option.default else f"no-{option.name}") if option.negatable else None)
        self.help = _with_default(option.help_text(), shown)
        return super().get_help_record(ctx)


def _python_name(option: Option) -> str:
    return option.name.replace("-", "_")


def _parameter(option: Option) -> click.Parameter:
    name = _python_name(option)
    if option.argument:
        return click.Argument([name], metavar=option.metavar or option.name.upper(), required=True)
    long = f"--{option.name}"
    if option.kind is Kind.FLAG:
        flags = [f"{long}/--no-{option.name}"] if option.negatable else [long]
        return _DeclaredOption(option, [*flags, name], is_flag=True, default=bool(option.default))
    decls = [option.short, long, name] if option.short else [long, name]
    return _DeclaredOption(option, decls, default=None, multiple=option.repeated, metavar=_metavar(option))


def _metavar(option: Option) -> str:
    if option.kind is Kind.CHOICE:
        return f"[{'|'.join(option.choice_list())}]"
    if option.metavar:
        return option.metavar
    return {Kind.NUMBER: "NUMBER", Kind.INTEGER: "INTEGER", Kind.TEXT: "TEXT"}.get(option.kind, "PATH")


def _shown_default(option: Option) -> str | None:
    """The default as help shows it: the declaration's words for one that depends on other choices, else the
    declared default itself."""
    if option.default_text:
        return option.default_text
    if option.default is None or option.default == "" or "[default:" in option.help_text():
        return None
    return f"{option.default:g}" if isinstance(option.default, float) else str(option.default)


def _with_default(text: str, default: str | None) -> str:
    return f"{text}  [default: {default}]" if default is not None else text
