"""`boardgen report`'s statistics against their definitions on toy games with known answers, and its sentences
against the figures they print: a claim (an advantage, a player beating another, a difference) is made exactly
when the printed interval leaves the neutral value out, and no figure prints as "+0.0" or "-0.0"."""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass

import pypdfium2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen.draw.chart import histogram_chart
from boardgen.draw.palettes import get_palette
from boardgen.draw.scene import Rect, Text
from boardgen.layout.paper import get_paper
from boardgen.products.document import output_for, render_document
from boardgen.products.game_report import report_document
from boardgen.simulate.game_report import (
    LADDER,
    GameReport,
    compared,
    fairness_sentence,
    ladder_sentence,
    measure_games,
    shared_histogram,
    shares_sentence,
    skill_pairs,
    version_judged_alone,
)
from boardgen.simulate.match import MatchSpec
from boardgen.simulate.measures import MeasuredGame, Watch, lead_changes, settled_at
from boardgen.simulate.sprt import ERROR_RATES, bounds, error_rates, sprt
from boardgen.simulate.stats import wilson
from boardgen.simulate.studies import Estimate

SPEC = MatchSpec("pawns", "5x5", (), ("greedy", "greedy"), 1, 100)
SIGNED_ZERO = re.compile(r"[-+\u2212]0\.0\b(?!\d)")


# -- the lead, once a round ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Position:
    to_move: str
    ply: int


class _Flipping:
    """A toy game's evaluation: whoever has just moved leads, so it flips every ply; and from round `turn` on
    the first player leads at the start of its turns, so read once a round it changes hands once."""

    players = ("red", "blue")

    def __init__(self, turn: int) -> None:
        self.turn = turn

    def evaluate(self, position: _Position, player: str) -> float:
        mover_leads = -1.0 if position.to_move == "red" else 1.0  # red to move: blue has just moved and leads
        flipped = mover_leads if position.ply // 2 < self.turn else -mover_leads
        return flipped if player == "red" else -flipped


def _watch(rules: _Flipping, movers: list[str]) -> Watch:
    watch = Watch()
    seat = {"red": 0, "blue": 1}
    for ply, mover in enumerate(movers):
        watch.seen(rules, _Position(mover, ply), ["a move"], seat)
    return watch


def test_an_evaluation_that_flips_every_ply_changes_hands_once_read_once_a_round():
    rules = _Flipping(turn=5)
    watch = _watch(rules, ["red", "blue"] * 10)
    per_ply = [1 if rules.evaluate(_Position(m, n), "red") > 0 else -1 for n, m in enumerate(["red", "blue"] * 10)]
    assert lead_changes(per_ply) == 18  # what a count at every ply would say: every ply but one flips it
    assert watch.leads == [-1] * 5 + [1] * 5  # read where red, the first player, is to move
    assert lead_changes(watch.leads) == 1
    assert settled_at(watch.leads, 0) == 0.5  # red leads for good from the sixth of ten rounds
    assert settled_at(watch.leads, 1) == 1.0  # blue never leads for good: only its last round counts
    assert settled_at(watch.leads, None) is None


def test_a_turn_of_several_plies_is_read_once_at_its_beginning():
    rules = _Flipping(turn=100)
    watch = _watch(rules, ["red", "red", "blue", "red", "red", "red", "blue", "blue"])
    assert len(watch.leads) == 2 and len(watch.branching) == 8


def test_a_swap_of_seats_makes_the_other_army_the_first_players():
    watch = Watch()
    rules = _Flipping(turn=100)
    watch.seen(rules, _Position("red", 0), ["m"], {"red": 0, "blue": 1})
    watch.seen(rules, _Position("blue", 1), ["m"], {"red": 1, "blue": 0})  # blue swapped: player A plays blue
    assert len(watch.leads) == 1  # blue to move is player A's turn, but A moved last: the same round


# -- sentences decided on the figures they print -------------------------------------------------------------

