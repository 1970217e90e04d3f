"""`diagram`: a position drawn on its board, with the fields its moves reach."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ...errors import BoardgenError
from ...gamefiles import is_game_file, load_game_file
from ...layout.paper import get_paper
from ...options import Kind, Option, Product, Role, Values, not_used
from ..board import drawing_document
from ..diagram import diagram_document, file_position_drawer, parse_from, position_drawer, valid_position
from ..document import output_for, render_document
from ..inputs import read_source
from ..laser_files import plate_files
from . import common


def make_diagram(values: Values) -> list[Any]:
    if _game_file_position(values["file"]) is not None:
        return _file_diagram(values)
    source = read_source(values["file"])
    loaded = valid_position(source.data, source.label, source.folder)
    origin = parse_from(loaded, values["from"]) if values["from"] is not None else None
    drawn, arrows_note = common.arrows_noted(loaded.game, loaded.position.variant, common.look(loaded.game, values))
    # The game's name first: sample:alea/01-start and sample:iacta/01-start are different files.
    name = source.stem if source.stem.startswith(f"{loaded.game.name}-") else f"{loaded.game.name}-{source.stem}"
    palette = "" if common.laser(values) or values["palette"] == "classic" else f"-{values['palette']}"
    stem = (f"{name}{'-moves' if values['moves'] else ''}{palette}"
            + common.variation(values, "from", *common.LOOK))
    if common.laser(values):
        settings = common.laser_settings(values, loaded.game)
        plates = plate_files(position_drawer(loaded, values["moves"], origin), drawn, settings,
                             f"{stem}-laser{common.variation(values, *common.LASER_SETTINGS)}", "diagram",
                             loaded.game.smallest_field)
        return [replace(plates[0], notice=arrows_note), *plates[1:]] if arrows_note else plates
    output = output_for(common.chosen_format(values, "svg"), get_paper(values["paper"]), values["margin"],
                        values["dpi"])
    stem += common.variation(values, *common.ON_PAPER, "dpi")
    document = diagram_document(loaded, drawn, output, stem, values["moves"], origin)
    if arrows_note:
        document = replace(document, notice="; ".join(filter(None, (arrows_note, document.notice))))
    return render_document(document, output, common.look_for(loaded.game, values["palette"]))


def _game_file_position(text: str) -> tuple[str, str] | None:
    """("racers.toml", "start") for "racers.toml#start": a position that a game file gives."""
    path, hash_sign, name = text.rpartition("#")
    return (path, name) if hash_sign and is_game_file(path) else None


def _file_diagram(values: Values) -> list[Any]:
    """A position a game file names, drawn on the game's board with its markers and crosses."""
    found = _game_file_position(values["file"])
    assert found is not None
    path, name = found
    info = load_game_file(Path(path))
    if values["moves"]:
        raise BoardgenError("--moves: a game file's named positions mark their own crosses and rings; to mark a "
                            "position's moves, write it as a position file (game = \"FILE.toml\") and draw that")
    drawn = common.look(info, values)
    draw = file_position_drawer(info, name)  # an unknown name is refused before anything else
    stem = f"{info.name}-{name}"
    if common.laser(values):
        settings = common.laser_settings(values, info)
        return plate_files(draw, drawn, settings, f"{stem}-laser{common.variation(values, *common.LASER_SETTINGS)}",
                           "diagram", info.smallest_field)
    output = output_for(common.chosen_format(values, "svg"), get_paper(values["paper"]), values["margin"],
                        values["dpi"])
    stem += ("" if values["palette"] == "classic" else f"-{values['palette']}") + common.variation(
        values, *common.LOOK, *common.ON_PAPER, "dpi")
    document = drawing_document(draw, drawn, output, f"{info.title}: {name}", stem)
    return render_document(document, output, common.look_for(info, values["palette"]))


DIAGRAM = Product(
    "diagram",
    "Draw a position file (or sample:GAME/NAME) on its board, as SVG, PDF or PNG.\n\n"
    "The position file picks the board, so diagram has no --variant.",
    (
        Option("file", Kind.TEXT, "A position file, sample:GAME/NAME, or GAMEFILE.toml#NAME for a position your "
               "game file gives.", argument=True, metavar="FILE", role=Role.POSITION, label="Position",
               sentence="A sample position, or one you gave the positions page."),
        Option("moves", Kind.FLAG, "Mark every field the legal moves reach.", default=False, label="Show the moves",
               sentence="Mark every field the legal moves reach."),
        Option("from", Kind.TEXT, "With --moves: mark only the moves of the piece on this field, e.g. e6.",
               metavar="FIELD", max_length=40, label="Only the moves from",
               sentence="With the moves shown: only those of the piece on this field, like e6.",
               applies=not_used("picks whose moves to mark; use it together with --moves",
                                lambda values: not values["moves"])),
        *common.look_options(),
        *common.paper_options("Paper for PDF.", default_format="svg"),
        *common.format_options("svg"),
        *common.laser_options(),
        common.output("output/GAME-FILE[-moves][-OPTIONS].FORMAT"),
    ),
    make=make_diagram,
    checks=(common.format_check,),
    title="A position drawn on its board",
    subject_link="Make this diagram to print",
    sentence="A position drawn on its board, with the fields its moves reach marked if you like.",
)
