"""The simulator: every game played to its end by every kind of player, the same seed giving the same report
on any number of workers, honest intervals, and one clear line for every mistake."""

from __future__ import annotations

import json

import pytest
from helpers import assert_one_line_error, run_cli
from registry import FOLDER_GAMES

from boardgen.gamefiles import find_game
from boardgen.simulate.match import GameResult, MatchSpec, play_game
from boardgen.simulate.report import report
from boardgen.simulate.runner import RunResult
from boardgen.simulate.stats import summarise, wilson


@pytest.mark.parametrize("game", sorted(FOLDER_GAMES))
def test_greedy_players_finish_every_game_and_the_report_adds_up(game):
    result = run_cli("simulate", game, "--games", "6", "--workers", "1", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["unfinished"] == 0
    assert data["wins_a"] + data["wins_b"] + data["draws"] == 6
    low, high = data["interval_a"]
    assert low <= data["win_rate_a"] <= high and data["plies_mean"] > 0


@pytest.mark.parametrize("game", sorted(FOLDER_GAMES))
@pytest.mark.parametrize("players", [("random", "greedy"), ("mcts:8", "greedy")])
def test_every_player_plays_only_legal_moves_to_an_end_or_the_limit(game, players):
    info = FOLDER_GAMES[game]
    spec = MatchSpec(game, info.default_variant.name, (), players, seed=5, max_plies=300)
    result = play_game(spec, 0)
    assert 0 < result.plies <= 300
    assert result.finished == (result.winner is not None or result.plies < 300)
    # The same game again, from its seed and number, is the same game.
    assert play_game(spec, 0) == result


@pytest.mark.parametrize("game", sorted(FOLDER_GAMES))
def test_greedy_and_mcts_beat_random_clearly(game):
    # No player is a stub: each wins at least 90 % against random play, greedy moving first and a small
    # search moving second (so both seats are tried).  Random play alone never ends IACTA or ALEA games.
    for players, seat in (("greedy,random", "wins_a"), ("random,mcts:8", "wins_b")):
        result = run_cli("simulate", game, "--players", players, "--games", "50", "--workers", "2",
                         "--format", "json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)  # a slow machine may get a note on stderr
        assert data[seat] >= 45, (players, data)


SAME_SEED = ("simulate", "stacktics", "--variant", "4x4", "--rule", "pie=off", "--games", "40", "--seed", "7",
             "--format", "json")


def test_the_same_seed_gives_the_same_report_on_one_worker_or_two():
    one, two = run_cli(*SAME_SEED, "--workers", "1"), run_cli(*SAME_SEED, "--workers", "2")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout_bytes == two.stdout_bytes
    other_seed = run_cli(*SAME_SEED[:-4], "--seed", "8", "--format", "json")
    games = lambda text: {k: v for k, v in json.loads(text).items() if k != "seed"}  # noqa: E731
    assert games(one.output) != games(other_seed.output)  # the seed, not something else, picks the games


def test_a_dask_cluster_gives_the_same_bytes_as_one_process():
    distributed = pytest.importorskip("distributed", reason="the 'cluster' extra (Dask) is not installed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_cluster = run_cli(*SAME_SEED, "--scheduler", cluster.scheduler_address)
    alone = run_cli(*SAME_SEED, "--workers", "1")
    assert on_cluster.exit_code == 0, on_cluster.output
    assert on_cluster.stdout_bytes == alone.stdout_bytes


def test_until_ci_plays_until_the_interval_is_narrow_enough():
    result = run_cli("simulate", "stacktics", "--variant", "4x4", "--until-ci", "0.06", "--workers", "1",
                     "--format", "json")
    data = json.loads(result.stdout)
    low, high = data["interval_a"]
    assert (high - low) / 2 < 0.06 and data["games"] % 200 == 0


def test_a_game_that_reaches_max_plies_is_unfinished_not_a_draw():
    data = json.loads(run_cli("simulate", "alea", "--players", "random,random", "--games", "2", "--max-plies",
                              "50", "--workers", "1", "--format", "json").output)
    assert data["unfinished"] == 2 and data["draws"] == 0 and data["wins_a"] == data["wins_b"] == 0


def test_when_most_games_do_not_finish_the_first_line_says_so_and_the_rate_says_what_it_leaves_out():
    # greedy against random on Stacktics: about half the games are over within 11 moves, all won by greedy
    arguments = ("simulate", "stacktics", "--players", "greedy,random", "--games", "60", "--workers", "1")
    lines = run_cli(*arguments, "--max-plies", "11").stdout.splitlines()
    assert lines[0] == ("Most games did not finish within 11 moves: 34 of 60 (56.7 %) were still going, so with "
                        "these players and rules the game takes longer or may never end; the win rates count only "
                        "the 26 finished games.")
    assert lines[1].startswith("Stacktics 5x5, the standard rules: 60 games")
    rate = next(line for line in lines if "A's win rate" in line)
    assert rate.endswith("of 26 finished games (34 of 60, 56.7 %, were not over after 11 moves)")
    data = json.loads(run_cli(*arguments, "--max-plies", "11", "--format", "json").stdout)
    assert data["warning"] == lines[0]
    fewer = run_cli(*arguments, "--max-plies", "20").stdout.splitlines()
    assert fewer[0].startswith("Stacktics 5x5") and "were not over after 20 moves)" in " ".join(fewer)
    none = run_cli(*arguments, "--max-plies", "2").stdout.splitlines()
    assert none[0].startswith("No game finished within 2 moves: with these players and rules the game takes "
                              "longer or may never end, so who wins cannot be told.")


def test_a_seat_above_an_even_share_of_the_finished_games_says_how_many_were_not():
    # four greedy players, as the Pachisi-like file: 86 of 200 games unfinished, A winning most of the rest
    winners = [0] * 60 + [1, 2, 3] * 18
    results = [GameResult(i, w, True, 400) for i, w in enumerate(winners)]
    results += [GameResult(114 + i, None, False, 1000) for i in range(86)]
    spec = MatchSpec("ludo", "15x15", (), ("greedy",) * 4, 1, 1000)
    text = report(find_game("ludo"), spec, RunResult(tuple(results), summarise(results, 4)), 1.0, "text")
    (a,) = [line for line in text.splitlines() if line.startswith("    A ")]
    assert a.endswith("above an even share, judged on the finished games alone (86 of 200, 43.0 %, were not over "
                      "after 1000 moves)")
    assert not text.startswith("Most games")  # 43 %: not most
    few = [GameResult(i, w, True, 400) for i, w in enumerate(winners)] + [GameResult(114, None, False, 1000)]
    text = report(find_game("ludo"), spec, RunResult(tuple(few), summarise(few, 4)), 1.0, "text")
    (a,) = [line for line in text.splitlines() if line.startswith("    A ")]
    assert a.endswith("above an even share")  # 1 of 115: under 5 %


def test_the_table_and_csv_say_the_same():
    table = run_cli("simulate", "isaac", "--games", "4", "--workers", "1").output
    csv_text = run_cli("simulate", "isaac", "--games", "4", "--workers", "1", "--format", "csv").output
    header, row = csv_text.splitlines()
    values = dict(zip(header.split(","), row.split(","), strict=True))
    assert f"{values['wins_a']} wins" in " ".join(table.split()) and "95 % interval" in table


@pytest.mark.parametrize("successes, trials, low, high", [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634),
                                                          (50, 100, 0.4038, 0.5962)])
def test_wilson_interval_matches_the_published_values(successes, trials, low, high):
    assert wilson(successes, trials) == pytest.approx((low, high), abs=1e-4)


@pytest.mark.parametrize("args, words", [
    (("iacta", "--rule", "dice.red=8"), ("homeland.red=large",)),
    (("iacta", "--rule", "colour=blue"), ("rule options", "homeland.red")),
    (("iacta", "--rule", "doubles=sometimes"), ("doubles", "keep")),
    (("alea", "--rule", "pie=on"), ("ALEA has no rule options",)),
    (("iacta", "--players", "smart,random"), ("not a player", "mcts:N")),
    (("iacta", "--players", "greedy"), ("two players",)),
    (("iacta", "--players", "mcts:0,greedy"), ("mcts:N",)),
    (("stacktics", "--variant", "9x9"), ("9x9",)),
])
def test_a_mistake_is_one_line(args, words):
    assert_one_line_error(run_cli("simulate", *args, "--games", "1"), *words)


def test_a_scheduler_that_is_no_address_or_cannot_be_reached_is_one_line():
    assert_one_line_error(run_cli("simulate", "alea", "--games", "1", "--scheduler", "no-port-here"),
                          "--scheduler", "not a scheduler's address", "tcp://192.168.1.5:8786")
    pytest.importorskip("distributed", reason="the 'cluster' extra (Dask) is not installed")
    assert_one_line_error(run_cli("simulate", "alea", "--games", "1", "--scheduler", "tcp://127.0.0.1:1"),
                          "cannot reach the Dask scheduler", "tcp://HOST:8786")