def _games(wins: int, games: int, unfinished: int = 0, plies: int = 10) -> tuple[MeasuredGame, ...]:
    out = [MeasuredGame(i, 0 if i < wins else 1, True, plies + i % 5, 4, (4.0, 3.0, 2.0), i % 3, 0.5)
           for i in range(games)]
    out += [MeasuredGame(games + i, None, False, SPEC.max_plies, 4, (4.0, 3.0, 2.0), 0, None)
            for i in range(unfinished)]
    return tuple(out)


def _printed_low_high(sentence: str) -> tuple[float, float]:
    low, high = re.search(r"\(([-+]?[\d.]+)(?: %)? to ([-+]?[\d.]+)", sentence).groups()
    return float(low), float(high)


def _first(wins: int, games: int) -> str:
    version = measure_games("v", SPEC, _games(wins, games), (), None, 0)
    return next(m.sentence for m in version.measures if m.key == "first_player")


def test_80_of_137_is_no_advantage_at_one_decimal_though_its_bound_is_above_50():
    assert wilson(80, 137)[0] > 0.5  # 0.50022: above 50 % unrounded
    sentence = _first(80, 137)
    assert "(50.0 % to 66.3 %)" in sentence and "no advantage either way" in sentence


def _near_the_boundary(games: int, side: int) -> int:
    """The number of wins whose Wilson bound is nearest 50 %, from above (side 1) or below (side -1)."""
    return min(range(games + 1), key=lambda k: abs(wilson(k, games)[0 if side > 0 else 1] - 0.5))


@settings(max_examples=150, deadline=None)
@given(games=st.integers(10, 3000), side=st.sampled_from((1, -1)), shift=st.integers(-2, 2))
def test_an_advantage_is_claimed_exactly_when_the_printed_interval_leaves_50_out(games, side, shift):
    wins = min(games, max(0, _near_the_boundary(games, side) + shift))
    sentence = _first(wins, games)
    low, high = _printed_low_high(sentence)
    assert ("first player has an advantage" in sentence) == (low > 50.0)
    assert ("second player has an advantage" in sentence) == (high < 50.0)
    assert ("no advantage" in sentence) == (low <= 50.0 <= high)
    assert not SIGNED_ZERO.search(sentence)


@settings(max_examples=100, deadline=None)
@given(games=st.integers(4, 400), share=st.floats(0.3, 1.0))
def test_a_player_is_said_to_beat_another_exactly_when_the_printed_interval_leaves_50_out(games, share):
    rate = Estimate(share, *wilson(round(share * games), games))
    version = measure_games("v", SPEC, _games(5, 10), (("greedy", "random", rate, games),), None, 0)
    (sentence,) = [m.sentence for m in version.measures if m.key == "skill_greedy_random"]
    low, high = _printed_low_high(sentence)
    assert sentence.startswith("Looking one move ahead beats playing at random") == (low > 50.0)
    assert sentence.startswith("Playing at random beats looking one move ahead") == (high < 50.0)
    assert sentence.startswith("Whether") == (low <= 50.0 <= high)


@settings(max_examples=150, deadline=None)
@given(games=st.integers(20, 2000), first=st.integers(0, 2000), moved=st.integers(-60, 60))
def test_a_difference_is_claimed_exactly_when_its_printed_interval_leaves_0_out(games, first, moved):
    a_wins = first % (games + 1)
    b_wins = min(games, max(0, a_wins + moved))
    one = measure_games("one", SPEC, _games(a_wins, games), (), None, 0)
    two = measure_games("two", SPEC, _games(b_wins, games), (), None, 0)
    for difference in compared(one, two):
        sentence = difference.sentence
        low, high = _printed_low_high(sentence)
        assert ("changes it by" in sentence) == (low > 0 or high < 0), sentence
        assert not SIGNED_ZERO.search(sentence), sentence


@settings(max_examples=100, deadline=None)
@given(shares=st.lists(st.integers(0, 100), min_size=2, max_size=60))
def test_early_or_late_is_said_exactly_when_the_printed_interval_leaves_half_the_game_out(shares):
    games = tuple(MeasuredGame(i, 0, True, 20, 4, (4.0, 3.0, 2.0), 1, share / 100)
                  for i, share in enumerate(shares))
    version = measure_games("v", SPEC, games, (), None, 0)
    sentence = next(m.sentence for m in version.measures if m.key == "settled")
    low, high = _printed_low_high(sentence)
    assert sentence.endswith("games are decided early.") == (high < 50.0)
    assert sentence.endswith("games stay open late.") == (low > 50.0)
    assert not SIGNED_ZERO.search(sentence)


