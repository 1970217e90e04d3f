"""The README stays honest: its commands run, its pictures are what the code draws."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import numpy
import pytest
from helpers import run_cli
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
# The README and every page under docs/: the commands they show all run.
PAGES = [README] + [path.read_text(encoding="utf-8") for path in sorted((ROOT / "docs").rglob("*.md"))]


def shell_blocks() -> list[str]:
    return [block for page in PAGES for block in re.findall(r"```sh\n(.*?)```", page, flags=re.S)]


def boardgen_commands() -> list[list[str]]:
    commands = []
    for block in shell_blocks():
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("boardgen "):  # a comment ends it; a "#" inside quotes does not
                commands.append(shlex.split(line, comments=True)[1:])
    return commands


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_second():
    quick_start = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [b.strip() for b in re.findall(r"```sh\n(.*?)```", quick_start, flags=re.S)]
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    assert "boardgen board iacta" in commands[0]
    assert "pytest" in commands[1]
    assert commands[1] in (ROOT / ".ci" / "run").read_text()


@pytest.mark.parametrize("args", boardgen_commands(), ids=" ".join)
def test_every_readme_command_works(in_tmp, args):
    # A game file a page shows is the one `boardgen new` wrote a step before on that page.
    for arg in args[1:]:
        made = re.fullmatch(r"output/([a-z][a-z0-9_-]*)\.toml(?:#[a-z0-9-]+)?", arg)
        if made and args[0] != "new":
            assert run_cli("new", made.group(1)).exit_code == 0
    result = run_cli(*args)
    # Invalid sample positions are shown on purpose: check reports them with status 1.
    expected = 1 if args[0] == "check" and "invalid" in " ".join(args) else 0
    assert result.exit_code == expected, result.output
    if args[0] in ("board", "diagram"):
        written = Path(result.stdout.strip())
        assert written.exists() and written.stat().st_size > 1000


def test_the_python_example_in_docs_runs(monkeypatch):
    monkeypatch.chdir(ROOT)
    docs = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", docs, flags=re.S)
    exec(compile(code, "docs/positions.md", "exec"), {})


# Each README picture and the command that draws it (format, dpi and -o are added).
IMAGE_COMMANDS = {
    "iacta-board-cud-arrows.png": ("board", "iacta", "--palette", "cud", "--arrows"),
    "iacta-board-classic.png": ("board", "iacta"),
    "iacta-board-mono.png": ("board", "iacta", "--palette", "mono"),
    "iacta-open-play-4-2-moves.png": ("diagram", "sample:iacta/02-open-play-4-2", "--moves"),
    "alea-board-cud.png": ("board", "alea", "--palette", "cud"),
    "isaac-board-classic.png": ("board", "isaac"),
    "racers-board-cud.png": ("board", "output/racers.toml", "--palette", "cud", "--arrows"),  # `boardgen new racers`
    "racers-box-lid.png": ("box", "output/racers.toml", "--dpi", "40"),  # its second page
}


@pytest.mark.parametrize("name, command", IMAGE_COMMANDS.items())
def test_readme_pictures_show_the_current_board(in_tmp, name, command):
    """Regenerate with: boardgen COMMAND --format png --dpi 100 -o docs/images/NAME"""
    assert any(f"docs/images/{name}" in page or f"../images/{name}" in page for page in PAGES)
    fresh = in_tmp / name
    if "output/racers.toml" in command:
        assert run_cli("new", "racers").exit_code == 0
    dpi = () if "--dpi" in command else ("--dpi", "100")
    assert run_cli(*command, "--format", "png", *dpi, "-o", str(fresh)).exit_code == 0
    if name.endswith("-lid.png"):  # the box's second page: the lid
        fresh = fresh.with_name(f"{fresh.stem}-p2.png")
    with Image.open(fresh) as new, Image.open(ROOT / "docs" / "images" / name) as old:
        assert new.size == old.size
        difference = numpy.abs(numpy.asarray(new, dtype=int) - numpy.asarray(old.convert("RGB"), dtype=int))
        assert difference.mean() < 1.0, f"docs/images/{name} is out of date"


def test_every_link_in_the_readme_and_docs_leads_to_a_file():
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", path.read_text(encoding="utf-8")):
            assert (path.parent / target).exists(), (path.relative_to(ROOT).as_posix(), target)


def test_the_readme_is_short_and_every_example_writes_into_output():
    assert README.count("\n") < 145
    for block in shell_blocks():
        for line in block.splitlines():
            words = shlex.split(line, comments=True) if line.startswith("boardgen ") else []
            for flag, value in zip(words, words[1:], strict=False):
                if flag in ("-o", "--to", "--plot"):
                    assert value.startswith("output/"), line


REPORT_PICTURE = ("report", "stacktics", "--variant", "3x5", "--rule", "pie=on", "--compare", "pie=off", "--games",
                  "300", "--skill-games", "40")


def _report_picture(folder: Path) -> Image.Image:
    from helpers import render_page

    assert run_cli(*REPORT_PICTURE, "-o", str(folder / "report.pdf")).exit_code == 0
    return Image.fromarray(render_page(folder / "report.pdf", dpi=60))


def test_the_readmes_report_picture_is_the_current_report(tmp_path):
    """Regenerate: in tests/, python -c 'from pathlib import Path; import test_readme as t;
    t._report_picture(Path("/tmp")).save("../docs/images/report-stacktics.png")' (one line)."""
    fresh = numpy.asarray(_report_picture(tmp_path).convert("RGB"), dtype=int)
    with Image.open(ROOT / "docs" / "images" / "report-stacktics.png") as old:
        kept = numpy.asarray(old.convert("RGB"), dtype=int)
    assert fresh.shape == kept.shape and numpy.abs(fresh - kept).mean() < 1.0, "docs/images/report-stacktics.png"
