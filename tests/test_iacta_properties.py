"""Properties over many random positions and files."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from boardgen.checking import check_text
from boardgen.engine import apply, format_position, legal_moves, parse, validate
from iacta_files import position_text
from iacta_reference import has_won, reference_moves

FIELDS = [f"{c}{r}" for c in "abcdefghij" for r in range(1, 11)]
SAMPLES = sorted(Path(__file__).resolve().parent.parent.glob("templates/positions/iacta/*.toml"))


@st.composite
def positions(draw):
    sizes = {p: draw(st.sampled_from(["small", "large"])) for p in ("red", "yellow")}
    dice = {p: draw(st.integers(1, 6 if sizes[p] == "small" else 10)) for p in ("red", "yellow")}
    fields = draw(st.permutations(FIELDS))[: dice["red"] + dice["yellow"]]
    faces = draw(st.lists(st.integers(1, 6), min_size=len(fields), max_size=len(fields)))
    pieces = {f: ("r" if i < dice["red"] else "y") + str(face) for i, (f, face) in enumerate(zip(fields, faces))}
    throw = draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    rocade = draw(st.booleans())
    doubles = draw(st.sampled_from(["off", "throw", "keep"]))
    to_move = draw(st.sampled_from(["red", "yellow"]))
    return pieces, to_move, throw, {"homeland": sizes, "dice": dice, "rocade": rocade, "doubles": doubles}


def _board(pieces):
    return {f: (p[0], int(p[1:])) for f, p in pieces.items()}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_engine_agrees_with_the_plain_reference(case):
    pieces, to_move, throw, rules = case
    sizes = {p[0]: s for p, s in rules["homeland"].items()}
    board = _board(pieces)
    assume(not (has_won(board, "r", sizes) and has_won(board, "y", sizes)))
    report = check_text(position_text(pieces, to_move, throw, **rules))
    assert report.valid, report.errors
    expected = reference_moves(board, to_move, throw, sizes, rules["rocade"], rules["doubles"])
    assert {m["notation"] for m in report.moves} == expected
    assert len(report.moves) == len(expected)  # no move listed twice


@settings(max_examples=200, deadline=None)
@given(positions())
def test_formatting_and_parsing_round_trip(case):
    pieces, to_move, throw, rules = case
    position = parse(position_text(pieces, to_move, throw, **rules))
    text = format_position(position)
    assert parse(text) == position
    assert format_position(parse(text)) == text


@settings(max_examples=150, deadline=None)
@given(positions(), st.data())
def test_applying_any_listed_move_gives_a_valid_position(case, data):
    pieces, to_move, throw, rules = case
    position = parse(position_text(pieces, to_move, throw, **rules))
    assume(validate(position) == [])
    moves = legal_moves(position)
    assume(moves)
    move = data.draw(st.sampled_from(moves))
    after = apply(position, move)
    assert validate(after) == []
    assert after.to_move != position.to_move
    assert check_text(format_position(after)).valid


def _never_crashes(text):
    report = check_text(text)
    assert isinstance(report.valid, bool)
    for problem in report.errors:
        assert problem.code and problem.message
    if not report.valid:
        assert report.errors and report.moves == ()


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_give_a_clear_answer(data):
    _never_crashes(data)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_random_text_gives_a_clear_answer(text):
    _never_crashes(text)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(SAMPLES), st.data())
def test_damaged_sample_files_give_a_clear_answer(path, data):
    text = path.read_text()
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 30)))
    insert = data.draw(st.text(alphabet='.ry0123456789 \n"[]{}=#,xab', max_size=12))
    _never_crashes(text[:start] + insert + text[end:])


TYPE_SWAPS = ['"red"', "7", "[1, 2]", "true", "{ a = 1 }", '"""x"""', "1.5", '""']


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["game", "to_move", "throw", "board", "rules"]), st.sampled_from(TYPE_SWAPS))
def test_wrong_types_for_every_key_are_problems_not_crashes(key, value):
    base = {"game": '"iacta"', "to_move": '"red"', "throw": "[4, 2]",
            "board": '"""\n' + "\n".join([". " * 10] * 10) + '\n"""'}
    lines = [f"{k} = {value if k == key else v}" for k, v in base.items() if not (k == key == "rules")]
    if key == "rules":
        lines.append(f"rules = {value}")
    report = check_text("\n".join(lines) + "\n")
    assert not report.valid  # an empty board is never valid, whatever else is wrong
    assert all(p.code for p in report.errors)


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=300) | st.sampled_from(SAMPLES).map(lambda p: p.read_bytes()[::-1]))
def test_the_cli_answers_any_file_without_a_traceback(tmp_path_factory, data):
    from helpers import run_cli

    path = tmp_path_factory.mktemp("fuzz") / "position.toml"
    path.write_bytes(data)
    for args in (("check", str(path)), ("check", str(path), "--json")):
        result = run_cli(*args)
        assert result.exit_code in (0, 1)
        assert "Traceback" not in result.output
    drawn = run_cli("diagram", str(path), "-o", str(path.with_suffix(".svg")))
    assert drawn.exit_code in (0, 1) and len(drawn.output.strip().splitlines()) == 1
