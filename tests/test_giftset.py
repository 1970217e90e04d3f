"""Gift sets: every game's set, its box sized to its contents, its manifest true to its files, written whole."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import assert_one_line_error, page_count, run_cli

from boardgen.games import GAMES
from boardgen.layout.boxes import PLAY, BoxSize, lid_for, tray_net_size, tray_panels
from boardgen.layout.paper import PAPERS
from boardgen.products.giftset import CLEARANCE, plan_box


@pytest.fixture(scope="module", params=sorted(GAMES))
def giftset(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("gift") / "set"
    result = run_cli("giftset", request.param, "--to", str(folder), "--dedication", "For Anna, Christmas 2026")
    assert result.exit_code == 0, result.output
    return request.param, folder, [Path(line) for line in result.output.split()]


def test_the_set_has_every_part_and_a_manifest_true_to_its_files(giftset):
    game, folder, written = giftset
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(p.name for p in written)
    assert names[0] == "00-read-me-first.pdf" and f"{game}-giftset.pdf" in names and "manifest.json" in names
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert {entry["file"] for entry in manifest["files"]} == set(names) - {"manifest.json"}
    for entry in manifest["files"]:
        data = (folder / entry["file"]).read_bytes()
        assert entry["bytes"] == len(data) and entry["sha256"] == hashlib.sha256(data).hexdigest()
        assert entry["pages"] == page_count(folder / entry["file"]) and entry["paper"] == "a4"
    parts = [e for e in manifest["files"] if e["file"] != f"{game}-giftset.pdf"]
    assert page_count(folder / f"{game}-giftset.pdf") == sum(e["pages"] for e in parts)
    assert [e["file"][:2] for e in parts] == ["00", "01", "02", "03", "04"][: len(parts)]


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_qpdf_finds_every_pdf_of_the_set_clean(giftset):
    _, folder, _ = giftset
    for pdf in sorted(folder.glob("*.pdf")):
        result = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        assert result.returncode == 0, (pdf.name, result.stdout, result.stderr)


def test_a_second_run_gives_the_same_bytes(tmp_path):
    for name in ("a", "b"):
        assert run_cli("giftset", "alea", "--to", str(tmp_path / name)).exit_code == 0
    assert (tmp_path / "a" / "manifest.json").read_bytes() == (tmp_path / "b" / "manifest.json").read_bytes()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_box_holds_its_contents_and_the_lid_slides_over_the_base(game, paper):
    info = GAMES[game]
    plan = plan_box(info, PAPERS[paper], 10.0, 0.3, sheets=1, rule_pages=2)
    width, depth = plan.contents
    assert plan.base.width >= width + 2 * CLEARANCE and plan.base.depth >= depth + 2 * CLEARANCE
    assert plan.base.height >= info.box_depth + CLEARANCE
    outside = plan.base.outside(0.3)
    assert plan.lid.width - outside.width == pytest.approx(PLAY + 0.6)
    assert plan.lid.depth - outside.depth == pytest.approx(PLAY + 0.6)
    # Each net lies on one sheet inside the margins (turned to landscape where that is how it fits).
    sheet = PAPERS[paper].landscape() if plan.turned else PAPERS[paper]
    for size in (plan.base, plan.lid):
        net_width, net_height = tray_net_size(size)
        assert net_width <= sheet.width - 20 and net_height <= sheet.height - 20


def test_a_tray_net_folds_into_a_closed_box():
    size = BoxSize(120.0, 80.0, 25.0)
    panels = tray_panels(0.0, 0.0, size)
    floor = panels["floor"]
    assert (floor.width, floor.height) == (120.0, 80.0)
    # Every wall is as tall as the box and as long as the floor edge it folds up from.
    assert panels["back"].height == panels["front"].height == 25.0 == panels["left"].width == panels["right"].width
    assert panels["back"].width == panels["front"].width == floor.width
    assert panels["left"].height == panels["right"].height == floor.height
    # Folded up, the walls' free edges meet at the four corners: each corner gets one glue tab.
    assert lid_for(size, 0.3).width == pytest.approx(120 + 0.6 + PLAY + 0.6)


def test_the_lid_carries_the_games_name_and_the_dedication_its_own_page(giftset):
    game, folder, _ = giftset
    from pypdf import PdfReader

    box = PdfReader(str(next(folder.glob("04-*-box.pdf"))))
    assert len(box.pages) == 3  # base, lid, and the inside of the lid on the lid sheet's back
    assert GAMES[game].title in box.pages[1].extract_text()
    assert "For Anna, Christmas 2026" in box.pages[2].extract_text()


def test_a_failed_write_leaves_no_folder_and_an_old_set_untouched(tmp_path, monkeypatch):
    import boardgen.products.writer as writer

    def broken(files):
        raise OSError(28, "No space left on device")

    old = tmp_path / "old"
    assert run_cli("giftset", "isaac", "--to", str(old)).exit_code == 0
    before = {p.name: p.read_bytes() for p in old.iterdir()}
    monkeypatch.setattr(writer, "write_files", broken)
    failed = run_cli("giftset", "isaac", "--to", str(tmp_path / "new"))
    assert failed.exit_code != 0 and failed.output.count("\n") == 1, failed.output
    assert not (tmp_path / "new").exists()
    assert run_cli("giftset", "isaac", "--palette", "mono", "--to", str(old)).exit_code != 0
    assert {p.name: p.read_bytes() for p in old.iterdir()} == before


def test_giftset_bad_input(tmp_path):
    assert_one_line_error(run_cli("giftset", "iacta", "--lang", "fr", "--to", str(tmp_path / "x")), "da")
    assert_one_line_error(run_cli("giftset", "iacta", "--to", str(tmp_path / "no" / "such")), "does not exist")
    assert_one_line_error(run_cli("giftset", "isaac", "--paper", "a5", "--to", str(tmp_path / "y")), "larger")
    assert_one_line_error(run_cli("giftset", "alea", "--arrows", "--to", str(tmp_path / "z")), "arrows")
    assert_one_line_error(run_cli("giftset", "iacta", "--card", "nan", "--to", str(tmp_path / "w")))
    assert not any(tmp_path.iterdir())


def test_a_new_set_replaces_the_old_one_whole_and_never_a_folder_of_other_files(tmp_path):
    target = tmp_path / "set"
    assert run_cli("giftset", "iacta", "--palette", "cud", "--to", str(target)).exit_code == 0
    assert run_cli("giftset", "iacta", "--palette", "mono", "--to", str(target)).exit_code == 0
    names = {p.name for p in target.iterdir()}
    assert "02-iacta-pieces-mono-duplex-long.pdf" in names and not any("cud" in n for n in names)
    assert {p.name for p in tmp_path.iterdir()} == {"set"}  # nothing left beside it
    other = tmp_path / "photos"
    other.mkdir()
    (other / "holiday.jpg").write_bytes(b"not ours")
    assert_one_line_error(run_cli("giftset", "iacta", "--to", str(other)), "not a gift set")
    assert [p.name for p in other.iterdir()] == ["holiday.jpg"]


def test_a_run_killed_halfway_leaves_no_set_and_the_next_run_tidies_up(tmp_path):
    import os
    import signal
    import sys
    import time

    target = tmp_path / "set"
    # The run stops for a minute once every file is written and before the folder is renamed into place: the
    # worst moment to be killed, made certain rather than hoped for.
    script = ("import sys, time\nimport boardgen.products.writer as writer\nwrite = writer.write_files\n"
              "def slow(files):\n    write(files)\n    time.sleep(60)\nwriter.write_files = slow\n"
              "from boardgen.cli import main\n"
              f"main(['giftset', 'stacktics', '--to', {str(target)!r}])\n")
    process = subprocess.Popen([sys.executable, "-c", script], cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not list(tmp_path.glob(".set.bg-*/manifest.json")):
        time.sleep(0.02)
    assert list(tmp_path.glob(".set.bg-*/manifest.json")), "the run never got to writing its files"
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert not target.exists()
    assert run_cli("giftset", "stacktics", "--to", str(target)).exit_code == 0
    assert {p.name for p in tmp_path.iterdir()} == {"set"}
