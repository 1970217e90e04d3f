"""Gift sets: every game's set, its box sized to its contents, its manifest true to its files, written whole."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import assert_one_line_error, page_count, run_cli
from registry import FOLDER_GAMES

from boardgen.layout.boxes import PLAY, BoxSize, lid_for, tray_net_size, tray_panels
from boardgen.layout.paper import PAPERS
from boardgen.products.giftset import CLEARANCE, plan_box
from boardgen.products.pieces import pieces_room


@pytest.fixture(scope="module", params=sorted(FOLDER_GAMES))
def giftset(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("gift") / "set"
    result = run_cli("giftset", request.param, "--to", str(folder), "--dedication", "For Anna, Christmas 2026")
    assert result.exit_code == 0, result.output
    return request.param, folder, [Path(line) for line in result.stdout.split()]


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
    # every page of every part, and a blank back where a sheet has none: at most as many pages again
    combined = page_count(folder / f"{game}-giftset.pdf")
    assert sum(e["pages"] for e in parts) <= combined <= 2 * sum(e["pages"] for e in parts)
    assert [e["file"][:2] for e in parts] == ["00", "01", "02", "03", "04"][: len(parts)]


def _page_texts(pdf: Path) -> list[str]:
    from pypdf import PdfReader

    return [" ".join(page.extract_text().split()) for page in PdfReader(str(pdf)).pages]


def test_the_whole_set_prints_in_one_two_sided_run_each_sheet_with_its_own_back(giftset):
    """A duplex printer puts pages 1 and 2 on one sheet, 3 and 4 on the next: every file starts on a sheet of its
    own, a one-sided page gets a blank back, the tokens' backs and the dedication land behind their fronts, and
    the read-me's page ranges say which sheets are card."""
    game, folder, _ = giftset
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    parts = [e for e in manifest["files"] if e["file"] != f"{game}-giftset.pdf"]
    run = _page_texts(folder / f"{game}-giftset.pdf")
    assert len(run) % 2 == 0
    # Which file each page of the run comes from, read back by its text: the run without its blanks is the files'
    # pages in order.
    owner: list[str | None] = []
    at = 0
    for entry in parts:
        for text in _page_texts(folder / entry["file"]):
            while not run[at] and text:
                owner.append(None)
                at += 1
            assert run[at] == text, (entry["file"], at + 1)
            owner.append(entry["file"])
            at += 1
    owner += [None] * (len(run) - at)
    assert not any(run[n] for n in range(at, len(run)))
    sheets = [(owner[n], owner[n + 1]) for n in range(0, len(run), 2)]
    for front, back in sheets:
        assert front is not None, "a sheet with nothing on its front"
        assert back in (None, front), f"{back} on the back of {front}"
    starts = [owner.index(entry["file"]) for entry in parts]
    assert all(start % 2 == 0 for start in starts)  # each file on the front of a sheet of its own
    # The dedication behind the lid; a two-sided piece's back behind its front; the board alone on its sheet.
    lid = next(n for n, text in enumerate(run) if "box, lid:" in text)
    assert lid % 2 == 0 and "For Anna, Christmas 2026" in run[lid + 1]
    for n, text in enumerate(run):
        if re.search(r"tokens, [\d.]+ mm, back", text):
            assert n % 2 == 1 and re.search(r"tokens, [\d.]+ mm, front", run[n - 1])
        if owner[n] is not None and owner[n].startswith("01-"):
            assert n % 2 == 0 and owner[n + 1] is None
    # The read-me's ranges: card where the manifest says card, plain paper where it says paper, every page named.
    readme = " ".join(_page_texts(folder / "00-read-me-first.pdf"))
    ranges = re.findall(r"pages (\d+)–(\d+) on (card|plain paper)", readme)
    named = set()
    stock = {entry["file"]: entry["print_on"] for entry in parts}
    for first, last, paper in ranges:
        for page in range(int(first), int(last) + 1):
            named.add(page)
            file = owner[page - 1] or owner[page - 2]  # a blank back is on its front's stock
            assert stock[file].startswith(paper), (page, file, paper)
    assert named == set(range(1, len(run) + 1))


def test_every_page_of_the_set_pdf_says_where_it_is_trimmed(giftset):
    from pypdf import PdfReader

    game, folder, _ = giftset
    for page in PdfReader(str(folder / f"{game}-giftset.pdf")).pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        assert [float(v) for v in page["/TrimBox"]] == pytest.approx([float(v) for v in page.mediabox], abs=0.01)
        assert [float(v) for v in page["/BleedBox"]] == pytest.approx([float(v) for v in page.mediabox], abs=0.01)


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


@pytest.mark.parametrize("game", sorted(FOLDER_GAMES))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_box_holds_its_contents_and_the_lid_slides_over_the_base(game, paper):
    info = FOLDER_GAMES[game]
    room = pieces_room(info, info.default_variant)
    plan = plan_box(info, PAPERS[paper], 10.0, 0.3, sheets=1, rule_pages=2, room=room)
    width, depth = plan.contents
    assert plan.base.width >= width + 2 * CLEARANCE and plan.base.depth >= depth + 2 * CLEARANCE
    assert plan.base.height >= room + CLEARANCE
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
    assert len(box.pages) == 3  # lid, the inside of the lid, base
    texts = [" ".join(page.extract_text().split()) for page in box.pages]
    assert FOLDER_GAMES[game].title in texts[0]
    assert "For Anna, Christmas 2026" in texts[1]


