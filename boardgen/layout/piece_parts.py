"""Each kind of piece as a part: its size, how its faces are drawn, and its cut and folds.

One drawing for print and laser: the sheets (`layout.piece_sheets`) place the same parts the laser jobs pack
onto a bed.  Colours are style roles of the player's colour name (token.red, pip.red, token.bar.red), which
the palettes and a game file's colours both define.
"""

from __future__ import annotations

import math

from ..draw.pips import PIPS as PIP_SPOTS
from ..draw.scene import Box, Circle, Polygon, Polyline, Rect, SceneBuilder, Text, text_baseline
from .bed import LaserJob, LaserPart, rect_part
from .nets import (
    ICEHOUSE,
    FaceDraw,
    NumberedFaceDraw,
    Point,
    TriangleDraw,
    cube_net_size,
    draw_cube_net,
    draw_pyramid_net,
    draw_stick_net,
    pyramid_net_size,
    stick_net_size,
)
from .piece_set import DIE_SIDE, PIPS, STICK_AGAIN, STICK_SIDE, PieceSet, PieceSpec, square_side, tile_size
from .sheets import Draw

WOOD = "3 mm plywood or MDF"
CARD = "card (about 0.3 mm)"


def _text(builder: SceneBuilder, box: Box, text: str, role: str, share: float) -> None:
    """`text` in the middle of `box`, `share` of its shorter side high, smaller for a longer text."""
    size = share * min(box.width, box.height) / max(1.0, 0.6 * len(text))
    builder.add("text", Text((box.centre[0], text_baseline(box.centre[1], size)), text, size, role, bold=True))


def token_face(colour: str, text: str) -> Draw:
    def draw(builder: SceneBuilder, box: Box) -> None:
        builder.add("fields", Rect(box, f"token.{colour}"))  # fill only: the cut line is the one outline
        if not text:
            return
        _text(builder, box, text, f"pip.{colour}", 0.55)
        # A bar under the text shows which way up it is read (a 6 from a 9).
        side, (x, y) = min(box.width, box.height), box.centre
        bar, y = 0.22 * side, y + 0.36 * side
        builder.add("marks", Polyline(((x - bar, y), (x + bar, y)), f"token.bar.{colour}"))
    return draw


def tile_face(colour: str, text: str) -> Draw:
    def draw(builder: SceneBuilder, box: Box) -> None:
        builder.add("fields", Rect(box, f"token.{colour}"))
        if text:
            _text(builder, box, text, f"pip.{colour}", 0.5)
    return draw


def counter_face(colour: str, text: str) -> Draw:
    """A round counter with its text, or with a ring inside its edge (as markers on the board are drawn); the
    edge is the cut."""
    def draw(builder: SceneBuilder, box: Box) -> None:
        radius = box.width / 2
        builder.add("fields", Circle(box.centre, radius, f"token.{colour}"))
        if text:
            _text(builder, box, text, f"pip.{colour}", 0.5)
        else:
            builder.add("marks", Circle(box.centre, 0.7 * radius, f"token.bar.{colour}"))
        builder.add("lines", Circle(box.centre, radius, "cut"))
    return draw


def die_face(colour: str, faces: tuple[str, ...]) -> NumberedFaceDraw:
    def draw(builder: SceneBuilder, box: Box, number: int) -> None:
        builder.add("fields", Rect(box, f"token.{colour}"))  # fill only: the net draws every edge once
        face = faces[number - 1]
        if face in PIPS:
            for px, py in PIP_SPOTS[int(face)]:
                builder.add("marks", Circle((box.x + px * box.width, box.y + py * box.height), 0.09 * box.width,
                                            f"pip.{colour}"))
        elif face:
            _text(builder, box, face, f"pip.{colour}", 0.5)
    return draw


def opposite_faces_add_to_seven(faces: tuple[str, ...]) -> bool:
    """Whether a die's faces are pips whose opposite faces add up to 7, as on an ordinary die."""
    return all(faces[a - 1] in PIPS and faces[b - 1] in PIPS and int(faces[a - 1]) + int(faces[b - 1]) == 7
               for a, b in ((1, 6), (2, 5), (3, 4)))


