"""Properties every rules engine keeps, run for each game, and fuzzing of every sample file."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_api import apply, format_position, legal_moves, parse, validate
from game_strategies import STRATEGIES
from helpers import run_cli
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from boardgen.products.check_report import check_text

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(STRATEGIES)
SAMPLES = sorted((ROOT / "boardgen" / "templates" / "positions").glob("*/*.toml"))
ENOUGH = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", GAMES)
def test_formatting_and_parsing_round_trip(game):
    @ENOUGH
    @given(STRATEGIES[game])
    def check(text):
        position = parse(text)
        written = format_position(position)
        assert parse(written) == position
        assert format_position(parse(written)) == written

    check()


@pytest.mark.parametrize("game", GAMES)
def test_applying_any_listed_move_gives_a_valid_position(game):
    @ENOUGH
    @given(STRATEGIES[game], st.data())
    def check(text, data):
        position = parse(text)
        assume(validate(position) == [])
        moves = legal_moves(position)
        assume(moves)
        move = data.draw(st.sampled_from(moves))
        after = apply(position, move)
        assert validate(after) == []
        assert after.to_move != position.to_move
        assert check_text(format_position(after)).valid

    check()


@pytest.mark.parametrize("game", GAMES)
def test_listed_moves_are_distinct_and_json_notations_unique(game):
    @ENOUGH
    @given(STRATEGIES[game])
    def check(text):
        report = check_text(text)
        notations = [m["notation"] for m in report.moves]
        assert len(notations) == len(set(notations))

    check()


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


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(SAMPLES), st.data())
def test_damaged_sample_files_give_a_clear_answer(path, data):
    text = path.read_text()
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 30)))
    insert = data.draw(st.text(alphabet='.rywbdlhv0123456789 \n"[]{}=#,xa', max_size=12))
    _never_crashes(text[:start] + insert + text[end:])


TYPE_SWAPS = ['"red"', "7", "[1, 2]", "true", "{ a = 1 }", '"""x"""', "1.5", '""']


@pytest.mark.parametrize("game, size", [("iacta", 10), ("alea", 8), ("isaac", 10)])
@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(["game", "to_move", "throw", "board", "rules"]), value=st.sampled_from(TYPE_SWAPS))
def test_wrong_types_for_every_key_are_problems_not_crashes(game, size, key, value):
    base = {"game": f'"{game}"', "to_move": '"red"', "board": '"""\n' + "\n".join([". " * size] * size) + '\n"""'}
    lines = [f"{k} = {value if k == key else v}" for k, v in base.items()]
    if key not in base:
        lines.append(f"{key} = {value}")
    report = check_text("\n".join(lines) + "\n")
    assert not report.valid  # an empty board is never valid, whatever else is wrong
    assert all(p.code for p in report.errors)


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=300) | st.sampled_from(SAMPLES).map(lambda p: p.read_bytes()[::-1]))
def test_the_cli_answers_any_file_without_a_traceback(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "position.toml"
    path.write_bytes(data)
    for args in (("check", str(path)), ("check", str(path), "--json")):
        result = run_cli(*args)
        assert result.exit_code in (0, 1)
        assert "Traceback" not in result.output
    drawn = run_cli("diagram", str(path), "-o", str(path.with_suffix(".svg")))
    assert drawn.exit_code in (0, 1) and len(drawn.output.strip().splitlines()) == 1
