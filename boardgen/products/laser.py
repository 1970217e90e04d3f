"""Laser products: boards, diagrams and pieces as cut / score / engrave files, one per bed of material.

    settings = LaserSettings(bed, kerf, reference, colours, "svg")
    files = board_laser_files(game, variant, look, settings, stem)   # [RenderedFile]
    write_files(...)                                                  # all of them or none

Every file is a bed: parts turned into laser work (draw.laser), packed onto
as few beds as they need by where that work reaches (layout.packing: a cut
line grown by half the kerf, further at a sharp corner), and written as SVG
or DXF.  Parts with a back (IACTA's tokens) get a second file per bed that
engraves the backs after each part is turned over in its own hole.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..draw.board import BoardDrawing, BoardLook, draw_board
from ..draw.fonts import text_width
from ..draw.geometry import Point, rounded_rect_ring, signed_area
from ..draw.laser import LOOK, LaserPlan, merged_plan, placed_plan, plan_laser
from ..draw.laser_areas import laser_work
from ..draw.scene import Box, Placed, Polygon, SceneBuilder, Text, text_baseline
from ..errors import BoardgenError
from ..layout.bed import EDGE_GAP, PART_GAP, Bed, LaserJob, LaserPart, fits, larger_bed, largest_fitting
from ..layout.packing import Spot, pack_rectangles
from ..render.registry import FORMATS
from .document import RenderedFile
from .laser_settings import LaserSettings
from .pieces import pieces_laser_jobs
from .translations import bed_title, layer_labels, listed, translator

if TYPE_CHECKING:
    from ..engine.grid import Variant
    from ..games.game import Game
    from ..layout.piece_options import PiecesOptions

PLATE_CORNER = 3.0  # mm: the radius of a board plate's corners
REFERENCE_SIDE = 20.0  # mm: the reference square, to check scale and fit after cutting
REFERENCE_TEXT = 3.0  # mm: the size of its label
MIN_FIELD = 5.0  # mm: below this a board is not worth cutting


def _renderer(fmt: str) -> Callable[..., bytes]:
    if fmt not in FORMATS or not FORMATS[fmt].for_laser:
        raise BoardgenError(f"laser files are SVG or DXF, not {fmt!r}")
    return FORMATS[fmt].laser_renderer()


# -- boards and diagrams: a plate -----------------------------------------------------------------------------------

def plate_part(drawing: BoardDrawing) -> LaserPart:
    """The drawn board on a plate with rounded corners, cut round its edge."""
    scene = drawing.scene

    def draw(builder: SceneBuilder, box: Box) -> None:
        builder.add("fields", Placed(scene, (box.x, box.y)))
        builder.add("lines", Polygon(rounded_rect_ring(box.x, box.y, box.width, box.height, PLATE_CORNER), "cut"))

    return LaserPart(scene.width, scene.height, draw, what="plate")


def largest_fitting_field(draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, bed: Bed,
                          kerf: float, smallest: float) -> float | None:
    """The largest field size (to 0.1 mm, at least `smallest`) whose plate fits the bed, or None."""
    def fitting(size: float) -> bool:
        scene = draw(replace(look, field_size=size)).scene
        return fits(scene.width, scene.height, bed, kerf) or fits(scene.height, scene.width, bed, kerf)

    return largest_fitting(fitting, smallest, look.field_size)


def plate_files(draw: Callable[[BoardLook], BoardDrawing], look: BoardLook, settings: LaserSettings, stem: str,
                what: str, smallest: float = MIN_FIELD) -> list[RenderedFile]:
    """A board or diagram plate on the bed, or a one-line error naming the largest field that fits (never below
    `smallest`, the game's pieces' need)."""
    drawing = draw(look)
    scene = drawing.scene
    bed, kerf = settings.bed, settings.kerf
    if not fits(scene.width, scene.height, bed, kerf) and not fits(scene.height, scene.width, bed, kerf):
        largest = largest_fitting_field(draw, look, settings.bed, settings.kerf, smallest)
        if largest is not None:
            advice = f"use --field {largest:g} or less, or {larger_bed(scene.width, scene.height, kerf)}"
        else:
            least = draw(replace(look, field_size=smallest)).scene
            pieces = f" (its pieces need fields of at least {smallest:g} mm)" if smallest > MIN_FIELD else ""
            advice = f"use {larger_bed(least.width, least.height, kerf)}{pieces}"
        raise BoardgenError(f"the {what} with {look.field_size:g} mm fields is {scene.width:.0f} x "
                            f"{scene.height:.0f} mm, larger than the {settings.bed.describe()} bed: {advice}")
    job = LaserJob("", "3 mm plywood or MDF", (plate_part(drawing),))
    return job_files([job], settings, stem, scene.title or what)


def board_plate_part(game: "Game", variant: "Variant", look: BoardLook) -> LaserPart:
    """The game's board, credits engraved under the grid as printed, on a plate: for a gift set, whose box the
    plate is known to fit."""
    return plate_part(draw_board(game.board(variant), look))


def board_laser_files(game: "Game", variant: "Variant", look: BoardLook, settings: LaserSettings,
                      stem: str) -> list[RenderedFile]:
    spec = game.board(variant)
    # The credits are engraved under the grid, as printed: the plate says whose game it is.
    return plate_files(lambda chosen: draw_board(spec, chosen), look, settings, stem, "board", game.smallest_field)


# -- pieces -----------------------------------------------------------------------------------------------------

def pieces_laser_files(game: "Game", options: "PiecesOptions", settings: LaserSettings, stem: str,
                       lang: str = "en") -> list[RenderedFile]:
    """The pieces to cut, titled (and their layers named) in `lang`."""
    title = translator(lang)("{title} pieces").format(title=game.title)
    return job_files(pieces_laser_jobs(game, options), settings, stem, title, lang)


# -- beds to files ----------------------------------------------------------------------------------------------

COMB_STEPS = (-0.2, -0.15, -0.1, -0.05, 0.0, 0.05, 0.1, 0.15, 0.2)  # mm added to the thickness, slot by slot
COMB_TOOTH = 5.0  # mm between two slots
COMB_DEPTH = 8.0  # mm: how deep a slot runs into the comb
COMB_HEIGHT = 16.0  # mm
COMB_TEXT = 2.0  # mm: the slots' labels


def comb_slots(thickness: float) -> list[tuple[float, float]]:
    """(left edge from the comb's left, width) of each slot: the material's thickness less and more."""
    slots, x = [], COMB_TOOTH
    for step in COMB_STEPS:
        width = thickness + step
        slots.append((x, width))
        x += width + COMB_TOOTH
    return slots


def reference_part(kerf: float, thickness: float) -> LaserPart:
    """A 20 mm square, cut, with its size and the kerf engraved beside it; below it a comb of slots from the
    material's thickness less 0.2 mm to more 0.2 mm, each labelled with its width: push a scrap of the material into
    them to find the joint that is snug, before cutting a box."""
    label = f"{REFERENCE_SIDE:g} mm, kerf {kerf:g} mm"
    label_width = text_width(label, REFERENCE_TEXT)
    slots = comb_slots(thickness)
    comb_width = slots[-1][0] + slots[-1][1] + COMB_TOOTH
    top = REFERENCE_SIDE + 3.0

    def draw(builder: SceneBuilder, box: Box) -> None:
        square = Box(box.x, box.y, REFERENCE_SIDE, REFERENCE_SIDE)
        builder.add("lines", Polygon(((square.x, square.y), (square.right, square.y), (square.right, square.bottom),
                                      (square.x, square.bottom)), "cut"))
        x = square.right + 2.0
        builder.add("text", Text((x, text_baseline(square.centre[1], REFERENCE_TEXT)), label, REFERENCE_TEXT, "ink",
                                 anchor="start"))
        y = box.y + top
        outline = [(box.x, y)]
        for left, width in slots:  # each slot a notch down from the comb's top edge
            outline += [(box.x + left, y), (box.x + left, y + COMB_DEPTH), (box.x + left + width, y + COMB_DEPTH),
                        (box.x + left + width, y)]
        outline += [(box.x + comb_width, y), (box.x + comb_width, y + COMB_HEIGHT), (box.x, y + COMB_HEIGHT)]
        builder.add("lines", Polygon(tuple(outline), "cut"))
        for left, width in slots:
            builder.add("text", Text((box.x + left + width / 2, y + COMB_DEPTH + 1.0 + COMB_TEXT), f"{width:.2f}",
                                     COMB_TEXT, "ink"))
        builder.add("text", Text((box.x + comb_width / 2, y + COMB_HEIGHT - 1.2), f"slots for {thickness:g} mm",
                                 COMB_TEXT, "ink"))

    return LaserPart(max(REFERENCE_SIDE + 2.0 + label_width, comb_width), top + COMB_HEIGHT, draw, what="reference")


@dataclass(frozen=True)
class BedFile:
    """One bed's file and what it holds, for a read-me that lists what is on each bed and how full it is."""

    file: RenderedFile
    material: str
    parts: tuple[LaserPart, ...]
    use: float  # the share of the bed's area its parts take (their cut outlines, holes left out), 0 to 1
    backs: bool  # engraves the backs of the parts cut on the bed before it: nothing is cut


@dataclass(frozen=True)
class _Drawn:
    """A part as laser work at the top-left of its box, and where that work reaches: its cut outline grown by
    half the kerf (further at a sharp corner: a pyramid's tip) and anything scored or engraved."""

    part: LaserPart
    front: LaserPlan
    back: LaserPlan | None
    bounds: tuple[float, float, float, float]
    area: float  # mm² of material it takes from the sheet

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bounds
        return (x1 - x0, y1 - y0)

    def offset(self, spot: Spot) -> Point:
        """Where the part's box goes for its work to lie at the spot, turned as the spot says (placed_plan turns a
        point (x, y) of the part to (height - y, x))."""
        x0, y0, _, y1 = self.bounds
        return (spot.x - (self.part.height - y1), spot.y - x0) if spot.turned else (spot.x - x0, spot.y - y0)


def _drawn(part: LaserPart, settings: LaserSettings) -> _Drawn:
    def plan(draw: Callable[[SceneBuilder, Box], None], kerf: float) -> LaserPlan:
        builder = SceneBuilder(part.width, part.height)
        draw(builder, Box(0.0, 0.0, part.width, part.height))
        return plan_laser(builder.build(), kerf, settings.zones, settings.look or LOOK)

    front = plan(part.front, settings.kerf)
    back = plan(part.back, 0.0) if part.back is not None else None  # engraved in the hole the front was cut from
    points = [point for each in (front, back) if each is not None for point in _points(each)]
    bounds = (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points),
              max(y for _, y in points)) if points else (0.0, 0.0, part.width, part.height)
    area = sum(-abs(signed_area(cut.ring)) if cut.hole else abs(signed_area(cut.ring)) for cut in front.cuts)
    return _Drawn(part, front, back, bounds, area)


