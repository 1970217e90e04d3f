"""A gift set: every file for a boxed game, made in memory and written as one set.

The board, the pieces and the rule sheet are the ones their own commands
make; the box is two card nets sized to hold them (the board folded as the
read-me says, the rules folded with it, the made-up pieces on top), and a
one-page read-me says what to print on what and in which order to make it.
`<game>-giftset.pdf` holds every page in print order, laid out to print
two-sided in one run (a blank page where a sheet has no back, every file
starting on a sheet of its own: layout.duplex), and `manifest.json` lists
each file with its size, pages, paper and SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..draw.board import BoardLook
from ..draw.diagram import draw_diagram
from ..draw.scene import Box, Placed, Scene, SceneBuilder, Text
from ..engine.grid import Variant
from ..errors import BoardgenError
from ..games.game import Game
from ..games.loading import SomeLoaded, start_of
from ..layout.boxes import BoxSize, draw_tray_net, lid_for, tray_net_size
from ..layout.duplex import both_sides, run_spans, two_sided
from ..layout.flow import Block, Bullets, Heading, Para, Run, runs
from ..layout.flow_pages import FlowPage, flow_pages
from ..layout.pages import CALIBRATION_LABEL, footer, usable_area
from ..layout.paper import PAPERS, Paper
from ..layout.piece_options import PiecesOptions
from ..layout.sheets import flip_box
from ..layout.text import paragraph
from .board import board_document
from .diagram import position_drawer, valid_position
from .document import Document, DocumentInfo, RenderedFile, output_for, render_document
from .looks import game_look
from .pieces import pieces_room, pieces_stem, pieces_with_backs
from .rule_sheet import require_rules, rule_sheet_document
from .templates import sample_bytes, sample_names
from .translations import Translate, credit, maker_line, translator
from .writer import DEFAULT_FOLDER, check_folder_name, write_folder

BOARD_CARD = 0.3  # mm: the card the board and box are printed on
PAPER_SHEET = 0.1  # mm: a sheet of ordinary paper (the rules)
CLEARANCE = 2.0  # mm of room on every side of the contents, and above them
FOLDS = ("flat", "in half", "in quarters")
MANIFEST = "manifest.json"


@dataclass(frozen=True)
class GiftsetOptions:
    variant: Variant
    palette: str
    arrows: bool
    lang: str
    paper: Paper
    margin: float
    field: float
    card: float = BOARD_CARD  # mm, the box's card
    dedication: str = ""


@dataclass(frozen=True)
class BoxPlan:
    fold: str  # how the board and rules are folded to lie in the box
    contents: tuple[float, float]  # mm: the folded sheets' footprint
    base: BoxSize
    lid: BoxSize
    turned: bool  # the nets lie across landscape paper


Progress = Callable[[str], None]


@dataclass(frozen=True)
class SetFile:
    """One PDF of the set: its pages, the stock it prints on, and which pages print on the back of the page
    before (the tokens' backs, the inside of the lid, the rules' every other page)."""

    document: Document
    stock: str
    backs: frozenset[int] = frozenset()


def folded_size(paper: Paper, fold: str) -> tuple[float, float]:
    long, short = max(paper.width, paper.height), min(paper.width, paper.height)
    if fold == "flat":
        return long, short
    if fold == "in half":
        return short, long / 2
    return long / 2, short / 2


BOX_NOTE = ("Print on card at 100 %. Cut along the solid lines, fold along the dashed ones with the print outside, "
            "and glue each tab inside the wall beside it.")
# The stock each file prints on, as the read-me and the manifest name it (the manifest keeps the English).
CARD, CARD_TWO_SIDED, PAPER_BOTH_SIDES, PAPER = "card", "card, two-sided", "plain paper, both sides", "plain paper"


def _net_area(game: Game, paper: Paper, margin: float) -> Box:
    """Where a box net may lie on its sheet: all the printable area above the footer (the title and how to make
    it are printed on the base's floor, which ends up under the box, so a net may use the whole sheet)."""
    return usable_area(paper, margin, 0.0)


def plan_box(game: Game, paper: Paper, margin: float, card: float, sheets: int, rule_pages: int,
             room: float) -> BoxPlan:
    """The smallest fold of the board (flat, in half, in quarters) whose box nets each fit one sheet, `room` mm
    deep above the board and rules for the pieces."""
    plan = _fitting_plan(game, paper, margin, card, sheets, rule_pages, room)
    if plan is None:
        advice = _papers_that_fit(game, paper, margin, card, sheets, rule_pages, room)
        raise BoardgenError(f"the box for the {game.title} set does not fit {paper.name.upper()} card even with the "
                            f"board folded in quarters; {advice}")
    return plan


def _fitting_plan(game: Game, paper: Paper, margin: float, card: float, sheets: int,
                  rule_pages: int, room: float) -> BoxPlan | None:
    areas = {turned: _net_area(game, paper.landscape() if turned else paper, margin) for turned in (False, True)}
    for fold in FOLDS:
        width, depth = folded_size(paper, fold)
        layers = 2 ** FOLDS.index(fold)
        stack = layers * (sheets * card + rule_pages / 2 * PAPER_SHEET)  # the rules print on both sides
        # Made as high as the next whole millimetre: the height the footer prints is the height it is, and a
        # page more or less of rules does not make another box.
        base = BoxSize(width + 2 * CLEARANCE, depth + 2 * CLEARANCE, math.ceil(stack + room + CLEARANCE))
        lid = lid_for(base, card)
        net_w, net_h = tray_net_size(lid)  # the lid is the larger net
        for turned, area in areas.items():
            if net_w <= area.width and net_h <= area.height:
                return BoxPlan(fold, (width, depth), base, lid, turned)
    return None


def _papers_that_fit(game: Game, paper: Paper, margin: float, card: float, sheets: int, rule_pages: int,
                     room: float) -> str:
    """Which other papers the box fits, as advice for a message."""
    fitting = []
    for other in PAPERS.values():
        if other.name == paper.name:
            continue
        if _fitting_plan(game, other, margin, card, sheets, rule_pages, room) is not None:
            fitting.append(other.name)
    if not fitting:
        return "choose a larger --paper"
    names = [name.upper() if len(name) == 2 else name.capitalize() for name in fitting]
    shown = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    larger = all(PAPERS[name].width * PAPERS[name].height > paper.width * paper.height for name in fitting)
    return f"choose {'a larger' if larger else 'another'} --paper: it fits {shown} (--paper {fitting[0]})"


def giftset_files(game: Game, options: GiftsetOptions, progress: Progress = lambda step: None) -> list[
        RenderedFile]:
    """Every file of the set, in memory: nothing is written here."""
    require_rules(game, options.lang)
    look = game_look(game, options.palette)
    output = output_for("pdf", options.paper, options.margin)
    name = game.name
    progress("board")
    board = board_document(game, options.variant, BoardLook(options.field, arrows=options.arrows), output,
                           f"01-{name}-board", options.lang)
    documents = [SetFile(board, CARD)]
    if game.pieces is not None:
        progress("pieces")
        pieces_options = PiecesOptions(options.field, options.paper, options.margin, "duplex-long", options.variant)
        pieces, backs = pieces_with_backs(game, pieces_options,
                                          "02-" + pieces_stem(game, pieces_options, options.palette),
                                          lang=options.lang)
        documents.append(SetFile(pieces, CARD_TWO_SIDED if game.pieces.two_sided else CARD, backs))
    progress("rules")
    rules = rule_sheet_document(game, options.lang, options.paper, options.margin, f"03-{name}-rules-{options.lang}")
    # a rule sheet of one page is printed on one side of its sheet
    documents.append(SetFile(rules, PAPER_BOTH_SIDES if len(rules.pages) > 1 else PAPER,
                             both_sides(len(rules.pages))))
    plan = plan_box(game, options.paper, options.margin, options.card, len(board.pages), len(rules.pages),
                    pieces_room(game, options.variant))
    progress("box")
    box = _box_document(game, options, plan, f"04-{name}-box")
    # printed two-sided, the inside of the lid is the back of the lid's sheet
    documents.append(SetFile(box, CARD, frozenset({1}) if options.dedication else frozenset()))
    progress("read-me")
    readme, pages = _readme_and_run(game, options, plan, documents)
    _ = translator(options.lang)
    # Every page says where it is trimmed, as each sheet of parts does on its own (its TrimBox and BleedBox).
    combined = Document(f"{name}-giftset", tuple(pages),
                        DocumentInfo(_("{title} gift set").format(title=game.title),
                                     _("Everything to print for a boxed {title}").format(title=game.title),
                                     options.lang, for_cutting=True))
    progress("pdf")
    made: list[tuple[RenderedFile, dict[str, Any]]] = []
    for document, stock in [(part.document, part.stock) for part in (readme, *documents)] + \
            [(combined, "as the read-me says")]:
        made += [(file, {"pages": len(document.pages), "paper": options.paper.name, "print_on": stock})
                 for file in render_document(document, output, look)]
    return with_manifest(game, options, made)


def _readme_and_run(game: Game, options: GiftsetOptions, plan: BoxPlan,
                    documents: list[SetFile]) -> tuple[SetFile, list[Scene]]:
    """The read-me, and every page of the set in print order for one two-sided run, the read-me first.  The
    read-me names the run's pages, which follow its own: it is made again until its length stays the same.  This
    ends: more pages of read-me only make the page numbers it prints larger, never its text shorter."""
    length = 1
    while True:
        spans = run_spans([(length, both_sides(length)), *((len(d.document.pages), d.backs) for d in documents)])
        readme = _readme(game, options, plan, documents, spans)
        if len(readme.pages) == length:
            break
        length = len(readme.pages)
    first = SetFile(readme, PAPER_BOTH_SIDES if length > 1 else PAPER, both_sides(length))
    pages, _spans = two_sided([(d.document.pages, d.backs) for d in (first, *documents)])
    return first, pages


def with_manifest(game: Game, options: GiftsetOptions, made: list[tuple[RenderedFile, dict[str, Any]]],
                  **about: Any) -> list[RenderedFile]:
    """The files, and manifest.json listing each with its size, SHA-256 and what `made` says of it."""
    entries = [{"file": file.name, "bytes": len(file.data), **facts, "sha256": hashlib.sha256(file.data).hexdigest()}
               for file, facts in made]
    text = json.dumps({"game": game.name, "board": options.variant.name, "language": options.lang, **about,
                       "files": entries}, indent=2, ensure_ascii=False) + "\n"
    return [file for file, _ in made] + [RenderedFile(MANIFEST, text.encode("utf-8"))]


# -- the box ----------------------------------------------------------------------------------------------------

def box_document(game: Game, options: GiftsetOptions, stem: str) -> Document:
    """The gift set's card box alone, sized as in the set: for the board folded, the rules and the pieces."""
    output = output_for("pdf", options.paper, options.margin)
    board = board_document(game, options.variant, BoardLook(options.field, arrows=options.arrows), output, "board",
                           options.lang)
    # a game file without rules: a box for the board and pieces alone
    rule_pages = len(rule_sheet_document(game, options.lang, options.paper, options.margin, "rules").pages) \
        if game.languages else 0
    plan = plan_box(game, options.paper, options.margin, options.card, len(board.pages), rule_pages,
                    pieces_room(game, options.variant))
    return _box_document(game, options, plan, stem)


def _box_document(game: Game, options: GiftsetOptions, plan: BoxPlan, stem: str) -> Document:
    paper = options.paper.landscape() if plan.turned else options.paper
    _ = translator(options.lang)
    items = contents_list(game, options.lang)
    # A list of items that hold commas themselves ("5 cones, 5 spools, a die") is kept apart by semicolons.
    contents = ("; " if any("," in item for item in items) else ", ").join(items)
    pages = []
    # The lid first and the inside of its lid next: printed two-sided, as the read-me says, that puts the
    # dedication on the lid's back and the base on a sheet of its own (base first would put the lid behind it).
    parts = (("lid", plan.lid, _("lid")), ("base", plan.base, _("base")))
    if not options.dedication:
        parts = parts[::-1]  # one-sided: base first, as it is made first
    for kind, size, part in parts:
        title = _("{title} box: {part}").format(title=game.title, part=part)
        builder = SceneBuilder(paper.width, paper.height, title)
        area = _net_area(game, paper, options.margin)
        width, height = tray_net_size(size)
        x, y = area.centre[0] - width / 2, area.centre[1] - height / 2
        paint = _lid_paint(game, options, contents) if kind == "lid" else {"floor": _base_note(game, options.lang)}
        panels = draw_tray_net(builder, x, y, size, paint)
        footer(builder, paper, options.margin, _("{title} box, {part}: inside {width} x {depth} x {height} mm.").format(
            title=game.title, part=part, width=f"{size.width:.0f}", depth=f"{size.depth:.0f}",
            height=f"{size.height:.0f}"), bar_label=_(CALIBRATION_LABEL))
        pages.append(builder.build())
        if kind == "lid" and options.dedication:
            pages.append(_dedication_page(paper, panels["floor"], options.dedication, game, options.lang))
    return Document(stem, tuple(pages), DocumentInfo(_("{title} gift box").format(title=game.title),
                                                     _("A two-piece card box"), options.lang, for_cutting=True))


def _base_note(game: Game, lang: str) -> Callable[[SceneBuilder, Box], None]:
    _ = translator(lang)

    def note(builder: SceneBuilder, box: Box) -> None:
        y = paragraph(builder, box.x + 5, box.y + 5, box.width - 10, _("{title} gift box").format(title=game.title),
                      4.0, bold=True)
        paragraph(builder, box.x + 5, y + 2, box.width - 10,
                  _(BOX_NOTE) + " " + _("Make the base first; the lid slides over it."), 3.0)
    return note


def contents_list(game: Game, lang: str) -> list[str]:
    _ = translator(lang)
    items = [_("{title} board").format(title=game.title)]
    if game.pieces is not None:
        items.append(_(game.pieces.description))  # whole: a game file's pieces-summary is the designer's words
    items.append(_("rules"))
    return items


def _lid_paint(game: Game, options: GiftsetOptions, contents: str) -> dict[str, Callable[[SceneBuilder, Box],
                                                                                             None]]:
    def top(builder: SceneBuilder, box: Box) -> None:
        size = min(9.0, box.width / 10)
        builder.add("text", Text((box.centre[0], box.y + 6 + size), game.title, size, "ink", bold=True))
        line = maker_line(game, options.lang)
        builder.add("text", Text((box.centre[0], box.y + 10 + 1.6 * size), line, size * 0.45, "ink.soft"))
        picture = box_picture(game, options)
        room = Box(box.x + 6, box.y + 14 + 1.6 * size, box.width - 12, box.bottom - 6 - (box.y + 14 + 1.6 * size))
        scale = min(room.width / picture.width, room.height / picture.height)
        builder.add("fields", Placed(picture, (room.centre[0] - picture.width * scale / 2,
                                               room.centre[1] - picture.height * scale / 2), scale))

    def side(builder: SceneBuilder, box: Box) -> None:
        size = min(3.2, box.height / 4)
        paragraph(builder, box.x + 4, box.y + 2, box.width - 8,
                  translator(options.lang)("In this box: {contents}.").format(contents=contents), size)

    return {"floor": top, "front": side}


def box_picture(game: Game, options: GiftsetOptions) -> Scene:
    """A game in play on the lid: a built-in game's sample position that its engine draws (lid_position), a game
    file's first position (its pieces only)."""
    look = BoardLook(9.0, coordinates=False, credits=False, compact=True)
    if game.lid is not None:
        return draw_diagram(game.board(options.variant), look, game.lid).scene
    return position_drawer(lid_position(game, options.variant)[1], False)(look).scene


def lid_position(game: Game, variant: Variant) -> tuple[str, SomeLoaded]:
    """The name and position a built-in game's lid shows: of the valid, unfinished sample positions on this board
    played by the game's own rules (no handicap, no option), the one whose drawing has the most in it; the start
    ("start") if none has more."""
    look = BoardLook(9.0, coordinates=False, credits=False, compact=True)
    best = ("start", start_of(game, variant))
    most = _drawn(position_drawer(best[1], False)(look).scene)
    for name in sample_names(game.name):
        text = sample_bytes(name)
        if _sets_rule_options(text):  # a handicap or a variant rule: not the game a lid should show
            continue
        try:
            loaded = valid_position(text, name)
        except BoardgenError:
            continue
        if loaded.variant == variant and loaded.outcome() is None:
            drawn = _drawn(position_drawer(loaded, False)(look).scene)
            if drawn > most:
                best, most = (name.split("/", 1)[1], loaded), drawn
    return best


def _not_written_by_boardgen(folder: Path) -> list[str]:
    """The names in `folder` that its gift set's manifest does not list (everything, if it has none)."""
    if not folder.is_dir():
        return []
    names = sorted(entry.name for entry in folder.iterdir())
    try:
        listed = {entry["file"] for entry in json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["files"]}
    except (OSError, ValueError, KeyError, TypeError):
        return names
    return [name for name in names if name not in listed and name != MANIFEST]


def _sets_rule_options(text: bytes) -> bool:
    """Whether a position file sets rule options (a [rules] table): handicaps, extra dice, variant rules."""
    try:
        return "rules" in tomllib.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True


def _drawn(scene: Scene) -> int:
    return sum(len(shapes) for _, shapes in scene.layers)


def _about_the_game(game: Game, intro: str, lang: str) -> str:
    """The read-me's first line: who made the game, and when as people write it (2600 BC), or no year where the
    game gives none (translations.credit)."""
    _ = translator(lang)
    count = len(game.players)
    line = (_("{title}, {credit}, for two players: {intro}") if count == 2
            else _("{title}, {credit}, for {count} players: {intro}"))
    return line.format(title=game.title, credit=credit(game, lang), intro=intro, count=count)


def _dedication_page(paper: Paper, lid_top: Box, text: str, game: Game, lang: str) -> Scene:
    """The inside of the lid: printed on the back of the lid's sheet (duplex, long edge), behind its top."""
    builder = SceneBuilder(paper.width, paper.height,
                           translator(lang)("{title} box: inside the lid").format(title=game.title))
    behind = flip_box(lid_top, paper, "duplex-long")
    size = min(6.0, behind.width / 14)
    paragraph(builder, behind.x + 8, behind.centre[1] - size, behind.width - 16, text, size, centred=True)
    return builder.build()


# -- the read-me ------------------------------------------------------------------------------------------------

def _readme(game: Game, options: GiftsetOptions, plan: BoxPlan, documents: list[SetFile],
            spans: list[tuple[int, int]]) -> Document:
    """The read-me; `spans` are the first and last page of the read-me and of each document in the set's PDF."""
    _ = translator(options.lang)
    files = []
    for part in documents:
        count = len(part.document.pages)
        files.append(runs(f"{part.document.stem}.pdf: " + _("{count} page on {stock}", "{count} pages on {stock}",
                                                             count).format(count=count, stock=_(part.stock))))
    steps = [
        runs(_("Print each file at 100 % (actual size), never 'fit to page': the bar at the foot of each page "
               "measures 50 mm when it is right.")),
        runs(_("Cut out the box's base and lid; fold and glue them (about 20 minutes).")
             + (" " + _("The lid's sheet has the dedication on its back: print it two-sided, flipping on the long "
                        "edge.") if options.dedication else "")),
        runs(pieces_step(game, options.lang)),
        runs(_("Fold the board {fold} and the rules with it, and lay them in the base with the pieces on top.")
             .format(fold=_(plan.fold)) if plan.fold != "flat" else
             _("Lay the board and the rules flat in the base, the pieces on top.")),
    ]
    intro = _("everything to print, cut and fold for a boxed set. The box is {width} x {depth} x {height} mm "
              "inside.").format(width=f"{plan.base.width:.0f}", depth=f"{plan.base.depth:.0f}",
                                height=f"{plan.base.height:.0f}")
    two_sided = game.pieces is not None and game.pieces.two_sided
    after = ((_("The pieces are two-sided: print their file on a duplex printer, flipping on the long edge.") + " "
              if two_sided else "") + _print_at_once(game, [PAPER, *(part.stock for part in documents)], spans, _))
    buy = _("Card (about 0.3 mm, 250-300 g/m²) for the board, pieces and box; glue; a craft knife or scissors.")
    return readme_document(game, options, intro, (_("What to print, and on what"), files, after), buy, steps)


def _print_at_once(game: Game, stocks: list[str], spans: list[tuple[int, int]], _: Translate) -> str:
    """Which pages of the set's PDF go on plain paper and which on card, in runs of the same stock."""
    runs_of: list[tuple[str, int, int]] = []  # (stock, first page, last page)
    for stock, (first, last) in zip(stocks, spans, strict=True):
        paper = CARD if stock.startswith(CARD) else PAPER
        if runs_of and runs_of[-1][0] == paper:
            runs_of[-1] = (paper, runs_of[-1][1], last)
        else:
            runs_of.append((paper, first, last))
    ranges = ", ".join(_("pages {first}–{last} on {stock}").format(first=first, last=last, stock=_(paper))
                       for paper, first, last in runs_of)
    return _("Or print everything at once from {file}, on both sides of each sheet, flipping on the long edge "
             "(a page with nothing to go on its back is followed by a blank one, so that each file starts on a "
             "sheet of its own): {ranges}.").format(file=f"{game.name}-giftset.pdf", ranges=ranges)


def pieces_step(game: Game, lang: str) -> str:
    _ = translator(lang)
    if game.pieces is None:
        return _("Gather the pieces.")
    return _("Make up the pieces: {pieces} (about 30 to 60 minutes).").format(pieces=_(game.pieces.description))


def readme_document(game: Game, options: GiftsetOptions, intro: str,
                    files: tuple[str, list[tuple[Run, ...]], str], buy: str,
                    steps: list[tuple[Run, ...]]) -> Document:
    """The one-page read-me: what the set is, its files and what each goes on, what to buy, the steps."""
    _ = translator(options.lang)
    heading, lines, after = files
    if game.box.to_buy:
        counts = game.box.to_buy_counts(options.variant) if game.box.to_buy_counts is not None else {}
        to_buy = _(game.box.to_buy).format(**counts)
        buy += f" {to_buy[:1].upper() + to_buy[1:]}."
    blocks: list[Block] = [
        Heading(1, runs(_("{title}: your gift set").format(title=game.title))),
        Para(runs(_about_the_game(game, intro, options.lang))),
        Heading(2, runs(heading)),
        Bullets(tuple(lines)),
        Para(runs(after)),
        Heading(2, runs(_("What to buy"))),
        Para(runs(buy)),
        Heading(2, runs(_("Making it, in order"))),
        Bullets(tuple(steps), numbered=True),
    ]
    page = FlowPage(options.paper, options.margin, _("{title} gift set · made with boardgen").format(title=game.title),
                    _("Read me first"))
    pages = flow_pages(blocks, page)
    return Document("00-read-me-first", tuple(pages), DocumentInfo(
        _("{title} gift set: read me first").format(title=game.title), _("What to print, buy and make"),
        options.lang))


def write_giftset(files: list[RenderedFile], folder: Path, default_folder: bool, replace: bool = False) -> list[Path]:
    """The set as a whole folder (writer.write_folder).  A folder holding anything boardgen did not write (not a
    gift set, or a gift set with files added) is replaced only with `replace`."""
    check_folder_name(folder)
    if folder.is_symlink():
        raise BoardgenError(f"{folder} is a symbolic link; give the folder itself as --to")
    if folder.exists() and not folder.is_dir():
        raise BoardgenError(f"{folder} is a file, not a folder; give another --to")
    foreign = _not_written_by_boardgen(folder)
    if foreign and not replace:
        shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
        what = "holds" if (folder / MANIFEST).is_file() else "is not a gift set: it holds"
        raise BoardgenError(f"{folder} {what} files boardgen did not write ({shown}); give a new or empty folder, "
                            "or --replace to replace it all")
    parent = folder.parent
    if not parent.is_dir():
        if not default_folder and parent != DEFAULT_FOLDER:  # only our own output/ is made for you
            raise BoardgenError(f"folder {parent} does not exist; create it first or choose another --to")
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise BoardgenError(f"cannot create the folder {parent}: {error.strerror}") from None
    return write_folder(folder, [(file.name, file.data) for file in files])
