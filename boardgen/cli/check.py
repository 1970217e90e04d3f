"""The check command: is a position right, what can be played, and what follows a move."""

from __future__ import annotations

import click

from ..options import Product, Values
from .output import echo


def check(product: Product, values: Values) -> None:
    from ..products.check_report import after_moves, check_loaded, check_text, report_json, report_text
    from ..products.inputs import read_source

    source = read_source(values["file"])
    if values["move"]:
        loaded = after_moves(source.data, source.label, values["move"])
        report = check_loaded(loaded)
        if values["json"]:
            echo(report_json(report, with_position=True))
        else:
            echo(loaded.rules.write(loaded.position), nl=False)
        return
    report = check_text(source.data)
    echo(report_json(report) if values["json"] else report_text(report, source.label))
    click.get_current_context().exit(0 if report.valid else 1)
