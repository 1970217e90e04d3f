"""Errors a user can cause and fix: the CLI prints their message as one line."""


class BoardgenError(Exception):
    """Bad input or an impossible request; the message says what to change."""

    exit_code = 2
