"""LEGO towers as pieces: how many 2x2 bricks, how tall, and a BrickLink order.

A die becomes a tower of 2x2 bricks (part 3003) as tall as its face, so a
player needs six bricks per die for the worst case of every die at 6.
"""

import csv
import io
import json
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import BoardgenError
from ..gamefiles import GAMES
from ..games.game import Game, LegoColour
from .document import TextDocument

BRICK_PART = "3003"  # LEGO 2x2 brick, as BrickLink numbers it
BRICK_WIDTH = 15.8  # mm
BRICK_HEIGHT = 9.6  # mm, without the studs
STUD_HEIGHT = 1.7  # mm: the studs on the top brick
MAX_FACE = 6


@dataclass(frozen=True)
class TowerCount:
    player: str
    dice: int
    colour: LegoColour

    @property
    def bricks(self) -> int:
        return self.dice * MAX_FACE


@dataclass(frozen=True)
class TowerReport:
    game: str
    field_size: float
    counts: tuple[TowerCount, ...]

    @property
    def fits(self) -> bool:
        return self.field_size >= BRICK_WIDTH - 1e-9

    @property
    def total(self) -> int:
        return sum(c.bricks for c in self.counts)


def tower_height(face: int) -> float:
    return round(face * BRICK_HEIGHT + STUD_HEIGHT, 1)


def tower_report(game: str, field_size: float, dice: Mapping[str, int],
                 colours: Mapping[str, LegoColour]) -> TowerReport:
    return TowerReport(game, field_size, tuple(TowerCount(p, dice[p], colours[p]) for p in colours))


def field_verdict(report: TowerReport) -> str:
    size = f"{report.field_size:g}"
    field = f"{'an' if size.startswith(('8', '11', '18')) else 'a'} {size} mm field"  # said "an eight", "an eleven"
    if not report.fits:
        return (f"{field} is narrower than a 2x2 brick ({BRICK_WIDTH:g} mm): "
                f"towers would overlap; print the board with --field {BRICK_WIDTH:g} or more")
    if report.field_size - BRICK_WIDTH < 0.5:
        return f"{field} holds a 2x2 brick exactly; towers on neighbouring fields touch"
    return f"{field} holds a 2x2 brick with {report.field_size - BRICK_WIDTH:.1f} mm to spare"


def as_table(report: TowerReport) -> str:
    lines = [f"LEGO towers for {report.game.upper()}: each die is a tower of 2x2 bricks (part {BRICK_PART}) "
             "as tall as its face.", "",
             f"{'player':<10}{'dice':>5}{'bricks':>8}  colour (worst case: every die at 6)"]
    for count in report.counts:
        lines.append(f"{count.player:<10}{count.dice:>5}{count.bricks:>8}  {count.colour.name}")
    lines.append(f"{'total':<10}{'':>5}{report.total:>8}")
    lines += ["", "Tower height with studs:"]
    lines.append("  " + "   ".join(f"{face}: {tower_height(face):g} mm" for face in range(1, MAX_FACE + 1)))
    lines += ["", f"Board: {field_verdict(report)}."]
    return "\n".join(lines) + "\n"


# The formatters import what they need themselves: text, csv, json and XML are each needed by one format only.


def as_csv(report: TowerReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    heights = [f"height_face_{face}_mm" for face in range(1, MAX_FACE + 1)]
    writer.writerow(["player", "dice", "bricks", "part", "bricklink_colour_id", "colour", *heights, "fits_field"])
    for count in report.counts:
        writer.writerow([count.player, count.dice, count.bricks, BRICK_PART, count.colour.bricklink_id,
                         count.colour.name, *[tower_height(f) for f in range(1, MAX_FACE + 1)],
                         "yes" if report.fits else "no"])
    return out.getvalue()


def as_json(report: TowerReport) -> str:
    data = {
        "game": report.game,
        "brick": {"part": BRICK_PART, "width_mm": BRICK_WIDTH, "height_mm": BRICK_HEIGHT, "stud_mm": STUD_HEIGHT},
        "players": [{"player": c.player, "dice": c.dice, "bricks": c.bricks,
                     "colour": {"name": c.colour.name, "bricklink_id": c.colour.bricklink_id}}
                    for c in report.counts],
        "total_bricks": report.total,
        "tower_height_mm": {str(face): tower_height(face) for face in range(1, MAX_FACE + 1)},
        "field_mm": report.field_size,
        "fits_field": report.fits,
        "field_note": field_verdict(report),
    }
    return json.dumps(data, indent=2) + "\n"


def as_bricklink(report: TowerReport) -> str:
    """A BrickLink wanted list: upload it under Want > Upload to order the bricks."""
    inventory = ET.Element("INVENTORY")
    for count in report.counts:
        item = ET.SubElement(inventory, "ITEM")
        for tag, value in (("ITEMTYPE", "P"), ("ITEMID", BRICK_PART), ("COLOR", str(count.colour.bricklink_id)),
                           ("MINQTY", str(count.bricks)), ("CONDITION", "X"),
                           ("REMARKS", f"{report.game.upper()} {count.player} towers, {count.dice} dice")):
            ET.SubElement(item, tag).text = value
    ET.indent(inventory)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(inventory, encoding="unicode") + "\n"


FORMATTERS = {"table": as_table, "csv": as_csv, "json": as_json, "bricklink": as_bricklink}


EXTENSIONS = {"table": "txt", "csv": "csv", "json": "json", "bricklink": "xml"}


def lego_document(game: Game, dice: int | None, per_player: Mapping[str, int | None], field_size: float,
                  fmt: str) -> TextDocument:
    """The brick count for a game played with towers; BoardgenError saying what to use for other games."""
    if game.lego is None:
        towers = ", ".join(g.name for g in GAMES.values() if g.lego is not None)
        reason = game.no_lego_reason or f"{game.title} is not played with LEGO towers"
        raise BoardgenError(f"{reason}; lego works for: {towers}")
    counts = {p: per_player.get(p) or dice or game.lego.dice for p in game.lego.colours}
    text = FORMATTERS[fmt](tower_report(game.title, field_size, counts, game.lego.colours))
    stem = f"{game.name}-lego-bricklink" if fmt == "bricklink" else f"{game.name}-lego"
    return TextDocument(stem, EXTENSIONS[fmt], text)
