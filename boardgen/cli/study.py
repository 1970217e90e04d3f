"""`boardgen study`: one of the designers' open questions, answered by simulated games in a one-page PDF."""

from __future__ import annotations

import sys

from ..options import Product, Values
from ..terminal import shown_path
from .output import echo


def study(product: Product, values: Values) -> None:
    from ..draw.palettes import get_palette
    from ..layout.paper import get_paper
    from ..products.delivery import deliver
    from ..products.document import output_for
    from ..products.simulation_report import study_document
    from ..products.writer import DEFAULT_FOLDER, prepare_target
    from ..simulate.studies import answer, run_study, studies
    from .shared import Forecast, playing

    chosen = studies()[values["name"]]
    output_path = values["output"]
    prepare_target(output_path or DEFAULT_FOLDER / f"study-{chosen.name}.pdf")  # refused before, not after, playing
    quick, games = values["quick"], values["games"]
    per_arm = games or (chosen.quick_games if quick else chosen.games)
    total = per_arm * len(chosen.arms)
    forecast = Forecast(total)

    def progress(played: int) -> None:
        bar.update(played - bar.pos)
        forecast.update(played)

    with playing(values["workers"], values["scheduler"], chosen.title, total) as (executor, bar):
        results = run_study(chosen, per_arm, values["seed"], executor, progress)
    stopped = next((r.outcome.stopped for r in results if r.outcome.stopped), 0)
    if stopped:
        finished = sum(1 for r in results if not r.outcome.stopped)
        echo(f"boardgen: stopped: {finished} of {len(chosen.arms)} settings played in full; no report written "
                   "(a study answers only when every setting is played)", err=True)
        sys.exit(stopped)
    output = output_for("pdf", get_paper(values["paper"]), values["margin"])
    document = study_document(chosen, results, per_arm, values["seed"], quick, output, f"study-{chosen.name}")
    echo(answer(chosen, results))
    for path in deliver([document], output, get_palette("classic"), output_path):
        echo(f"wrote {shown_path(path)}")
