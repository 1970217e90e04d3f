"""The `boardgen` console script: it loads the command line itself, so a Ctrl-C while Python is still importing
is "boardgen: stopped" too, never a traceback.

This is the one module whose imports wait inside a function, and only for that reason: every import that
`boardgen` makes happens inside the `try` below.
"""

from __future__ import annotations

import sys


def run() -> None:
    try:
        from .stopping import handle_stop_signals
        from .terminal import tolerant_streams

        handle_stop_signals()
        tolerant_streams()
        from .cli import main
    except KeyboardInterrupt as error:
        from .stopping import exit_status, exit_stopped

        sys.stderr.write("boardgen: stopped\n")
        exit_stopped(exit_status(error))
    main(prog_name="boardgen")