def _sheets_printed_two_sided(texts: list[str]) -> list[tuple[str, ...]]:
    """What a duplex printer makes of the pages: pages 1 and 2 on the first sheet, 3 and 4 on the next, ..."""
    return [tuple(texts[n:n + 2]) for n in range(0, len(texts), 2)]


def test_printed_two_sided_as_the_read_me_says_the_dedication_is_on_the_lids_back(giftset):
    game, folder, _ = giftset
    from pypdf import PdfReader

    readme = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(folder / "00-read-me-first.pdf")).pages)
    assert "dedication on its back: print it two-sided" in readme
    box = PdfReader(str(next(folder.glob("04-*-box.pdf"))))
    texts = [" ".join(page.extract_text().split()) for page in box.pages]
    sheets = _sheets_printed_two_sided(texts)
    lid_sheet = next(sheet for sheet in sheets if "box, lid:" in sheet[0] or "box, lid:" in sheet[-1])
    assert "box, lid:" in lid_sheet[0] and "For Anna, Christmas 2026" in lid_sheet[1]
    assert not any("box, base:" in side for side in lid_sheet)  # the base has a sheet of its own
    assert any("box, base:" in sheet[0] for sheet in sheets)


def test_without_a_dedication_the_box_is_base_then_lid(tmp_path):
    from pypdf import PdfReader

    assert run_cli("box", "alea", "-o", str(tmp_path / "box.pdf")).exit_code == 0
    texts = [" ".join(page.extract_text().split()) for page in PdfReader(str(tmp_path / "box.pdf")).pages]
    assert len(texts) == 2 and "box, base:" in texts[0] and "box, lid:" in texts[1]


def test_a_failed_write_leaves_no_folder_and_an_old_set_untouched(tmp_path, monkeypatch):
    import boardgen.products.writer as writer

    def broken(path, data, temporaries):
        raise OSError(28, "No space left on device")

    old = tmp_path / "old"
    assert run_cli("giftset", "isaac", "--to", str(old)).exit_code == 0
    before = {p.name: p.read_bytes() for p in old.iterdir()}
    monkeypatch.setattr(writer, "_stage", broken)
    failed = run_cli("giftset", "isaac", "--to", str(tmp_path / "new"))
    assert failed.exit_code != 0 and failed.output.count("\n") == 1, failed.output
    assert not (tmp_path / "new").exists()
    assert run_cli("giftset", "isaac", "--palette", "mono", "--to", str(old)).exit_code != 0
    assert {p.name: p.read_bytes() for p in old.iterdir()} == before


def test_giftset_bad_input(tmp_path):
    assert_one_line_error(run_cli("giftset", "iacta", "--lang", "fr", "--to", str(tmp_path / "x")), "da")
    assert_one_line_error(run_cli("giftset", "iacta", "--to", str(tmp_path / "no" / "such")), "does not exist")
    assert_one_line_error(run_cli("giftset", "isaac", "--paper", "a5", "--to", str(tmp_path / "y")), "larger")
    assert_one_line_error(run_cli("giftset", "iacta", "--card", "nan", "--to", str(tmp_path / "w")))
    assert not any(tmp_path.iterdir())
    noted = run_cli("giftset", "alea", "--arrows", "--to", str(tmp_path / "z"))  # drawn without, and said
    assert noted.exit_code == 0 and "boardgen: note: --arrows" in noted.stderr and "drawn without" in noted.stderr


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
    target = tmp_path / "set"
    # The run stops once every file is written and before the folder is renamed into place, and says so: the
    # worst moment to be killed, made certain rather than hoped for.
    script = (PAUSE + "import boardgen.products.writer as writer\nwrite = writer._write_files\n"
              "def slow(files):\n    write(files)\n    pause()\nwriter._write_files = slow\n"
              "from boardgen.cli import main\n"
              f"main(['giftset', 'stacktics', '--to', {str(target)!r}])\n")
    _killed_once(script, tmp_path, ".set.bg-*/manifest.json")
    assert not target.exists()
    assert run_cli("giftset", "stacktics", "--to", str(target)).exit_code == 0
    assert {p.name for p in tmp_path.iterdir()} == {"set"}


# -- the laser set ------------------------------------------------------------------------------------------------

LASER_KERF = 0.2  # larger than the default, so a joint that forgot it would be 0.2 mm off, not 0.1


