"""`boardgen report`: the measures checked on games whose answers are known (a toy game rigged so the first
player always wins, a fair coin), the branching against `check`'s count of legal moves, the sequential test
against a test of fixed size, and the same JSON from the same seed whatever the number of workers."""

from __future__ import annotations

import json
import random

import pypdfium2
import pytest
from helpers import assert_one_line_error, page_count, run_cli

from boardgen.simulate.game_report import measure_games
from boardgen.simulate.match import MatchSpec
from boardgen.simulate.measures import MeasuredGame
from boardgen.simulate.sprt import fixed_games, sprt
from boardgen.simulate.studies import difference


def _report(tmp_path, *arguments: str) -> dict:
    out = tmp_path / "report.pdf"
    result = run_cli("report", *arguments, "-o", str(out))
    assert result.exit_code == 0, result.output
    assert page_count(out) == 1  # one page, whatever it says
    assert (tmp_path / "report-chart.svg").read_text(encoding="utf-8").startswith("<?xml")
    return json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))


def test_a_game_rigged_for_the_first_player_is_measured_so_and_found_unfair_quickly(tmp_path):
    data = _report(tmp_path, "pawns", "--rule", "head-start=on", "--fair-within", "0.1", "--skill-games", "0")
    (version,) = data["versions"]
    first = version["measures"]["first_player"]
    assert first["estimate"] == 1.0 and first["low"] > 0.8
    assert "first player has an advantage" in first["sentence"]
    # the rate after the test's stop: said so, with the interval for that stop (17 wins in a row: 0.025^(1/17))
    assert "of the 17 finished games played until the sequential test stopped (80.5 % to 100.0 %" in first["sentence"]
    assert first["interval"].startswith("exact for the sequential test's stop")
    assert version["measures"]["length"]["estimate"] == 1.0  # red's first move wins
    fairness = version["fairness"]
    assert fairness["decision"] == "first"
    # every game adds log(0.6 / 0.5) to the test: it stops at the first whole number of games past log(19)
    assert fairness["games"] == 17 and version["games"] == 17


def _coin_games(p: float, n: int, seed: int = 5) -> tuple[MeasuredGame, ...]:
    rng = random.Random(seed)
    return tuple(MeasuredGame(i, 0 if rng.random() < p else 1, True, 10 + i % 7, 4, (4.0, 3.0, 2.0), i % 3,
                              0.5) for i in range(n))


def test_a_fair_coin_shows_no_advantage_and_the_sentences_keep_to_their_intervals():
    spec = MatchSpec("pawns", "5x5", (), ("greedy", "greedy"), 1)
    fair = measure_games("coin", spec, _coin_games(0.5, 400), (), None, 0)
    first = next(m for m in fair.measures if m.key == "first_player")
    assert first.estimate.low < 0.5 < first.estimate.high
    assert "no advantage either way can be told" in first.sentence
    biased = measure_games("coin", spec, _coin_games(0.7, 400), (), None, 0)
    first = next(m for m in biased.measures if m.key == "first_player")
    assert first.estimate.low > 0.5 and "has an advantage" in first.sentence
    length = next(m for m in fair.measures if m.key == "length")
    assert length.estimate.value == pytest.approx(sum(10 + i % 7 for i in range(400)) / 400)
    assert [m.estimate.value for m in fair.measures if m.key.startswith("branching")] == [4.0, 3.0, 2.0]


@pytest.mark.parametrize("rate", [0.5, 0.4, 0.6])
def test_the_sequential_test_stops_on_average_before_a_test_of_fixed_size(rate):
    rng = random.Random(11)
    within = 0.1
    stops = [sprt((1.0 if rng.random() < rate else 0.0 for _ in range(100_000)), within) for _ in range(300)]
    assert sum(s.games for s in stops) / len(stops) < fixed_games(within)
    wrong = sum(s.decision != ("fair" if rate == 0.5 else "first" if rate > 0.5 else "second") for s in stops)
    assert wrong / len(stops) < 0.15  # alpha and beta are 0.05 for each of the two one-sided tests


