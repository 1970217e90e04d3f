"""Every sheet of parts boardgen prints cuts and folds right.

Cut lines are solid and the strongest line; folds are dashed, with nothing
solid under them; every edge is drawn once; every cut outline is closed.
Checked from the SVG geometry, for every product that prints parts or nets.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from helpers import run_cli
from svg_helpers import INKSCAPE, SVG, overlapping, stroked_segments, svg_root

from boardgen.games import GAMES

# Every game's printable pieces, and two-sided ones also folded (their backs joined to their fronts).
PRODUCTS = {f"{name} pieces": ("pieces", name) for name, game in GAMES.items() if game.pieces}
PRODUCTS |= {f"{name} pieces to fold": ("pieces", name, "--sides", "fold")
             for name, game in GAMES.items() if game.pieces is not None and game.pieces.two_sided}


@pytest.fixture(scope="module", params=list(PRODUCTS))
def pages(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("nets")
    result = run_cli(*PRODUCTS[request.param], "--format", "svg", "-o", str(folder / "page.svg"))
    assert result.exit_code == 0, result.output
    return [svg_root(Path(p)) for p in result.stdout.split()]


def _net_lines(root):
    """The lines layer: where the cut and fold lines are (a page of duplex backs has none)."""
    layer = next((g for g in root.findall(f"{SVG}g") if g.get(f"{INKSCAPE}label") == "lines"), None)
    strokes = stroked_segments(layer) if layer is not None else []
    return [s for s in strokes if not s.dashed], [s for s in strokes if s.dashed]


def test_every_product_has_pages_with_cut_lines(pages):
    assert any(_net_lines(root)[0] for root in pages)


def test_nothing_solid_lies_under_a_fold(pages):
    for root in pages:
        cuts, folds = _net_lines(root)
        everything_solid = [s for s in stroked_segments(root) if not s.dashed]
        for fold in folds:
            assert not [s for s in everything_solid if overlapping(fold, s)], "a solid line under a fold"
        assert all(s.closed_path for s in cuts), "every cut line belongs to a closed outline"


def _part_strokes(root):
    """Every stroked segment of the parts: all layers but the calibration bar and the page's text."""
    return [s for g in root.findall(f"{SVG}g") if g.get(f"{INKSCAPE}label") in ("fields", "lines", "marks")
            for s in stroked_segments(g)]


def test_every_edge_is_drawn_once(pages):
    for root in pages:
        strokes = _part_strokes(root)
        drawn = Counter(s.key() for s in strokes)
        assert not [key for key, count in drawn.items() if count > 1], "an edge drawn twice"
        outlines = [s for s in strokes if s.closed_path or s.dashed]
        for a_index, a in enumerate(outlines):
            for b in outlines[a_index + 1:]:
                assert not overlapping(a, b), "two lines on one edge"


def test_the_cut_line_is_the_strongest(pages):
    for root in pages:
        cuts, folds = _net_lines(root)
        if not cuts:
            continue
        # Against every fold and every outline on the page (a face's own border would compete); not
        # against artwork drawn inside a part, such as a token's underline.
        outlines = [s for s in stroked_segments(root) if s.closed_path]
        assert min(s.width for s in cuts) >= max(s.width for s in outlines + folds)
        assert all(f.width < min(s.width for s in cuts) for f in folds)


@pytest.mark.parametrize("game", sorted(name for name, info in GAMES.items() if info.pieces is not None))
def test_a_game_says_its_pieces_are_two_sided_exactly_when_its_kit_has_tokens(game):
    # --sides is offered (and its help lists the game) from the flag, which must say what the kit holds.
    info = GAMES[game]
    assert info.pieces is not None
    for variant in info.variants:
        kit = info.pieces.kit()(variant)
        assert info.pieces.two_sided == kit.has("token"), variant.name
        assert kit.pieces and all(piece.count >= 1 for piece in kit.pieces)
