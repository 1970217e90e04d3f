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
from registry import FOLDER_GAMES
from svg_helpers import INKSCAPE, SVG, overlapping, stroked_segments, svg_root

# Every game's printable pieces, and two-sided ones also folded (their backs joined to their fronts).
PRODUCTS = {f"{name} pieces": ("pieces", name) for name, game in FOLDER_GAMES.items() if game.pieces}
PRODUCTS |= {f"{name} pieces to fold": ("pieces", name, "--sides", "fold")
             for name, game in FOLDER_GAMES.items() if game.pieces is not None and game.pieces.two_sided}


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


@pytest.mark.parametrize("game", sorted(name for name, info in FOLDER_GAMES.items() if info.pieces is not None))
def test_a_game_says_its_pieces_are_two_sided_exactly_when_its_kit_has_tokens(game):
    # --sides is offered (and its help lists the game) from the flag, which must say what the kit holds.
    info = FOLDER_GAMES[game]
    assert info.pieces is not None
    for variant in info.variants:
        kit = info.pieces.kit(variant)
        assert info.pieces.two_sided == kit.has("token"), variant.name
        assert kit.pieces and all(piece.count >= 1 for piece in kit.pieces)


# -- nets cut on a laser: every fold scored, whatever the colour -----------------------------------------------------

def _laser_nets(game: str, folder: Path) -> list[Path]:
    result = run_cli("pieces", game, "--laser", "-o", str(folder / "p.svg"))
    assert result.exit_code == 0, result.output
    return [Path(p) for p in result.stdout.split()]


def _inside_ring(point, ring) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _folds_per_net(path: Path):
    """Each net's cut outline (as read back from the file) with the scored segments inside it."""
    from tests.svg_helpers import laser_layers, subpaths

    groups = laser_layers(path)
    outlines = [points for p in groups["cut"] for points, closed in subpaths(p.get("d")) if closed]
    segments = [(a, b) for p in groups.get("score", []) for points, closed in subpaths(p.get("d"))
                for a, b in zip(points, points[1:] + (points[:1] if closed else []), strict=False)]
    nets = [(ring, []) for ring in outlines]
    for a, b in segments:
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        owner = next(folds for ring, folds in nets if _inside_ring(middle, ring))
        owner.append((a, b))
    engraved = [[tuple(points) for points, _ in subpaths(p.get("d"))] for p in groups.get("engrave", [])]
    return nets, engraved


# What the finding counted: a die's cross of six faces has 5 folds between faces and 7 to its glue tabs; a pyramid
# 3 between its faces and 1 to its tab.  ALEA's pieces are dice, Stacktics' pyramids: every net on their beds is one.
FOLDS = {"alea": 12, "stacktics": 4}


@pytest.mark.parametrize("game", ["alea", "stacktics"])
def test_every_fold_of_a_net_cut_on_a_laser_is_scored_in_every_colour_clear_of_engraving(tmp_path, game):
    import math

    from boardgen.draw.laser import FOLD_MARGIN
    from boardgen.draw.laser_areas import EngravedAreas

    files = [p for p in _laser_nets(game, tmp_path) if "-backs" not in p.name]  # however the beds are named
    assert files
    engraved_nets = 0
    expected = FOLDS[game]
    for path in files:
        nets, engraved = _folds_per_net(path)
        areas = EngravedAreas(engraved)
        lengths = set()
        for ring, folds in nets:
            assert len(folds) == expected, f"{path.name}: a net with {len(folds)} folds, not {expected}"
            lengths.add(round(sum(math.dist(a, b) for a, b in folds), 1))
            # Beside every fold, a hair inside the margin, bare card on both sides.
            for (ax, ay), (bx, by) in folds:
                length = math.dist((ax, ay), (bx, by))
                nx, ny = -(by - ay) / length, (bx - ax) / length
                for t in (0.25, 0.5, 0.75):
                    x, y = ax + t * (bx - ax), ay + t * (by - ay)
                    for side in (1, -1):
                        assert not areas.covers((x + side * nx * 0.8 * FOLD_MARGIN, y + side * ny * 0.8 * FOLD_MARGIN))
            inside = [p for area in engraved for p in area[0][:1] if _inside_ring(p, ring)]
            engraved_nets += bool(inside)
        # Every net of a file is the same shape: dark or light, its folds add up to the same length.
        if game == "alea":
            assert len(lengths) == 1, f"{path.name}: nets scored differently: {lengths}"
    assert engraved_nets, "no net has an engraved face: the dark colour is not tested"
