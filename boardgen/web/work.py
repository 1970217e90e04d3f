"""What each product page makes: the files of a quick product, or the work of a long one (a job), by calling the
library exactly as the command line does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..errors import BoardgenError
from ..options import Values
from ..products.document import RenderedFile
from .jobs import Job


class Made(NamedTuple):
    """What a long job leaves: files to download, and a text to show (a report, an answer)."""

    files: list[RenderedFile]
    text: str = ""
    download_name: str = ""  # the ZIP's name for several files; the file's own for one


class Limits(NamedTuple):
    games: int = 5_000  # a simulation's games
    study_games: int = 400  # a study's games for each setting
    job_seconds: float = 600.0


def quick_files(product: Any, values: Values) -> list[RenderedFile]:
    files: list[RenderedFile] = product.make(values)
    return files


def check_limits(product_name: str, values: Values, limits: Limits) -> str:
    """Why the page will not play this many games ("" when it will): it runs on the club's own computer."""
    if product_name == "simulate":
        games = values["games"] if values["games"] is not None else (None if values["until-ci"] is not None else 200)
        if games is None:
            return f"--until-ci: give --games too (at most {limits.games:,} here): the page plays a bounded number"
        if games > limits.games:
            return f"--games: the page plays at most {limits.games:,} games; the command line plays more"
    if product_name == "report":
        stops = values["until"] is not None or values["fair-within"] is not None
        if stops and values["games"] is None:
            return f"--games: give the most games to play (at most {limits.games:,} here) with --until or --fair-within"
        if (values["games"] or 0) > limits.games or values["skill-games"] > limits.games:
            return f"--games: the page plays at most {limits.games:,} games; the command line plays more"
    if product_name == "study" and values["games"] is not None and values["games"] > limits.study_games:
        return f"--games: the page plays at most {limits.study_games} games a setting; the command line plays more"
    return ""


def job_work(product_name: str, product: Any, values: Values, limits: Limits) -> tuple[str, int, Callable[[Job], Made]]:
    """A long product's title, its number of steps and its work."""
    if product_name == "giftset":
        from ..products.declared.common import game_info
        from ..products.declared.giftset import STEPS, for_laser, make_giftset

        info = game_info(values)
        steps = list(STEPS)

        def giftset(job: Job) -> Made:
            done = iter(range(1, 100))
            files = make_giftset(values, lambda step: job.report(next(done), step))
            name = f"{info.name}-giftset{'-laser' if for_laser(values) else ''}"
            return Made(files, f"{len(files)} files: the set and its manifest", name)
        return f"The {info.title} gift set", len(steps), giftset
    if product_name == "simulate":
        from ..products.played import simulate_games, simulation_chart, simulation_games, simulation_text
        from ..simulate.runner import executor_for

        games = simulation_games(values) or limits.games

        def simulate(job: Job) -> Made:
            with executor_for(1, None) as executor:
                simulation = simulate_games(values, executor, lambda summary: job.report(
                    summary.games, f"A wins {100 * summary.rate_a:.1f} %"), in_flight=1)
            chart = simulation_chart(simulation, "svg", f"{simulation.info.name}-simulation")
            return Made(chart, simulation_text(simulation, values["format"]))
        return f"Playing {games:,} games", games, simulate
    if product_name == "study":
        from ..products.played import answer_study, study_games

        chosen, per_arm = study_games(values)

        def study(job: Job) -> Made:
            from ..simulate.runner import executor_for

            with executor_for(1, None) as executor:
                answered = answer_study(values, executor, lambda played: job.report(played, f"{played:,} games"),
                                        in_flight=1)
            return Made(answered.files, answered.answer)
        return chosen.title, per_arm * len(chosen.arms), study
    if product_name == "report":
        from ..games import get_game
        from ..products.declared.report import plan, stem
        from ..products.game_report import report_files
        from ..simulate.game_report import build_report, fairness_sentence

        info = get_game(values["game"])
        chosen = plan(values)

        def report(job: Job) -> Made:
            from ..layout.paper import get_paper
            from ..products.document import output_for
            from ..simulate.runner import executor_for

            with executor_for(1, None) as executor:
                made = build_report(info.name, info.title, chosen, executor,
                                    lambda played: job.report(played, f"{played:,} games"), in_flight=1)
            output = output_for("pdf", get_paper(values["paper"]), values["margin"])
            name = stem(values)
            files = report_files(made, output, name, values["fair-within"])
            said = [m.sentence for v in made.versions for m in v.measures if m.key == "first_player"]
            if values["fair-within"] is not None:
                said += [fairness_sentence(v.fairness, values["fair-within"]) for v in made.versions if v.fairness]
            return Made([files[1], files[0], files[2]], "\n".join(said), name)  # the chart first: the page shows it
        return f"A report on {info.title}", chosen.total(), report
    raise BoardgenError(f"{product_name} is not long work")  # pragma: no cover - the pages ask only for these
