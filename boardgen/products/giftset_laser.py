"""A gift set for the laser cutter: the board plate, the pieces and a finger-jointed box, nested on beds.

Every part of one material, whichever product it belongs to, shares that
material's beds (layout.packing): the plate, the box's panels and wooden
pieces of the sheet's thickness on the plywood beds (01-GAME-plywood-N.svg),
nets to fold on card (02-GAME-card.svg).  The read-me lists each bed with
what is on it and how much of it the parts take.

The box is a base tray that holds the plate flat, the rules folded on it and
the pieces on top, and a lid tray that slides over the base; the lid's top is
engraved with the game's name, designer and a position drawn by its engine,
and the dedication is engraved on its underside.  The rules and the read-me
are still PDFs to print.  The board's field is the game's own unless the box
would then be larger than the bed: then the largest field whose box fits,
which the read-me states.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..draw.board import BoardLook, draw_board
from ..draw.laser_areas import CUT_SPEED, ENGRAVE_RATE, SCORE_SPEED, LaserWork
from ..draw.scene import Box, Placed, Polygon, SceneBuilder, Text
from ..errors import BoardgenError
from ..games.game import Game
from ..layout.bed import Bed, LaserJob, LaserPart, beds_that_hold, edge_gap, fits, larger_bed, largest_fitting
from ..layout.boxes import BoxSize
from ..layout.finger_box import Panel, joints_fit, least_inner_height, lid_over, outside, panel_outline, tray_panels
from ..layout.flow import runs
from ..layout.piece_options import PiecesOptions
from ..layout.piece_parts import CARD
from ..layout.text import paragraph
from .document import Document, DocumentInfo, RenderedFile, output_for, render_document
from .giftset import (
    CLEARANCE,
    FOLDS,
    PAPER_SHEET,
    GiftsetOptions,
    Progress,
    box_picture,
    folded_size,
    pieces_step,
    readme_document,
    with_manifest,
)
from .laser import MIN_FIELD, BedFile, board_plate_part, job_files, laser_beds
from .laser_settings import LaserSettings
from .looks import game_look
from .pieces import pieces_laser_jobs, pieces_room
from .rule_sheet import require_rules, rule_sheet_document
from .translations import Translate, maker_line, number_text, translator

PLAY = 1.0  # mm: the lid is this much larger inside than the base outside, each way


@dataclass(frozen=True)
class LaserGiftOptions:
    settings: LaserSettings  # its thickness is the sheet material of the plate and the box
    field_given: bool  # --field was given: never shrink it, say what fits instead

    @property
    def bed(self) -> Bed:
        return self.settings.bed

    @property
    def kerf(self) -> float:
        return self.settings.kerf

    @property
    def thickness(self) -> float:
        return self.settings.thickness


@dataclass(frozen=True)
class LaserBoxPlan:
    field: float  # mm: the board's field
    plate: tuple[float, float]  # mm: the board plate
    fold: str  # how the rules are folded to lie on the plate
    base: BoxSize  # inside
    lid: BoxSize  # inside


def plan_laser_box(game: Game, options: GiftsetOptions, laser: LaserGiftOptions, field: float,
                   rule_pages: int) -> LaserBoxPlan:
    """The box for the plate at this field: as small as the plate and the rules folded to lie on it allow."""
    scene = draw_board(game.board(options.variant), BoardLook(field, arrows=options.arrows)).scene
    plate = (scene.width, scene.height)
    best: tuple[float, str, tuple[float, float]] | None = None
    for fold in FOLDS:
        folded = folded_size(options.paper, fold)  # tried both ways round below
        for rules in (folded, folded[::-1]):
            footprint = (max(plate[0], rules[0]), max(plate[1], rules[1]))
            area = footprint[0] * footprint[1]
            if best is None or area < best[0] - 1e-6:
                best = (area, fold, footprint)
    assert best is not None
    _, fold, (width, depth) = best
    layers = 2 ** FOLDS.index(fold)
    height = math.ceil(laser.thickness + layers * rule_pages / 2 * PAPER_SHEET + pieces_room(game, options.variant)
                       + CLEARANCE)  # to the next whole millimetre, as the card box
    height = max(height, least_inner_height(laser.thickness))  # a shallow game still gets joints that hold
    base = BoxSize(width + 2 * CLEARANCE, depth + 2 * CLEARANCE, height)
    return LaserBoxPlan(field, plate, fold, base, lid_over(base, laser.thickness, PLAY))


def _box_fits(plan: LaserBoxPlan, laser: LaserGiftOptions) -> bool:
    top = outside(plan.lid, laser.thickness)  # the lid's top is the largest part
    return any(fits(w, h, laser.bed, laser.kerf) for w, h in ((top.width, top.depth), (top.depth, top.width)))


def choose_plan(game: Game, options: GiftsetOptions, laser: LaserGiftOptions, rule_pages: int) -> LaserBoxPlan:
    """The box at the chosen field; or, where that box is larger than the bed and no --field was given, at the
    largest field (to 0.1 mm, never below what the game's pieces need) whose box fits."""
    def plan(field: float) -> LaserBoxPlan:
        return plan_laser_box(game, options, laser, field, rule_pages)

    chosen = plan(options.field)
    if _box_fits(chosen, laser):
        return chosen
    smallest = max(MIN_FIELD, game.smallest_field)
    largest = largest_fitting(lambda field: _box_fits(plan(field), laser), smallest, options.field)
    if largest is None:
        top = outside(plan(smallest).lid, laser.thickness)
        room = 2 * edge_gap(laser.kerf)
        need = f"{min(top.width, top.depth) + room:.0f} x {max(top.width, top.depth) + room:.0f} mm"
        pieces = (f"its pieces need fields of at least {smallest:g} mm" if smallest > MIN_FIELD else
                  f"even with {smallest:g} mm fields")
        presets = beds_that_hold(top.width, top.depth, laser.kerf)
        bed = f"--bed {presets[0]}" if presets else "--bed WxH"
        raise BoardgenError(f"the {game.title} box is larger than the {laser.bed.describe()} bed ({pieces}): its "
                            f"lid needs a bed of at least {need}, either way round; use {bed}")
    if laser.field_given:
        top = outside(chosen.lid, laser.thickness)
        raise BoardgenError(f"with {options.field:g} mm fields the {game.title} box is larger than the "
                            f"{laser.bed.describe()} bed: use --field {largest:g} or less, or "
                            f"{larger_bed(top.width, top.depth, laser.kerf)}")
    return plan(largest)


# -- the box's parts --------------------------------------------------------------------------------------------

Paint = Callable[[SceneBuilder, Box], None]


def panel_part(panel: Panel, thickness: float, paint: Paint | None = None, back: Paint | None = None,
               what: str = "") -> LaserPart:
    """A panel cut round its fingers; `paint` engraves its face inside the finger band, `back` its other side."""
    def inside(box: Box) -> Box:
        return Box(box.x + thickness, box.y + thickness, box.width - 2 * thickness, box.height - 2 * thickness)

    def front(builder: SceneBuilder, box: Box) -> None:
        if paint is not None:
            paint(builder, inside(box))
        builder.add("lines", Polygon(panel_outline(panel, thickness, box.x, box.y), "cut"))

    def behind(builder: SceneBuilder, box: Box) -> None:
        assert back is not None
        back(builder, inside(box))

    return LaserPart(panel.width, panel.height, front, behind if back is not None else None, what)


def box_parts(game: Game, options: GiftsetOptions, plan: LaserBoxPlan, thickness: float) -> tuple[LaserPart,
                                                                                                        ...]:
    """The base's five panels and the lid's five, the lid's top engraved (and its underside, with a
    dedication)."""
    floor, *walls = tray_panels(plan.base, thickness)
    parts = [panel_part(floor, thickness, what="base floor")]
    parts += [panel_part(panel, thickness, what="base wall") for panel in walls]
    top, *walls = tray_panels(plan.lid, thickness)
    back = _dedication(options.dedication) if options.dedication else None
    parts.append(panel_part(top, thickness, _lid_top(game, options), back, "lid top"))
    parts += [panel_part(panel, thickness, what="lid wall") for panel in walls]
    return tuple(parts)


def _lid_top(game: Game, options: GiftsetOptions) -> Paint:
    def paint(builder: SceneBuilder, box: Box) -> None:
        face = Box(box.x + 4, box.y + 4, box.width - 8, box.height - 8)
        size = min(10.0, face.width / 9)
        builder.add("text", Text((face.centre[0], face.y + size), game.title, size, "ink", bold=True))
        builder.add("text", Text((face.centre[0], face.y + 1.7 * size + 1), maker_line(game, options.lang),
                                 size * 0.42, "ink"))
        picture = box_picture(game, options)
        room = Box(face.x, face.y + 2 * size + 4, face.width, face.bottom - (face.y + 2 * size + 4))
        scale = min(room.width / picture.width, room.height / picture.height)
        builder.add("fields", Placed(picture, (room.centre[0] - picture.width * scale / 2,
                                               room.centre[1] - picture.height * scale / 2), scale))
    return paint


def _dedication(text: str) -> Paint:
    def paint(builder: SceneBuilder, box: Box) -> None:
        size = min(6.0, box.width / 14)
        paragraph(builder, box.x + 8, box.centre[1] - size, box.width - 16, text, size, centred=True)
    return paint


# -- the set ----------------------------------------------------------------------------------------------------

def laser_giftset_files(game: Game, options: GiftsetOptions, laser: LaserGiftOptions,
                        progress: Progress = lambda step: None) -> list[RenderedFile]:
    """Every file of the laser set, in memory: the cut files, the rules and read-me as PDFs, one PDF to print
    and the manifest.  Every part of one material, whichever product it belongs to, shares that material's beds."""
    require_rules(game, options.lang)
    name = game.name
    rules = rule_sheet_document(game, options.lang, options.paper, options.margin, f"03-{name}-rules-{options.lang}")
    plan = _jointed_plan(game, options, laser, len(rules.pages))
    sheet = _material(laser)
    progress("board")
    plate = board_plate_part(game, options.variant, BoardLook(plan.field, arrows=options.arrows))
    progress("pieces")
    pieces_options = PiecesOptions(plan.field, options.paper, options.margin, "duplex-long", options.variant)
    pieces = [(job.material, part) for job in pieces_laser_jobs(game, pieces_options) for part in job.parts] \
        if game.pieces is not None else []
    progress("box")
    box = [(sheet, part) for part in box_parts(game, options, plan, laser.thickness)]
    # The plate and the box first, so each bed's list in the read-me names its large parts first.
    beds = _beds(game, options, laser, [(sheet, plate), *box, *pieces])
    progress("read-me")
    readme = _laser_readme(game, options, laser, plan, beds, rules)
    combined = Document(f"{name}-giftset", readme.pages + rules.pages,
                        DocumentInfo(translator(options.lang)("{title} gift set").format(title=game.title),
                                     translator(options.lang)("What to print for a laser-cut {title}").format(
                                         title=game.title),
                                     options.lang))
    progress("pdf")
    look = game_look(game, options.palette)
    output = output_for("pdf", options.paper, options.margin)
    made: list[tuple[RenderedFile, dict[str, Any]]] = []
    for document, stock in ((readme, "plain paper"), (rules, "plain paper, both sides")):
        made += [(file, {"pages": len(document.pages), "paper": options.paper.name, "print_on": stock})
                 for file in render_document(document, output, look)]
    made += [(bed.file, _manifest_entry(bed, laser.bed)) for bed in beds]
    made.sort(key=lambda entry: entry[0].name)
    made += [(file, {"pages": len(combined.pages), "paper": options.paper.name, "print_on": "plain paper"})
             for file in render_document(combined, output, look)]
    return with_manifest(game, options, made, made_for="laser", field_mm=plan.field, kerf_mm=laser.kerf,
                         thickness_mm=laser.thickness)


def _beds(game: Game, options: GiftsetOptions, laser: LaserGiftOptions,
          parts: list[tuple[str, LaserPart]]) -> list[BedFile]:
    """The parts, by material, on as few beds as each material needs: the set's own sheet material first (the
    board plate, the box and any wooden pieces: 01-ur-plywood-1.svg, ...), then the pieces' other materials
    (02-ur-card.svg); the reference, if asked for, on the first."""
    _ = translator(options.lang)
    sheet = _material(laser)
    materials = list(dict.fromkeys(material for material, _part in parts))  # the sheet's first: the plate's
    beds: list[BedFile] = []
    for number, material in enumerate(materials):
        # Wooden pieces of another thickness than the sheet's (piece_parts.WOOD is 3 mm) get beds of their own.
        slug = "plywood" if material == sheet else "card" if material == CARD else \
            f"plywood-{material.split(' ')[0]}mm"
        shown = _("{thickness} mm plywood or MDF").format(thickness=number_text(laser.thickness, options.lang)) \
            if material == sheet \
            else _(material)
        job = LaserJob(slug, shown, tuple(part for each, part in parts if each == material))
        settings = laser.settings if number == 0 else replace(laser.settings, reference=False)
        beds += laser_beds([job], settings, f"{1 if material == sheet else 2:02d}-{game.name}",
                           _("{title} gift set").format(title=game.title), named=False, lang=options.lang)
    return beds


def _jointed_plan(game: Game, options: GiftsetOptions, laser: LaserGiftOptions, rule_pages: int) -> LaserBoxPlan:
    plan = choose_plan(game, options, laser, rule_pages)
    if not joints_fit(laser.thickness, plan.lid):
        raise BoardgenError(f"--thickness {laser.thickness:g} mm is too thick for a box this size: its joints need "
                            f"walls of at least {3 * laser.thickness:g} mm; use thinner material")
    return plan


def _material(laser: LaserGiftOptions) -> str:
    """The plate's and the box's material, as the pieces name theirs (piece_parts.WOOD: "3 mm plywood or MDF"),
    so that wooden pieces of the same thickness share its beds."""
    return f"{laser.thickness:g} mm plywood or MDF"


def _box_files(game: Game, options: GiftsetOptions, laser: LaserGiftOptions, plan: LaserBoxPlan,
               stem: str) -> list[RenderedFile]:
    _ = translator(options.lang)
    material = _("{thickness} mm plywood or MDF").format(thickness=number_text(laser.thickness, options.lang))
    job = LaserJob("", material, box_parts(game, options, plan, laser.thickness))
    return job_files([job], laser.settings, stem, _("{title} box").format(title=game.title), options.lang)


def laser_box_files(game: Game, options: GiftsetOptions, laser: LaserGiftOptions, stem: str) -> list[RenderedFile]:
    """The gift set's wooden box alone, sized as in the set: for the board plate, the rules folded on it and the
    pieces."""
    rules = rule_sheet_document(game, options.lang, options.paper, options.margin, "rules")
    return _box_files(game, options, laser, _jointed_plan(game, options, laser, len(rules.pages)), stem)


def _laser_readme(game: Game, options: GiftsetOptions, laser: LaserGiftOptions, plan: LaserBoxPlan,
                  beds: list[BedFile], rules: Document) -> Document:
    _ = translator(options.lang)
    lines = []
    minutes = 0.0
    for bed in beds:
        file = bed.file
        if bed.backs:
            what = f"{_('engrave, after turning each part over in its hole')}: {_contents(bed.parts, _)}"
        else:
            # The number and its sign apart from the words: "% o" would read to gettext's tools as a format.
            share = _("{share} of the bed").format(share=f"{number_text(bed.use * 100, options.lang, 0)}\u00a0%")
            what = f"{_('cut from {material}').format(material=bed.material)}: {_contents(bed.parts, _)} ({share})"
        if file.work is not None:
            minutes += file.work.minutes()
            what += "; " + _work(file.work, _, options.lang)
        lines.append(runs(f"{file.name}: {what}"))
    count = len(rules.pages)
    lines.append(runs(f"{rules.stem}.pdf: " + (_("1 page to print on plain paper") if count == 1 else
                                               _("{count} pages to print on plain paper, both sides")
                                               .format(count=count))))
    sheets: dict[str, int] = {}
    for bed in beds:
        sheets[bed.material] = sheets.get(bed.material, 0) + (0 if bed.backs else 1)
    materials = "; ".join(_("{count} sheet of {material}", "{count} sheets of {material}", count)
                          .format(count=count, material=material) for material, count in sheets.items())
    shrunk = " " + (_("The board's fields are {field} mm (the game's own {own} mm would make a box larger than your "
                      "bed).") if plan.field < options.field else _("The board's fields are {field} mm.")).format(
        field=number_text(plan.field, options.lang), own=number_text(options.field, options.lang))
    intro = _("a board plate, pieces and a finger-jointed box to cut on a {bed} laser bed, and the rules to print. The "
              "box is {width} x {depth} x {height} mm inside.").format(
        bed=laser.bed.describe(), width=f"{plan.base.width:.0f}", depth=f"{plan.base.depth:.0f}",
        height=f"{plan.base.height:.0f}") + shrunk
    operations = (_("the CUT layer is cut, the SCORE layer scored and the ENGRAVE layer engraved")
                  if laser.settings.format == "dxf" else _(laser.settings.colours.in_words))
    after = _("In each file {operations}: run the engraving first, then the scoring, then the cuts. The outlines "
              "allow for a kerf of {kerf} mm; cut the test pieces first if you are not sure of yours ({command}). "
              "Times are rough, for a 40 W laser cutting {cut} mm a second, scoring {score} mm a second and engraving "
              "{engrave} cm² a minute.").format(
        operations=operations, kerf=number_text(laser.kerf, options.lang), cut=number_text(CUT_SPEED, options.lang),
        score=number_text(SCORE_SPEED, options.lang), engrave=number_text(ENGRAVE_RATE * 60 / 100, options.lang),
        command=f"boardgen board {game.name} --laser --reference --thickness {laser.thickness:g}")
    buy = _("Bed-sized sheets: {materials}; wood glue; fine sandpaper.").format(materials=materials)
    pieces = game.pieces.laser_description if game.pieces is not None else ""
    steps = [
        runs(_("Cut every file (about {minutes} minutes in all).").format(minutes=max(1, round(minutes)))),
        runs(_("Push the base together: the floor's fingers into the four walls, front and back walls over the side "
               "walls' ends; check it is square and glue it (about 20 minutes, then let it dry).")),
        runs(_("Make the lid the same way, the engraved face of its top outwards, the dedication inside.")
             if options.dedication else _("Make the lid the same way, the engraved face of its top outwards.")),
        runs(_("Make up the pieces: {pieces}.").format(pieces=_(pieces)) if pieces else
             pieces_step(game, options.lang)),
        runs(_("Lay the board plate in the base, the rules folded {fold} on it, and the pieces on top.").format(
            fold=_(plan.fold)) if plan.fold != "flat" else
            _("Lay the board plate in the base, the rules flat on it, and the pieces on top.")),
    ]
    return readme_document(game, options, intro, (_("What to cut and print"), lines, after), buy, steps)


# What each part is, as the read-me counts those on a bed: (one, several).
PART_NAMES = {
    "plate": ("the board plate", "{count} board plates"),
    "reference": ("the test square and comb", "{count} test squares and combs"),
    "base floor": ("the base's floor", "{count} floors of the base"),
    "base wall": ("{count} wall of the base", "{count} walls of the base"),
    "lid top": ("the lid's top", "{count} tops of the lid"),
    "lid wall": ("{count} wall of the lid", "{count} walls of the lid"),
    "token": ("{count} token", "{count} tokens"),
    "tile": ("{count} tile", "{count} tiles"),
    "counter": ("{count} counter", "{count} counters"),
    "die": ("{count} die net", "{count} dice nets"),
    "stick": ("{count} throwing stick", "{count} throwing sticks"),
    "pyramid": ("{count} pyramid net", "{count} pyramid nets"),
}
SOME_PARTS = ("{count} part", "{count} parts")


def _counted(parts: tuple[LaserPart, ...]) -> dict[str, int]:
    """How many of each kind of part, in the order they first come."""
    counts: dict[str, int] = {}
    for part in parts:
        counts[part.what] = counts.get(part.what, 0) + 1
    return counts


def _contents(parts: tuple[LaserPart, ...], _: Translate) -> str:
    """'the board plate, the base's floor, 4 walls of the base, 14 counters': what is on a bed."""
    return ", ".join(_(*PART_NAMES.get(what, SOME_PARTS), count).format(count=count)
                     for what, count in _counted(parts).items())


def _manifest_entry(bed_file: BedFile, bed: Bed) -> dict[str, Any]:
    """What the manifest says of a laser file: what it is cut from (or engraved on), the parts on it and how much
    of the bed they take, and the work it asks."""
    file = bed_file.file
    entry: dict[str, Any] = {"engrave_on" if bed_file.backs else "cut_from": bed_file.material,
                             "bed": bed.describe(), "parts": _counted(bed_file.parts)}
    if not bed_file.backs:
        entry["used_percent"] = round(bed_file.use * 100, 1)
    if file.work is not None:
        entry.update(cut_mm=round(file.work.cut, 1), score_mm=round(file.work.score, 1),
                     engrave_mm2=round(file.work.engraved), minutes=round(file.work.minutes(), 1))
    return entry


def _work(work: LaserWork, _: Translate, lang: str) -> str:
    """'cut 1.2 m, score 0.4 m, engrave 52 cm², about 6 minutes': what a file asks of the laser (a number and
    its unit joined by a no-break space, never parted at the end of a line)."""
    parts = []
    if work.cut:
        parts.append(_("cut {metres}\u00a0m").format(metres=_metres(work.cut, lang)))
    if work.score:
        parts.append(_("score {metres}\u00a0m").format(metres=_metres(work.score, lang)))
    if work.engraved:
        area = work.engraved / 100
        parts.append(_("engrave {area}\u00a0cm²").format(area=number_text(area, lang, 0 if area >= 10 else 1)))
    minutes = max(1, round(work.minutes()))
    parts.append(_("about {count} minute", "about {count} minutes", minutes).format(count=minutes))
    return ", ".join(parts)


def _metres(millimetres: float, lang: str) -> str:
    return number_text(millimetres / 1000, lang, 1)
