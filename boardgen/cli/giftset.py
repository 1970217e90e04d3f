"""`boardgen giftset`: a whole boxed game in one folder, from one command."""

from __future__ import annotations

import sys

import click

from ..options import Product, Values
from .build import report


def giftset(product: Product, values: Values) -> None:
    from ..products.declared.common import game_info
    from ..products.declared.giftset import STEPS, make_giftset, target
    from ..products.giftset import write_giftset

    info = game_info(values)
    hidden = not sys.stdout.isatty()
    with click.progressbar(length=len(STEPS), label=f"Making the {info.title} gift set", hidden=hidden) as bar:
        files = make_giftset(values, lambda step: bar.update(1))
        bar.update(len(STEPS))
    report(write_giftset(files, target(values), values["to"] is None, values["replace"]))
