"""Options several products share, declared once: which game and board, how it looks, paper, format, laser.

The options of simulated games are in playing.py, so that a board does not load the simulator."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...draw.board import BoardLook
from ...draw.laser_colours import LASER_COLOURS, ZONE_MODES
from ...draw.palettes import PALETTES
from ...engine.grid import Variant
from ...errors import BoardgenError
from ...gamefiles import GAMES, find_game, is_game_file
from ...games.game import Game
from ...layout.bed import BED_PRESETS, DEFAULT_BED, parse_bed
from ...layout.paper import DEFAULT_MARGIN, PAPERS
from ...options import Kind, Option, Refusal, Role, Values, not_used, shown
from ...options.ranges import FIELD_SIZE
from ...render.registry import FORMATS, LASER_FORMATS
from ..laser_settings import DEFAULT_KERF, DEFAULT_THICKNESS, LaserSettings
from ..looks import game_look

PALETTE_NOT_FOR_LASER = ("does not apply to laser files: a laser burns one colour, so zones are told apart by "
                         "pattern, as --palette mono prints them")
NOT_FOR_LASER = "does not apply to laser files"
LASER_ONLY = "applies to laser files only: add --laser"
PDF_ONLY = "applies to PDF only: SVG and PNG drawings are made at true size, not on paper"


def games() -> Collection[str]:
    """The names of the games boardgen has (built in, and shipped as game files), for a choice of game."""
    return GAMES.keys()


def _palettes() -> Collection[str]:
    return PALETTES


def _papers() -> Collection[str]:
    return PAPERS


def _laser_colours() -> Collection[str]:
    return LASER_COLOURS


def _zone_modes() -> Collection[str]:
    return ZONE_MODES


DXF_VERSIONS = ("r2010", "r12")
LASER_DEFAULT = "svg"  # the format --laser writes when none is given


def game_info(values: Values) -> Game:
    """The game a GAME argument names: a built-in game, or a game file (a path ending in .toml)."""
    return game_named(values["game"])


def game_named(name: str) -> Game:
    """A built-in game by its name, or a game file by its path (ending in .toml); BoardgenError otherwise."""
    return find_game(name)


def _chosen_game(subject: str | None) -> Game | None:
    """The game a form names, for its suggestions: None when none is chosen, or the name is no game's."""
    if subject is None:
        return None
    try:
        return find_game(subject)
    except BoardgenError:
        return None


def look_for(info: Any, palette_name: str) -> Any:
    """The palette, with the styles of the game's own zones where it has any (a game file's)."""
    return game_look(info, palette_name)


def laser(values: Values) -> bool:
    return bool(values.get("laser"))


def named_format(values: Values, extensions: Mapping[str, str] | None = None) -> str | None:
    """The format the -o file's name says (board.svg: svg), by `extensions` ({".csv": "csv"}; default: the
    format registry's), if it names one."""
    path = values.get("output")
    if path is None:
        return None
    known = extensions if extensions is not None else {f".{name}": name for name in FORMATS}
    return known.get(path.suffix.lower())


def name_and_format_disagree(values: Values, extensions: Mapping[str, str] | None = None) -> Refusal | None:
    """Why the -o file's name and --format contradict each other (None when they do not)."""
    named = named_format(values, extensions)
    if not values.given("format") or named is None or named == values["format"]:
        return None
    shown, asked = (named.upper(), str(values["format"]).upper()) if extensions is None else (named, values["format"])
    return Refusal("format", f"-o {values['output'].name} names {_article(shown)} {shown} file, but --format asks "
                   f"for {asked}: give one of them")


def chosen_format(values: Values, default: str) -> str:
    """The format asked for: --format; else the one the -o file's name says; else, with --laser, SVG; else the
    product's default."""
    if values.given("format"):
        return str(values["format"])
    named = named_format(values)
    if named is not None:
        return named
    return LASER_DEFAULT if laser(values) else default


def on_paper(values: Values, default: str) -> bool:
    fmt = chosen_format(values, default)
    return fmt in FORMATS and FORMATS[fmt].on_paper


# -- the game and its board -------------------------------------------------------------------------------------

def game(help_text: str = "The game (boardgen list shows them).") -> Option:
    return Option("game", Kind.CHOICE, help_text, choices=games, argument=True, metavar="GAME", role=Role.GAME,
                  label="Game", sentence="The game to make it for.")


