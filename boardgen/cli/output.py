"""Writing to the terminal: the one way the commands print."""

from __future__ import annotations

import sys

import click


def echo(message: str = "", err: bool = False, nl: bool = True) -> None:
    """click.echo, to the standard streams themselves: a character their encoding lacks is then written as an
    escape (terminal.tolerant_streams).  Left to itself, click writes UTF-8 to a stream that says ASCII."""
    click.echo(message, file=sys.stderr if err else sys.stdout, nl=nl)
