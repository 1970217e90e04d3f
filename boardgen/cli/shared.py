"""What several commands do with their parsed options: pick a board, a look, report the files written."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import click

from ..errors import BoardgenError


def look(game_field: float, field_size: float | None, coordinates: bool, arrows: bool) -> Any:
    from ..draw.board import BoardLook

    return BoardLook(field_size=field_size if field_size is not None else game_field, coordinates=coordinates,
                     arrows=arrows)


@contextmanager
def playing(workers: int | None, scheduler: str | None, label: str, length: int,
            item_show_func: Callable[[str | None], str | None] | None = None) -> Iterator[tuple[Any, Any]]:
    """The executor the games go to (a process pool or a Dask cluster) and a progress bar on stderr, hidden
    when stderr is not a terminal; a cluster that cannot be used is one clear line."""
    import sys

    from ..simulate.runner import default_workers, executor_for

    started = ExitStack()
    try:  # only starting the executor is translated: a RuntimeError while playing is a bug, said as one
        executor = started.enter_context(executor_for(workers or default_workers(), scheduler))
    except RuntimeError as error:
        raise BoardgenError(str(error)) from None
    with started, click.progressbar(length=length, label=label, hidden=not sys.stderr.isatty(), file=sys.stderr,
                                    item_show_func=item_show_func) as bar:
        yield executor, bar


def report(paths: list[Path]) -> None:
    for path in paths:
        click.echo(str(path))


def variant(info: Any, name: str | None) -> Any:
    try:
        return info.variant(name)
    except ValueError as error:
        raise BoardgenError(str(error)) from None


_NOT_FOR_LASER = "does not apply to laser files"
PALETTE_NOT_FOR_LASER = ("does not apply to laser files: a laser burns one colour, so zones are told apart by "
                         "pattern, as --palette mono prints them")
_LASER_ONLY = "applies to laser files only: add --laser"


def laser_settings(ctx: click.Context, fmt: str, print_options: dict[str, str]) -> Any:
    """LaserSettings when --laser was given, after refusing what does not go with it; None otherwise.

    `print_options` are the command's options that only make sense on paper, each with why.
    """
    from click.core import ParameterSource

    from .options import refuse_unused

    params = ctx.params
    fmt = fmt.lower()
    if not params["laser"]:
        refuse_unused(ctx, {name: _LASER_ONLY for name in ("kerf", "bed", "reference", "laser_colours")})
        if fmt == "dxf":
            raise BoardgenError("DXF files are for laser cutters: add --laser")
        return None
    if ctx.get_parameter_source("fmt") != ParameterSource.COMMANDLINE:
        fmt = "svg"
    elif fmt not in ("svg", "dxf"):
        raise BoardgenError(f"--laser writes SVG or DXF files, not {fmt.upper()}: use --format svg or --format dxf")
    refuse_unused(ctx, {"dpi": _NOT_FOR_LASER, "paper": f"{_NOT_FOR_LASER}: use --bed for the laser's size",
                        "margin": f"{_NOT_FOR_LASER}: parts keep 2 mm from the bed's edge", **print_options})
    from ..draw.laser_colours import LASER_COLOURS
    from ..layout.bed import DEFAULT_BED, parse_bed
    from ..products.laser import DEFAULT_KERF, LaserSettings

    try:
        bed = parse_bed(params["bed"] if params["bed"] is not None else DEFAULT_BED)
    except ValueError as error:
        raise BoardgenError(f"--bed: {error}") from None
    kerf = params["kerf"] if params["kerf"] is not None else DEFAULT_KERF
    colours = LASER_COLOURS[(params["laser_colours"] or "rgb").lower()]
    return LaserSettings(bed, kerf, params["reference"], colours, fmt)


def no_arrows(info: Any, board: Any) -> str:
    """Why --arrows does not apply to a board, or "" when it does."""
    if info.board(board).arrows:
        return ""
    return f"does not apply to {info.title}: its board has no direction of play to show"