def test_no_figure_prints_a_signed_zero():
    same = measure_games("one", SPEC, _games(50, 100), (), None, 0)
    (first,) = [m for m in compared(same, same) if m.key == "first_player"]
    assert "No difference can be told: 0.0 points (-" in first.sentence
    assert not SIGNED_ZERO.search(first.sentence)
    tiny = Estimate(-0.0004, -0.0004, 0.02)
    version = measure_games("v", SPEC, _games(5, 10), (("greedy", "random", tiny, 10),), None, 0)
    assert all(not SIGNED_ZERO.search(m.sentence) for m in version.measures)


# -- length with what it leaves out ----------------------------------------------------------------------------

def test_the_length_is_the_finished_games_with_the_share_unfinished_in_the_same_sentence():
    version = measure_games("v", SPEC, _games(30, 94, unfinished=6), (), None, 0)
    length = next(m for m in version.measures if m.key == "length")
    assert length.estimate.value == pytest.approx(sum(10 + i % 5 for i in range(94)) / 94)
    assert length.sentence.startswith("Finished games last 12.0 moves on average")
    assert "6.0 % of the games (6 of 100) were not over after 100 moves and are left out" in length.sentence
    data = GameReport("pawns", "Pawns", (version,), ()).as_json()["versions"][0]
    assert (data["games"], data["finished"], data["unfinished"]) == (100, 94, 6)
    assert data["lead_changes_counted"].startswith("once a round")
    every = measure_games("v", SPEC, _games(30, 50), (), None, 0)
    assert "every game finished within 100 moves" in next(m.sentence for m in every.measures if m.key == "length")


# -- seats judged on the finished games alone ------------------------------------------------------------------

def _first_of(version) -> str:
    return next(m.sentence for m in version.measures if m.key == "first_player")


def test_a_seat_judged_on_finished_games_alone_says_so_in_that_sentence_when_over_5_percent_are_unfinished():
    many = measure_games("v", SPEC, _games(80, 100, unfinished=20), (), None, 0)
    assert _first_of(many).startswith("With equal players, the first player has an advantage: it wins 80.0 %")
    assert _first_of(many).endswith(", judged on the 100 finished games alone: 20 of the 120 (16.7 %) were not "
                                    "over after 100 moves, and who would have won them is unknown.")
    fairness = sprt([1.0] * 40, 0.1)
    said = fairness_sentence(fairness, 0.1, version_judged_alone(many))
    assert said.startswith("Not fair within ±10.0 %: the first player wins more, the sequential test said after 17 "
                           "games, judged on the 100 finished games alone: 20 of the 120")
    few = measure_games("v", SPEC, _games(80, 100, unfinished=5), (), None, 0)  # 4.8 %: the length's sentence says it
    assert "judged on" not in _first_of(few) and not version_judged_alone(few)
    assert not many.warning  # most games finished


def test_four_seats_with_many_games_unfinished_are_not_called_above_an_even_share_without_saying_so():
    # as four greedy Pachisi players: 86 of 200 games unfinished, the first seat winning most of the rest
    spec = MatchSpec("ludo", "15x15", (), ("greedy",) * 4, 1, 1000)
    winners = [0] * 60 + [1, 2, 3] * 18
    games = tuple(MeasuredGame(i, w, True, 400, 3, (3.0, 2.0, 1.0), 1, 0.5) for i, w in enumerate(winners))
    games += tuple(MeasuredGame(114 + i, None, False, 1000, 3, (3.0, 2.0, 1.0), 0, None) for i in range(86))
    version = measure_games("v", spec, games, (), None, 0)
    sentence = shares_sentence(version)
    assert "A more than an even share of 25.0 %" in sentence
    assert sentence.endswith(", judged on the 114 finished games alone: 86 of the 200 (43.0 %) were not over after "
                             "1000 moves, and who would have won them is unknown.")
    a = next(m for m in version.measures if m.key == "seat_a")
    assert "more than an even share" in a.sentence and "judged on the 114 finished games alone" in a.sentence
    assert not version.warning  # 43 %: not most
    more = measure_games("v", spec, games + tuple(MeasuredGame(200 + i, None, False, 1000, 3, (3.0, 2.0, 1.0), 0,
                                                               None) for i in range(40)), (), None, 0)
    assert more.warning.startswith("Most games did not finish within 1000 moves: 126 of 240 (52.5 %) were still "
                                   "going")