def _game_or_file(text: str) -> str:
    if is_game_file(text):
        return text.strip()

    if len(text) > 60:  # a pasted page of text is not quoted whole, nor looked up
        raise BoardgenError(f"unknown game {shown(text)}; games: {', '.join(GAMES)}")
    return find_game(text).name  # BoardgenError naming the games, and the one meant, otherwise


def game_or_file(help_text: str = "The game (boardgen list shows them), or your own game file (FILE.toml: see "
                 "docs/game-files.md).") -> Option:
    return Option("game", Kind.TEXT, help_text, argument=True, metavar="GAME|FILE.toml", max_length=4096,
                  validate=_game_or_file, role=Role.GAME, label="Game",
                  sentence="One of the games here, or a game of your own from the page for your own game.")


def variant() -> Option:
    def help_text() -> str:
        several = [f"{g.name}: {', '.join(v.name for v in g.variants)}" for g in GAMES.values() if len(g.variants) > 1]
        return f"The board, for games played on several ({'; '.join(several)}); the first is the default."

    def boards(subject: str | None) -> list[str]:
        """The chosen game's boards; every game's when none is chosen."""
        game = _chosen_game(subject)
        games = [game] if game is not None else list(GAMES.values())
        return list(dict.fromkeys(v.name for g in games for v in g.variants))

    return Option("variant", Kind.TEXT, help_text, metavar="BOARD", max_length=40, suggestions=boards,
                  label="Board", sentence="For a game played on several boards, which one; empty: the usual one.")


def variant_check(values: Values) -> Refusal | None:
    """A --variant the game has; refused with the game's boards otherwise."""
    if not values.given("variant"):
        return None
    try:
        game_info(values).variant(values["variant"])
    except ValueError as error:
        return Refusal("variant", f"--variant: {error}")
    return None


def field_check(values: Values) -> Refusal | None:
    """A --field the game's pieces stand in, for a board to play on (paper or laser): a game's own smallest field
    (Stacktics' large pyramid), never a check by the game's name."""
    if values.get("field") is None or "game" not in values:
        return None
    try:
        info = game_info(values)
    except BoardgenError:
        return None  # the game's own refusal says why
    if values["field"] < info.smallest_field:
        return Refusal("field", f"--field {values['field']:g} is too small: {info.title}'s pieces need fields of "
                       f"at least {info.smallest_field:g} mm")
    return None


def arrows_reason(info: Game, board: Variant) -> str:
    """Why --arrows does not apply to a board, or "" when it does."""
    if info.board(board).arrows:
        return ""
    return f"does not apply to {info.title}: its board has no direction of play to show"


def arrows_noted(info: Game, board: Variant, look: BoardLook) -> tuple[BoardLook, str]:
    """The look to draw with and what to tell the user: --arrows on a board with no direction of play draws it
    without arrows and says so, rather than refusing (a club printing every game's board with --arrows gets them
    all; issue 46)."""
    reason = arrows_reason(info, board) if look.arrows else ""
    return (replace(look, arrows=False), f"--arrows {reason}; drawn without arrows") if reason else (look, "")


# -- how a board looks ------------------------------------------------------------------------------------------

def palette(help_text: str, applies_to_laser: bool = False,
            sentence: str = "classic: the game's own colours; cud: colours people with colour blindness tell "
            "apart; mono: black and white.") -> Option:
    return Option("palette", Kind.CHOICE, help_text, default="classic", choices=_palettes,
                  applies=None if applies_to_laser else not_used(PALETTE_NOT_FOR_LASER, laser), label="Colours",
                  sentence=sentence)


def field(help_text: str = "", sentence: str = "The side of one field of the board; empty: the game's own size.",
          label: str = "Field size (mm)") -> Option:
    def game_fields() -> str:
        per_game = ", ".join(f"{g.name} {g.default_field:g}" for g in GAMES.values())
        return f"Side of one field in millimetres [default: the game's own: {per_game}]"

    # The range a game file's field takes too (options/ranges.py says why 5 mm is the smallest).
    return Option("field", Kind.NUMBER, help_text or game_fields, low=FIELD_SIZE.low, high=FIELD_SIZE.high,
                  unit=FIELD_SIZE.unit, metavar="MM", label=label, sentence=sentence)


