"""Colour promises, checked with colorspacious directly, not through boardgen's own report."""

from __future__ import annotations

import itertools

import numpy
import pytest
from colorspacious import cspace_convert, deltaE
from helpers import run_cli

from boardgen.draw.palettes import PALETTES

CVD = [None, "deuteranomaly", "protanomaly", "tritanomaly"]
CORNERS = ["p1.start", "p1.goal", "p2.start", "p2.goal"]


def seen(colour: str, cvd: str | None) -> numpy.ndarray:
    rgb = numpy.array([int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    if cvd is None:
        return rgb
    return numpy.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}, "sRGB1"), 0, 1)


def worst_delta_e(a: str, b: str) -> float:
    return min(float(deltaE(seen(a, v), seen(b, v), input_space="sRGB1", uniform_space="CAM02-UCS")) for v in CVD)


def fill(role: str) -> str:
    return PALETTES["cud"].styles[role].fill


@pytest.mark.parametrize("first, second", list(itertools.combinations(CORNERS + ["field"], 2)))
def test_cud_corner_and_plain_colours_stay_20_apart_for_every_vision(first, second):
    assert worst_delta_e(fill(first), fill(second)) >= 20


@pytest.mark.parametrize("corner", CORNERS)
def test_cud_pale_borders_stay_10_from_their_corner_and_the_plain_field(corner):
    assert worst_delta_e(fill(f"{corner}.pale"), fill(corner)) >= 10
    assert worst_delta_e(fill(f"{corner}.pale"), fill("field")) >= 10


def test_mono_uses_no_colour_at_all():
    for role, style in PALETTES["mono"].styles.items():
        if style is None:
            continue
        for colour in (style.fill, style.stroke, style.hatch.colour if style.hatch else None):
            if colour:
                assert colour[1:3] == colour[3:5] == colour[5:7], role


def test_palettes_command_prints_colours_and_a_passing_delta_e_table():
    result = run_cli("palettes")
    assert result.exit_code == 0
    out = result.output
    for name in PALETTES:
        assert f"{name}:" in out
    assert fill("p1.goal") in out and "cross-hatch" in out
    assert "deuteranopia" in out and "tritanopia" in out
    table = [line for line in out.splitlines() if " / " in line]
    assert len(table) == 10 + 8  # 5 colours pairwise, then 4 pale borders x 2
    assert all(line.rstrip().endswith("ok") for line in table)
    # The printed numbers are the real ones: compare one against colorspacious.
    row = next(line for line in table if line.split()[0] == "p1.start" and line.split()[2] == "p2.start")
    printed = [float(value) for value in row.split()[3:7]]
    assert min(printed) == pytest.approx(worst_delta_e(fill("p1.start"), fill("p2.start")), abs=0.06)
