"""Stacktics: every rule through the engine and the CLI, the boards at true scale, the pyramids folding true."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest
from engine_api import apply, legal_moves, parse, rules_of, winner
from helpers import assert_one_line_error, dark_mask, page_count, render_page, run_centres_mm, run_cli
from svg_helpers import INKSCAPE, SVG, svg_root

from boardgen.draw.palettes import PALETTES
from boardgen.layout.nets import ICEHOUSE as PYRAMIDS

DPI = 150.0


def position(board: str, size: int = 3, to_move: str = "red", extra: str = "") -> str:
    return (f'game = "stacktics"\nsize = {size}\nto_move = "{to_move}"\n{extra}board = """\n'
            f'{board.strip()}\n"""\n')


def notations(text: str) -> set[str]:
    result = run_cli("check", "-", "--json", input=text)
    assert result.exit_code == 0, result.output
    return {m["notation"] for m in json.loads(result.output)["moves"]}


def report(text: str) -> dict:
    result = run_cli("check", "-", "--json", input=text)
    return json.loads(result.output)


def lay(columns: int, rows: int, pieces: dict[str, str]) -> str:
    """A board text with these pieces ({"c3": "r1"}) and every other field empty."""
    return "\n".join("  ".join(pieces.get(f"{'abcdefg'[c]}{r}", ".") for c in range(columns))
                     for r in range(rows, 0, -1))


# A piece in the middle of a 5x5, each army's other trees on fields none of its lines pass.
LONE = lay(5, 5, {"b1": "r3r2r1", "d1": "r3r2r1", "b5": "b3b2b1", "d5": "b3b2b1", "c3": "{p}"})


@pytest.mark.parametrize("piece, reached", [
    ("r1", {"a1", "b2", "d4", "e5", "b4", "a5", "d2", "e1"}),  # small: diagonally, any distance alone
    ("r2", {"c1", "c2", "c4", "c5", "a3", "b3", "d3", "e3"}),  # medium: along rows and columns
    ("r3", {"a1", "b2", "d4", "e5", "b4", "a5", "d2", "e1", "c1", "c2", "c4", "c5", "a3", "b3", "d3", "e3"}),  # both
])
def test_the_base_gives_the_shape_and_a_lone_piece_goes_any_distance(piece, reached):
    moves = notations(position(LONE.format(p=piece)))
    assert {m.split("-")[1] for m in moves if m.startswith("c3")} == reached


# Loaded: 1 pip on a large on a1; overloaded: 2 pips on a medium on c1. The rest of each army stands where
# nobody has won and nothing is in the way: red's on row 1, blue's on the top row off the a and c columns.
REACH_BOARDS = {
    "4x4": {"d1": "r3r1", "b4": "b3b2b1", "d4": "b3b2b1"},
    "5x5": {"e1": "r3r2r1", "b5": "b3b2b1", "d5": "b3b2b1", "e5": "b3b2b1"},
    "6x6": {"e1": "r3r2r1", "f1": "r3r2r1", "b6": "b3b2b1", "d6": "b3b2b1", "e6": "b3b2b1", "f6": "b3b2b1"},
    "7x7": {"e1": "r3r2r1", "f1": "r3r2r1", "g1": "r3r2r1", "b7": "b3b2b1", "d7": "b3b2b1", "e7": "b3b2b1",
            "f7": "b3b2b1", "g7": "b3b2b1"},
}


@pytest.mark.parametrize("size, board, loaded", [
    (3, "5x5", 2), (2, "4x4", 2), (4, "6x6", 3), (5, "7x7", 3),
])
def test_reach_alone_loaded_overloaded_by_the_games_size(size, board, loaded):
    columns, rows = (int(n) for n in board.split("x"))
    pieces = {"a1": "r3r1", "c1": "r2r2", **REACH_BOARDS[board]}
    moves = notations(position(lay(columns, rows, pieces), size))
    up_loaded = {m for m in moves if m.startswith("a1-a")}
    assert up_loaded == {f"a1-a{n}" for n in range(2, 2 + loaded)}
    assert {m for m in moves if m.startswith("c1-c")} == {"c1-c2"}  # overloaded: 1 field
    assert {m for m in moves if m.startswith("c1/1-c")} == {f"c1/1-c{n}" for n in range(2, rows + 1)}  # alone