@pytest.fixture(scope="module", params=sorted(FOLDER_GAMES))
def laser_set(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("laser") / "set"
    result = run_cli("giftset", request.param, "--for", "laser", "--bed", "k40", "--kerf", str(LASER_KERF),
                     "--to", str(folder), "--dedication", "For Anna")
    assert result.exit_code == 0, result.output
    return request.param, folder, json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def _parts(paths, kerf=LASER_KERF):
    """Every cut outline in the files, as cut: the kerf burnt away (the drawn line moved in by half of it)."""
    from svg_helpers import laser_layers, subpaths

    from boardgen.draw.geometry import offset_ring

    outlines = []
    for path in paths:
        for element in laser_layers(path)["cut"]:
            for points, closed in subpaths(element.get("d")):
                assert closed
                outlines.append(offset_ring(tuple(points), -kerf / 2))
    return outlines


def _sides(ring, thickness):
    """Each side of a panel as cut (top, right, bottom, left), as the intervals along it where the material
    reaches the outer edge ('tabs') and where it is cut in by the thickness ('slots'), from the side's start."""
    xs, ys = [x for x, _ in ring], [y for _, y in ring]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    segments = list(zip(ring, ring[1:] + ring[:1], strict=True))
    sides = []
    for at_edge, depth_sign, horizontal, origin, length in (
            (top, 1, True, left, right - left), (right, -1, False, top, bottom - top),
            (bottom, -1, True, left, right - left), (left, 1, False, top, bottom - top)):
        outer, inner = [], []
        for a, b in segments:
            if horizontal and abs(a[1] - b[1]) < 1e-6:
                level, span = a[1], sorted((a[0] - origin, b[0] - origin))
            elif not horizontal and abs(a[0] - b[0]) < 1e-6:
                level, span = a[0], sorted((a[1] - origin, b[1] - origin))
            else:
                continue
            if abs(level - at_edge) < 2e-3:
                outer.append(tuple(span))
            elif abs(level - (at_edge + depth_sign * thickness)) < 2e-3:
                inner.append(tuple(span))
        # The corner squares belong to whichever panel the joint at right angles gives them: compare the
        # fingers between them.
        def clipped(spans, length=length):
            return sorted((max(a, thickness), min(b, length - thickness)) for a, b in spans
                          if min(b, length - thickness) - max(a, thickness) > 1e-3)
        sides.append((round(length, 3), clipped(outer), clipped(inner)))
    return sides


def _jointed(side):
    return bool(side[2])


def _plywood(folder, game):
    """The plywood beds a set cuts (not the files that engrave backs), every part on them from any product."""
    return sorted(p for p in folder.glob(f"01-{game}-plywood*.svg") if "-backs" not in p.name)


def _panels(folder, game):
    """The box's panels, as cut: the outlines on the plywood beds with fingers on some side."""
    return [ring for ring in _parts(_plywood(folder, game)) if any(_jointed(side) for side in _sides(ring, 3.0))]


def test_the_laser_set_has_every_part_and_a_manifest_true_to_its_files(laser_set):
    game, folder, manifest = laser_set
    names = sorted(p.name for p in folder.iterdir())
    assert {e["file"] for e in manifest["files"]} == set(names) - {"manifest.json"}
    for entry in manifest["files"]:
        data = (folder / entry["file"]).read_bytes()
        assert entry["bytes"] == len(data) and entry["sha256"] == hashlib.sha256(data).hexdigest()
        if entry["file"].endswith(".svg"):
            # a backs file is engraved on parts already cut, never cut from anything
            material = entry["engrave_on"] if "-backs" in entry["file"] else entry["cut_from"]
            assert "plywood" in material or "card" in material
            assert entry["minutes"] >= 0 and entry["cut_mm"] + entry["score_mm"] + entry["engrave_mm2"] > 0
            assert ("cut_mm" in entry and entry["cut_mm"] == 0) == ("-backs" in entry["file"])
    assert manifest["made_for"] == "laser" and manifest["kerf_mm"] == LASER_KERF
    for prefix in ("00-read-me-first.pdf", f"01-{game}-plywood", f"03-{game}-rules-en.pdf"):
        assert any(name.startswith(prefix) for name in names), prefix
    # The board plate and the box's ten panels are on the plywood beds, whichever bed each is on.
    held: dict[str, int] = {}
    for entry in manifest["files"]:
        if entry["file"].startswith(f"01-{game}-plywood") and "-backs" not in entry["file"]:
            for what, count in entry["parts"].items():
                held[what] = held.get(what, 0) + count
    assert {what: held.get(what) for what in ("plate", "base floor", "base wall", "lid top", "lid wall")} == {
        "plate": 1, "base floor": 1, "base wall": 4, "lid top": 1, "lid wall": 4}
    # The one PDF to print is the read-me and the rules; nothing else in the set is for paper.
    pages = {e["file"]: e.get("pages") for e in manifest["files"]}
    assert pages[f"{game}-giftset.pdf"] == pages["00-read-me-first.pdf"] + pages[f"03-{game}-rules-en.pdf"]
    if shutil.which("qpdf"):
        for pdf in folder.glob("*.pdf"):
            assert subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True).returncode == 0, pdf.name


def test_the_laser_read_me_says_what_each_file_asks_of_the_laser(laser_set):
    """Each cut file's line gives its lengths, area and time; a backs file is engraved, never "cut from"; the
    pieces are named as cut (IACTA's tokens are plywood, not paper); the steps total the files' times."""
    import re

    from pypdf import PdfReader

    game, folder, manifest = laser_set
    text = " ".join(PdfReader(str(folder / "00-read-me-first.pdf")).pages[0].extract_text().split())
    minutes = 0.0
    for entry in manifest["files"]:
        if not entry["file"].endswith(".svg"):
            continue
        line = re.search(re.escape(entry["file"]) + r": (.*?)(?= \S+\.(?:svg|pdf):| In each file)", text).group(1)
        if "-backs" in entry["file"]:
            assert line.startswith("engrave, after turning") and "cut from" not in line
        else:
            assert line.startswith(f"cut from {entry['cut_from']}")
        assert re.search(r"about \d+ minutes?\b", line), line
        assert ("cut 1 minutes" not in line) and ("about 1 minutes" not in line)
        if entry["cut_mm"]:
            assert f"cut {entry['cut_mm'] / 1000:.1f}\u00a0m" in line or f"cut {entry['cut_mm'] / 1000:.1f} m" in line
        minutes += entry["minutes"]
    total = int(re.search(r"Cut every file \(about (\d+) minutes in all\)", text).group(1))
    assert abs(total - minutes) <= 1
    assert "paper tokens" not in text and "paper dice" not in text
    if game == "iacta":
        assert "plywood tokens" in text


