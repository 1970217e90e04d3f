"""Three and four players: `--players` names one player a seat and so sets how many play; `simulate` and
`report` give each seat's win rate with its interval against an even share; a count the game does not allow is
one line; the starter game file plays its own rules through `report`."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
import pytest
from helpers import assert_one_line_error, page_count, run_cli

from boardgen.gamefiles import find_game
from boardgen.simulate.game_report import measure_games
from boardgen.simulate.match import MatchSpec, play_game
from boardgen.simulate.measures import MeasuredGame, leader, settled_at
from boardgen.simulate.players import parse_player
from boardgen.web.app import create_app

HOST = {"Host": "127.0.0.1:8000"}


def _simulate(*arguments: str) -> dict:
    result = run_cli("simulate", *arguments, "--workers", "1", "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _pdf_text(path: Path) -> str:
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return " ".join(" ".join(pdf[n].get_textpage().get_text_range().split()) for n in range(len(pdf)))
    finally:
        pdf.close()


@pytest.mark.parametrize("game, players", [("ludo", "random,greedy,random"), ("ludo", "random,random,random,random"),
                                           ("snakes-and-ladders", "random,random,random"),
                                           ("snakes-and-ladders", "greedy,random,random,random")])
def test_each_seat_has_its_rate_in_seat_order_and_they_add_up_to_the_games(game, players):
    names = players.split(",")
    data = _simulate(game, "--players", players, "--games", "12", "--seed", "4")
    seats = data["win_rates"]
    assert [s["seat"] for s in seats] == list("ABCD"[: len(names)]) and [s["player"] for s in seats] == names
    assert data["armies"] == [f"player {n}" for n in range(1, len(names) + 1)]
    assert sum(s["wins"] for s in seats) + data["draws"] + data["unfinished"] == data["games"] == 12
    assert (seats[0]["wins"], seats[1]["wins"]) == (data["wins_a"], data["wins_b"])
    assert seats[0]["win_rate"] == data["win_rate_a"] and seats[0]["interval"] == data["interval_a"]
    assert data["even_share"] == round(1 / len(names), 4)
    finished = data["games"] - data["unfinished"]
    for seat in seats:
        low, high = seat["interval"]
        assert low <= seat["win_rate"] <= high
        assert seat["win_rate"] == round((seat["wins"] + data["draws"] / len(names)) / finished, 4)


def test_the_table_names_every_seat_and_the_even_share():
    result = run_cli("simulate", "ludo", "--players", "greedy,random,random", "--games", "6", "--workers", "1")
    assert result.exit_code == 0, result.output
    text = result.stdout
    for line in ("A greedy (player 1, moves first)", "B random (player 2)", "C random (player 3)",
                 "against an even share of 33.3 %"):
        assert line in text, text
    rates = [line.split() for line in text.splitlines() if line.startswith("    ")]
    assert [words[0] for words in rates] == ["A", "B", "C"] and all("interval" in words for words in rates)
    assert "A's win rate" not in text  # two players' line, said for each seat instead


def test_the_csv_has_a_column_for_every_seat():
    result = run_cli("simulate", "snakes-and-ladders", "--players", "random,random,random,random", "--games", "5",
                     "--workers", "1", "--format", "csv")
    header, row = result.stdout.splitlines()
    values = dict(zip(header.split(","), row.split(","), strict=True))
    assert sum(int(values[f"wins_{seat}"]) for seat in "abcd") + int(values["unfinished"]) == 5
    assert {f"interval_{seat}" for seat in "abcd"} <= set(values)


def test_an_even_four_player_race_gives_each_seat_about_a_quarter():
    # Snakes and Ladders has no choices: four random players differ only by their seats, and moving first is
    # worth little over a game of some 40 rounds.
    data = _simulate("snakes-and-ladders", "--players", "random,random,random,random", "--games", "800", "--seed", "2")
    assert data["unfinished"] == 0
    rates = [s["win_rate"] for s in data["win_rates"]]
    assert sum(rates) == pytest.approx(1.0, abs=2e-4)
    assert all(abs(rate - 0.25) < 0.06 for rate in rates), rates
    assert all(s["interval"][0] < 0.25 < s["interval"][1] or abs(s["win_rate"] - 0.25) < 0.05 for s in
               data["win_rates"])


def test_the_default_is_the_games_fewest_players():
    assert len(_simulate("ludo", "--games", "2")["win_rates"]) == 2
    assert _simulate("ur", "--games", "2")["players"] == ["greedy", "greedy"]


@pytest.mark.parametrize("command", ["simulate", "report"])
def test_a_number_of_players_the_game_does_not_allow_is_one_line(tmp_path, command):
    out = ("-o", str(tmp_path / "r.pdf")) if command == "report" else ()
    assert_one_line_error(run_cli(command, "ur", "--players", "random,random,random", *out),
                          "--players", "Ur is played by two players, not 3")
    assert_one_line_error(run_cli(command, "fox-and-geese", "--players", "greedy", *out), "two players, not 1")
    assert_one_line_error(run_cli(command, "ludo", "--players", "random,random,random,random,random", *out),
                          "at most 4 players")
    assert not list(tmp_path.iterdir())


def test_the_web_page_refuses_a_wrong_number_beside_the_field():
    client = create_app().test_client()
    errors = client.get("/check/simulate", query_string={"subject": "ur", "players": "random,random,random"},
                        headers=HOST).get_json()["errors"]
    assert "two players, not 3" in errors["players"]
    errors = client.get("/check/report", query_string={"subject": "ludo", "players": "greedy,random,random,random"},
                        headers=HOST).get_json()["errors"]
    assert errors == {}


@pytest.mark.parametrize("player", ["greedy", "mcts:8"])
def test_greedy_and_mcts_play_four_seats_and_a_seed_plays_the_same_game(player):
    spec = MatchSpec("ludo", "15x15", (), (player, "random", player, "random"), seed=9, max_plies=400)
    result = play_game(spec, 3)
    assert result.plies > 0 and (result.winner is None or 0 <= result.winner < 4)
    assert play_game(spec, 3) == result


@dataclass(frozen=True)
class _Node:
    moves: tuple[str, ...]  # played so far

    @property
    def to_move(self) -> str:
        return ("red", "green", "blue")[len(self.moves) % 3]


class _Kingmaker:
    """Red chooses L or R, then green chooses; then it is over.  After L, green's own best (x) is red's best too,
    though y would be worse for red; after R everyone gets 0.  Backing up each player's own reward, red sees
    green take x and plays L; a search that took green for red's enemy would fear y and play R."""

    players = ("red", "green", "blue")
    ENDS = {("L", "x"): (0.8, 0.5, -0.9), ("L", "y"): (-0.8, 0.2, -0.9), ("R", "z"): (0.0, 0.0, 0.0)}

    def legal_moves(self, node: _Node) -> list[str]:
        return [] if len(node.moves) == 2 else ["L", "R"] if not node.moves else (
            ["x", "y"] if node.moves == ("L",) else ["z"])

    def apply(self, node: _Node, move: str) -> _Node:
        return _Node((*node.moves, move))

    def throw_due(self, node: _Node) -> bool:
        return False

    def outcome(self, node: _Node) -> object | None:
        return "over" if len(node.moves) == 2 else None

    def evaluate(self, node: _Node, player: str) -> float:
        return self.ENDS[node.moves][self.players.index(player)] if len(node.moves) == 2 else 0.0

    def swaps_seats(self, move: str) -> bool:
        return False


