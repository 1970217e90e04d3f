"""The command line as a user meets it: defaults, messages, errors, repeatability."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import assert_one_line_error, format_options, run_cli

import boardgen
from boardgen.cli import app as cli_app
from boardgen.options import Kind, Mode, Option, Product, Shown
from boardgen.products.declared import PRODUCTS, Listed
from boardgen.web import app as web_app
from boardgen.web import products as web_products
from boardgen.web import query as web_query

PACKAGE = Path(boardgen.__file__).parent


def test_default_board_goes_to_output_folder(in_tmp):
    result = run_cli("board", "iacta")
    assert result.exit_code == 0
    assert result.output.strip() == str(Path("output") / "iacta-board-classic.pdf")
    assert (in_tmp / "output" / "iacta-board-classic.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    "options, name",
    [
        (("--palette", "cud", "--arrows"), "iacta-board-cud-arrows.pdf"),
        (("--palette", "mono", "--format", "svg"), "iacta-board-mono.svg"),
        (("--palette", "CUD", "--format", "png", "--dpi", "60"), "iacta-board-cud-60dpi.png"),
        (("--paper", "letter", "--field", "18"), "iacta-board-classic-18mm-letter.pdf"),
    ],
)
def test_default_names_follow_palette_arrows_and_format(in_tmp, options, name):
    result = run_cli("board", "iacta", *options)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == str(Path("output") / name)
    assert (in_tmp / "output" / name).stat().st_size > 1000


def test_png_records_its_resolution_and_true_size(in_tmp):
    from PIL import Image

    result = run_cli("board", "iacta", "--format", "png", "--dpi", "100", "-o", "board.png")
    assert result.exit_code == 0
    svg = run_cli("board", "iacta", "--format", "svg", "-o", "board.svg")
    assert svg.exit_code == 0
    import xml.etree.ElementTree as ET

    width_mm = float(ET.parse("board.svg").getroot().get("width")[:-2])
    with Image.open("board.png") as image:
        assert image.info["dpi"] == pytest.approx((100, 100), abs=0.01)
        assert image.size[0] == pytest.approx(width_mm / 25.4 * 100, abs=1)


@pytest.mark.dependency_output
@pytest.mark.parametrize("fmt", ["pdf", "svg", "png"])
def test_same_command_gives_same_bytes(in_tmp, fmt):
    options = ("--palette", "cud", "--arrows", *format_options(fmt, "50"))
    assert run_cli("board", "iacta", *options, "-o", f"one.{fmt}").exit_code == 0
    assert run_cli("board", "iacta", *options, "-o", f"two.{fmt}").exit_code == 0
    assert (in_tmp / f"one.{fmt}").read_bytes() == (in_tmp / f"two.{fmt}").read_bytes()


@pytest.mark.dependency_output
def test_tiled_board_is_also_repeatable(in_tmp):
    for name in ("one.pdf", "two.pdf"):
        assert run_cli("board", "iacta", "--field", "30", "-o", name).exit_code == 0
    assert (in_tmp / "one.pdf").read_bytes() == (in_tmp / "two.pdf").read_bytes()


@pytest.mark.parametrize(
    "args, words",
    [
        (("board", "chess"), ("chess", "iacta")),
        (("board", "iacta", "--palette", "neon"), ("neon", "cud")),
        (("board", "iacta", "--paper", "b5"), ("b5", "letter")),
        (("board", "iacta", "--field", "0"), ("--field",)),
        (("board", "iacta", "--field", "-4"), ("--field",)),
        (("board", "iacta", "--field", "100.5"), ("--field", "100")),
        (("board", "iacta", "--field", "wide"), ("--field", "wide")),
        (("board", "iacta", "--format", "jpg"), ("jpg",)),
        (("board",), ("GAME",)),
        (("frobnicate",), ("frobnicate",)),
    ],
)
def test_bad_input_is_one_clear_line(in_tmp, args, words):
    assert_one_line_error(run_cli(*args), *words)
    assert not (in_tmp / "output").exists() or not any((in_tmp / "output").iterdir())


def test_missing_output_folder(in_tmp):
    result = run_cli("board", "iacta", "-o", "no/such/folder/board.pdf")
    assert_one_line_error(result, "no/such/folder", "does not exist")


def test_output_path_under_a_file(in_tmp):
    (in_tmp / "notes.txt").write_text("hello")
    assert_one_line_error(run_cli("board", "iacta", "-o", "notes.txt/board.pdf"), "notes.txt")


def test_output_path_is_a_folder(in_tmp):
    (in_tmp / "boards").mkdir()
    assert_one_line_error(run_cli("board", "iacta", "-o", "boards"), "boards")


def test_unwritable_folder_leaves_nothing_behind(in_tmp):
    import os

    if os.geteuid() == 0:
        # root may write into any read-only folder, but not into sysfs.
        folder = Path("/sys")
        if not folder.is_dir():
            pytest.skip("no read-only folder available to root here")
        before = set(os.listdir(folder))
    else:
        folder = in_tmp / "locked"
        folder.mkdir()
        folder.chmod(0o500)
        before = set()
    try:
        assert_one_line_error(run_cli("board", "iacta", "-o", str(folder / "b.pdf")), "cannot write")
        assert set(os.listdir(folder)) == before
    finally:
        if folder != Path("/sys"):
            folder.chmod(0o700)


def test_failed_write_keeps_the_old_file_whole(in_tmp, monkeypatch):
    target = in_tmp / "board.pdf"
    target.write_bytes(b"old board")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("boardgen.products.writer.os.replace", broken_replace)
    assert_one_line_error(run_cli("board", "iacta", "-o", str(target)), "No space left")
    assert target.read_bytes() == b"old board"
    assert [p.name for p in in_tmp.iterdir()] == ["board.pdf"]


def test_list_shows_games_boards_palettes_and_papers():
    result = run_cli("list")
    assert result.exit_code == 0
    for word in ("iacta", "Thorleif Bundgaard", "10x10", "classic", "cud", "mono", "a4", "letter",
                 "alea", "Mauro Giorgi", "8x8", "isaac", "Emiliano Venturini", "rules (en, da)", "rules (en, it)"):
        assert word in result.output


def test_python_dash_m_runs_the_same_cli(tmp_path):
    out = tmp_path / "board.svg"
    completed = subprocess.run(
        [sys.executable, "-m", "boardgen", "board", "iacta", "--format", "svg", "-o", str(out)],
        capture_output=True, text=True, check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == str(out)
    assert out.read_text().startswith("<?xml")
    bad = subprocess.run([sys.executable, "-m", "boardgen", "board", "nope"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_a_png_too_large_to_render_is_refused_before_any_work(in_tmp):
    result = run_cli("board", "iacta", "--field", "100", "--format", "png", "--dpi", "1200")
    assert_one_line_error(result, "pixels", "--dpi")
    assert not (in_tmp / "output" / "iacta-board-classic.png").exists()


@pytest.mark.parametrize("palette", ["classic", "cud", "mono"])
@pytest.mark.parametrize("arrows", ["--arrows", "--no-arrows"])
@pytest.mark.parametrize("coordinates", ["--coordinates", "--no-coordinates"])
@pytest.mark.parametrize("fmt", ["pdf", "svg", "png"])
def test_every_option_combination_writes_a_readable_file(in_tmp, palette, arrows, coordinates, fmt):
    import xml.etree.ElementTree as ET

    from PIL import Image
    from pypdf import PdfReader

    paper = {"classic": "a4", "cud": "letter", "mono": "a3"}[palette]
    result = run_cli("board", "iacta", "--palette", palette, arrows, coordinates, *format_options(fmt, paper=paper),
                     "-o", f"board.{fmt}")
    assert result.exit_code == 0, result.output
    if fmt == "pdf":
        reader = PdfReader("board.pdf")
        assert len(reader.pages) == 1 and "Bundgaard" in reader.pages[0].extract_text()
    elif fmt == "svg":
        assert ET.parse("board.svg").getroot().get("width").endswith("mm")
    else:
        with Image.open("board.png") as image:
            assert image.format == "PNG" and min(image.size) > 200


def test_help_loads_no_products_declaration_and_no_web_page():
    """`boardgen --help` lists the commands from the registry's summaries: the one late import is a chosen
    product's declaration, and a command that is not `serve` never pays for Flask."""
    code = (
        "import sys; from boardgen.cli import main\n"
        "sys.argv = ['boardgen', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = ['boardgen.products.declared.board', 'boardgen.products.declared.common', 'flask', 'waitress',\n"
        "         'boardgen.web.app', 'boardgen.simulate.runner']\n"
        "print('loaded:' + ','.join(m for m in heavy if m in sys.modules))\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip().splitlines()[-1] == "loaded:"


def test_no_product_is_known_by_name_in_the_command_line_or_the_page():
    """What a product is and how it is made come from its declaration: no module of cli/ or web/ holds a
    product's name, but for the `serve` command's own declaration."""
    found = []
    for path in sorted((PACKAGE / "cli").glob("*.py")) + sorted((PACKAGE / "web").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        declared = {id(call.args[0]) for call in ast.walk(tree) if isinstance(call, ast.Call) and call.args
                    and isinstance(call.func, ast.Name) and call.func.id == "Product"}
        found += [f"{path.name}:{node.lineno} {node.value!r}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and node.value in PRODUCTS and id(node) not in declared]
    assert found == []
    for module in (cli_app, web_app, web_products, web_query):
        for gone in ("RUNNERS", "PAGES", "LONG", "PREVIEW_OF", "check_limits", "job_work", "field_of"):
            assert not hasattr(module, gone), (module.__name__, gone)


def test_a_product_declared_outside_boardgen_is_a_command(monkeypatch, in_tmp):
    monkeypatch.setitem(PRODUCTS, "echo", Listed("Say a word.", __name__, "ECHO"))
    assert "Say a word." in run_cli("--help").output
    assert "[default: hello]" in run_cli("echo", "--help").output  # shown from the declared default
    result = run_cli("echo", "--word", "hi")
    assert result.exit_code == 0 and result.output == "hi\n"
    assert run_cli("echo").output == "hello\n"
    refused = run_cli("echo", "--word", "x" * 20)
    assert refused.exit_code == 2 and refused.output.startswith("boardgen: error: --word: is 20 characters long")


ECHO = Product("echo", "Say a word.", (Option("word", Kind.TEXT, "The word.", default="hello", max_length=10),),
               mode=Mode.COMMAND, show=lambda values: Shown(values["word"] + "\n"))


@pytest.mark.parametrize("args, flag, words", [
    (("board", "iacta", "--format", "svg", "--paper", "a3"), "--paper", "PDF only"),
    (("board", "iacta", "--format", "png", "--margin", "5"), "--margin", "PDF only"),
    (("board", "iacta", "--dpi", "100"), "--dpi", "PNG output only"),
    (("pieces", "alea", "--sides", "fold"), "--sides", "one-sided"),
    (("pieces", "isaac", "--format", "svg", "--dpi", "90"), "--dpi", "PNG output only"),
])
def test_an_option_that_would_be_ignored_is_refused(in_tmp, args, flag, words):
    assert_one_line_error(run_cli(*args), flag, words)
    assert not (in_tmp / "output").exists()


@pytest.mark.parametrize("args", [("board", "alea"), ("board", "alea", "--format", "svg"), ("board", "alea", "--laser"),
                                  ("diagram", "sample:isaac/02-placement", "--format", "svg")])
def test_arrows_on_a_board_with_no_direction_of_play_draw_it_without_and_say_so(in_tmp, args):
    """A club printing every game's board with --arrows gets every board: where a game has no direction of play,
    the board without arrows (the same file as without --arrows) and a note saying why."""
    (in_tmp / "with").mkdir()
    (in_tmp / "without").mkdir()
    with_arrows = run_cli(*args, "--arrows", "-o", "with/b.svg" if "--format" in args or "--laser" in args else
                          "with/b.pdf")
    without = run_cli(*args, "-o", "without/b.svg" if "--format" in args or "--laser" in args else "without/b.pdf")
    assert with_arrows.exit_code == 0 and without.exit_code == 0, with_arrows.output
    notes = [line for line in with_arrows.stderr.splitlines() if line.startswith("boardgen: note: --arrows")]
    assert len(notes) == 1 and "no direction of play" in notes[0] and "drawn without arrows" in notes[0]
    assert "--arrows" not in without.stderr
    made = {path.relative_to(in_tmp / "with") for path in (in_tmp / "with").iterdir()}
    assert made == {path.relative_to(in_tmp / "without") for path in (in_tmp / "without").iterdir()}
    for name in made:
        assert (in_tmp / "with" / name).read_bytes() == (in_tmp / "without" / name).read_bytes()


def test_options_that_ask_for_nothing_are_accepted(in_tmp):
    assert run_cli("board", "alea", "--no-arrows", "-o", "a.pdf").exit_code == 0
    assert run_cli("pieces", "alea", "--format", "svg", "--paper", "a5", "-o", "p.svg").exit_code == 0


def test_version_and_debug_are_in_the_help():
    from boardgen import __version__

    assert run_cli("--version").output.strip() == f"boardgen {__version__}"
    shown = run_cli("--help").output
    assert "--version" in shown and "--debug" in shown


def test_different_outputs_never_share_a_default_name(in_tmp):
    """Every command a user might run one after the other keeps its own file."""
    runs = [("board", "iacta"), ("board", "iacta", "--paper", "letter"), ("board", "iacta", "--field", "18"),
            ("board", "iacta", "--no-coordinates"), ("board", "stacktics", "--variant", "4x4"),
            ("board", "iacta", "--laser"), ("board", "iacta", "--laser", "--bed", "k40"),
            ("diagram", "sample:alea/01-start"), ("diagram", "sample:iacta/01-start"),
            ("diagram", "sample:iacta/02-open-play-4-2", "--moves"),
            ("diagram", "sample:iacta/02-open-play-4-2", "--moves", "--from", "e6"),
            ("rules", "iacta"), ("rules", "iacta", "--paper", "letter"), ("rules", "iacta", "--lang", "da")]
    written = []
    for args in runs:
        result = run_cli(*args)
        assert result.exit_code == 0, (args, result.output)
        written += result.stdout.split()
    assert len(written) == len(set(written))
    assert all(Path(path).exists() for path in written)


@pytest.mark.parametrize("args, words", [
    (("board", "iactaa"), "did you mean iacta?"),
    (("board", "iacta", "--palette", "cuud"), "did you mean cud?"),
    (("simulate", "alea", "--rule", "pie=on"), "ALEA has no rule options"),
])
def test_a_typo_gets_a_suggestion_and_a_game_without_options_says_so(in_tmp, args, words):
    assert_one_line_error(run_cli(*args), words)


def test_game_names_are_case_insensitive_in_samples_too(in_tmp):
    assert run_cli("check", "sample:IACTA/01-Start").exit_code == 0


def test_the_list_fits_the_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "61")
    shown = run_cli("list").output
    assert max(len(line) for line in shown.splitlines()) <= 60
    assert "iacta" in shown and "Papers:" in shown


def test_an_unknown_command_is_one_line_with_the_one_meant(in_tmp):
    assert_one_line_error(run_cli("borad", "iacta"), "no command 'borad'", "did you mean board?")
    assert_one_line_error(run_cli("xyzzy"), "no command 'xyzzy'", "boardgen --help")
    assert run_cli("kit", "iacta", "-o", "k.pdf").exit_code == 0  # the old name of pieces still answers


def test_a_sample_of_a_misspelt_game_names_the_game_meant(in_tmp):
    assert_one_line_error(run_cli("check", "sample:urr/01"), "unknown game 'urr'", "did you mean ur?")