def test_finger_joints_of_mating_edges_interlock_once_cut(laser_set):
    """Every jointed side of every panel, read from the cut files with the kerf burnt away, has a partner side
    on another panel whose tabs are exactly its slots (same count, same widths, same places), a thickness deep."""
    game, folder, _ = laser_set
    panels = [_sides(ring, 3.0) for ring in _panels(folder, game)]
    assert len(panels) == 10  # a base and a lid, five panels each
    unmatched = [(n, k) for n, sides in enumerate(panels) for k, side in enumerate(sides) if _jointed(side)]
    assert len(unmatched) == 32  # 8 joints a tray, two sides a joint
    pairs = 0
    while unmatched:
        n, k = unmatched.pop(0)
        length, tabs, slots = panels[n][k]
        # The tabs and slots together cover the side once, every finger at least a thickness wide.
        covered = sorted(tabs + slots)
        assert covered[0][0] == pytest.approx(3.0, abs=2e-3)
        assert covered[-1][1] == pytest.approx(length - 3.0, abs=2e-3)
        assert all(b - a >= 3.0 - 2e-3 for a, b in tabs + slots)
        for a, b in zip(covered, covered[1:], strict=False):
            assert a[1] == pytest.approx(b[0], abs=2e-3)

        def mates(other, tabs=tabs, slots=slots, length=length):
            other_length, other_tabs, other_slots = other
            flipped = sorted((length - b, length - a) for a, b in other_slots)
            return other_length == pytest.approx(length, abs=2e-3) and any(
                len(candidate) == len(tabs) and all(x == pytest.approx(y, abs=2e-3) for p, q in
                                                    zip(candidate, tabs, strict=True) for x, y in zip(p, q,
                                                                                                      strict=True))
                for candidate in (sorted(other_slots), flipped))
        partner = next(((m, j) for m, j in unmatched if m != n and mates(panels[m][j])), None)
        assert partner is not None, f"panel {n} side {k}: no side on another panel takes its {len(tabs)} tabs"
        unmatched.remove(partner)
        pairs += 1
    assert pairs == 16


def test_the_laser_box_holds_the_plate_and_the_lid_slides_over_the_base(laser_set):
    game, folder, manifest = laser_set

    def size(ring):
        xs, ys = [x for x, _ in ring], [y for _, y in ring]
        return sorted((max(xs) - min(xs), max(ys) - min(ys)))

    # The floors are the panels jointed on all four sides; the lid's top is the larger.
    floors = sorted((size(ring) for ring in _panels(folder, game) if all(_jointed(s) for s in _sides(ring, 3.0))),
                    key=lambda s: s[0] * s[1])
    assert len(floors) == 2
    base, top = floors
    plate = max((ring for ring in _parts(_plywood(folder, game)) if not any(_jointed(s) for s in _sides(ring, 3.0))),
                key=lambda r: size(r)[0] * size(r)[1])  # the largest part that is no panel
    inside = [side - 2 * 3.0 for side in base]
    assert all(room >= p + 2 * CLEARANCE - 0.01 for room, p in zip(inside, size(plate), strict=True))
    # The lid inside is PLAY larger than the base outside: its top is that plus its own two walls.
    assert [t - b for t, b in zip(top, base, strict=True)] == pytest.approx([PLAY + 6.0] * 2, abs=0.01)
    # Every part lies on the k40's 300 x 200 mm bed.
    from svg_helpers import size_mm, svg_root
    assert all(size_mm(svg_root(p)) == (300.0, 200.0) for p in folder.glob("*.svg"))


def test_the_lid_is_engraved_and_the_dedication_is_on_its_underside(laser_set):
    """Read back from the beds: the lid's top (the larger panel jointed all round) carries the engraving, the base's
    floor none, and a backs file, which cuts nothing, engraves the dedication inside the lid's top."""
    game, folder, _ = laser_set
    from svg_helpers import laser_layers, subpaths

    def within(path, bounds):
        x0, y0, x1, y1 = bounds
        return [ring for element in laser_layers(path).get("engrave", []) for ring, _ in subpaths(element.get("d"))
                if all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in ring)]

    floors = []
    for path in _plywood(folder, game):
        for ring in _parts([path]):
            if all(_jointed(side) for side in _sides(ring, 3.0)):
                xs, ys = [x for x, _ in ring], [y for _, y in ring]
                floors.append((path, (min(xs), min(ys), max(xs), max(ys))))
    assert len(floors) == 2
    base, top = sorted(floors, key=lambda f: (f[1][2] - f[1][0]) * (f[1][3] - f[1][1]))
    assert within(*top) and not within(*base)
    backs = sorted(folder.glob(f"01-{game}-plywood-backs*.svg"))
    assert backs and all(not laser_layers(path).get("cut") for path in backs)
    (lid_backs,) = [path for path in backs if path.name == top[0].name.replace("plywood", "plywood-backs")]
    assert within(lid_backs, top[1])


@pytest.mark.parametrize("args, words", [
    (("--for", "laser", "--card", "0.5"), ("--card", "--thickness")),
    (("--kerf", "0.1"), ("--kerf", "laser")),
    (("--for", "laser", "--thickness", "12", "--bed", "xtool-d1"), ("too thick",)),
    (("--for", "laser", "--field", "40"), ("--field", "or less")),
    (("--for", "laser", "--bed", "50x50"), ("needs a bed of at least", "--bed small")),
    (("--for", "laser", "--bed", "huge"), ("--bed",)),
    (("--paper", "a5"), ("A5", "larger --paper")),
])
def test_what_cannot_be_made_is_one_line(tmp_path, args, words):
    result = run_cli("giftset", "iacta", *args, "--to", str(tmp_path / "set"))
    assert_one_line_error(result, *words)
    assert not (tmp_path / "set").exists()


