"""How the command line runs a product, by what its declaration says it is (options.Mode): its files written,
its text printed, its long work played with a progress bar, or its own run.  No product is known here by name,
nor any option: the file to write and the processes to play on are found by their role (options.Role)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from ..options import Finished, Mode, Product, Values, Work
from ..products.delivery import deliver_files
from ..stopping import exit_stopped
from ..terminal import shown_path
from .output import echo
from .shared import Forecast

Runner = Callable[[Product, Values], None]


def runner(product: Product) -> Runner:
    """How `product` is run from the command line."""
    if product.run is not None:
        return run_own
    if product.mode is Mode.JOB:
        return run_work
    return write_or_show


def run_own(product: Product, values: Values) -> None:
    assert product.run is not None
    product.run(values)


def write_or_show(product: Product, values: Values) -> None:
    """Print what the product shows, with its exit status; else make its files and write them, all or none, and
    print each path written."""
    shown = product.show(values) if product.show is not None else None
    if shown is not None:
        echo(shown.text, nl=False)
        if shown.status:
            click.get_current_context().exit(shown.status)
        return
    assert product.make is not None
    made = product.make(values)
    report(deliver_files(made, product.output_path(values)))
    for file in made:
        if getattr(file, "notice", ""):
            echo(f"boardgen: note: {file.notice}", err=True)


def run_work(product: Product, values: Values) -> None:
    """Long work: its targets checked before it starts, played with a progress bar on stderr (on the executor
    --workers and --scheduler ask for, when it plays games), then its text printed and its files written."""
    assert product.work is not None
    work = product.work(values)
    work.prepare()  # refused before, not after, playing
    finished = _run(product, work, values)
    if finished.text:
        echo(finished.text, nl=False)
    if finished.stopped:
        echo(f"boardgen: stopped: {finished.stopped_note}", err=True)
        exit_stopped(finished.stopped)
    for path, said, err in finished.write():
        echo(f"{said}{shown_path(path)}", err=err)


def _run(product: Product, work: Work, values: Values) -> Finished:
    """The work with a progress bar on stderr, hidden when stderr is not a terminal; games are played on the
    executor --workers and --scheduler ask for."""
    place = product.place(values, note=lambda text: echo(f"boardgen: note: {text}", err=True))
    forecast = Forecast(work.steps or None) if work.plays else None
    with click.progressbar(length=work.steps or 1_000_000, label=work.title, file=sys.stderr,
                           hidden=not sys.stderr.isatty(), item_show_func=lambda label: label) as bar:
        def progress(done: int, label: str = "") -> None:
            bar.update(max(0, done - bar.pos), label or None)
            if forecast is not None:
                forecast.update(done)
        return work.run(progress, place)


def report(paths: list[Any]) -> None:
    for path in paths:
        echo(shown_path(path))
