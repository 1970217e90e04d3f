"""Subset the DejaVu Sans faces boardgen prints with into boardgen/templates/fonts/, from the DejaVu release.

DejaVu Sans extends Bitstream Vera (the same shapes and widths for every
letter Vera has) to Greek, Cyrillic and the Latin of most European
languages, under a permissive licence (boardgen/templates/fonts/LICENSE).  The
release is taken from the npm registry's `dejavu-fonts-ttf` package, the
fonts as the DejaVu project publishes them:

    curl -O https://registry.npmjs.org/dejavu-fonts-ttf/-/dejavu-fonts-ttf-2.37.3.tgz
    tar xzf dejavu-fonts-ttf-2.37.3.tgz
    .venv/bin/python tools/vendor_fonts.py package/ttf
    .venv/bin/python tools/regenerate.py     # the widths in boardgen/templates/fonts/widths.json

The subset keeps the scripts and symbols a board game's texts use (below),
and a basic cut of each face keeps western European letters only (the
faster font nearly every page is set in: draw.fonts.BASIC_RANGES); both drop
hinting, which a PDF or a laser outline never uses: a quarter of
the size, and a PDF reads the font faster.  Run once per DejaVu release;
the subset fonts are committed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # boardgen itself, run from a checkout
TARGET = ROOT / "boardgen" / "templates" / "fonts"
FACES = {"DejaVuSans.ttf": "DejaVuSans.ttf", "DejaVuSans-Bold.ttf": "DejaVuSans-Bold.ttf",
         "DejaVuSans-Oblique.ttf": "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf": "DejaVuSans-BoldOblique.ttf"}
RANGES = (
    (0x0020, 0x007E), (0x00A0, 0x024F),  # Latin, Latin-1, Latin Extended A and B
    (0x02B0, 0x036F),  # spacing modifiers, combining accents
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x04FF),  # Cyrillic
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese, Welsh)
    (0x2000, 0x206F), (0x20A0, 0x20BF),  # punctuation, currency
    (0x2100, 0x215F),  # letterlike symbols, fractions
    (0x2190, 0x21FF), (0x2200, 0x226F),  # arrows, the commoner mathematical operators
    (0x25A0, 0x25FF),  # geometric shapes
    (0x2600, 0x26FF), (0x2700, 0x27BF),  # symbols (chess, dice, cards), dingbats (ticks, crosses)
)


def subset(source: Path, target: Path, ranges: tuple[tuple[int, int], ...], renamed: bool) -> None:
    from fontTools import subset as fonttools_subset

    options = fonttools_subset.Options()
    options.hinting = False
    options.glyph_names = True  # kept in the font: without them fontTools derives every name at each load
    options.layout_features = []  # neither reportlab nor the laser outlines use OpenType layout
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = fonttools_subset.load_font(str(source), options)
    subsetter = fonttools_subset.Subsetter(options)
    subsetter.populate(unicodes=[code for low, high in ranges for code in range(low, high + 1)])
    subsetter.subset(font)
    if renamed:
        # A PDF library tells fonts apart by their PostScript name: the basic cut must not pass for the full one.
        for record in font["name"].names:
            if record.nameID in (1, 3, 4, 6, 16):
                text = record.toUnicode()
                record.string = text.replace("DejaVu Sans", "DejaVu Sans Basic").replace("DejaVuSans",
                                                                                       "DejaVuSansBasic")
    fonttools_subset.save_font(font, str(target), options)


def main() -> None:
    from boardgen.draw.fonts import BASIC_PREFIX, BASIC_RANGES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("release", type=Path, help="the release's ttf folder")
    args = parser.parse_args()
    TARGET.mkdir(exist_ok=True)
    for source, target in FACES.items():
        for name, ranges, renamed in ((target, RANGES, False), (BASIC_PREFIX + target, BASIC_RANGES, True)):
            subset(args.release / source, TARGET / name, ranges, renamed)
            print(f"wrote {(TARGET / name).relative_to(ROOT)} ({(TARGET / name).stat().st_size // 1024} KB)")
    licence = args.release.parent / "LICENSE"
    (TARGET / "LICENSE").write_text(licence.read_text(encoding="utf-8"), encoding="utf-8")


if __name__ == "__main__":
    main()
