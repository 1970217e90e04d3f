"""Option types and option sets the commands share, so every command refuses bad input the same way."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..draw.laser_colours import LASER_COLOURS
from ..draw.palettes import PALETTES
from ..games import GAMES
from ..layout.paper import DEFAULT_MARGIN, PAPERS
from ..render.registry import FORMATS

F = TypeVar("F", bound=Callable[..., Any])


class FiniteFloat(click.ParamType):
    """A number within limits; NaN and infinities are refused (they pass every `<` check)."""

    name = "number"

    def __init__(self, low: float, high: float, low_open: bool = False, unit: str = "") -> None:
        self.low, self.high, self.low_open, self.unit = low, high, low_open, unit

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number = float(value)
        else:
            try:
                number = float(str(value).strip())
            except ValueError:
                self.fail(f"{value!r} is not a number", param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a number it can use; give a value {self._range()}", param, ctx)
        if number < self.low or number > self.high or (self.low_open and number == self.low):
            self.fail(f"{number:g} is outside the range: give a value {self._range()}", param, ctx)
        return number

    def _range(self) -> str:
        low = f"above {self.low:g}" if self.low_open else f"from {self.low:g}"
        return f"{low} to {self.high:g}{(' ' + self.unit) if self.unit else ''}"


class OutputPath(click.ParamType):
    """A file to write: checked as text, so that 'newdir/' is refused rather than read as 'newdir'."""

    name = "path"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        from ..errors import BoardgenError
        from ..products.writer import target_path

        if isinstance(value, Path):
            return value
        try:
            return target_path(str(value))
        except BoardgenError as error:
            self.fail(str(error), param, ctx)


def refuse_unused(ctx: click.Context, reasons: dict[str, str]) -> None:
    """Refuse an option the user gave that this run would ignore: {option name: why it does not apply}."""
    from click.core import ParameterSource

    from ..errors import BoardgenError

    for name, reason in reasons.items():
        given = ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE
        if reason and given and ctx.params.get(name):  # --no-arrows asks for nothing, so it is no bother
            flag = next(p.opts[0] for p in ctx.command.params if p.name == name)
            raise BoardgenError(f"{flag} {reason}")


def format_reasons(fmt: str, on_paper_only: tuple[str, ...] = ("paper", "margin")) -> dict[str, str]:
    """Which paper and resolution options a format ignores, and why."""
    reasons = {"dpi": "" if fmt == "png" else "sets the resolution of PNG output only"}
    if fmt not in FORMATS or not FORMATS[fmt].on_paper:
        for name in on_paper_only:
            reasons[name] = "applies to PDF only: SVG and PNG drawings are made at true size, not on paper"
    return reasons


def choice(values: Iterable[str]) -> click.Choice:
    return click.Choice(list(values), case_sensitive=False)


def game_argument(games: Iterable[str] | None = None) -> Callable[[F], F]:
    names = list(games if games is not None else GAMES)
    return click.argument("game", type=choice(names), metavar="GAME")


MM_FIELD = FiniteFloat(0, 100, low_open=True, unit="mm")
MM_MARGIN = FiniteFloat(0, 50, unit="mm")
DPI = FiniteFloat(30, 1200, unit="dpi")


def variants_help() -> str:
    several = [f"{g.name}: {', '.join(v.name for v in g.variants)}" for g in GAMES.values() if len(g.variants) > 1]
    if not several:
        return "The board, for games played on several (each game's boards are in `boardgen list`)."
    return f"The board, for games played on several ({'; '.join(several)}); the first is the default."


def field_help() -> str:
    sizes = sorted({f"{g.default_field:g}" for g in GAMES.values()})
    per_game = ", ".join(f"{g.name} {g.default_field:g}" for g in GAMES.values())
    return f"Side of one field in millimetres [default: the game's own: {per_game}]" if len(sizes) > 1 else \
        f"Side of one field in millimetres [default: {sizes[0]}]"


def variant_option() -> Callable[[F], F]:
    return click.option("--variant", "variant_name", default=None, metavar="BOARD", help=variants_help())


def paper_options(paper_help: str = "Paper size.") -> Callable[[F], F]:
    options = [
        click.option("--paper", type=choice(PAPERS), default="a4", show_default=True, help=paper_help),
        click.option("--margin", type=MM_MARGIN, default=DEFAULT_MARGIN, show_default=True, metavar="MM",
                     help="How close to the paper's edge your printer can print."),
    ]
    return _stack(options)


def palette_option(help_text: str) -> Callable[[F], F]:
    return click.option("--palette", type=choice(PALETTES), default="classic", show_default=True, help=help_text)


LASER_FORMATS = {"svg": "SVG with cut, score and engrave as colours and layers",
                 "dxf": "DXF in millimetres with CUT, SCORE and ENGRAVE layers"}


def format_options(default: str, formats: Iterable[str] = FORMATS, laser: bool = False) -> Callable[[F], F]:
    names = list(formats) + (["dxf"] if laser else [])
    described = " ".join(f"{f}: {FORMATS[f].description}." for f in formats)
    if laser:
        described += " With --laser: svg or dxf (the default is svg)."
    return _stack([
        click.option("--format", "fmt", type=choice(names), default=default, show_default=True, help=described),
        click.option("--dpi", type=DPI, default=300, show_default=True, help="Resolution of PNG output."),
    ])


MM_KERF = FiniteFloat(0, 1, unit="mm")


def kerf_and_bed_options(when: str) -> Callable[[F], F]:
    """--kerf and --bed, whose help starts with `when` ("With --laser", "For laser")."""
    from ..layout.bed import BED_PRESETS, DEFAULT_BED

    presets = ", ".join(f"{name} {bed.width:g}x{bed.height:g}" for name, bed in BED_PRESETS.items())
    return _stack([
        click.option("--kerf", type=MM_KERF, default=None, metavar="MM",
                     help=f"{when}: the width the beam burns away; cut outlines move out by half of it so "
                          "parts come out at their size [default: 0.1].",),
        click.option("--bed", default=None, metavar="WxH|NAME",
                     help=f"{when}: the laser's working area in mm, or one of: {presets} "
                          f"[default: {DEFAULT_BED}]."),
    ])


def laser_options() -> Callable[[F], F]:
    """The options of laser output, shared by board, diagram and pieces."""
    conventions = "; ".join(f"{c.name}: {c.description}" for c in LASER_COLOURS.values())
    return _stack([
        click.option("--laser", is_flag=True,
                     help="Files for a laser cutter (SVG or DXF): cut red, score blue, engrave black, text as "
                          "outlines, one file per bed."),
        kerf_and_bed_options("With --laser"),
        click.option("--reference", is_flag=True,
                     help="With --laser: add a 20 mm square, cut, with the kerf engraved beside it, to check scale "
                          "and fit."),
        click.option("--laser-colours", type=choice(LASER_COLOURS), default=None,
                     help=f"With --laser: the colour convention ({conventions}) [default: rgb]."),
    ])


def output_option(default: str) -> Callable[[F], F]:
    return click.option("-o", "--output", "output_path", type=OutputPath(), default=None, metavar="PATH",
                        help=f"File to write [default: {default}].")


def playing_options() -> Callable[[F], F]:
    """Where simulated games are played, and from which seed: shared by simulate and study."""
    return _stack([
        click.option("--seed", type=click.IntRange(0, 2**63), default=1, show_default=True,
                     help="The same seed plays the same games, whatever the number of workers."),
        click.option("--workers", type=click.IntRange(1, 1024), default=None, metavar="N",
                     help="Processes to play on [default: every core]."),
        click.option("--scheduler", default=None, metavar="ADDRESS",
                     help="A Dask scheduler (tcp://host:8786) whose workers play the games (pip install "
                          "'boardgen[cluster]')."),
    ])


def board_look_options() -> Callable[[F], F]:
    """The options that say how a board is drawn, shared by board and diagram."""
    return _stack([
        palette_option("classic (the games' own colours), cud (colour-blind safe), mono (black and white)."),
        click.option("--arrows/--no-arrows", default=False, show_default=True,
                     help="Arrows from each start to its goal, where a game has a direction of play."),
        click.option("--coordinates/--no-coordinates", default=True, show_default=True,
                     help="Letters and numbers along the edges."),
        click.option("--field", "field_size", type=MM_FIELD, default=None, metavar="MM", help=field_help()),
    ])


def _stack(options: list[Callable[[F], F]]) -> Callable[[F], F]:
    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate
