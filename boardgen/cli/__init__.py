"""The `boardgen` command line: each command parses its options and calls the library.

The group (app.py) imports a command's module only when that command runs.
`run` is the console script: it loads the group itself, so a Ctrl-C while
Python is still importing is "boardgen: stopped" too, never a traceback.
"""

from __future__ import annotations

import sys
from typing import Any


def run() -> None:
    try:
        from ..stopping import handle_stop_signals
        from ..terminal import tolerant_streams

        handle_stop_signals()
        tolerant_streams()
        from .app import main
    except KeyboardInterrupt as error:
        from ..stopping import exit_status, exit_stopped

        sys.stderr.write("boardgen: stopped\n")
        exit_stopped(exit_status(error))
    main(prog_name="boardgen")


def __getattr__(name: str) -> Any:
    if name == "main":  # the click group, for tests and for programs that call boardgen in-process
        from .app import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["main", "run"]
