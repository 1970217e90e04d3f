"""Errors a user can cause and fix: the CLI prints their message as one line, the web page as a 400 in words.

Whatever reads a position, a move or a game file raises one of these (engine.problems' PositionFileError and
MoveError, engine.toml_source's TomlError, gamefiles.reader's GameFileError are subclasses), so a face catches
this one type and never meets a ValueError from a file it was given.
"""


class BoardgenError(Exception):
    """Bad input or an impossible request; the message says what to change."""

    exit_code = 2


class InvalidPositionError(BoardgenError):
    """A position file that cannot be used: the position's fault, not the command's."""

    exit_code = 1