def test_no_game_finished_gives_no_rate_and_says_why():
    version = measure_games("v", SPEC, _games(0, 0, unfinished=30), (), None, 0)
    assert _first_of(version) == "No game finished within 100 moves, so who wins by seat cannot be told."
    assert version.warning.startswith("No game finished within 100 moves: with these players and rules the game "
                                      "takes longer or may never end")


# -- the ladder of skill ---------------------------------------------------------------------------------------

def test_the_ladder_is_each_rung_against_the_one_below():
    assert LADDER == ("random", "greedy", "mcts:16", "mcts:64")
    assert skill_pairs(["ladder"]) == (("greedy", "random"), ("mcts:16", "greedy"), ("mcts:64", "mcts:16"))
    assert skill_pairs([]) == (("greedy", "random"),)
    assert skill_pairs(["mcts:32,greedy"]) == (("mcts:32", "greedy"),)


@pytest.mark.parametrize(("wins", "said"), [
    ((95, 80, 70), "3 of the ladder's 3 rungs still pay off: each player beats the one below it, up to mcts:64"),
    ((95, 80, 52), "2 of the ladder's 3 rungs still pay off: skill is rewarded up to mcts:16; mcts:64 cannot be "
                   "told to beat mcts:16"),
    ((95, 50, 52), "1 of the ladder's 3 rungs still pays off: skill is rewarded up to greedy; mcts:16 cannot"),
    ((55, 50, 52), "0 of the ladder's 3 rungs still pay off: not even greedy can be told to beat random"),
])
def test_the_ladder_says_how_many_rungs_still_pay_off(wins, said):
    skill = tuple((strong, weak, Estimate(w / 100, *wilson(w, 100)), 100)
                  for (strong, weak), w in zip(skill_pairs(["ladder"]), wins, strict=True))
    assert ladder_sentence(skill).startswith(said)
    assert ladder_sentence(skill[:1]) == ""  # one test of skill is no ladder


# -- the sequential test's own error rates ----------------------------------------------------------------------

def _exact_error(p: float, within: float, games: int) -> float:
    """The chance that the test stops on "first" or "second" when the first player wins with chance p (no draws),
    worked out over every count of wins, as sprt() plays them, until `games` games."""
    low, high = bounds(0.05, 0.05)
    steps = {side: (math.log(p1 / 0.5), math.log((1 - p1) / 0.5)) for side, p1 in (("up", 0.5 + within),
                                                                                    ("down", 0.5 - within))}
    mass = {(0, False, False): 1.0}  # (wins, up accepted 50 %, down accepted 50 %): chance
    unfair = 0.0
    for n in range(1, games + 1):
        after: dict[tuple[int, bool, bool], float] = {}
        for (k, up, down), chance in mass.items():
            for won, q in ((1, p), (0, 1 - p)):
                wins, flags, stopped = k + won, [up, down], False
                for number, side in enumerate(("up", "down")):
                    if flags[number]:
                        continue
                    win, loss = steps[side]
                    llr = wins * win + (n - wins) * loss
                    if llr >= high:
                        unfair += chance * q
                        stopped = True
                        break
                    flags[number] = llr <= low
                if not stopped and not all(flags):
                    key = (wins, flags[0], flags[1])
                    after[key] = after.get(key, 0.0) + chance * q
        mass = after
    return unfair


@pytest.mark.parametrize("within", [0.2, 0.4])
def test_the_tabled_error_rates_are_the_tests_own(within):
    (row,) = [r for r in ERROR_RATES if r[0] == within]
    assert _exact_error(0.5, within, 400) == pytest.approx(row[1], abs=0.0006)
    assert 1 - _exact_error(0.5 + within, within, 400) == pytest.approx(row[2], abs=0.0006)
    assert error_rates(within) == (row[1], row[2])


