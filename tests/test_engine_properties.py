"""Properties every rules engine keeps, run for each game, and fuzzing of every sample file."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from engine_api import apply, format_position, legal_moves, parse, rules_of, validate
from game_strategies import STRATEGIES
from helpers import run_cli
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from registry import FOLDER_GAMES as GAMES_REGISTRY

from boardgen.products.check_report import check_text

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(STRATEGIES)


def test_every_registered_game_has_a_position_strategy():
    assert set(STRATEGIES) == set(GAMES_REGISTRY)


SAMPLES = sorted(path for game in GAMES_REGISTRY.values()
                 for path in (game.texts / "positions" / game.name).glob("*.toml"))
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
        assert (after.to_move != position.to_move) != rules_of(position).swaps_seats(move)
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


TYPE_SWAPS = ['"red"', "7", "[1, 2]", "true", "{ a = 1 }", '"""x"""', "1.5", '""', "-3", "[[1], [2]]"]


def _start_document(game: str) -> dict:
    """The game's start position as a TOML document: valid, so any problem comes from the swap."""
    rules = GAMES_REGISTRY[game].engine.rules
    return tomllib.loads(rules.write(rules.start()))


def _toml_value(value) -> str:
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"""\n' + value + '"""' if "\n" in value else json.dumps(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return str(value)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=60, deadline=None)
@given(data=st.data(), value=st.sampled_from(TYPE_SWAPS))
def test_a_wrong_value_for_any_key_of_a_valid_file_is_a_coded_problem(game, data, value):
    document = _start_document(game)
    assert check_text("\n".join(f"{k} = {_toml_value(v)}" for k, v in document.items()) + "\n").valid
    key = data.draw(st.sampled_from(sorted(document) + ["variant", "frobnicate"]))
    document[key] = tomllib.loads(f"v = {value}")["v"]
    report = check_text("\n".join(f"{k} = {_toml_value(v)}" for k, v in document.items()) + "\n")
    # Only a swap that happens to be right for its key leaves the file valid (e.g. to_move = "red" in IACTA).
    still_right = key == "to_move" and value.strip('"') in GAMES_REGISTRY[game].players
    assert report.valid is still_right, (key, value, report.errors)
    assert all(p.code and p.message for p in report.errors)


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=300) | st.sampled_from(SAMPLES).map(lambda p: p.read_bytes()[::-1]))
def test_the_cli_answers_any_file_without_a_traceback(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "position.toml"
    path.write_bytes(data)
    # 0 valid or 1 invalid: never 3, which an internal error (a crash) would give.
    text = run_cli("check", str(path))
    assert text.exit_code in (0, 1) and text.output.strip()
    as_json = run_cli("check", str(path), "--json")
    assert as_json.exit_code == text.exit_code
    import json

    assert json.loads(as_json.output)["valid"] is (text.exit_code == 0)
    drawn = run_cli("diagram", str(path), "-o", str(path.with_suffix(".svg")))
    assert drawn.exit_code in (0, 1) and len(drawn.output.strip().splitlines()) == 1
