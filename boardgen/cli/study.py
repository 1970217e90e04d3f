"""`boardgen study`: one of the designers' open questions, answered by simulated games in a one-page PDF."""

from __future__ import annotations

from pathlib import Path

import click

from ..simulate.studies import STUDIES
from .options import OutputPath, choice, paper_options, playing_options


def _studies_help() -> str:
    return "; ".join(f"{name}: {study.title}" for name, study in STUDIES.items())


@click.command(help="Answer a designer's open question by simulated games, in a one-page PDF report with a "
                    f"table, a chart and the answer with its interval. NAME is one of: {_studies_help()}.")
@click.argument("name", type=choice(STUDIES), metavar="NAME")
@click.option("-o", "--output", "output_path", type=OutputPath(), default=None, metavar="FILE.pdf",
              help="File to write [default: output/study-NAME.pdf].")
@click.option("--quick", is_flag=True,
              help="A few games a setting (wide intervals, said on the page): a first look in well under a minute.")
@click.option("--games", type=click.IntRange(1, 100_000), default=None, metavar="N",
              help="Games for each setting [default: each study's own, a few hundred].")
@playing_options()
@paper_options("Paper for the report.")
def study(name: str, output_path: Path | None, quick: bool, games: int | None, seed: int, workers: int | None,
          scheduler: str | None, paper: str, margin: float) -> None:
    from ..draw.palettes import get_palette
    from ..errors import BoardgenError
    from ..layout.paper import get_paper
    from ..products.delivery import deliver
    from ..products.document import output_for
    from ..products.simulation_report import study_document
    from ..products.writer import DEFAULT_FOLDER, prepare_target
    from ..simulate.studies import run_study
    from .shared import playing

    chosen = STUDIES[name.lower()]
    if quick and games is not None:
        raise BoardgenError("--quick plays a few games a setting and --games sets how many: give one of them")
    if output_path is not None and output_path.suffix.lower() != ".pdf":
        raise BoardgenError(f"-o {output_path}: a study's report is a PDF; name a .pdf file")
    prepare_target(output_path or DEFAULT_FOLDER / f"study-{chosen.name}.pdf")  # refused before, not after, playing
    per_arm = games or (chosen.quick_games if quick else chosen.games)
    total = per_arm * len(chosen.arms)
    with playing(workers, scheduler, chosen.title, total) as (executor, bar):
        results = run_study(chosen, per_arm, seed, executor, lambda played: bar.update(played - bar.pos))
    output = output_for("pdf", get_paper(paper), margin)
    document = study_document(chosen, results, per_arm, seed, quick, output, f"study-{chosen.name}")
    click.echo(chosen.answer(chosen, results))
    for path in deliver([document], output, get_palette("classic"), output_path):
        click.echo(f"wrote {path}")