def test_when_most_games_do_not_finish_the_report_says_so_first_and_judges_seats_saying_what_it_leaves_out(tmp_path):
    out = tmp_path / "report.pdf"
    result = run_cli("report", "stacktics", "--players", "greedy,random", "--max-plies", "11", "--games", "60",
                     "--skill-games", "0", "--workers", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    first, second = result.stdout.splitlines()[:2]
    assert first.startswith("Most games did not finish within 11 moves: 34 of 60 (56.7 %) were still going")
    assert second.startswith("The first player has an advantage: it wins 100.0 %")
    assert second.endswith(", judged on the 26 finished games alone: 34 of the 60 (56.7 %) were not over after 11 "
                           "moves, and who would have won them is unknown.")
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert data["versions"][0]["warning"] == first
    reader = pypdfium2.PdfDocument(str(out))
    words = " ".join(reader[0].get_textpage().get_text_range().split())
    reader.close()
    assert words.index("Most games did not finish within 11 moves") < words.index("Measure")  # before any figure
    assert "judged on the 26 finished games alone" in words


def test_the_branching_measure_is_checks_count_of_legal_moves(tmp_path):
    from registry import find_game

    rules = find_game("stacktics").engine.rules
    start = rules.start(rules.variant_named("3x5"))
    (tmp_path / "start.toml").write_text(rules.write(start), encoding="utf-8")
    moves = json.loads(run_cli("check", str(tmp_path / "start.toml"), "--json").stdout)["moves"]
    data = _report(tmp_path, "stacktics", "--variant", "3x5", "--games", "10", "--skill-games", "0")
    assert data["versions"][0]["first_branching"] == len(moves)


def test_the_same_seed_gives_the_same_json_whatever_the_number_of_workers(tmp_path):
    arguments = ("stacktics", "--variant", "3x5", "--fair-within", "0.1", "--games", "120", "--skill-games", "16",
                 "--seed", "4")
    one = _report(tmp_path, *arguments, "--workers", "1")
    two = _report(tmp_path, *arguments, "--workers", "2")
    assert one == two


def test_until_stops_when_every_rate_is_narrow_enough(tmp_path):
    data = _report(tmp_path, "stacktics", "--variant", "3x5", "--until", "0.08", "--skill-games", "0")
    measures = data["versions"][0]["measures"]
    for key in ("first_player", "draws", "unfinished"):
        assert (measures[key]["high"] - measures[key]["low"]) / 2 < 0.08
    assert data["versions"][0]["games"] % 50 == 0  # looked at after whole rounds


def test_two_versions_side_by_side_with_each_difference(tmp_path):
    data = _report(tmp_path, "stacktics", "--variant", "3x5", "--rule", "pie=on", "--compare", "pie=off",
                   "--games", "80", "--skill-games", "0")
    first, second = data["versions"]
    assert first["label"] == "3x5, pie=on" and second["label"] == "3x5, pie=off"
    assert first["settings"]["seed"] == second["settings"]["seed"]
    d = data["differences"]["first_player"]
    from boardgen.simulate.studies import Estimate

    a, b = (Estimate(v["measures"]["first_player"]["estimate"], v["measures"]["first_player"]["low"],
                     v["measures"]["first_player"]["high"]) for v in (first, second))
    assert (d["estimate"], d["low"], d["high"]) == pytest.approx(tuple(vars(difference(a, b)).values()))


def test_compare_with_what_the_board_plays_already_asks_about_the_rule(tmp_path):
    """Stacktics 3x5 plays without the pie rule by default: `--compare pie=off` then compares it with pie=on."""
    data = _report(tmp_path, "stacktics", "--variant", "3x5", "--compare", "pie=off", "--games", "20",
                   "--skill-games", "0")
    assert [v["label"] for v in data["versions"]] == ["3x5, pie=on", "3x5, pie=off"]
    assert [v["settings"]["rules"] for v in data["versions"]] == [{"pie": "on"}, {"pie": "off"}]
    out = str(tmp_path / "r.pdf")
    assert_one_line_error(run_cli("report", "iacta", "--compare", "doubles=off", "-o", out),
                          "plays doubles=off already", "--rule doubles=VALUE")
    assert_one_line_error(run_cli("report", "stacktics", "--variant", "3x5", "--rule", "pie=default", "--compare",
                                  "pie=off", "-o", out), "plays the same on 3x5")


def test_bad_requests_are_one_line(tmp_path):
    out = str(tmp_path / "r.pdf")
    assert_one_line_error(run_cli("report", "stacktics", "--compare", "pie", "-o", out), "--compare", "NAME=VALUE")
    assert_one_line_error(run_cli("report", "stacktics", "--compare", "pie=maybe", "-o", out), "--compare pie")
    assert_one_line_error(run_cli("report", "alea", "--compare", "pie=off", "-o", out), "rule options are none")
    assert_one_line_error(run_cli("report", "stacktics", "--compare", "variant=9x9", "-o", out), "--compare")
    assert_one_line_error(run_cli("report", "stacktics", "-o", str(tmp_path / "r.txt")), "PDF")
    assert_one_line_error(run_cli("report", "stacktics", "--skill", "greedy", "-o", out), "--skill")
    assert_one_line_error(run_cli("report", "stacktics", "--fair-within", "0.9", "-o", out), "--fair-within")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("paper", "pages"), [("letter", 1), ("a5", 2)])
def test_the_report_fits_one_page_of_letter_and_two_of_a5(tmp_path, paper, pages):
    out = tmp_path / "r.pdf"
    result = run_cli("report", "stacktics", "--variant", "3x5", "--compare", "pie=off", "--games", "40",
                     "--skill-games", "10", "--paper", paper, "-o", str(out))
    assert result.exit_code == 0, result.output
    assert page_count(out) == pages


def test_a_ladder_of_skill_gives_each_rung_its_interval_and_says_how_many_pay_off(tmp_path):
    data = _report(tmp_path, "stacktics", "--variant", "3x5", "--games", "10", "--skill", "ladder", "--skill-games",
                   "4")
    (version,) = data["versions"]
    assert [(s["stronger"], s["weaker"]) for s in version["skill"]] == [("greedy", "random"), ("mcts:16", "greedy"),
                                                                        ("mcts:64", "mcts:16")]
    assert all(s["low"] <= s["rate"] <= s["high"] and s["games"] == 4 for s in version["skill"])
    ladder = version["skill_ladder"]
    paying = sum(s["low"] >= 0.5005 for s in version["skill"])  # printed to a tenth of a per cent, above 50.0
    assert (ladder["rungs"], ladder["paying_off"]) == (3, paying)
    assert ladder["sentence"].startswith(f"{paying} of the ladder's 3 rungs still pay")
    default = _report(tmp_path, "stacktics", "--variant", "3x5", "--games", "10", "--skill-games", "4")
    (sentence,) = [m["sentence"] for key, m in default["versions"][0]["measures"].items() if key.startswith("skill")]
    assert "looking one move ahead beats playing at random" in sentence.lower()
    assert default["versions"][0]["skill_ladder"] is None


def test_the_help_gives_the_sequential_tests_own_error_rates_and_the_ladder():
    result = run_cli("report", "--help")
    words = " ".join(result.output.split())
    assert "a fair game is called unfair about 9 to 10 % of the time (9.6 % at D = 0.05, 9.3 % at 0.1)" in words
    assert "ladder: random, greedy, mcts:16 and mcts:64" in words