def test_a_fair_game_is_called_unfair_about_9_3_percent_of_the_time_at_0_1():
    rng = random.Random(3)
    runs = [sprt((float(rng.random() < 0.5) for _ in range(20_000)), 0.1) for _ in range(3000)]
    unfair = sum(r.decision != "fair" for r in runs) / len(runs)
    assert unfair == pytest.approx(error_rates(0.1)[0], abs=0.016)  # three standard errors
    assert error_rates(0.1)[0] == pytest.approx(0.093, abs=0.0005)
    said = fairness_sentence(runs[0], 0.1)
    assert "called unfair about 9.3 % of the time (each side's alpha is 5 %)" in said


# -- the comparison page ---------------------------------------------------------------------------------------

def test_a_histogram_of_two_versions_draws_both_on_whole_number_ticks():
    scene = histogram_chart(((3, 205, 7), (9, 150, 1)), (10.0, 20.0, 30.0, 40.0), 80.0, "Moves", "moves",
                            ("one", "two"))
    bars = [shape for _, shapes in scene.layers for shape in shapes if isinstance(shape, Rect)]
    assert {bar.role for bar in bars} == {"chart.point", "chart.interval"}
    assert len(bars) == 6 + 2  # every bin of both versions, and the two keys
    numbers = [shape.text for _, shapes in scene.layers for shape in shapes if isinstance(shape, Text)
               and re.fullmatch(r"[-\d.]+", shape.text)]
    assert numbers and all(re.fullmatch(r"\d+", n) for n in numbers), numbers  # no "102.5"
    assert "102.5" not in numbers


def _version(label: str, wins: int, rng_seed: int) -> object:
    rng = random.Random(rng_seed)
    games = tuple(MeasuredGame(i, 0 if i < wins else 1, True, rng.randint(5, 60), 4, (4.0, 3.0, 2.0), 1, 0.5)
                  for i in range(200))
    return measure_games(label, SPEC, games, (), None, 0)


def _page_text(report: GameReport, paper: str, fair_within: float | None, tmp_path) -> str:
    output = output_for("pdf", get_paper(paper), 12.0)
    (pdf,) = render_document(report_document(report, output, "r", fair_within), output, get_palette("classic"))
    path = tmp_path / pdf.name
    path.write_bytes(pdf.data)
    reader = pypdfium2.PdfDocument(str(path))
    text = "".join(page.get_textpage().get_text_range() for page in reader)
    reader.close()
    return text.replace("\r", "")


def test_the_comparison_page_shows_both_versions_every_interval_and_no_signed_zero(tmp_path):
    one, two = _version("pie=on", 100, 1), _version("pie=off", 100, 2)
    report = GameReport("pawns", "Pawns", (one, two), compared(one, two))
    edges, counts = shared_histogram(report.versions)
    assert [sum(c) for c in counts] == [200, 200] and all(e == int(e) for e in edges)
    text = _page_text(report, "letter", None, tmp_path)
    assert not SIGNED_ZERO.search(text)
    for measure in ("moves per finished game", "times the lead changes hands", "moves to choose from, early"):
        line = next(line for line in text.splitlines() if line.startswith(measure))
        assert re.search(r"^\D+ [\d.]+ \([\d.]+ to [\d.]+\) [\d.]+ \([\d.]+ to [\d.]+\)", line), line  # both versions
    assert "pie=on" in text and "pie=off" in text


def test_the_page_says_the_ladder_and_the_tests_error_rates(tmp_path):
    skill = tuple((strong, weak, Estimate(0.9, *wilson(90, 100)), 100) for strong, weak in skill_pairs(["ladder"]))
    fairness = sprt([1.0, 0.0] * 20, 0.1)
    version = measure_games("v", SPEC, _games(50, 100), skill, fairness, 0)
    words = " ".join(_page_text(GameReport("pawns", "Pawns", (version,), ()), "a4", 0.1, tmp_path).split())
    assert "3 of the ladder's 3 rungs still pay off" in words
    assert "a fair game is called unfair about 9.3 % of the time" in words