def test_without_a_field_the_board_shrinks_to_the_largest_whose_box_fits_the_bed(tmp_path):
    assert run_cli("giftset", "isaac", "--for", "laser", "--bed", "k40", "--to", str(tmp_path / "s")).exit_code == 0
    manifest = json.loads((tmp_path / "s" / "manifest.json").read_text(encoding="utf-8"))
    from boardgen.layout.bed import parse_bed
    from boardgen.products.giftset import GiftsetOptions
    from boardgen.products.giftset_laser import LaserGiftOptions, _box_fits, plan_laser_box
    from boardgen.products.laser import LaserSettings

    game = FOLDER_GAMES["isaac"]
    field = manifest["field_mm"]
    assert field < game.default_field
    options = GiftsetOptions(game.default_variant, "classic", False, "en", PAPERS["a4"], 10.0, field)
    laser = LaserGiftOptions(LaserSettings(parse_bed("k40"), 0.1, thickness=3.0), False)
    assert _box_fits(plan_laser_box(game, options, laser, field, 2), laser)
    assert not _box_fits(plan_laser_box(game, options, laser, field + 0.1, 2), laser)
    readme = (tmp_path / "s" / "00-read-me-first.pdf")
    from pypdf import PdfReader
    text = PdfReader(str(readme)).pages[0].extract_text()
    assert f"{field:g} mm" in text and "larger than your bed" in text.replace("\n", " ")


def test_a_run_killed_after_moving_the_old_set_aside_is_recovered_without_probing_processes(tmp_path,
                                                                                           monkeypatch):
    import os

    target = tmp_path / "set"
    assert run_cli("giftset", "alea", "--to", str(target)).exit_code == 0
    before = {p.name: p.read_bytes() for p in target.iterdir()}
    # The run stops once the old set is moved aside and before the new one takes its place: the two-step
    # fallback of systems that cannot exchange two folders in one step (Linux can: it is switched off here).
    script = (PAUSE + "import os\nrename = os.rename\n"
              "import boardgen.products.writer as writer\nwriter._exchange = lambda new, old: False\n"
              "def slow(source, destination):\n    rename(source, destination)\n"
              "    if str(destination).endswith('.old'):\n        pause()\nos.rename = slow\n"
              "from boardgen.cli import main\n"
              f"main(['giftset', 'alea', '--palette', 'mono', '--to', {str(target)!r}])\n")
    _killed_once(script, tmp_path, ".set.bg-*.old")
    assert not target.exists()
    aside, = tmp_path.glob(".set.bg-*.old")
    assert {p.name: p.read_bytes() for p in aside.iterdir()} == before  # the old set, whole

    def no_probing(*args):
        raise AssertionError("a process id was probed")

    monkeypatch.setattr(os, "kill", no_probing)
    assert run_cli("giftset", "alea", "--to", str(target)).exit_code == 0
    assert {p.name for p in tmp_path.iterdir()} == {"set"}
    assert {p.name: p.read_bytes() for p in target.iterdir()} == before  # the same command, the same bytes


# -- a gift set in the game's home language ---------------------------------------------------------------------

# English words that are no Danish or Italian word ("to", "fold", "print", "in" and "a" are): one of them on a page
# is an English sentence left behind.
ENGLISH = {"the", "and", "with", "your", "of", "on", "inside", "each", "into", "glue", "scale", "pieces", "board",
           "rules", "box", "lid", "cut", "sheet", "sheets", "card", "paper", "what", "buy", "make", "read", "gift",
           "set", "first", "minutes", "about", "this", "after", "when", "there"}


def _words(text: str) -> set[str]:
    import re

    # File names (01-iacta-board.pdf), commands (boardgen board iacta --laser) and names are not sentences.
    kept = [w for w in text.split() if not re.search(r"[-./]\w", w) and not w.startswith("--")]
    return {w.lower() for w in re.findall(r"[A-Za-zæøåÆØÅàèéìòù]+", " ".join(kept))}


@pytest.mark.parametrize("game, lang, made_for", [(g.name, lang, made_for) for g in FOLDER_GAMES.values()
                                                  for lang in g.languages if lang != "en"
                                                  for made_for in ("print", "laser")])
def test_a_gift_set_in_another_language_holds_no_english_sentence(tmp_path, game, lang, made_for):
    from pypdf import PdfReader

    folder = tmp_path / "set"
    result = run_cli("giftset", game, "--lang", lang, "--for", made_for, "--to", str(folder),
                     "--dedication", "Til Anna" if lang == "da" else "Per Anna")
    assert result.exit_code == 0, result.output
    # the read-me, the board, the box and the pieces' sheets (a laser set cuts its pieces: nothing on them to read)
    pages = [folder / "00-read-me-first.pdf"] + sorted(folder.glob("01-*board*.pdf")) + \
        sorted(folder.glob("04-*box*.pdf")) + sorted(folder.glob("02-*pieces*.pdf"))
    for pdf in pages:
        text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
        text = text.replace(f"boardgen board {game} --laser --reference", "").replace("boardgen", "")
        text = text.replace(FOLDER_GAMES[game].designer, "").replace("MDF", "")
        english = _words(text) & ENGLISH
        assert not english, (pdf.name, sorted(english))