def test_nothing_passes_over_a_piece_and_a_whole_group_never_captures():
    moves = notations(position("""
.  b3b2b1  .     b3b2b1 .
.  .       .     .      .
.  .       b3b2  .      .
.  .       .     b1     .
.  r3r2r1  r3r2r1 r3r2r1 .
"""))
    assert "c1/2-c2" in moves and not {"c1/2-c3", "c1/2xc3", "c1/2-c4", "c1xc3"} & moves
    assert "c1/1xd2" in moves and "c1/1-e3" not in moves  # the small stops at d2, which it captures


def test_landing_on_your_own_stack_needs_a_base_no_larger_than_its_top():
    moves = notations(position("""
.   b3b2b1 b3b2b1 b3b2b1 .
.   .      .      .      .
.   r3r2   .      r3     .
r1  .      .      .      .
.   r1     .      r2     .
"""))
    assert {"a2-b3", "a2-b1", "d1-d3"} <= moves
    assert "d1-b1" not in moves  # a medium is larger than the small on b1


def test_a_capture_removes_the_whole_stack_and_counts_its_pips():
    before = position("""
.    b3b2b1 b3b2   .    b3b2b1
.    .      .      .    .
.    .      .      .    .
.    r3r1   .      b1   .
.    .      r3r2r1 .    r1
""")
    moves = {m["notation"]: m for m in report(before)["moves"]}
    capture = moves["b2/1xe5"]
    assert capture["kind"] == "capture" and capture["captured"] == "b3b2b1" and capture["result"] == "r1"
    assert "e1xd2" not in moves and "e1-d2" not in moves  # a lone piece on the ground never captures
    result = run_cli("check", "-", "--json", "--move", "b2/1xe5", input=before)
    after = json.loads(result.output)
    assert after["standing"]["captured"] == {"red": 6, "blue": 7}  # the tree; blue had taken 7 before
    assert after["standing"]["still_needed"] == {"red": 3, "blue": 2}
    top_row = after["position"].split('board = """\n')[1].split("\n")[0].split()
    assert top_row == [".", "b3b2b1", "b3b2", ".", "r1"]  # the tree is gone from e5; the small stands there


def test_half_the_force_wins_at_once_and_the_mover_is_looked_at_first():
    # Blue is to move, so red moved last: red has 9 of blue's pips and wins, though blue has red's 9 too.
    # (Both at once cannot happen; the file is refused.)
    both = position("""
.  b3b2b1 .  .  .
.  .      .  .  .
.  .      .  .  .
.  .      .  .  .
.  r3r2r1 .  .  .
""", to_move="blue")
    assert [e["code"] for e in report(both)["errors"]] == ["both-won"]
    won = position("""
.  b3b2b1 .     b2b1   .
.  .      .     r1     .
.  .      .     .      .
.  .      .     .      .
.  r3r2r1 r3r2  r3r2r1 .
""", to_move="blue")
    answer = report(won)
    assert answer["winner"] == "red" and answer["outcome"]["reason"] == "captured 9 pips" and answer["moves"] == []


def test_a_player_who_cannot_move_loses():
    stuck = position("""
b3  b1  r1  b3
r3  r3  r2  r2
.   .   .   .
.   .   .   .
""", size=2, to_move="blue", extra="")
    answer = report(stuck)
    assert answer["winner"] == "red" and answer["outcome"]["reason"] == "blue cannot move"


def test_the_pie_rule_offers_one_swap_after_the_first_move_on_4x4_only():
    rules = rules_of(parse(position(LONE.format(p="r1"))))
    for variant in rules.variants:
        start = rules.start(variant)
        assert not any(rules.swaps_seats(m) for m in legal_moves(start))
        first = legal_moves(start)[0]
        after = apply(start, first)
        swaps = [m for m in legal_moves(after) if rules.swaps_seats(m)]
        assert len(swaps) == (1 if variant.name == "4x4" else 0), variant.name
        if swaps:
            swapped = apply(after, swaps[0])
            # In army terms nothing moves: the same board and army to move, the offer gone.
            assert swapped.cells == after.cells and swapped.to_move == after.to_move == "blue"
            assert not any(rules.swaps_seats(m) for m in legal_moves(swapped))
            reply = apply(swapped, legal_moves(swapped)[0])
            assert not any(rules.swaps_seats(m) for m in legal_moves(apply(reply, legal_moves(reply)[0])))


START_4X4 = position(".  b3b2b1 b3b2b1 .\n. . . .\n. . . .\n.  r3r2r1 r3r2r1 .", size=2)


