"""`boardgen study` and `simulate --plot`: the designers' questions answered on one page, and charts whose dots
and bars sit where the measured rates are."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from helpers import assert_one_line_error, page_count, render_page, run_cli
from pypdf import PdfReader

from boardgen.layout.paper import PAPERS
from boardgen.simulate.studies import studies

SVG = "{http://www.w3.org/2000/svg}"


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name", sorted(studies()))
def test_every_study_makes_a_one_page_report_that_says_what_it_printed(name, tmp_path):
    target = tmp_path / f"{name}.pdf"
    result = run_cli("study", name, "--games", "3", "--workers", "1", "-o", str(target))
    assert result.exit_code == 0, result.output
    answer = result.stdout.splitlines()[0]
    study = studies()[name]
    assert page_count(target) == 1
    text = _words(PdfReader(str(target)).pages[0].extract_text())
    assert study.title in text and "Answer" in text
    assert _words(answer) in text  # the answer printed is the answer on the page
    for arm in study.arms:
        assert arm.label in text
    # The table: every setting played 3 games.
    assert len(re.findall(r"\b3 games|\s3\s", text)) >= len(study.arms)
    assert "interval" in answer or " to " in answer


@pytest.mark.parametrize("paper, size", [("a5", "--quick"), ("letter", "--games=2"), ("a4", "--games=2")])
def test_a_quick_study_says_so_and_the_tallest_fits_one_page_on_every_paper(paper, size, tmp_path):
    # Stacktics' study has the most settings; a quick run adds its warning, so it is tried on the smallest paper.
    target = tmp_path / "s.pdf"
    result = run_cli("study", "stacktics-first-player", size, "--workers", "1", "--paper", paper,
                     "-o", str(target))
    assert result.exit_code == 0, result.output
    assert page_count(target) == 1
    text = _words(PdfReader(str(target)).pages[0].extract_text())
    assert ("quick run" in text.lower() and "without --quick" in text) == (size == "--quick")
    pixels = render_page(target, 0, dpi=50)
    width_mm, height_mm = PAPERS[paper].width, PAPERS[paper].height
    assert abs(pixels.shape[1] / 50 * 25.4 - width_mm) < 1 and abs(pixels.shape[0] / 50 * 25.4 - height_mm) < 1
    # Nothing is drawn in the printer's 10 mm margin.
    edge = round(9 / 25.4 * 50)
    for strip in (pixels[:edge], pixels[-edge:], pixels[:, :edge], pixels[:, -edge:]):
        assert strip.min() > 200


def test_the_same_study_gives_the_same_bytes(tmp_path):
    paths = [tmp_path / "a.pdf", tmp_path / "b.pdf"]
    for path, workers in zip(paths, ("1", "2"), strict=True):
        assert run_cli("study", "isaac-first-player", "--games", "4", "--workers", workers,
                       "-o", str(path)).exit_code == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_qpdf_finds_the_report_clean(tmp_path):
    target = tmp_path / "s.pdf"
    assert run_cli("study", "alea-first-player", "--games", "2", "--workers", "1", "-o", str(target)).exit_code == 0
    check = subprocess.run(["qpdf", "--check", str(target)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_the_plot_puts_each_dot_and_bar_where_the_rates_are(tmp_path):
    plot = tmp_path / "rates.svg"
    result = run_cli("simulate", "stacktics", "--variant", "4x4", "--games", "40", "--workers", "1",
                     "--format", "json", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    root = ET.parse(plot).getroot()
    assert root.get("width", "").endswith("mm")
    ticks = {t.text: float(t.get("x")) for t in root.iter(f"{SVG}text") if t.text in ("0 %", "100 %")}
    assert set(ticks) == {"0 %", "100 %"}
    zero, hundred = ticks["0 %"], ticks["100 %"]

    def rate_at(x: float) -> float:
        return (x - zero) / (hundred - zero)

    dots = sorted(root.iter(f"{SVG}circle"), key=lambda c: float(c.get("cy")))
    assert len(dots) == 2  # A, then B
    rate_a = data["win_rate_a"]
    assert rate_at(float(dots[0].get("cx"))) == pytest.approx(rate_a, abs=0.002)
    assert rate_at(float(dots[1].get("cx"))) == pytest.approx(1 - rate_a, abs=0.002)
    # A's bar spans its interval: the horizontal line through A's dot.
    a_y = float(dots[0].get("cy"))
    bars = [line for line in root.iter(f"{SVG}line")
            if float(line.get("y1")) == float(line.get("y2")) == pytest.approx(a_y)]
    assert len(bars) == 1
    low, high = sorted(rate_at(float(bars[0].get(k))) for k in ("x1", "x2"))
    assert (low, high) == pytest.approx(tuple(data["interval_a"]), abs=0.002)


@pytest.mark.parametrize("extension", ["pdf", "png"])
def test_the_plot_as_pdf_and_png(extension, tmp_path):
    plot = tmp_path / f"rates.{extension}"
    result = run_cli("simulate", "isaac", "--games", "8", "--workers", "1", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    data = plot.read_bytes()
    assert data.startswith(b"%PDF" if extension == "pdf" else b"\x89PNG")
    if extension == "pdf":
        assert page_count(plot) == 1
        page = PdfReader(str(plot)).pages[0]
        text = _words(page.extract_text())
        assert "ISAAC" in text and "8 games" in text and "win rate" in text
        # sized to the chart, not a sheet of paper with the chart at its top
        assert float(page.mediabox.width) * 25.4 / 72 == pytest.approx(160.0, abs=0.01)
        assert float(page.mediabox.height) < float(page.mediabox.width) / 2
    else:
        from PIL import Image

        with Image.open(plot) as image:
            assert image.size[0] > 2 * image.size[1]  # the chart, as wide as the PDF's, not a page


def test_the_svg_chart_says_how_many_games_it_shows(tmp_path):
    plot = tmp_path / "rates.svg"
    assert run_cli("simulate", "alea", "--games", "6", "--workers", "1", "--plot", str(plot)).exit_code == 0
    texts = " ".join(t.text or "" for t in ET.parse(plot).getroot().iter(f"{SVG}text"))
    assert "6 games (" in texts and "seed 1" in texts


@pytest.mark.parametrize("args, words", [
    (("study", "chess-first-player"), ("chess-first-player",)),
    (("study", "alea-first-player", "--quick", "--games", "5"), ("--quick", "--games")),
    (("study", "alea-first-player", "-o", "report.svg"), ("PDF",)),
    (("study", "alea-first-player", "-o", "no/such/folder/r.pdf"), ("does not exist",)),
    (("study", "alea-first-player", "--games", "0"), ("--games",)),
    (("simulate", "alea", "--plot", "chart.txt"), (".svg, .pdf or .png",)),
    (("simulate", "alea", "--plot", "no/such/folder/c.svg"), ("--plot", "does not exist")),
])
def test_a_mistake_is_one_line_before_any_game_is_played(args, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_one_line_error(run_cli(*args), *words)
    assert not any(tmp_path.iterdir())


def test_the_difference_of_two_rates_has_newcombes_published_interval():
    # Newcombe (1998), Statistics in Medicine 17, example (a): 56/70 against 48/80, method 10: 0.0524 to 0.3339.
    from boardgen.simulate.stats import wilson
    from boardgen.simulate.studies import Estimate, difference

    first, second = Estimate(48 / 80, *wilson(48, 80)), Estimate(56 / 70, *wilson(56, 70))
    shift = difference(first, second)
    assert (shift.value, shift.low, shift.high) == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)


@pytest.mark.parametrize("lows_highs, expect_zero", [(((91.6, 96.1), (100.0, 105.9)), False), (((1, 26),), True)])
def test_a_chart_axis_holds_every_interval_and_starts_at_zero_unless_that_hides_them(lows_highs, expect_zero):
    from boardgen.draw.chart import ChartRow, axis_for

    rows = [ChartRow("x", (low + high) / 2, low, high) for low, high in lows_highs]
    axis = axis_for("moves", rows)
    assert axis.low <= min(r.low for r in rows) and axis.high >= max(r.high for r in rows)
    assert (axis.low == 0) == expect_zero
    ticks = (axis.high - axis.low) / axis.step
    assert 2 <= ticks <= 7 and abs(ticks - round(ticks)) < 1e-9