def look_options() -> tuple[Option, ...]:
    """How a board is drawn: board and diagram."""
    return (
        palette("classic (the games' own colours), cud (colour-blind safe), mono (black and white)."),
        Option("arrows", Kind.FLAG, "Arrows from each start to its goal, where a game has a direction of play.",
               default=False, negatable=True, label="Arrows",
               sentence="Arrows from each start to its goal, for games with a direction of play."),
        Option("coordinates", Kind.FLAG, "Letters and numbers along the edges.", default=True, negatable=True,
               label="Letters and numbers", sentence="Letters and numbers along the board's edges, to name fields."),
        field(),
    )


# -- paper, format, output ----------------------------------------------------------------------------------------

def paper_options(help_text: str, default_format: str | None = None, laser_too: bool = False) -> tuple[Option, ...]:
    """--paper and --margin.  With `default_format`, refused for formats drawn at true size (SVG, PNG); refused
    with --laser unless `laser_too` (a box's size follows the paper of the rules it holds)."""
    def paper_reason(laser_reason: str) -> Any:
        def reason(values: Values) -> str:
            if laser(values) and not laser_too:
                return f"{NOT_FOR_LASER}: {laser_reason}"
            if default_format is not None and not laser(values) and not on_paper(values, default_format):
                return PDF_ONLY
            return ""
        return reason

    return (
        Option("paper", Kind.CHOICE, help_text, default="a4", choices=_papers,
               applies=paper_reason("use --bed for the laser's size"), label="Paper",
               sentence="The size of the paper you print on."),
        Option("margin", Kind.NUMBER, "How close to the paper's edge your printer can print.", default=DEFAULT_MARGIN,
               low=0, high=50, unit="mm", metavar="MM", applies=paper_reason("parts keep 1 mm from the bed's edge"),
               label="Margin (mm)", sentence="How close to the paper's edge your printer can print."),
    )


def format_options(default: str) -> tuple[Option, ...]:
    described = " ".join(f"{f.name}: {f.description}." for f in FORMATS.values())
    described += f" With --laser: {' or '.join(LASER_FORMATS)} (the default is {LASER_DEFAULT})."
    names = tuple(FORMATS)

    def dpi_reason(values: Values) -> str:
        if laser(values):
            return NOT_FOR_LASER
        return "" if chosen_format(values, default) == "png" else "sets the resolution of PNG output only"

    return (
        Option("format", Kind.CHOICE, described, default=default, choices=names, role=Role.FORMAT,
               laser_default=LASER_DEFAULT, label="File type",
               sentence="pdf to print; svg to open in a drawing program; png as a picture (for a laser cutter: svg "
               "or dxf)."),
        Option("dpi", Kind.NUMBER, "Resolution of PNG output.", default=300, low=30, high=1200, unit="dpi",
               applies=dpi_reason, label="Picture sharpness (dots per inch)",
               sentence="For a picture (png): more dots are sharper, and a larger file."),
    )


def format_check(values: Values) -> Refusal | None:
    """The -o file's name and --format agree; a format that holds laser work with --laser, one that holds
    drawings without it (the format registry says which is which)."""
    named = named_format(values)
    fmt = chosen_format(values, str(values.get("format")))
    if fmt in FORMATS:
        if laser(values):
            if (values.given("format") or named is not None) and not FORMATS[fmt].for_laser:
                choices = " or ".join(f"--format {name}" for name in LASER_FORMATS)
                return Refusal("format", f"--laser writes {' or '.join(n.upper() for n in LASER_FORMATS)} files, "
                               f"not {fmt.upper()}: use {choices}")
        elif not FORMATS[fmt].for_drawings:
            return Refusal("format", f"{fmt.upper()} files are for laser cutters: add --laser")
    return name_and_format_disagree(values)


def _article(word: str) -> str:
    """'an SVG', 'a PDF', 'a csv': an abbreviation by how its first letter is said, a word by its first letter."""
    if word.isupper():
        return "an" if word[:1] in "AEFHILMNORSX" else "a"
    return "an" if word[:1] in "aeiou" else "a"