def test_the_swap_is_offered_once_even_when_the_armies_come_back_to_the_start():
    # Each army steps out and back: the board is the start again, red to move, but the game's first move is
    # long made, so red's next move offers no swap (it once did).
    moves = ["b1-b2", "b4-b3", "b2-b1", "b3-b4"]
    back = run_cli("check", "-", "--move", *[m for move in moves for m in ("--move", move)][1:], input=START_4X4)
    assert back.exit_code == 0, back.output
    assert "opening = false" in back.output  # written so that reading it back keeps the game's history
    again = json.loads(run_cli("check", "-", "--json", "--move", "b1-b2", input=back.output).output)
    assert again["standing"]["pie_offer"] is False and "swap" not in {m["notation"] for m in again["moves"]}
    first = json.loads(run_cli("check", "-", "--json", "--move", "b1-b2", input=START_4X4).output)
    assert first["standing"]["pie_offer"] is True and "swap" in {m["notation"] for m in first["moves"]}


@pytest.mark.parametrize("seed", range(12))
def test_along_random_games_a_swap_is_legal_only_on_the_second_ply(seed):
    import random

    rng = random.Random(seed)
    rules = rules_of(parse(START_4X4))
    for variant in ("4x4", "3x5", "5x5"):
        position = rules.start_with(next(v for v in rules.variants if v.name == variant), {"pie": "on"})
        for ply in range(60):
            moves = legal_moves(position)
            if not moves:
                break
            swaps = [m for m in moves if rules.swaps_seats(m)]
            assert bool(swaps) == (ply == 1), (variant, ply)
            # Stepping back and forth, now and then, brings positions back to the start.
            position = apply(position, rng.choice(swaps or moves) if ply == 1 and rng.random() < 0.5 else
                             rng.choice([m for m in moves if not rules.swaps_seats(m)]))


def test_the_pie_rule_can_be_turned_on_or_off_in_a_file():
    start_3x5 = position("""
b3b2b1 .  b3b2b1
.      .  .
.      .  .
.      .  .
r3r2r1 .  r3r2r1
""", size=2)
    on = start_3x5 + "\n[rules]\npie = true\n"
    result = run_cli("check", "-", "--json", "--move", "a1/1-b2", input=on)
    assert "swap" in {m["notation"] for m in json.loads(result.output)["moves"]}
    result = run_cli("check", "-", "--json", "--move", "a1/1-b2", input=start_3x5)
    assert "swap" not in {m["notation"] for m in json.loads(result.output)["moves"]}
    swapped = json.loads(run_cli("check", "-", "--json", "--move", "a1/1-b2", "--move", "swap", input=on).output)
    assert swapped["to_move"] == "blue" and swapped["standing"]["pie_offer"] is False
    assert "swap" not in {m["notation"] for m in swapped["moves"]}
    off_4x4 = position(".  b3b2b1 b3b2b1 .\n. . . .\n. . . .\n.  r3r2r1 r3r2r1 .", size=2,
                       extra="pie_offer = true\n").replace("size = 2", "size = 2\n[rules]\npie = false\n[x]", 0)
    assert report(off_4x4)["valid"] is False  # red is to move: no offer can stand


@pytest.mark.parametrize("name, size, shape", [("4x4", 2, (4, 4)), ("3x5", 2, (3, 5)), ("5x5", 3, (5, 5)),
                                              ("6x6", 4, (6, 6)), ("7x6", 5, (7, 6)), ("7x7", 5, (7, 7))])
def test_every_board_starts_with_its_trees_and_round_trips(name, size, shape):
    rules = rules_of(parse(position(LONE.format(p="r1"))))
    start = rules.start(next(v for v in rules.variants if v.name == name))
    text = rules.write(start)
    assert f"size = {size}" in text and parse(text) == start and winner(start) is None
    assert start.variant.grid.shape == f"{shape[0]}x{shape[1]}"
    trees = [i for i, stack in enumerate(start.cells) if stack]
    assert len(trees) == 2 * size and all(len(start.cells[i]) == 3 for i in trees)
    corners = {0, shape[0] - 1, (shape[1] - 1) * shape[0], shape[0] * shape[1] - 1}
    assert bool(corners & set(trees)) == (name == "3x5")  # corners stay empty, except on 3x5


