"""`python -m boardgen`: the same as the `boardgen` command."""

from .console import run

run()
