"""Commands that print text: LEGO lists, and what boardgen knows (list, palettes)."""

from __future__ import annotations

from ..options import Product, Values
from .build import report
from .output import echo


def lego(product: Product, values: Values) -> None:
    """The brick count on the screen, or written as a file with -o (always for a BrickLink list)."""
    from ..products.declared.texts import lego_document, lego_format
    from ..products.delivery import deliver_files

    if values["output"] is None and lego_format(values) != "bricklink":
        echo(lego_document(values).text, nl=False)
        return
    assert product.make is not None
    report(deliver_files(product.make(values), values["output"]))


def list_games(product: Product, values: Values) -> None:
    import shutil

    from ..products.catalogue import catalogue_text

    echo(catalogue_text(shutil.get_terminal_size(fallback=(100, 24)).columns - 1), nl=False)


def palettes(product: Product, values: Values) -> None:
    from ..products.catalogue import palettes_text

    echo(palettes_text(), nl=False)