def pdf_only(product: str) -> Any:
    """A check for products that write only PDF: an -o name that says another format is refused."""
    def check(values: Values) -> Refusal | None:
        named = named_format(values)
        if named is None or named == "pdf":
            return None
        return Refusal("output", f"-o {values['output'].name}: {product} is a PDF; name a .pdf file")
    return check


# How each option that changes a file shows in its default name, when the user gave it a value other than its
# default: two different outputs never get the same default name.
_NAMED: dict[str, Any] = {
    "paper": lambda value: str(value), "margin": lambda value: f"margin{value:g}",
    "field": lambda value: f"{value:g}mm", "coordinates": lambda value: "" if value else "no-coordinates",
    "dpi": lambda value: f"{value:g}dpi", "bed": lambda value: str(value).replace(" ", ""),
    "kerf": lambda value: f"kerf{value:g}", "reference": lambda value: "reference" if value else "",
    "laser-colours": lambda value: str(value), "from": lambda value: f"from-{str(value).strip().lower()}",
    "zones": lambda value: f"zones-{value}", "dxf-version": lambda value: str(value),
    "thickness": lambda value: f"{value:g}mm-thick", "bleed": lambda value: f"bleed{value:g}",
    "crop-marks": lambda value: "crop-marks" if value else "", "lang": lambda value: "" if value == "en" else value,
}


def variation(values: Values, *names: str) -> str:
    """'-letter-18mm': the given options among `names` that change the file, for its default name."""
    parts = []
    for name in names:
        if name in values and values.given(name) and values[name] is not None:
            shown = _NAMED[name](values[name])
            if shown:
                parts.append(shown)
    return "".join(f"-{part}" for part in parts)


ON_PAPER = ("paper", "margin")
LOOK = ("field", "coordinates")
LASER_SETTINGS = ("bed", "kerf", "thickness", "reference", "laser-colours", "zones", "dxf-version")


def bleed() -> Option:
    """--bleed: for sheets of parts sent to a print shop."""
    def reason(values: Values) -> str:
        if laser(values):
            return NOT_FOR_LASER
        if chosen_format(values, "pdf") != "pdf":
            return "applies to PDF only: a print shop's bleed round the sheet"
        return ""

    return Option("bleed", Kind.NUMBER, "PDF for a print shop: grow each page by this much on every side; the "
                  "sheet is the PDF's TrimBox, the whole page its BleedBox [default: none].", low=0, high=20,
                  unit="mm", metavar="MM", applies=reason, label="Bleed for a print shop (mm)",
                  sentence="Only for a print shop: how far each page reaches past where it is cut; empty: none.")


def output(default_text: str, help_text: str = "File to write") -> Option:
    return Option("output", Kind.PATH, f"{help_text} [default: {default_text}].", short="-o", metavar="PATH",
                  role=Role.OUTPUT, label="File name", sentence="Where the file is written on this computer.")


# -- laser --------------------------------------------------------------------------------------------------------

def _bed(text: str) -> str:
    parse_bed(text)  # ValueError with the reason
    return text.strip().lower()


def kerf_and_bed(when: str, applies: Any) -> tuple[Option, ...]:
    presets = ", ".join(f"{name} {bed.width:g}x{bed.height:g}" for name, bed in BED_PRESETS.items())
    return (
        Option("kerf", Kind.NUMBER, f"{when}: the width the beam burns away; cut outlines move out by half of it so "
               "parts come out at their size.", default=DEFAULT_KERF, low=0, high=1, unit="mm", metavar="MM",
               applies=applies, label="Width of the laser's cut (mm)",
               sentence="How much the beam burns away; parts grow by half of it, so they come out at their size."),
        Option("bed", Kind.TEXT, f"{when}: the laser's working area in mm, or one of: {presets}.",
               default=DEFAULT_BED, metavar="WxH|NAME", max_length=40, validate=_bed, applies=applies,
               label="Laser's working area", sentence="Its width x height in millimetres, or a known laser's name."),
    )