def stick_face(face: str) -> FaceDraw:
    def draw(builder: SceneBuilder, box: Box) -> None:
        builder.add("fields", Rect(box, "stick.face"))
        cx, cy = box.centre
        if face == STICK_AGAIN:
            w = 0.3 * box.width
            zigzag = ((cx - w, cy + 1.5 * w), (cx - w / 3, cy - 1.5 * w), (cx + w / 3, cy + 1.5 * w),
                      (cx + w, cy - 1.5 * w))
            builder.add("marks", Polyline(zigzag, "stick.sign"))
            return
        dots = int(face or 0)
        step = 0.9 * box.width
        for i in range(dots):
            builder.add("marks", Circle((cx, cy + (i - (dots - 1) / 2) * step), 0.16 * box.width, "stick.mark"))
    return draw


def pyramid_face(colour: str, pips: int) -> TriangleDraw:
    def draw(builder: SceneBuilder, corners: tuple[Point, Point, Point], number: int) -> None:
        builder.add("fields", Polygon(corners, f"token.{colour}"))  # fill only: the net draws every edge once
        apex, left, right = corners
        base = math.dist(left, right)
        mid = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
        up = math.dist(apex, mid)
        centre = (mid[0] + (apex[0] - mid[0]) / up * 0.17 * base, mid[1] + (apex[1] - mid[1]) / up * 0.17 * base)
        along = ((right[0] - left[0]) / base, (right[1] - left[1]) / base)
        for n in range(pips):  # at the foot of each face, as on Icehouse pyramids
            offset = (n - (pips - 1) / 2) * 0.2 * base
            builder.add("marks", Circle((centre[0] + along[0] * offset, centre[1] + along[1] * offset),
                                        0.055 * base, f"pip.{colour}"))
    return draw


def stick_size(piece: PieceSpec) -> tuple[float, float]:
    side = piece.size or STICK_SIDE
    return side, 8 * side


def part(colour: str, piece: PieceSpec, field: float) -> LaserPart:
    """One piece as a part: its box, its front with its cut (and folds), its back if it has one; named by its
    kind ("token"), for a read-me that lists what is on a bed."""
    kind = piece.kind
    if kind == "token":
        side = square_side(piece, field)
        return rect_part(side, side, token_face(colour, piece.front), token_face(colour, piece.back or piece.front),
                         kind)
    if kind == "tile":
        return rect_part(*tile_size(piece, field), tile_face(colour, piece.front), what=kind)
    if kind == "counter":
        side = square_side(piece, field)
        return LaserPart(side, side, counter_face(colour, piece.front), what=kind)
    if kind == "die":
        die = piece.size or DIE_SIDE
        face = die_face(colour, piece.faces)
        return LaserPart(*cube_net_size(die), lambda builder, box: draw_cube_net(builder, box.x, box.y, die, face),
                         what=kind)
    if kind == "stick":
        side, length = stick_size(piece)
        faces = [stick_face(face) for face in piece.faces]
        return LaserPart(*stick_net_size(side, length),
                         lambda builder, box: draw_stick_net(builder, box.x, box.y, side, length, faces), what=kind)
    size = ICEHOUSE[piece.pips]
    triangle = pyramid_face(colour, piece.pips)
    return LaserPart(*pyramid_net_size(size.base, size.height),
                     lambda builder, box: draw_pyramid_net(builder, box.x, box.y, size.base, size.height, triangle),
                     what=kind)


def parts(pieces: PieceSet, kinds: tuple[str, ...], field: float) -> list[LaserPart]:
    return [part(colour, piece, field) for colour, piece in pieces.each(kinds)]


def by_size(made: list[LaserPart]) -> list[LaserPart]:
    """Tallest first, then widest: the order shelf packing fills best."""
    return sorted(made, key=lambda p: (-p.height, -p.width))


# What each kind is cut from, as one job a material: flat pieces from plywood (a token's back engraved after
# turning it over in its hole), nets to fold from card.
JOBS = ((WOOD, ("token", "tile", "counter")), (CARD, ("stick",)), (CARD, ("die",)), (CARD, ("pyramid",)))
PLURALS = {"token": "tokens", "tile": "tiles", "counter": "counters", "stick": "sticks", "die": "dice",
           "pyramid": "pyramids"}


def laser_jobs(pieces: PieceSet, field: float) -> list[LaserJob]:
    """The pieces to cut, one job for each material and kind of net, named after the kinds in it ("tokens",
    "tiles-counters")."""
    jobs = []
    for material, kinds in JOBS:
        present = [kind for kind in kinds if pieces.has(kind)]
        if present:
            name = "-".join(PLURALS[kind] for kind in present)
            jobs.append(LaserJob(name, material, tuple(by_size(parts(pieces, kinds, field)))))
    return jobs