def test_mcts_with_three_players_backs_up_each_players_own_reward():
    assert parse_player("mcts:64").choose(_Kingmaker(), _Node(()), random.Random(1)) == "L"
    assert parse_player("greedy").choose(_Kingmaker(), _Node(("L",)), random.Random(1)) == "x"


def test_the_opponent_is_the_other_of_the_rules_own_two_players_and_of_more_there_is_none():
    # A game file's players are its engine's, set for the number seated: the opponent is read from them.
    rules = find_game("ludo").engine.rules
    assert rules.players == ("player 1", "player 2")
    assert (rules.opponent("player 1"), rules.opponent("player 2")) == ("player 2", "player 1")
    with pytest.raises(ValueError):
        rules.seated(3).opponent("player 1")
    assert find_game("iacta").engine.rules.opponent("red") == "yellow"


def test_the_lead_of_three_goes_to_the_highest_evaluation_clear_of_the_rest():
    class Rules:
        players = ("red", "green", "blue")

        def __init__(self, values):
            self.values = values

        def evaluate(self, position, player):
            return self.values[player]

    seat = {"red": 0, "green": 1, "blue": 2}
    assert leader(Rules({"red": -0.1, "green": -0.2, "blue": 0.3}), None, seat) == -2  # blue, the third
    assert leader(Rules({"red": 0.2, "green": 0.19, "blue": -0.4}), None, seat) == 0  # too close to tell
    assert leader(Rules({"red": 0.3, "green": 0.0, "blue": -0.3}), None, seat) == 1
    assert settled_at([1, -2, -2, -2], 2) == 0.25 and settled_at([1, -2, -2, 1], 2) == 1.0


def _four_seat_games(wins: tuple[int, ...]) -> tuple[MeasuredGame, ...]:
    return tuple(MeasuredGame(i, winner, True, 40, 3, (3.0, 2.0, 1.0), 1, 0.5) for i, winner in enumerate(wins))