def _points(plan: LaserPlan) -> list[Point]:
    return ([point for cut in plan.cuts for point in cut.ring]
            + [point for score in plan.scores for point in score.points]
            + [point for area in plan.engraves for ring in area for point in ring])


def job_files(jobs: Sequence[LaserJob], settings: LaserSettings, stem: str, title: str,
              lang: str = "en") -> list[RenderedFile]:
    return [bed.file for bed in laser_beds(jobs, settings, stem, title, lang=lang)]


def laser_beds(jobs: Sequence[LaserJob], settings: LaserSettings, stem: str, title: str,
               named: bool = True, lang: str = "en") -> list[BedFile]:
    """Each job's parts on as few beds as they need (layout.packing), one file a bed, and one more for a bed whose
    parts have backs; the reference, if asked for, goes with the first job.  Each file's title is `title`, the
    job's name (unless not `named`: a gift set's material is named after it), the bed and the material, in `lang`
    (`title` and the job's material as the caller has them translated), and so are its layers' names."""
    _ = translator(lang)
    labels = layer_labels(lang) if lang != "en" else ()
    render = _renderer(settings.format)
    made: list[BedFile] = []
    bed = settings.bed
    for n, job in enumerate(jobs):
        tests = (reference_part(settings.kerf, settings.thickness),) if settings.reference and n == 0 else ()
        drawn = [_drawn(part, settings) for part in job.parts + tests]
        try:
            # Each part's work kept PART_GAP from the next and EDGE_GAP from the bed's edge: for a rectangle, its
            # outline PART_GAP + kerf and edge_gap(kerf) away, as fits() counts.
            # Two-sided parts of a kind on one bed where they fit: they are turned over and engraved in one run.
            spots = pack_rectangles([each.size for each in drawn], bed.width, bed.height, PART_GAP, EDGE_GAP,
                                    [each.area for each in drawn],
                                    [each.part.what if each.back is not None else None for each in drawn])
        except ValueError as error:
            part = drawn[error.args[0]].part
            what = job.name.replace("-", " and ") or "parts"  # "tiles-counters", as the files are named
            advice = larger_bed(part.width, part.height, settings.kerf)
            raise BoardgenError(f"cannot lay out the {what}: a part of {part.width:g} x {part.height:g} mm is larger "
                                f"than the {bed.describe()} bed; use {advice}") from None
        beds = max((spot.bed for spot in spots), default=-1) + 1
        name = f"-{job.name}" if job.name else ""
        for number in range(beds):
            on_bed = [(each, spot) for each, spot in zip(drawn, spots, strict=True) if spot.bed == number]
            # A part that fits only turned lies sideways: the operator is told, so it is not taken for a mistake.
            # (One turned to save a bed is not: it fits either way, and the file shows it.)
            forced = sum(1 for _each, spot in on_bed if spot.forced)
            use = sum(each.area for each, _spot in on_bed) / (bed.width * bed.height)
            for backs in (False, True):
                plans = [placed_plan(plan, each.offset(spot), spot.turned) for each, spot in on_bed
                         for plan in ((each.back,) if backs else (each.front,)) if plan is not None]
                if backs and not plans:
                    continue
                # A job of pieces is named by its kinds ("tiles-counters"): the title says them in the file's language.
                label = _("{what}: {kinds}").format(what=title, kinds=listed([_(kind) for kind in job.name.split("-")],
                                                                                lang)) if job.name and named else title
                label = _("{what}, backs").format(what=label) if backs else label
                plan = merged_plan(bed.width, bed.height, bed_title(label, number + 1, beds, _(job.material), lang,
                                                                    forced, len(on_bed)), plans, labels)
                suffix = f"{name}{'-backs' if backs else ''}{f'-{number + 1}' if beds > 1 else ''}"
                data = render(plan, settings.colours, settings.dxf_version)
                work = laser_work([c.ring for c in plan.cuts], plan.scores, plan.engraves)
                parts = tuple(each.part for each, _ in on_bed if not backs or each.back is not None)
                made.append(BedFile(RenderedFile(f"{stem}{suffix}.{settings.format}", data, suffix, work),
                                    job.material, parts, use, backs))
    return made
