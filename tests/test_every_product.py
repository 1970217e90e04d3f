"""Every product of every game, on every board, in every palette and format, opens as what it claims to be.

Driven by the registry: a new game, board, palette or format is covered
without touching this file.  The detailed checks of each product live in
its own test file; this one makes sure nothing is missing or broken.
"""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pypdfium2
import pytest
from helpers import format_options, run_cli
from PIL import Image
from registry import FOLDER_GAMES
from svg_helpers import size_mm, svg_root

from boardgen.draw.palettes import PALETTES
from boardgen.render.registry import DRAWING_FORMATS, FORMATS

BOARDS = [(game.name, variant.name) for game in FOLDER_GAMES.values() for variant in game.variants]
PRODUCTS = ["board", "pieces", "diagram"]


def _opens(path: Path, fmt: str) -> int:
    """Pages (or 1 for a picture) in the file, after opening it as its format; fails if it does not open."""
    data = path.read_bytes()
    if fmt == "pdf":
        document = pypdfium2.PdfDocument(data)
        try:
            return len(document)
        finally:
            document.close()
    if fmt == "svg":
        width, height = size_mm(svg_root(path))
        assert width > 20 and height > 20
        return 1
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and min(image.size) > 50
    return 1


def _start_file(folder: Path, game: str, variant: str) -> Path:
    info = FOLDER_GAMES[game]
    rules = info.engine.rules
    path = folder / f"{game}-{variant}-start.toml"
    path.write_text(rules.write(rules.start(info.variant(variant))), encoding="utf-8")
    return path


@pytest.mark.parametrize("game, variant", BOARDS)
@pytest.mark.parametrize("product, palette, fmt", list(itertools.product(PRODUCTS, PALETTES, DRAWING_FORMATS)))
def test_every_product_opens(tmp_path, game, variant, product, palette, fmt):
    info = FOLDER_GAMES[game]
    if product == "pieces" and info.pieces is None:
        result = run_cli("pieces", game)
        assert result.exit_code == 2 and info.no_pieces_reason.split(";")[0] in result.output
        return
    target = tmp_path / f"out.{fmt}"
    common = ["--palette", palette, *format_options(fmt), "-o", str(target)]
    if product == "diagram":
        args = ["diagram", str(_start_file(tmp_path, game, variant)), "--moves", *common]
    else:
        args = [product, game, "--variant", variant, *common]
    result = run_cli(*args)
    assert result.exit_code == 0, result.output
    written = [Path(line) for line in result.stdout.split()]
    assert written and all(path.exists() for path in written)
    if FORMATS[fmt].paged:
        assert written == [target] and _opens(target, fmt) >= 1
    else:
        assert all(_opens(path, fmt) == 1 for path in written)


@pytest.mark.parametrize("game, variant", BOARDS)
@pytest.mark.parametrize("fmt", DRAWING_FORMATS)
def test_every_box_opens_and_holds_its_base_and_lid(tmp_path, game, variant, fmt):
    """The gift set's box alone: the base's and the lid's nets, a page each, in every drawing format."""
    target = tmp_path / f"box.{fmt}"
    result = run_cli("box", game, "--variant", variant, *format_options(fmt), "-o", str(target))
    if result.exit_code == 2 and "--paper" in result.output:  # too large for A4: the paper it names must work
        import re

        paper = re.search(r"--paper (\w+)", result.output).group(1)
        result = run_cli("box", game, "--variant", variant, "--paper", paper, *format_options(fmt), "-o", str(target))
    assert result.exit_code == 0, result.output
    written = [Path(line) for line in result.stdout.split()]
    pages = sum(_opens(path, fmt) for path in written)
    assert pages == 2


@pytest.mark.parametrize("game", list(FOLDER_GAMES))
@pytest.mark.parametrize("lang", ["first", "last"])
def test_every_game_has_a_rule_sheet_in_its_languages(tmp_path, game, lang):
    language = FOLDER_GAMES[game].languages[0 if lang == "first" else -1]
    result = run_cli("rules", game, "--lang", language, "-o", str(tmp_path / "rules.pdf"))
    assert result.exit_code == 0, result.output
    assert _opens(tmp_path / "rules.pdf", "pdf") >= 1


def test_every_game_names_english_first_and_a_home_language():
    for game in FOLDER_GAMES.values():
        assert game.languages[0] == "en" and len(set(game.languages)) == len(game.languages)