def test_board_shape_must_be_the_sizes_and_problems_name_their_field():
    wrong = report(position(".  b3b2b1 .\n. . .\n. . .\n. . .\n.  r3r2r1 .", size=3))
    assert [e["code"] for e in wrong["errors"]] == ["board-shape"] and "5x5" in wrong["errors"][0]["message"]
    mixed = report(position(". b3b2b1 b3b2b1 b3b2 .\n. . . . .\n. . r1b1 . .\n. . . . .\n. r3r2r1 r3r2 . ."))
    assert [(e["code"], e["where"]) for e in mixed["errors"]] == [("mixed-stack", "c3")]


def test_bad_move_text_and_illegal_moves_exit_1_in_one_line():
    start = position(LONE.format(p="r3r2r1"))
    for move, words in (("c3-c9", "off the board"), ("c3/2xe5", "not a legal move"), ("c3~d4", "notation")):
        result = run_cli("check", "-", "--move", move, input=start)
        assert result.exit_code == 1 and result.output.count("\n") == 1, (move, result.output)
        assert words in result.output, (move, result.output)


# -- printing --------------------------------------------------------------------------------------------------

def test_the_3x5_board_prints_3_columns_by_5_rows_at_30_mm(tmp_path):
    result = run_cli("board", "stacktics", "--variant", "3x5", "--palette", "mono", "-o", str(tmp_path / "b.pdf"))
    assert result.exit_code == 0, result.output
    pixels = render_page(tmp_path / "b.pdf", dpi=DPI)
    dark = dark_mask(pixels)
    # Scan across the page's middle and down column b, a little off its centre; the coordinate labels beside
    # the grid are dark too, so keep only the lines with another line 30 mm away.
    def grid_lines(centres):
        return [a for a in centres if any(abs(abs(a - b) - 30.0) < 0.5 for b in centres)]
    verticals = grid_lines(run_centres_mm(dark[int(150 * DPI / 25.4), :], DPI))
    horizontals = grid_lines(run_centres_mm(dark[:, int(110 * DPI / 25.4)], DPI))
    assert verticals[0] == pytest.approx((210 - 90) / 2, abs=0.3)  # centred across the page
    assert len(verticals) == 4 and len(horizontals) == 6
    assert all(abs(gap - 30.0) < 0.25 for gap in [b - a for a, b in zip(verticals, verticals[1:], strict=False)])
    assert all(abs(gap - 30.0) < 0.25 for gap in [b - a for a, b in zip(horizontals, horizontals[1:], strict=False)])


def _nets(root):
    """Each pyramid net on a page: its cut outline and the dashed folds inside it, and the faces' pips."""
    lines = next(g for g in root.findall(f"{SVG}g") if g.get(f"{INKSCAPE}label") == "lines")
    outlines = [[tuple(map(float, p.split(","))) for p in poly.get("points").split()]
                for poly in lines.iter(f"{SVG}polygon")]
    folds = [((float(f.get("x1")), float(f.get("y1"))), (float(f.get("x2")), float(f.get("y2"))))
             for f in lines.iter(f"{SVG}line") if f.get("stroke-dasharray")]
    pips = [(float(c.get("cx")), float(c.get("cy")), c.get("fill")) for c in root.iter(f"{SVG}circle")]
    for outline in outlines:
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        mine = [f for f in folds if all(min(xs) - 0.01 <= p[0] <= max(xs) + 0.01 and min(ys) - 0.01 <= p[1] <= max(ys)
                                         + 0.01 for p in f)]
        inside = [p for p in pips if min(xs) <= p[0] <= max(xs) and min(ys) <= p[1] <= max(ys)]
        yield outline, mine, inside


def _fold(outline, folds):
    """The net folded: the apex every fold starts from, the five feet in order; returns (base, height, faces)."""
    ends = Counter(p for fold in folds for p in fold)
    apex = max(ends, key=ends.get)
    assert ends[apex] == 4  # three folds between faces and one to the glue tab
    at = outline.index(apex)
    feet = [outline[(at + k) % len(outline)] for k in range(1, 6)]
    if {f for fold in folds for f in fold} - {apex} != set(feet[1:]):
        feet = [outline[(at - k) % len(outline)] for k in range(1, 6)]
    assert {f for fold in folds for f in fold} - {apex} == set(feet[1:])
    edges = [math.dist(apex, f) for f in feet]
    bases = [math.dist(a, b) for a, b in zip(feet, feet[1:], strict=False)]
    assert max(edges) - min(edges) < 0.01 and max(bases) - min(bases) < 0.01
    base, edge = bases[0], edges[0]
    # Four faces (edge, edge, base) round an apex close into a square pyramid whose apex stands this high.
    height = math.sqrt(edge ** 2 - base ** 2 / 2)
    faces = [(apex, a, b) for a, b in zip(feet, feet[1:], strict=False)]
    return base, height, faces


