"""Rebuild every generated file in the checkout, or with --check say which are stale (exit 1) and write nothing.

The generated files:
- boardgen/templates/fonts/widths.txt: the advance widths of the fonts boardgen prints with.  The fonts are
  the DejaVu Sans faces beside it (tools/vendor_fonts.py); reading them with fontTools costs 60 ms of imports,
  so every command reads this table instead: a line per run of consecutive code points (the face, the first
  code point, the widths), read with str.split (json's import would cost a board more than the table).
- boardgen/templates/rules/<game>.<lang>.outline.json: each rule text's compiled outline, which a rule sheet
  reads instead of importing the Markdown parser (boardgen/products/rule_text.py).
- docs/game-files.md: the tables of [play]'s keys, between two markers, from each mechanism's declaration of
  its keys (boardgen/gamefiles/play/vocabulary.py), so the docs say what the compiler checks.
- boardgen/templates/locale/<lang>/LC_MESSAGES/<domain>.mo: each message catalogue, compiled from its .po by
  Babel, which the standard library's gettext reads: boardgen.mo, the gift sets' texts
  (boardgen/products/translations.py); web.mo, the web page's words (boardgen/web/language.py).

    .venv/bin/python tools/regenerate.py            # after changing fonts or editing a rule text
    .venv/bin/python tools/regenerate.py --check    # CI, and tests/test_generated.py

A generated file is stale when what it means differs from what its generator makes today, never because another
version of a tool wrote the same meaning in other bytes: a catalogue is compared by its messages and plural rule
(Babel writes its own version and the date into the header, and each release may order or pad the file
differently), an outline by its JSON value, the width table by its text (our own format).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Hashable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONT_METRICS = ROOT / "boardgen" / "templates" / "fonts" / "widths.txt"
RULES = ROOT / "boardgen" / "templates" / "rules"
LOCALE = ROOT / "boardgen" / "templates" / "locale"
GAME_FILES_DOC = ROOT / "docs" / "game-files.md"
VOCABULARY_BEGIN = "<!-- made by tools/regenerate.py from each mechanism's declared keys: edit those -->\n"
VOCABULARY_END = "<!-- end of the generated tables -->\n"


def font_metrics() -> str:
    from fontTools.ttLib import TTFont

    from boardgen.draw.fonts import FACES, font_path

    faces: dict[str, list[tuple[int, list[int]]]] = {}
    for face in FACES:
        font = TTFont(font_path(face), lazy=True)
        assert font["head"].unitsPerEm == 2048
        metrics = font["hmtx"].metrics
        runs: list[tuple[int, list[int]]] = []  # (first code point, widths of it and the code points after it)
        for code, glyph in sorted(font.getBestCmap().items()):
            if runs and code == runs[-1][0] + len(runs[-1][1]):
                runs[-1][1].append(metrics[glyph][0])
            else:
                runs.append((code, [metrics[glyph][0]]))
        faces[face] = runs
    lines = ["# Advance widths of boardgen's fonts in units of 1/2048 em, written by tools/regenerate.py.",
             "# Each line: the face, the first code point of a run of consecutive ones, the width of each."]
    for face, face_runs in faces.items():
        lines += [f"{face} {first} {' '.join(map(str, widths))}" for first, widths in face_runs]
    return "\n".join(lines) + "\n"


def game_files_doc() -> str:
    """docs/game-files.md with the vocabulary of [play] as the mechanisms declare it, between its two markers."""
    from boardgen.gamefiles.play.vocabulary import vocabulary_markdown

    text = GAME_FILES_DOC.read_text(encoding="utf-8")
    before, _, rest = text.partition(VOCABULARY_BEGIN)
    _, _, after = rest.partition(VOCABULARY_END)
    return before + VOCABULARY_BEGIN + "\n" + vocabulary_markdown() + "\n" + VOCABULARY_END + after


def generated() -> dict[Path, str | bytes]:
    """Every generated file and what it should hold today."""
    from boardgen.products.rule_text import outline_json

    files: dict[Path, str | bytes] = {FONT_METRICS: font_metrics(), GAME_FILES_DOC: game_files_doc()}
    for text_path in sorted(RULES.glob("*.md")):
        target = text_path.with_name(text_path.name.removesuffix(".md") + ".outline.json")
        files[target] = outline_json(text_path.read_text(encoding="utf-8"))
    for catalogue in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        files[catalogue.with_suffix(".mo")] = compiled(catalogue)
    return files


def compiled(catalogue: Path) -> bytes:
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with catalogue.open("rb") as handle:
        messages = read_po(handle)
    out = BytesIO()
    write_mo(out, messages)
    return out.getvalue()


def catalogue_meaning(data: bytes) -> tuple[Hashable, ...]:
    """What a compiled catalogue says: its language, plural rule and every message (the header's other lines say
    who wrote it and when, which is not what it means)."""
    from io import BytesIO

    from babel.messages.mofile import read_mo

    catalogue = read_mo(BytesIO(data))
    messages = sorted((repr(message.context), repr(message.id), repr(message.string))
                      for message in catalogue if message.id)
    return (str(catalogue.locale), catalogue.plural_forms, *messages)


def _same(path: Path, content: str | bytes) -> bool:
    if not path.is_file():
        return False
    if path.suffix == ".mo":
        assert isinstance(content, bytes)
        return catalogue_meaning(path.read_bytes()) == catalogue_meaning(content)
    if path.suffix == ".json":
        assert isinstance(content, str)
        return bool(json.loads(path.read_text(encoding="utf-8")) == json.loads(content))
    return (path.read_bytes() if isinstance(content, bytes) else path.read_text(encoding="utf-8")) == content


def stale() -> list[Path]:
    return [path for path, content in generated().items() if not _same(path, content)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which files are stale (exit 1 if any)")
    if parser.parse_args().check:
        old = stale()
        for path in old:
            print(f"stale: {path.relative_to(ROOT)} (run tools/regenerate.py)")
        return 1 if old else 0
    for path, content in generated().items():
        if not _same(path, content):
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
