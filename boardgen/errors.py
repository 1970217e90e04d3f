"""Errors a user can cause and fix: the CLI prints their message as one line."""


class BoardgenError(Exception):
    """Bad input or an impossible request; the message says what to change."""

    exit_code = 2


class InvalidPositionError(BoardgenError):
    """A position file that cannot be used: the position's fault, not the command's."""

    exit_code = 1