def _in_triangle(point, triangle):
    (x, y), (a, b, c) = point, triangle
    def side(p, q):
        return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])
    signs = [side(a, b), side(b, c), side(c, a)]
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


@pytest.mark.parametrize("variant, trees", [("5x5", 3), ("4x4", 2), ("7x6", 5)])
def test_pyramid_nets_fold_to_true_icehouse_sizes_with_their_pips(tmp_path, variant, trees):
    result = run_cli("pieces", "stacktics", "--variant", variant, "--format", "svg", "-o", str(tmp_path / "p.svg"))
    assert result.exit_code == 0, result.output
    sizes = {round(p.base, 1): p for p in PYRAMIDS.values()}
    colours = {PALETTES["cud"].styles[f"pip.{c}"].fill: c for c in ("red", "blue")}
    found = Counter()
    for page in result.stdout.split():
        for outline, folds, pips in _nets(svg_root(Path(page))):
            base, height, faces = _fold(outline, folds)
            size = sizes[round(base, 1)]
            assert base == pytest.approx(size.base, abs=0.02) and height == pytest.approx(size.height, abs=0.02)
            for face in faces:
                on_face = [p for p in pips if _in_triangle(p[:2], face)]
                assert len(on_face) == size.pips  # its pips at the foot of every face
            colour = {p[2] for p in pips}
            assert len(colour) == 1
            found[(size.name, colours.get(colour.pop(), "?"))] += 1
    # Pips on a red net are white, on a blue one white too in CUD: tell the armies by the face fill instead.
    assert sum(found.values()) == 6 * trees
    assert {name for name, _ in found} == {"large", "medium", "small"}
    assert all(count % trees == 0 for count in Counter(name for name, _ in found.elements()).values())


def test_pyramids_in_each_army_colour_in_every_palette(tmp_path):
    for palette in PALETTES:
        result = run_cli("pieces", "stacktics", "--palette", palette, "--format", "svg", "-o",
                         str(tmp_path / f"{palette}.svg"))
        assert result.exit_code == 0, result.output
        fills = Counter(p.get("fill") for page in result.stdout.split()
                        for p in svg_root(Path(page)).iter(f"{SVG}polygon") if p.get("fill") not in (None, "none"))
        red = PALETTES[palette].styles["token.red"].fill
        blue = PALETTES[palette].styles["token.blue"].fill
        assert red != blue and fills[red] == fills[blue] == 9 * 4  # 9 pyramids a side, 4 faces each


def test_the_rule_sheet_is_one_page_on_a4_and_letter(tmp_path):
    for paper in ("a4", "letter"):
        result = run_cli("rules", "stacktics", "--paper", paper, "-o", str(tmp_path / f"{paper}.pdf"))
        assert result.exit_code == 0, result.output
        assert page_count(tmp_path / f"{paper}.pdf") == 1


def test_lego_and_kit_say_what_stacktics_uses_instead(tmp_path):
    assert_one_line_error(run_cli("lego", "stacktics"), "pyramids", "boardgen pieces stacktics")
    result = run_cli("kit", "stacktics", "--format", "svg", "-o", str(tmp_path / "kit.svg"))  # the old name
    assert result.exit_code == 0, result.output
    assert "Stacktics pyramids" in Path(result.stdout.split()[0]).read_text(encoding="utf-8")


def test_one_resulting_stack_from_different_splits_is_two_different_moves():
    # a1's whole stack onto c3's large, and in another game a1's small alone onto c3's two larges, both leave
    # r3r3r1 on c3: they must stay different moves however many positions the engine has seen.
    rest = {"e1": "r2r1", "b5": "b3b2b1", "d5": "b3b2b1"}
    whole = notations(position(lay(5, 5, {"a1": "r3r1", "c3": "r3", **rest})))
    small = notations(position(lay(5, 5, {"a1": "r2r1", "c3": "r3r3", **rest})))
    assert "a1-c3" in whole  # two pieces travel
    assert "a1/1-c3" in small and "a1-c3" not in small  # one piece travels; a medium base never goes diagonally
