"""`boardgen study`: one of the designers' open questions, answered by simulated games in a one-page PDF."""

from __future__ import annotations

from ..options import Product, Values
from ..stopping import exit_stopped
from ..terminal import shown_path
from .output import echo


def study(product: Product, values: Values) -> None:
    from ..products.delivery import deliver_files
    from ..products.played import answer_study, study_games
    from ..products.writer import DEFAULT_FOLDER, prepare_target
    from .shared import Forecast, playing

    chosen, per_arm = study_games(values)
    output_path = values["output"]
    prepare_target(output_path or DEFAULT_FOLDER / f"study-{chosen.name}.pdf")  # refused before, not after, playing
    total = per_arm * len(chosen.arms)
    forecast = Forecast(total)

    def progress(played: int) -> None:
        bar.update(played - bar.pos)
        forecast.update(played)

    with playing(values["workers"], values["scheduler"], chosen.title, total) as (executor, bar):
        answered = answer_study(values, executor, progress)
    if answered.stopped:
        echo(f"boardgen: stopped: {answered.settings_played} of {len(chosen.arms)} settings played in full; no "
             "report written (a study answers only when every setting is played)", err=True)
        exit_stopped(answered.stopped)
    echo(answered.answer)
    for path in deliver_files(answered.files, output_path):
        echo(f"wrote {shown_path(path)}")