def test_a_seats_share_is_claimed_only_when_its_printed_interval_leaves_the_even_share_out():
    spec = MatchSpec("ludo", "15x15", (), ("greedy",) * 4, 1)
    even = measure_games("even", spec, _four_seat_games(tuple(i % 4 for i in range(400))), (), None, 0)
    shares = [m for m in even.measures if m.key.startswith("seat_")]
    assert [m.key for m in shares] == ["seat_a", "seat_b", "seat_c", "seat_d"]
    assert not any(m.key == "first_player" for m in even.measures)
    assert all("can be told" in m.sentence and "25.0 %" in m.sentence for m in shares)
    first_heavy = measure_games("first", spec, _four_seat_games(tuple(0 if i % 2 else 1 + i % 3 for i in range(400))),
                                (), None, 0)
    a, b = (m for m in first_heavy.measures if m.key in ("seat_a", "seat_b"))
    assert a.estimate.low > 0.25 and "more than an even share of 25.0 %" in a.sentence
    assert b.estimate.high < 0.25 and "less than an even share" in b.sentence


def _report(tmp_path: Path, *arguments: str) -> tuple[dict, str]:
    out = tmp_path / "report.pdf"
    result = run_cli("report", *arguments, "--workers", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert page_count(out) == 1
    return json.loads((tmp_path / "report.json").read_text(encoding="utf-8")), _pdf_text(out) + result.stdout


@pytest.mark.parametrize("game, players", [("ludo", "random,random,random"),
                                           ("snakes-and-ladders", "random,random,random,random")])
def test_a_report_for_three_or_four_gives_each_seats_share(tmp_path, game, players):
    seats = len(players.split(","))
    data, text = _report(tmp_path, game, "--players", players, "--games", "16", "--skill-games", str(2 * seats))
    (version,) = data["versions"]
    measures = version["measures"]
    keys = [f"seat_{letter}" for letter in "abcd"[:seats]]
    assert [key for key in measures if key.startswith("seat_")] == keys and "first_player" not in measures
    assert version["seats"] == seats and version["even_share"] == pytest.approx(1 / seats)
    assert sum(measures[key]["estimate"] for key in keys) + measures["unfinished"]["estimate"] == pytest.approx(1.0)
    (skill,) = version["skill"]
    assert skill["games"] == 2 * seats  # the stronger player in each seat in turn
    share = f"{100 / seats:.1f} %"
    assert f"player {'ABCD'[seats - 1]}'s win rate" in text and f"even share of {share}" in text
    assert "lead changes" in text


def test_report_compares_a_game_files_rule_option(tmp_path):
    data, _ = _report(tmp_path, "ur", "--compare", "rosettes=open", "--games", "6", "--skill-games", "0")
    assert [v["settings"]["rules"] for v in data["versions"]] == [{}, {"rosettes": "open"}]
    assert "first_player" in data["differences"]


def test_the_starter_plays_its_own_rules_through_report(tmp_path):
    game = tmp_path / "racers.toml"
    assert run_cli("new", "racers", "-o", str(game)).exit_code == 0
    data, text = _report(tmp_path, str(game), "--games", "20", "--skill-games", "10")
    (version,) = data["versions"]
    assert version["finished"] == 20 and version["settings"]["players"] == ["greedy", "greedy"]
    assert {"first_player", "length", "skill_greedy_random"} <= set(version["measures"])
    assert "Is Racers fair?" in text
    # its rules as the text says them: red goes home from f7 (along the top row to g7) with the exact throw, and
    # a runner landing on an opponent's sends it back to its start
    check = tmp_path / "p.toml"
    check.write_text('game = "racers.toml"\nto_move = 1\nthrow = 1\n[pieces]\nf7 = 1\nb7 = 1\nc7 = 2\ng1 = 2\n'
                     '[finished]\n1 = 1\n2 = 1\n', encoding="utf-8")
    result = run_cli("check", str(check), "--json")
    assert result.exit_code == 0, result.output
    moves = {m["notation"] for m in json.loads(result.stdout)["moves"]}
    assert moves == {"f7-off", "b7xc7"}
    after = run_cli("check", str(check), "--move", "b7xc7")
    assert after.exit_code == 0, after.output


def test_the_same_seed_gives_the_same_four_seat_report_on_one_worker_or_two():
    arguments = ("simulate", "ludo", "--players", "mcts:4,greedy,random,random", "--games", "16", "--seed", "11",
                 "--format", "json")
    one, two = run_cli(*arguments, "--workers", "1"), run_cli(*arguments, "--workers", "2")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout_bytes == two.stdout_bytes
    other = run_cli(*arguments[:-4], "--seed", "12", "--format", "json", "--workers", "1")
    assert json.loads(other.stdout)["win_rates"] != json.loads(one.stdout)["win_rates"] or \
        json.loads(other.stdout)["plies_mean"] != json.loads(one.stdout)["plies_mean"]