def laser_file_options(when: str, applies: Any) -> tuple[Option, ...]:
    """How the laser files are made, for every product that cuts: the test pieces, colours, zones, DXF version."""
    conventions = "; ".join(f"{c.name}: {c.description}" for c in LASER_COLOURS.values())
    modes = "; ".join(f"{name}: {text}" for name, text in ZONE_MODES.items())
    return (
        Option("thickness", Kind.NUMBER, f"{when}: the thickness of the plywood or MDF, for a box's joints and the "
               "reference's comb of slots.", default=DEFAULT_THICKNESS, low=1, high=12, unit="mm", metavar="MM",
               applies=applies, label="Wood thickness (mm)",
               sentence="How thick the plywood or board is, so a box's joints and slots fit it."),
        Option("reference", Kind.FLAG, f"{when}: add a 20 mm square and a comb of slots for the material, cut, to "
               "check scale, kerf and fit before cutting the rest.", default=False, applies=applies,
               label="Test pieces first", sentence="A 20 mm square and a comb of slots, to check size and fit before "
               "cutting the rest."),
        Option("laser-colours", Kind.CHOICE, f"{when}: the colour convention ({conventions}).", default="rgb",
               choices=_laser_colours, applies=applies, label="Colours for the laser's program",
               sentence="Which colours mean cut, score and engrave in the program that drives your laser."),
        Option("zones", Kind.CHOICE, f"{when}: how the board's zones go on wood ({modes}).", default="engrave",
               choices=_zone_modes, applies=applies, label="Coloured zones on wood",
               sentence="How the board's coloured zones are shown, as wood has one colour."),
        Option("dxf-version", Kind.CHOICE, f"{when}, as DXF: r2010, or r12 for older laser programs (lines and "
               "polylines only, engraved areas as closed outlines).", default=DXF_VERSIONS[0], choices=DXF_VERSIONS,
               applies=not_used("applies to DXF laser files only", lambda values: chosen_format(values, "") != "dxf"),
               label="DXF version", sentence="r2010, or r12 for older laser programs."),
    )


def laser_options() -> tuple[Option, ...]:
    only_laser = not_used(LASER_ONLY, lambda values: not laser(values))
    return (
        Option("laser", Kind.FLAG, "Files for a laser cutter (SVG or DXF): cut red, score blue, engrave black, text "
               "as outlines, one file per bed.", default=False, role=Role.LASER, label="Cut on a laser cutter",
               sentence="Files for a laser cutter instead of paper: cut in red, scored in blue, engraved in black."),
        *kerf_and_bed("With --laser", only_laser),
        *laser_file_options("With --laser", only_laser),
    )


def laser_settings(values: Values, info: Any) -> Any:
    """LaserSettings from checked values (with --laser, or a laser gift set or box), for the game `info`: its own
    zones and pieces (a game file's) engraved as the mono palette shows them."""
    return LaserSettings(parse_bed(values["bed"]), values["kerf"], values["reference"],
                         LASER_COLOURS[values["laser-colours"]], chosen_format(values, "svg"), values["zones"],
                         values["dxf-version"], values["thickness"], look_for(info, "mono"))


def look(info: Any, values: Values) -> Any:
    size = values["field"] if values["field"] is not None else info.default_field
    return BoardLook(field_size=size, coordinates=values["coordinates"], arrows=values["arrows"])


# -- the rule sheet's language ----------------------------------------------------------------------------------

def _languages_help() -> str:
    per_game = "; ".join(f"{g.name}: {', '.join(g.languages)}" for g in GAMES.values())
    return f"Language of the rule sheet ({per_game})."


def _languages(subject: str | None) -> list[str]:
    """The chosen game's rule sheets' languages; every game's when none is chosen."""
    game = _chosen_game(subject)
    games = [game] if game is not None else list(GAMES.values())
    return sorted({lang for g in games for lang in g.languages}, key=lambda lang: (lang != "en", lang))


def lang(help_text: Any = _languages_help, applies: Any = None,
         suggestions: Callable[[str | None], Sequence[str]] = _languages,
         sentence: str = "The language of the rule sheet, as a two-letter code like en, de or it.") -> Option:
    return Option("lang", Kind.TEXT, help_text, default="en", metavar="LANG",
                  validate=lambda text: text.strip().lower(), suggestions=suggestions, applies=applies,
                  label="Language", sentence=sentence)


def lang_check(values: Values) -> Refusal | None:
    info = game_info(values)
    if values["lang"] in info.languages or not info.languages:
        return None  # a game file without rules: each product says what it needs, or makes do without
    return Refusal("lang", f"--lang: there is no {values['lang']!r} rule sheet for {info.title}; languages: "
            f"{', '.join(sorted(info.languages))}")
