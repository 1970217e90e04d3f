"""`boardgen report`: is my game fair?  Games played, measured, and written on one page with its chart and JSON."""

from __future__ import annotations

from pathlib import Path

from ..options import Product, Values
from ..stopping import exit_stopped
from ..terminal import shown_path
from .output import echo


def report(product: Product, values: Values) -> None:
    from ..games import get_game
    from ..layout.paper import get_paper
    from ..products.declared.report import plan, stem
    from ..products.document import output_for
    from ..products.game_report import report_files
    from ..products.writer import DEFAULT_FOLDER, prepare_target, write_files
    from ..simulate.game_report import build_report
    from .shared import Forecast, playing

    info = get_game(values["game"])
    chosen = plan(values)
    pdf_path = values["output"] or DEFAULT_FOLDER / f"{stem(values)}.pdf"
    paths = [pdf_path, pdf_path.with_name(f"{pdf_path.stem}-chart.svg"), pdf_path.with_suffix(".json")]
    for path in paths:
        prepare_target(path)  # refused before, not after, playing
    total = chosen.total()
    forecast = Forecast(total)

    def progress(played: int) -> None:
        bar.update(max(0, min(played, total) - bar.pos))
        forecast.update(played)

    with playing(values["workers"], values["scheduler"], f"Playing {info.title}", total) as (executor, bar):
        made = build_report(info.name, info.title, chosen, executor, progress)
    if any(version.stopped for version in made.versions):
        echo("boardgen: stopped: no report written (a report counts every game it set out to play)", err=True)
        exit_stopped(next(version.stopped for version in made.versions if version.stopped))
    output = output_for("pdf", get_paper(values["paper"]), values["margin"])
    files = report_files(made, output, Path(pdf_path).stem, values["fair-within"])
    write_files([(path, file.data) for path, file in zip(paths, files, strict=True)], pdf_path)
    for version in made.versions:
        label = f"{version.label}: " if len(made.versions) > 1 else ""
        for measure in version.measures:
            if measure.key == "first_player" or measure.key.startswith("skill"):
                echo(label + measure.sentence)
        if version.fairness is not None and values["fair-within"] is not None:
            from ..simulate.game_report import fairness_sentence

            echo(label + fairness_sentence(version.fairness, values["fair-within"]))
    for difference in made.differences:
        if difference.key == "first_player":
            echo(f"The difference in the first player's win rate: {difference.sentence}")
    for path in paths:
        echo(f"wrote {shown_path(path)}")
