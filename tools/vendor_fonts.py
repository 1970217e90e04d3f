"""Subset the DejaVu Sans faces boardgen prints with into boardgen/templates/fonts/, from the DejaVu release.

DejaVu Sans extends Bitstream Vera (the same shapes and widths for every
letter Vera has) to Greek, Cyrillic and the Latin of most European
languages, under a permissive licence (boardgen/templates/fonts/LICENSE).  The
release is taken from the npm registry's `dejavu-fonts-ttf` package, the
fonts as the DejaVu project publishes them:

    curl -O https://registry.npmjs.org/dejavu-fonts-ttf/-/dejavu-fonts-ttf-2.37.3.tgz
    tar xzf dejavu-fonts-ttf-2.37.3.tgz
    .venv/bin/python tools/vendor_fonts.py package/ttf
    .venv/bin/python tools/regenerate.py     # the widths in draw/font_metrics.py

The subset keeps the scripts and symbols a board game's texts use (below)
and drops hinting, which a PDF or a laser outline never uses: a quarter of
the size, and a PDF reads the font faster.  Run once per DejaVu release;
the subset fonts are committed.
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "boardgen" / "templates" / "fonts"
FACES = {"DejaVuSans.ttf": "DejaVuSans.ttf", "DejaVuSans-Bold.ttf": "DejaVuSans-Bold.ttf",
         "DejaVuSans-Oblique.ttf": "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf": "DejaVuSans-BoldOblique.ttf"}
RANGES = (
    (0x0020, 0x007E), (0x00A0, 0x024F),  # Latin, Latin-1, Latin Extended A and B
    (0x0250, 0x036F),  # IPA, spacing modifiers, combining accents
    (0x0370, 0x03FF), (0x1F00, 0x1FFF),  # Greek, Greek Extended
    (0x0400, 0x052F),  # Cyrillic and its supplement
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese, Welsh)
    (0x2000, 0x206F), (0x20A0, 0x20CF),  # punctuation, currency
    (0x2100, 0x218F),  # letterlike symbols, number forms
    (0x2190, 0x22FF),  # arrows, mathematical operators
    (0x2460, 0x24FF), (0x25A0, 0x25FF),  # enclosed numbers, geometric shapes
    (0x2600, 0x27BF),  # symbols (chess, dice, cards) and dingbats (ticks, crosses)
)


def subset(source: Path, target: Path) -> None:
    from fontTools import subset as fonttools_subset

    options = fonttools_subset.Options()
    options.hinting = False
    options.layout_features = []  # neither reportlab nor the laser outlines use OpenType layout
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = fonttools_subset.load_font(str(source), options)
    subsetter = fonttools_subset.Subsetter(options)
    subsetter.populate(unicodes=[code for low, high in RANGES for code in range(low, high + 1)])
    subsetter.subset(font)
    fonttools_subset.save_font(font, str(target), options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("release", type=Path, help="the release's ttf folder")
    args = parser.parse_args()
    TARGET.mkdir(exist_ok=True)
    for source, target in FACES.items():
        subset(args.release / source, TARGET / target)
        print(f"wrote {(TARGET / target).relative_to(ROOT)} ({(TARGET / target).stat().st_size // 1024} KB)")
    licence = args.release.parent / "LICENSE"
    (TARGET / "LICENSE").write_text(licence.read_text(encoding="utf-8"), encoding="utf-8")


if __name__ == "__main__":
    main()