# What a child run calls where it is to be killed: it says so on its standard output and waits on its standard
# input, which the test never writes, so the kill lands there for certain, on a slow machine as on a fast one.
PAUSE = "import sys\ndef pause():\n    print('paused', flush=True)\n    sys.stdin.read()\n"


def _killed_once(script: str, folder: Path, reached: str) -> None:
    """Run `script` in a boardgen process and kill it (SIGKILL, as a power cut would) where it pauses, once it
    has said so; `reached` is what the folder then holds."""
    import os
    import signal
    import sys

    process = subprocess.Popen([sys.executable, "-c", script], cwd=folder, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        said = process.stdout.readline()  # the event: the run has paused (or ended, saying nothing)
        assert said == "paused\n", f"the run never paused: {said!r}"
        assert list(folder.glob(reached)), f"the run paused before {reached}"
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        process.stdin.close()
        process.stdout.close()


@pytest.mark.parametrize("game", sorted(FOLDER_GAMES))
def test_the_lid_shows_the_game_played_by_its_own_rules(game):
    """Never a handicap setup with unequal armies: a sample that sets rule options is not lid material."""
    from boardgen.layout.paper import PAPERS as PAPER_SIZES
    from boardgen.products.giftset import GiftsetOptions, _sets_rule_options, box_picture
    from boardgen.products.templates import sample_bytes, sample_names

    info = FOLDER_GAMES[game]
    options = GiftsetOptions(info.default_variant, "classic", False, "en", PAPER_SIZES["a4"], 10.0,
                             info.default_field)
    picture = box_picture(info, options)
    from boardgen.draw.board import BoardLook
    from boardgen.games.loading import start_of
    from boardgen.products.diagram import position_drawer, valid_position

    look = BoardLook(9.0, coordinates=False, credits=False, compact=True)
    candidates = [position_drawer(start_of(info, options.variant), False)(look).scene]
    for name in sample_names(game):
        if not _sets_rule_options(sample_bytes(name)):
            try:
                loaded = valid_position(sample_bytes(name), name)
            except Exception:
                continue
            if loaded.position.variant == options.variant:
                candidates.append(position_drawer(loaded, False)(look).scene)
    assert picture in candidates


def test_a_set_with_files_added_is_replaced_only_when_asked(tmp_path):
    target = tmp_path / "set"
    assert run_cli("giftset", "alea", "--to", str(target)).exit_code == 0
    (target / "notes.txt").write_text("mine")
    assert_one_line_error(run_cli("giftset", "alea", "--to", str(target)), "notes.txt", "--replace")
    assert (target / "notes.txt").read_text() == "mine"
    assert run_cli("giftset", "alea", "--to", str(target), "--replace").exit_code == 0
    assert not (target / "notes.txt").exists() and (target / "manifest.json").is_file()


def test_a_box_too_large_for_the_paper_names_the_papers_it_fits(tmp_path):
    assert_one_line_error(run_cli("giftset", "stacktics", "--variant", "7x7", "--to", str(tmp_path / "s")),
                          "it fits Letter or A3", "(--paper letter)")
    assert not (tmp_path / "s").exists()


def test_the_dedication_is_centred_on_the_lid(tmp_path):
    from boardgen.draw.scene import Box, Text
    from boardgen.products.giftset import _dedication_page

    paper = PAPERS["a4"]
    lid_top = Box(40.0, 60.0, 120.0, 90.0)
    page = _dedication_page(paper, lid_top, "For Anna, Christmas 2026, with love from all of us here",
                            FOLDER_GAMES["alea"], "en")
    texts = [shape for _, shapes in page.layers for shape in shapes if isinstance(shape, Text)]
    assert len(texts) >= 2 and {text.anchor for text in texts} == {"middle"}
    assert len({round(text.position[0], 6) for text in texts}) == 1


def test_a_laser_set_never_shrinks_fields_below_what_the_pieces_need(tmp_path):
    """Stacktics 7x7 on a small bed would need 22.4 mm fields, under a large pyramid's 25.4 mm base: refused,
    naming a bed that holds it; on that bed the set is made at the game's own field."""
    result = run_cli("giftset", "stacktics", "--variant", "7x7", "--for", "laser", "--to", str(tmp_path / "s"))
    assert_one_line_error(result, "26.4 mm", "--bed glowforge")
    assert not (tmp_path / "s").exists()
    result = run_cli("giftset", "stacktics", "--variant", "7x7", "--for", "laser", "--bed", "glowforge",
                     "--to", str(tmp_path / "g"))
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "g" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["field_mm"] >= FOLDER_GAMES["stacktics"].smallest_field


def test_the_suggested_field_is_the_largest_that_fits_to_a_tenth(tmp_path):
    """The advice, taken, works and 0.1 mm more does not; and asked for 16.05 mm where 16.07 would fit, the largest
    field to a tenth is 16, never 15.9."""
    from boardgen.layout.bed import largest_fitting

    assert largest_fitting(lambda field: field <= 16.07, 5.0, 16.05) == 16.0
    args = ("giftset", "iacta", "--for", "laser", "--bed", "k40", "--to", str(tmp_path / "s"))
    largest = float(re.search(r"--field (\d+(?:\.\d)?) or less", run_cli(*args, "--field", "40").output).group(1))
    assert_one_line_error(run_cli(*args, "--field", f"{largest + 0.1:.1f}"), f"--field {largest:g} or less")
    result = run_cli(*args, "--field", f"{largest:g}")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("game, variant", [(g.name, v.name) for g in FOLDER_GAMES.values() if g.box.to_buy_counts
                                           for v in g.variants])
def test_what_to_buy_is_true_for_every_board(tmp_path, game, variant):
    """Stacktics 6x6 needs four trees a player and 7x7 five: the read-me counts them for the board it is for."""
    from pypdf import PdfReader

    info = FOLDER_GAMES[game]
    result = run_cli("giftset", game, "--variant", variant, "--paper", "a3", "--to", str(tmp_path / "s"))
    assert result.exit_code == 0, result.output
    text = " ".join(PdfReader(str(tmp_path / "s" / "00-read-me-first.pdf")).pages[0].extract_text().split())
    wanted = info.box.to_buy.format(**info.box.to_buy_counts(info.variant(variant)))
    assert wanted[1:] in text and "{" not in text


@pytest.mark.parametrize("made_for", ["print", "laser"])
def test_a_dedication_in_greek_and_cyrillic_is_printed_in_the_embedded_font(tmp_path, made_for):
    from pypdf import PdfReader

    text = "Για την Άννα — Анне, с любовью"
    folder = tmp_path / "set"
    result = run_cli("giftset", "alea", "--for", made_for, "--to", str(folder), "--dedication", text)
    assert result.exit_code == 0, result.output
    if made_for == "print":
        box = PdfReader(str(folder / "04-alea-box.pdf"))
        assert any(text in " ".join(page.extract_text().split()) for page in box.pages)
        fonts = {str(font) for page in box.pages for font in page["/Resources"]["/Font"].values()
                 for font in [font.get_object()["/BaseFont"]]}
        # the Greek and Cyrillic in the full face; the rest in its basic cut, which a PDF reads faster
        assert any(font.endswith("+DejaVuSans") for font in fonts)
        assert any("DejaVuSansBasic" in font for font in fonts)
    else:
        from svg_helpers import laser_layers, subpaths

        (backs,) = folder.glob("01-alea-plywood-backs*.svg")
        rings = [ring for path in laser_layers(backs)["engrave"] for ring in subpaths(path.get("d"))]
        assert len(rings) >= len(text.replace(" ", ""))  # every letter engraved, none left out as a box


@pytest.mark.parametrize("text, words", [("For Anna 🎲", ("🎲", "U+1F3B2", "leave it out")),
                                         ("For Anna\u202e", ("U+202E", "control character")),
                                         ("For\x7fAnna", ("U+007F", "control character"))])
def test_a_character_no_font_has_is_refused_before_anything_is_written(tmp_path, text, words):
    result = run_cli("giftset", "alea", "--to", str(tmp_path / "set"), "--dedication", text)
    assert_one_line_error(result, "--dedication", *words)
    assert not (tmp_path / "set").exists()


def test_the_lid_lists_a_pieces_summary_with_commas_whole(tmp_path):
    from pypdf import PdfReader

    from boardgen.gamefiles import SHIPPED

    text = (SHIPPED / "ur.toml").read_text(encoding="utf-8")
    summary = "7 counters each, 4 throwing sticks, a die"
    game = tmp_path / "ur.toml"
    game.write_text(text.replace('pieces-summary = "7 counters each and 4 throwing sticks"',
                                 f'pieces-summary = "{summary}"'), encoding="utf-8")
    assert summary in game.read_text(encoding="utf-8")
    assert run_cli("box", str(game), "-o", str(tmp_path / "box.pdf")).exit_code == 0
    lid = next(" ".join(page.extract_text().split()) for page in PdfReader(str(tmp_path / "box.pdf")).pages
               if "box, lid:" in " ".join(page.extract_text().split()))
    assert f"In this box: Ur board; {summary}; rules." in lid


@pytest.mark.parametrize("length", [235, 256, 300])
def test_a_folder_name_too_long_is_one_line_and_nothing_is_written(tmp_path, length):
    result = run_cli("giftset", "alea", "--to", str(tmp_path / ("a" * length)))
    assert_one_line_error(result, f"{length} bytes", "at most 234")
    assert not list(tmp_path.iterdir())


def test_the_longest_folder_name_allowed_is_written(tmp_path):
    result = run_cli("giftset", "alea", "--to", str(tmp_path / ("a" * 234)))
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["a" * 234]


@pytest.mark.parametrize("game, said, never", [
    ("fox-and-geese", "Fox and Geese, a traditional game (1400), for two players", "a game by Traditional"),
    ("ur", "Ur, designer unknown (rules after Irving Finkel, 2600 BC), for two players", "a game by Unknown"),
    ("iacta", "IACTA, a game by Thorleif Bundgaard (2001), for two players", "designer unknown"),
])
def test_the_read_me_says_who_made_the_game_as_a_person_would(tmp_path, game, said, never):
    assert run_cli("giftset", game, "--to", str(tmp_path / "set")).exit_code == 0
    readme = " ".join(_page_texts(tmp_path / "set" / "00-read-me-first.pdf"))
    assert said in readme and never not in readme


@pytest.mark.parametrize("lang, traditional, unknown, year", [
    ("en", "a traditional game (1400)", "designer unknown (2600 BC)", "Designer unknown, 2600 BC"),
    ("da", "et traditionelt spil (1400)", "ukendt ophavsmand (2600 f.Kr.)", "Ukendt ophavsmand, 2600 f.Kr."),
    ("it", "un gioco tradizionale (1400)", "autore sconosciuto (2600 a.C.)", "Autore sconosciuto, 2600 a.C."),
])
def test_a_traditional_game_and_an_unknown_designer_read_right_in_every_language(lang, traditional, unknown, year):
    from dataclasses import replace

    from boardgen.products.translations import credit, maker_line

    game = FOLDER_GAMES["iacta"]
    assert credit(replace(game, designer="Traditional", year=1400), lang) == traditional
    assert credit(replace(game, designer="Unknown", year=-2600), lang) == unknown
    assert maker_line(replace(game, designer="Unknown", year=-2600), lang) == year


@pytest.mark.parametrize("game, lang", [("iacta", "da"), ("isaac", "it"), ("alea", "it")])
def test_numbers_in_a_danish_or_italian_set_have_a_decimal_comma(tmp_path, game, lang):
    """Sizes on the board's footer, the pieces' sheets and in the read-me and box as the language writes them:
    14,8 mm, never 14.8 mm (the rule sheet is made elsewhere, and says what its own text says)."""
    assert run_cli("giftset", game, "--lang", lang, "--to", str(tmp_path / "set")).exit_code == 0
    pages = [tmp_path / "set" / "00-read-me-first.pdf", *sorted((tmp_path / "set").glob("0[124]-*.pdf"))]
    texts = " ".join(text for pdf in pages for text in _page_texts(pdf))
    assert not re.search(r"\d\.\d", texts), re.findall(r".{20}\d\.\d.{10}", texts)
    assert re.search(r"\d,\d", texts)


@pytest.mark.parametrize("lang, title, layers", [
    ("en", "ALEA board, bed 1 of 3: 3 mm plywood or MDF", ("cut", "score", "engrave")),
    ("da", "ALEA-bræt, plade 1 af 3: 3 mm krydsfiner eller MDF", ("skær", "rids", "gravér")),
    ("it", "Plancia di ALEA, piano 1 di 3: compensato o MDF da 3 mm", ("taglio", "segno", "incisione")),
])
def test_a_laser_files_title_and_layers_in_the_sets_language(lang, title, layers):
    """The words a laser file is titled and its layers named with, from the set's catalogue (what the laser
    products call): never "ALEA board ... plywood or MDF" in an Italian set."""
    from boardgen.products.translations import OPERATIONS, bed_title, number_text, operation_name, translator

    _ = translator(lang)
    what = _("{title} board").format(title="ALEA")
    material = _("{thickness} mm plywood or MDF").format(thickness=number_text(3.0, lang))
    assert bed_title(what, 1, 3, material, lang) == title
    assert "1" in bed_title(what, 1, 3, material, lang, turned=True) != title
    assert tuple(operation_name(operation, lang) for operation in OPERATIONS) == layers
    assert number_text(0.6, lang, 1) == ("0.6" if lang == "en" else "0,6")


@pytest.mark.parametrize("lang, footer, credited", [
    ("da", "Print i 100 % (faktisk størrelse): hvert felt er 22,5 mm", "Fox and Geese, et traditionelt spil (1400)"),
    ("it", "Stampa al 100 % (dimensioni reali): ogni casella misura 22,5 mm",
     "Fox and Geese, un gioco tradizionale (1400)"),
    ("en", "Print at 100 % (actual size): each field is 22.5 mm", "Fox and Geese, a traditional game (1400)"),
])
def test_the_boards_own_words_are_in_the_sets_language(tmp_path, lang, footer, credited):
    """The board of a set: its footer, with the language's decimal mark, and the credit line boardgen words for
    a game file that gives none, as the read-me words who made the game (never "a game by Traditional")."""
    from boardgen.gamefiles import SHIPPED

    text = (SHIPPED / "fox-and-geese.toml").read_text(encoding="utf-8")
    own_credit = 'credit = "Fox and Geese: a hunt game played in Europe since the Middle Ages"\n'
    assert own_credit in text
    (tmp_path / "fox.toml").write_text(text.replace(own_credit, ""), encoding="utf-8")
    if lang != "en":  # the file's own rules are English
        (tmp_path / f"fox.{lang}.md").write_text("# Fox and Geese\n\n...\n", encoding="utf-8")
    result = run_cli("giftset", str(tmp_path / "fox.toml"), "--lang", lang, "--field", "22.5",
                     "--to", str(tmp_path / "set"))
    assert result.exit_code == 0, result.output
    board = " ".join(_page_texts(tmp_path / "set" / "01-fox-board.pdf"))
    assert footer in board and credited in board, board[-300:]
    assert "Traditional" not in board


def test_a_tiled_board_in_a_danish_set_says_its_tiles_and_gluing_in_danish(tmp_path):
    """A board too large for one page is tiled: the overview, each tile's label and the gluing note are in the set's
    language too (issue 46: every word in the set's language)."""
    from pypdf import PdfReader

    folder = tmp_path / "set"
    assert run_cli("giftset", "iacta", "--lang", "da", "--field", "22", "--to", str(folder)).exit_code == 0
    pages = PdfReader(str(folder / "01-iacta-board.pdf")).pages
    assert len(pages) > 1, "the board was meant to be tiled"
    text = " ".join(page.extract_text() for page in pages)
    assert "oversigt, side 1 af" in text and "række 1, kolonne 1" in text and "limlinje" in text
    english = _words(text.replace(FOLDER_GAMES["iacta"].designer, "")) & ENGLISH
    assert not english, sorted(english)
