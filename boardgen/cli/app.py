"""The `boardgen` command group: every refusal is one line, every crash says it is one.

Exit status 0: done.  1: `check` found an invalid position or move.  2: the
command itself is wrong (an unknown game, a bad number, a folder that does
not exist).  3: an internal error, a bug in boardgen: one line, and the full
details with --debug or BOARDGEN_DEBUG=1.
"""

from __future__ import annotations

import difflib
import os
import sys
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import click

from ..errors import BoardgenError
from ..options import Product
from ..products.declared import ALIASES, PRODUCTS, product
from ..stopping import exit_status, exit_stopped
from ..terminal import one_line, tolerant_streams
from ..version import __version__
from .build import command
from .output import echo
from .run import runner

INTERNAL_ERROR = 3


@dataclass(frozen=True)
class FaceCommand:
    """A command of the command line's own, beside the products: one that runs another face (serve: the page)."""

    summary: str  # one line, for `boardgen --help`, which loads no command
    declaration: Callable[[], Product]  # imports the face and returns its command's declaration, when it runs


def _serve() -> Product:
    # The web page (Flask, waitress) loads only when `serve` runs.  An import, not a module named by a string:
    # import-linter sees the command line reach the web face, which its tier may.
    from ..web.serve import SERVE

    return SERVE


# The products are a tier below the faces and cannot name them, so the commands that run a face are listed here.
COMMANDS: Mapping[str, FaceCommand] = MappingProxyType({
    "serve": FaceCommand("The web page: every product in the browser, with a preview and links.", _serve),
})


def declaration(name: str) -> Product | None:
    """The declaration of the command `name` (or an alias of it): a product's, or one of COMMANDS; None for no
    such command.  Only the one asked for is imported."""
    name = ALIASES.get(name, name)
    if name in PRODUCTS:
        return product(name)
    if name in COMMANDS:
        return COMMANDS[name].declaration()
    return None


def _summaries() -> dict[str, str]:
    return {**{name: listed.summary for name, listed in PRODUCTS.items()},
            **{name: face.summary for name, face in COMMANDS.items()}}


class BoardgenGroup(click.Group):
    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        debug = _debugging(args)
        tolerant_streams()
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as error:
            # One line, whatever click's own message looks like, with no control characters from files.
            message = one_line(error.format_message())
            _echo_quietly(f"boardgen: error: {message}", err=True)
            sys.exit(error.exit_code)
        except click.Abort as error:  # click's word for a KeyboardInterrupt, which a stop signal raises
            _echo_quietly("boardgen: stopped", err=True)
            exit_stopped(exit_status(error.__context__))
        except KeyboardInterrupt as error:
            _echo_quietly("boardgen: stopped", err=True)
            exit_stopped(exit_status(error))
        except BrokenPipeError:
            _silence_stdout()
            sys.exit(0)  # `boardgen list | head -1`: the reader has all it wanted
        except OSError as error:
            if _is_stdout_error(error):
                _silence_stdout()
                _echo_quietly(f"boardgen: error: cannot write the output: {error.strerror}", err=True)
                sys.exit(2)
            _internal(error, debug)
        except Exception as error:
            _internal(error, debug)
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            _silence_stdout()
        except OSError as error:
            _silence_stdout()
            _echo_quietly(f"boardgen: error: cannot write the output: {error.strerror}", err=True)
            sys.exit(2)
        sys.exit(result if isinstance(result, int) else 0)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_summaries())

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands from their one-line summaries: `boardgen --help` loads no command."""
        with formatter.section("Commands"):
            formatter.write_dl(sorted(_summaries().items()))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command built from its declaration, imported only when it is asked for, and run as the declaration
        says it is made (run.runner)."""
        declared = declaration(cmd_name)
        if declared is None:
            return None
        return command(declared, runner(declared))

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                             list[str]]:
        """The command `args` names; an unknown one is refused in the house's words, with the one meant."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and declaration(ALIASES.get(name, name)) is None:
            close = difflib.get_close_matches(name.lower(), self.list_commands(ctx), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise _WrongCommand(f"there is no command {one_line(repr(name))}{hint}; boardgen --help lists them")
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BoardgenError as error:
            raise _usage(error) from None


class _WrongCommand(click.ClickException):
    """Bad input to the command itself: an unknown game, a bad number, a missing folder."""

    exit_code = 2


class _InvalidInput(click.ClickException):
    """A position or move that cannot be used, as opposed to a wrong command."""

    exit_code = 1




def _usage(error: BoardgenError) -> click.ClickException:
    return _InvalidInput(str(error)) if error.exit_code == 1 else _WrongCommand(str(error))


def _internal(error: BaseException, debug: bool) -> None:
    if debug:
        traceback.print_exception(error)
    reason = one_line(str(error))[:200] or type(error).__name__
    _echo_quietly(f"boardgen: internal error: {type(error).__name__}: {reason} (a bug in boardgen; run with "
                  "--debug or BOARDGEN_DEBUG=1 for details)", err=True)
    sys.exit(INTERNAL_ERROR)


def _debugging(args: Any) -> bool:
    argv = sys.argv[1:] if args is None else list(args)
    return "--debug" in argv or os.environ.get("BOARDGEN_DEBUG", "") not in ("", "0")


def _is_stdout_error(error: OSError) -> bool:
    return error.filename is None and error.errno is not None and getattr(error, "winerror", None) is None \
        and error.errno in (28, 5, 32)  # ENOSPC (/dev/full), EIO, EPIPE


def _echo_quietly(text: str, err: bool = False) -> None:
    try:
        echo(text, err=err)
    except OSError:
        pass


def _silence_stdout() -> None:
    """Point stdout at nothing, so Python's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


@click.group(cls=BoardgenGroup, context_settings={"help_option_names": ["-h", "--help"]},
             invoke_without_command=True)
@click.version_option(__version__, "--version", prog_name="boardgen", message="%(prog)s %(version)s")
@click.option("--debug", is_flag=True,
              help="Show the full details of an internal error (a bug in boardgen); BOARDGEN_DEBUG=1 does the same.")
@click.pass_context
def main(ctx: click.Context, debug: bool) -> None:
    """Boards, pieces, rule sheets and boxed gift sets to print or cut, rules engines, a simulator and a web page,
    for the built-in games, traditional games and your own."""
    if ctx.invoked_subcommand is None:
        echo(ctx.get_help())
