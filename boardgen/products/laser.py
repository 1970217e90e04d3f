"""Laser products: boards, diagrams and pieces as cut / score / engrave files, one per bed of material.

    settings = LaserSettings(bed, kerf, reference, colours, "svg")
    files = board_laser_files(game, variant, look, settings, stem)   # [RenderedFile]
    write_files(...)                                                  # all of them or none

Every file is a bed: parts packed onto it (layout.bed), turned into laser
work (draw.laser) and written as SVG or DXF.  Parts with a back (IACTA's
tokens) get a second file per bed that engraves the backs after each part is
turned over in its own hole.
"""

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..draw.board import BoardDrawing, BoardLook, draw_board
from ..draw.fonts import text_width
from ..draw.geometry import rounded_rect_ring
from ..draw.laser import LOOK, merged_plan, placed_plan, plan_laser
from ..draw.laser_areas import laser_work
from ..draw.scene import Box, Placed, Polygon, SceneBuilder, Text, text_baseline
from ..errors import BoardgenError
from ..layout.bed import Bed, LaserJob, LaserPart, beds_that_hold, fits, largest_fitting, pack_parts
from ..render.registry import FORMATS
from .document import RenderedFile
from .laser_settings import LaserSettings
from .pieces import pieces_laser_jobs

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

    return LaserPart(scene.width, scene.height, draw)


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
            advice = f"use --field {largest:g} or less, or a larger --bed"
        else:
            least = draw(replace(look, field_size=smallest)).scene
            presets = beds_that_hold(least.width, least.height, settings.kerf)
            pieces = f" (its pieces need fields of at least {smallest:g} mm)" if smallest > MIN_FIELD else ""
            advice = f"use {'--bed ' + presets[0] if presets else 'a larger --bed'}{pieces}"
        raise BoardgenError(f"the {what} with {look.field_size:g} mm fields is {scene.width:.0f} x "
                            f"{scene.height:.0f} mm, larger than the {settings.bed.describe()} bed: {advice}")
    job = LaserJob("", "3 mm plywood or MDF", (plate_part(drawing),))
    return job_files([job], settings, stem, scene.title or what)


def board_laser_files(game: "Game", variant: "Variant", look: BoardLook, settings: LaserSettings,
                      stem: str) -> list[RenderedFile]:
    spec = game.board(variant)
    # The credits are engraved under the grid, as printed: the plate says whose game it is.
    return plate_files(lambda chosen: draw_board(spec, chosen), look, settings, stem, "board", game.smallest_field)


# -- pieces -----------------------------------------------------------------------------------------------------

def pieces_laser_files(game: "Game", options: "PiecesOptions", settings: LaserSettings,
                       stem: str) -> list[RenderedFile]:
    return job_files(pieces_laser_jobs(game, options), settings, stem, f"{game.title} pieces")


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

    return LaserPart(max(REFERENCE_SIDE + 2.0 + label_width, comb_width), top + COMB_HEIGHT, draw)


def job_files(jobs: Sequence[LaserJob], settings: LaserSettings, stem: str, title: str) -> list[RenderedFile]:
    render = _renderer(settings.format)
    files: list[RenderedFile] = []
    for n, job in enumerate(jobs):
        tests = (reference_part(settings.kerf, settings.thickness),) if settings.reference and n == 0 else ()
        parts = job.parts + tests
        try:
            layouts = pack_parts(parts, settings.bed, settings.kerf)
        except ValueError as error:
            what = job.name.replace("-", " and ") or "parts"  # "tiles-counters", as the files are named
            raise BoardgenError(f"cannot lay out the {what}: {error}; use a larger --bed") from None
        beds = max(layout.bed for layout in layouts) + 1
        name = f"-{job.name}" if job.name else ""
        for bed in range(beds):
            number = f"-{bed + 1}" if beds > 1 else ""
            on_bed = [layout for layout in layouts if layout.bed == bed]
            sides: list[tuple[str, Callable[[LaserPart], object]]] = [("", lambda part: part.front)]
            if any(layout.part.back is not None for layout in on_bed):
                sides.append(("-backs", lambda part: part.back))
            for side, which in sides:
                label = f"{title}{' ' + job.name if job.name else ''}{' backs' if side else ''}"
                plans = []
                for layout in on_bed:
                    draw = which(layout.part)
                    if callable(draw):
                        part = SceneBuilder(layout.part.width, layout.part.height)
                        draw(part, Box(0.0, 0.0, layout.part.width, layout.part.height))
                        plan = plan_laser(part.build(), 0.0 if side else settings.kerf, settings.zones,
                                          settings.look or LOOK)
                        plans.append(placed_plan(plan, (layout.box.x, layout.box.y), layout.turned))
                # A plate that fits only turned lies sideways: the operator is told, so it is not taken for a mistake.
                turned = ", turned a quarter turn to fit the bed" if len(on_bed) == 1 and on_bed[0].turned else ""
                plan = merged_plan(settings.bed.width, settings.bed.height,
                                   f"{label}, bed {bed + 1} of {beds}{turned}: {job.material}", plans)
                suffix = f"{name}{side}{number}"
                data = render(plan, settings.colours, settings.dxf_version)
                work = laser_work([c.ring for c in plan.cuts], plan.scores, plan.engraves)
                files.append(RenderedFile(f"{stem}{suffix}.{settings.format}", data, suffix, work))
    return files

