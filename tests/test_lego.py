"""LEGO tower counts as a family would read them, and an order BrickLink accepts."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import run_cli


def test_table_for_the_standard_game():
    result = run_cli("lego", "iacta")
    assert result.exit_code == 0
    rows = {line.split()[0]: line.split()[1:] for line in result.output.splitlines()
            if line[:6] in ("red   ", "yellow", "total ")}
    assert rows["red"][:3] == ["6", "36", "Red"] and rows["yellow"][:3] == ["6", "36", "Yellow"]
    assert rows["total"] == ["72"]
    assert "6: 59.3 mm" in result.output and "1: 11.3 mm" in result.output
    assert "holds a 2x2 brick" in result.output


@pytest.mark.parametrize("args, red, yellow", [
    ((), 6, 6), (("--dice", "4"), 4, 4), (("--dice-red", "8"), 8, 6),
    (("--dice-yellow", "10", "--dice-red", "5"), 5, 10),
])
def test_counts_follow_the_dice_in_every_format(args, red, yellow):
    data = json.loads(run_cli("lego", "iacta", *args, "--format", "json").output)
    counts = {p["player"]: (p["dice"], p["bricks"]) for p in data["players"]}
    assert counts == {"red": (red, 6 * red), "yellow": (yellow, 6 * yellow)}
    assert data["total_bricks"] == 6 * (red + yellow)
    rows = list(csv.DictReader(io.StringIO(run_cli("lego", "iacta", *args, "--format", "csv").output)))
    assert {r["player"]: int(r["bricks"]) for r in rows} == {"red": 6 * red, "yellow": 6 * yellow}
    assert all(r["part"] == "3003" for r in rows)


def test_tower_heights_are_bricks_plus_studs():
    heights = json.loads(run_cli("lego", "iacta", "--format", "json").output)["tower_height_mm"]
    assert [heights[str(f)] for f in range(1, 7)] == pytest.approx([9.6 * f + 1.7 for f in range(1, 7)])


@pytest.mark.parametrize("field, fits", [("15.8", True), ("18", True), ("15", False)])
def test_field_size_check(field, fits):
    data = json.loads(run_cli("lego", "iacta", "--field", field, "--format", "json").output)
    assert data["fits_field"] is fits
    table = run_cli("lego", "iacta", "--field", field).output
    assert ("would overlap" in table) is (not fits)


def test_bricklink_wanted_list_parses_and_orders_the_right_bricks(in_tmp):
    result = run_cli("lego", "iacta", "--dice-red", "8", "--format", "bricklink")
    assert result.exit_code == 0
    path = Path(result.stdout.strip())
    assert path == Path("output/iacta-lego-bricklink.xml")
    root = ET.parse(path).getroot()
    assert root.tag == "INVENTORY"
    items = [{child.tag: child.text for child in item} for item in root.findall("ITEM")]
    assert [(i["ITEMTYPE"], i["ITEMID"], i["COLOR"], i["MINQTY"]) for i in items] == [
        ("P", "3003", "5", "48"), ("P", "3003", "3", "36")]


def test_lego_bad_input():
    for args in (("--dice", "0"), ("--dice", "11"), ("--dice", "3", "--dice-red", "4"), ("--format", "xml")):
        result = run_cli("lego", "iacta", *args)
        assert result.exit_code == 2 and result.output.count("\n") == 1, args
