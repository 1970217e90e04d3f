"""No bad input, odd file or full disk ends in a traceback, a hang, a half-written set or a replaced system file.

Each failure class found by the sweep has a named test here; a bounded
hypothesis fuzz runs every command with hostile option values.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import click
import pytest
from helpers import assert_one_line_error, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paused_run import GUARD, PausedRun

from boardgen.cli import main
from boardgen.engine.position_file import MAX_POSITION_BYTES
from boardgen.errors import BoardgenError
from boardgen.gamefiles import GAMES
from boardgen.options import Kind
from boardgen.options.ranges import FIELD_SIZE
from boardgen.products import writer
from boardgen.products.check_report import check_text
from boardgen.products.declared import PRODUCTS, product
from boardgen.products.rule_sheet import parse_rules
from boardgen.products.templates import sample_names

if sys.platform != "win32":
    import fcntl  # the lock another boardgen holds, in the tests that play one

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "boardgen" / "templates" / "positions" / "iacta" / "02-open-play-4-2.toml"
BAD_NUMBERS = ["nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e999", "-1e999"]


def _run(*args: str, stdin=None, stdout=subprocess.PIPE, env=None, cwd=None, timeout=GUARD):
    return subprocess.run([sys.executable, "-m", "boardgen", *args], stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, env={**os.environ, **(env or {})}, cwd=cwd, timeout=timeout)


# -- 1. numbers ---------------------------------------------------------------------------------------------

def _all_commands() -> dict[str, click.Command]:
    """Every command, loaded: the group imports a command's module only when it is asked for."""
    context = click.Context(main)
    return {name: main.get_command(context, name) for name in main.list_commands(context)}


def _float_options() -> list[tuple[str, str]]:
    """(command, option) for every number option of every product, from the declarations: new options are
    covered without edits."""
    return [(name, option.flag) for name in PRODUCTS for option in product(name).options
            if option.kind is Kind.NUMBER]


def test_every_number_option_is_declared_as_a_finite_number():
    """No command takes a bare click float: each would let NaN through its range check."""
    for name, command in _all_commands().items():
        for param in command.params:
            assert not isinstance(param.type, (click.types.FloatParamType, click.FloatRange)), (name, param.name)
    assert len(_float_options()) >= 8


@pytest.mark.parametrize("command, option", _float_options())
@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_nan_and_infinity_are_refused_by_every_number_option(in_tmp, command, option, value):
    target = {"diagram": [str(SAMPLE)], "check": [str(SAMPLE)], "study": ["iacta-doubles"]}.get(command, ["iacta"])
    result = run_cli(command, *target, option, value)
    assert_one_line_error(result, option)
    assert not (in_tmp / "output").exists()


def test_a_nan_field_never_reaches_a_file(in_tmp):
    (in_tmp / "good.svg").write_text("<svg/>")
    assert_one_line_error(run_cli("board", "iacta", "--format", "svg", "--field", "nan", "-o", "good.svg"), "--field")
    assert (in_tmp / "good.svg").read_text() == "<svg/>"


# -- 2. crashes are not verdicts ----------------------------------------------------------------------------

def test_an_internal_error_is_one_line_with_its_own_exit_status(in_tmp, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("something inside broke")

    monkeypatch.setattr("boardgen.products.board.draw_board", broken)
    result = run_cli("board", "iacta")
    assert result.exit_code == 3
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardgen: internal error: RuntimeError: something inside broke")
    assert "--debug" in lines[0]


def test_debug_shows_the_details_of_an_internal_error(tmp_path):
    code = ("import sys, boardgen.products.board as b\n"
            "b.draw_board = lambda *a, **k: 1 / 0\n"
            "from boardgen.cli import main\n"
            f"sys.argv = ['boardgen', 'board', 'iacta', '-o', {str(tmp_path / 'x.pdf')!r}]\n"
            "main()\n")
    plain = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert plain.returncode == 3 and plain.stderr.count("\n") == 1 and "Traceback" not in plain.stderr
    debug = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={**os.environ, "BOARDGEN_DEBUG": "1"})
    assert debug.returncode == 3 and "Traceback" in debug.stderr and "ZeroDivisionError" in debug.stderr


# -- 3. position files that crashed the reader ---------------------------------------------------------------

CRASHERS = {
    "a 5,000-digit throw": ('game = "iacta"\nto_move = "red"\nthrow = [' + "9" * 5000 + ", 1]\n", "number-too-long"),
    "a 5,000-digit board token": ('game = "alea"\nto_move = "white"\nboard = """\nw' + "9" * 5000 + '\n"""\n',
                                  "bad-token"),
    "a 5,000-digit tile": ('game = "isaac"\nto_move = "dark"\ntiles = ["d' + "9" * 5000 + ' a1 h"]\n', "bad-tile"),
    "arrays nested 1,000 deep": ('game = "iacta"\nx = ' + "[" * 1000 + "]" * 1000 + "\n", "too-deep"),
    "tables nested 600 deep": ('game = "iacta"\nx = ' + "{a = " * 600 + "1" + "}" * 600 + "\n", "too-deep"),
    "a key with 10,000 parts": ("a" + ".a" * 10000 + " = 1\n", "too-deep"),
    "homeland = []": ('game = "iacta"\nto_move = "red"\n[rules]\nhomeland = []\n', "bad-rule"),
    "homeland = { red = [small] }": ('game = "iacta"\nto_move = "red"\n[rules]\nhomeland = { red = ["small"] }\n',
                                     "bad-rule"),
    "passed = [[dark]]": ('game = "isaac"\nto_move = "dark"\npassed = [["dark"]]\n', "bad-passed"),
    "doubles = []": ('game = "iacta"\nto_move = "red"\n[rules]\ndoubles = []\n', "bad-rule"),
}


@pytest.mark.parametrize("name", CRASHERS)
def test_a_file_that_crashed_the_reader_is_a_coded_problem(tmp_path, name):
    text, code = CRASHERS[name]
    report = check_text(text)
    assert not report.valid and code in [p.code for p in report.errors]
    path = tmp_path / "position.toml"
    path.write_text(text)
    result = run_cli("check", str(path))
    assert result.exit_code == 1 and f"[{code}]" in result.output


def test_a_byte_order_mark_is_accepted_like_crlf_line_ends():
    text = SAMPLE.read_text()
    windows = ("\ufeff" + text.replace("\n", "\r\n")).encode("utf-8")
    assert check_text(windows).valid
    assert check_text(windows).moves == check_text(text).moves


# -- 4. size and time limits -------------------------------------------------------------------------------

@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_before_reading(device):
    """Refused by what the file is, not by how much was read: an endless device read would be refused as too
    large, or never end (the guard then fails it rather than hanging)."""
    if not os.path.exists(device):
        pytest.skip(f"{device} does not exist on this platform")
    result = _run("check", device)
    assert result.returncode == 2 and result.stderr.count(b"\n") == 1, result.stderr
    assert b"not an ordinary file" in result.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this platform")
def test_a_pipe_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    result = _run("check", str(fifo))
    assert result.returncode == 2 and b"not an ordinary file" in result.stderr


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path):
    big = tmp_path / "big.toml"
    big.write_text("x = 1\n" * (MAX_POSITION_BYTES // 6 + 10))
    assert_one_line_error(run_cli("check", str(big)), "at most", f"{MAX_POSITION_BYTES:,}")
    assert_one_line_error(run_cli("diagram", str(big)), "at most")


def test_a_folder_is_refused(tmp_path):
    assert_one_line_error(run_cli("check", str(tmp_path)), "is a folder")


# -- 5. output paths -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("length", [243, 250, 255])
def test_long_file_names_up_to_the_limit_are_written(in_tmp, length):
    name = "b" * (length - 4) + ".pdf"
    result = run_cli("board", "iacta", "-o", name)
    assert result.exit_code == 0, result.output
    assert (in_tmp / name).read_bytes().startswith(b"%PDF")
    assert [p.name for p in in_tmp.iterdir()] == [name]


def test_a_file_name_over_255_bytes_is_one_line(in_tmp):
    assert_one_line_error(run_cli("board", "iacta", "-o", "b" * 300 + ".pdf"), "at most 255")
    assert_one_line_error(run_cli("board", "iacta", "-o", "é" * 130 + ".pdf"), "at most 255")  # 264 bytes


def test_a_path_over_4096_bytes_is_one_line(in_tmp):
    assert_one_line_error(run_cli("board", "iacta", "-o", "/".join(["d" * 200] * 22) + "/b.pdf"), "at most 4096")


def test_a_300_letter_language_is_one_line(in_tmp):
    assert_one_line_error(run_cli("rules", "iacta", "--lang", "x" * 300), "rule sheet", "languages")


@pytest.mark.parametrize("target", ["newdir/", "afile.pdf/"])
def test_a_path_ending_in_a_slash_names_a_folder(in_tmp, target):
    (in_tmp / "afile.pdf").write_bytes(b"keep me")
    assert_one_line_error(run_cli("board", "iacta", "-o", target), "names a folder")
    assert (in_tmp / "afile.pdf").read_bytes() == b"keep me"
    assert not (in_tmp / "newdir").exists()


def test_a_read_only_working_folder_is_one_line(in_tmp, monkeypatch):
    if os.geteuid() != 0:
        in_tmp.chmod(0o500)
    else:  # root writes anywhere; make the folder refuse as a read-only one would
        def refuse(self, *args, **kwargs):
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "mkdir", refuse)
    try:
        assert_one_line_error(run_cli("board", "iacta"), "cannot create the folder output", "-o")
    finally:
        in_tmp.chmod(0o700)


def test_a_symbolic_link_is_not_replaced(in_tmp):
    (in_tmp / "real.pdf").write_bytes(b"real")
    (in_tmp / "link.pdf").symlink_to(in_tmp / "real.pdf")
    assert_one_line_error(run_cli("board", "iacta", "-o", "link.pdf"), "symbolic link")
    assert (in_tmp / "link.pdf").is_symlink() and (in_tmp / "real.pdf").read_bytes() == b"real"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this platform")
def test_a_pipe_or_device_is_not_replaced(in_tmp):
    os.mkfifo(in_tmp / "pipe.pdf")
    assert_one_line_error(run_cli("board", "iacta", "-o", "pipe.pdf"), "not an ordinary file")
    assert stat.S_ISFIFO(os.lstat(in_tmp / "pipe.pdf").st_mode)
    assert_one_line_error(run_cli("board", "iacta", "-o", os.devnull), "not an ordinary file")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.parametrize("mode", [0o600, 0o444, 0o640])
def test_a_replaced_file_keeps_its_permissions(in_tmp, mode):
    target = in_tmp / "board.pdf"
    target.write_bytes(b"old")
    target.chmod(mode)
    assert run_cli("board", "iacta", "-o", "board.pdf").exit_code == 0
    assert stat.S_IMODE(target.stat().st_mode) == mode and target.read_bytes().startswith(b"%PDF")


def test_a_folder_that_makes_no_files_is_named(in_tmp):
    if not os.path.isdir("/proc"):
        pytest.skip("no /proc on this platform")
    assert_one_line_error(run_cli("board", "iacta", "-o", "/proc/x.pdf"), "/proc", "does not accept new files")


# -- 6. temporary files, sets, kills, full disks --------------------------------------------------------------

def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_a_stale_temporary_file_never_blocks_and_is_cleaned_up(in_tmp):
    (in_tmp / "output").mkdir()
    stale = in_tmp / "output" / f".bg-{_dead_pid()}-{'ab' * 6}.part"
    stale.write_bytes(b"half a pdf")
    assert run_cli("board", "iacta").exit_code == 0
    assert sorted(p.name for p in (in_tmp / "output").iterdir()) == ["iacta-board-classic.pdf"]


def test_a_set_whose_renames_were_cut_off_is_finished_by_the_next_run(in_tmp):
    folder = in_tmp / "set"
    folder.mkdir()
    for name in ("p1.svg", "p2.svg", "p3.svg"):
        (folder / name).write_text("old")
    # A run killed after renaming p1: its plan and the temporary files of p2 and p3 are left behind.
    pid = _dead_pid()
    entries = []
    for n, name in enumerate(("p1.svg", "p2.svg", "p3.svg")):
        temporary = folder / f".bg-{pid}-{n:012x}.part"
        if name == "p1.svg":
            (folder / name).write_text("new")
        else:
            temporary.write_text("new")
        entries += [bytes(temporary), bytes(folder / name)]
    (folder / f".bg-{pid}-{'cd' * 6}.plan").write_bytes(b"".join(path + b"\0" for path in entries))
    writer.write_files([(folder / "other.txt", b"x")])
    assert {p.name: p.read_text() for p in folder.iterdir()} == {"p1.svg": "new", "p2.svg": "new", "p3.svg": "new",
                                                                 "other.txt": "x"}


@pytest.mark.parametrize("cut", [1, 2], ids=["without its last NUL", "without its last target"])
def test_a_plan_cut_short_is_not_followed(in_tmp, cut):
    folder = in_tmp / "set"
    folder.mkdir()
    (folder / "p1.svg").write_text("old")
    pid = _dead_pid()
    temporary = folder / f".bg-{pid}-{0:012x}.part"
    temporary.write_text("half")
    plan = bytes(temporary) + b"\0" + bytes(folder / "p1.svg") + b"\0"
    plan = plan[:-1] if cut == 1 else plan[:len(bytes(temporary)) + 1]
    (folder / f".bg-{pid}-{'cd' * 6}.plan").write_bytes(plan)
    writer.write_files([(folder / "other.txt", b"x")])
    assert {p.name: p.read_text() for p in folder.iterdir()} == {"p1.svg": "old", "other.txt": "x"}


# A set of pages written again, killed while it is written: each moment of the writer (paused_run.py), from the
# second page's temporary copy to the last rename, with the set a user finds once the next boardgen has written
# into the folder (a kill that lands before the plan of renames is named keeps the old set; after, the new one).
_OLD, _NEW = ("--palette", "classic"), ("--palette", "mono")
_PAGES = ("pieces", "iacta", "--format", "svg")  # two pages: p-p1.svg, p-p2.svg
_KILLED_AT = {
    "stage#1": "old",  # the first page written aside, the second being written
    "stage#2": "old",  # both pages written aside, the plan being written
    "plan": "old",  # the plan being named
    "rename": "new",  # the plan named, the first page about to go in place
    "rename#1": "new",  # the first page in place, the second not yet
}


@pytest.fixture(scope="module")
def page_sets(tmp_path_factory) -> dict[str, dict[str, bytes]]:
    """The old set's pages and the new set's, by name, each made whole by a run left alone."""
    made = {}
    for which, palette in (("old", _OLD), ("new", _NEW)):
        folder = tmp_path_factory.mktemp(which)
        assert run_cli(*_PAGES, *palette, "-o", str(folder / "p.svg")).exit_code == 0
        made[which] = _pages(folder)
    assert sorted(made["old"]) == ["p-p1.svg", "p-p2.svg"] and made["old"] != made["new"]
    assert not set(made["old"].values()) & set(made["new"].values()), "each page differs between the sets"
    return made


def _pages(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.glob("p-*.svg")}


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".bg-"))


@pytest.mark.parametrize("moment", _KILLED_AT)
def test_a_set_killed_while_it_is_written_is_the_old_set_or_the_new_never_a_mix(tmp_path, page_sets, moment):
    """SIGKILL (or a power cut) mid-write: nothing can defer it.  The next boardgen writing into the folder finds
    the old set whole, or finishes the new one from the plan."""
    folder = tmp_path / "set"
    folder.mkdir()
    for name, data in page_sets["old"].items():
        (folder / name).write_bytes(data)
    with PausedRun(moment, *_PAGES, *_NEW, "-o", str(folder / "p.svg")) as run:
        run.reached()
        assert _pages(folder)["p-p2.svg"] == page_sets["old"]["p-p2.svg"], "the set was written before the kill"
        os.kill(run.pid, signal.SIGKILL)
        run.process.wait()
    # Killed mid-write: its temporary copies are there, and after the first rename so is a mix, until...
    assert _leftovers(folder), "no write was cut short"
    if moment == "rename#1":
        assert _pages(folder) == {"p-p1.svg": page_sets["new"]["p-p1.svg"], "p-p2.svg": page_sets["old"]["p-p2.svg"]}
    # ... the next boardgen writing into the folder, which puts it right first.
    assert run_cli("board", "iacta", "--format", "svg", "-o", str(folder / "board.svg")).exit_code == 0
    assert _pages(folder) == page_sets[_KILLED_AT[moment]]
    assert not _leftovers(folder), "temporary files left"


# What a stop mid-write leaves: while the new pages are written aside, the old set (the command stops before its
# plan of renames is named, as if it had been stopped a moment sooner); from the plan on, the new set, whole.
_STOPPED_AT = {"stage#1": "old", "stage#2": "old", "plan": "new", "rename#1": "new"}


@pytest.mark.parametrize("moment", _STOPPED_AT)
@pytest.mark.parametrize("sent, to_group", [(signal.SIGTERM, False), (signal.SIGINT, True)], ids=["kill", "ctrl-c"])
def test_a_command_stopped_while_writing_leaves_the_old_set_or_the_new_whole(tmp_path, page_sets, moment, sent,
                                                                             to_group):
    """`kill PID` or Ctrl-C mid-write: before the first rename the command stops with the old set as it was; once
    the renames have begun it waits for the new set to be whole and in place.  Either way no temporary file or
    lock is left, and the command stops with the signal's status and says so."""
    folder = tmp_path / "set"
    folder.mkdir()
    for name, data in page_sets["old"].items():
        (folder / name).write_bytes(data)
    with PausedRun(moment, *_PAGES, *_NEW, "-o", str(folder / "p.svg")) as run:
        run.reached()
        assert _pages(folder)["p-p2.svg"] == page_sets["old"]["p-p2.svg"], "the set was written before the signal"
        (os.killpg if to_group else os.kill)(run.pid, sent)
        _, err = run.finish()
    assert run.returncode == 128 + sent, err
    assert err.strip().splitlines()[-1] == "boardgen: stopped" and "Traceback" not in err
    assert _pages(folder) == page_sets[_STOPPED_AT[moment]]
    assert sorted(p.name for p in folder.iterdir()) == ["p-p1.svg", "p-p2.svg"], "temporary files or locks left"


@pytest.fixture
def tiny_disk(tmp_path):
    """A 40 KB file system, where the platform lets us make one: room for one page of ALEA's dice, not two."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=40k", "tmpfs", str(mount)], capture_output=True)
    if made.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root on Linux): "
                    + made.stderr.decode(errors="replace").strip())
    yield mount
    subprocess.run(["umount", str(mount)], check=False)


def test_a_full_disk_leaves_the_old_set_whole(tiny_disk):
    for page in ("dice-p1.svg", "dice-p2.svg"):
        (tiny_disk / page).write_text("old")
    result = run_cli("pieces", "alea", "--format", "svg", "-o", str(tiny_disk / "dice.svg"))
    assert_one_line_error(result, "No space left")
    # The old pages, whole, and nothing half-written beside them.
    assert {p.name: p.read_text() for p in tiny_disk.iterdir()} == {"dice-p1.svg": "old", "dice-p2.svg": "old"}


# -- 7. standard output --------------------------------------------------------------------------------------

@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this platform")
@pytest.mark.parametrize("args", [["list"], ["check", str(SAMPLE)], ["lego", "iacta"], ["palettes"]])
def test_a_full_standard_output_is_one_line(args):
    with open("/dev/full", "w") as full:
        result = _run(*args, stdout=full)
    assert result.returncode == 2
    assert result.stderr.decode().count("\n") == 1 and b"cannot write the output" in result.stderr


@pytest.mark.parametrize("args", [["list"], ["palettes"], ["check", str(SAMPLE)]])
def test_a_closed_pipe_is_quiet(args):
    process = subprocess.Popen([sys.executable, "-m", "boardgen", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.readline()
    process.stdout.close()  # like `| head -1`
    stderr = process.stderr.read()
    assert process.wait() == 0 and stderr == b""


# -- 8. pixel budget ------------------------------------------------------------------------------------------

def test_every_png_product_keeps_to_the_pixel_budget(in_tmp):
    assert_one_line_error(run_cli("pieces", "iacta", "--format", "png", "--dpi", "1200", "--paper", "a3"),
                          "million", "--dpi")
    assert_one_line_error(run_cli("pieces", "iacta", "--format", "png", "--field", "100", "--dpi", "600"),
                          "million", "one command")
    assert_one_line_error(run_cli("diagram", str(SAMPLE), "--format", "png", "--field", "100", "--dpi", "1200"),
                          "million")
    assert not (in_tmp / "output").exists()


def test_a_large_png_stays_within_its_documented_memory(tmp_path):
    if not Path("/usr/bin/time").exists():
        pytest.skip("needs /usr/bin/time to measure peak memory")
    result = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "boardgen", "board", "iacta",
                             "--field", "60", "--format", "png", "--dpi", "300", "-o", str(tmp_path / "b.png")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    peak_kb = int(result.stderr.strip().splitlines()[-1])
    from PIL import Image

    with Image.open(tmp_path / "b.png") as image:
        pixels = image.size[0] * image.size[1]
    # Documented (products.document): a picture is made a band at a time, so its memory is a few bands and the
    # compressed file, not its 55 million pixels (which alone would be 165 MB); measured 40 MB in all.
    assert pixels > 50e6 and peak_kb * 1024 < 100e6, (peak_kb, pixels)


# -- 9. determinism whatever the environment ------------------------------------------------------------------

@pytest.mark.parametrize("args", [["board", "iacta", "--format", "pdf"], ["rules", "alea", "--lang", "it"],
                                  ["board", "isaac", "--format", "png", "--dpi", "40"],
                                  ["pieces", "iacta", "--format", "pdf"]])
def test_source_date_epoch_and_time_zone_do_not_change_the_bytes(tmp_path, args):
    outputs = []
    for n, env in enumerate([{}, {"SOURCE_DATE_EPOCH": "1700000000", "TZ": "Asia/Tokyo"},
                             {"SOURCE_DATE_EPOCH": "0", "LANG": "da_DK.UTF-8"}]):
        target = tmp_path / f"out{n}"
        result = _run(*args, "-o", str(target), env=env)
        assert result.returncode == 0, result.stderr
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1] == outputs[2]
    if args[0] != "board" or "png" not in args:
        assert b"CreationDate" not in outputs[0] and b"ModDate" not in outputs[0]


# -- 10. terminal escapes ------------------------------------------------------------------------------------

def test_control_characters_from_a_file_are_shown_not_obeyed(tmp_path):
    path = tmp_path / "evil.toml"
    path.write_text('game = "iacta"\nto_move = "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b1m"\n')
    for args in (["check", str(path)], ["check", str(path), "--json"], ["diagram", str(path)]):
        result = _run(*args, cwd=tmp_path)
        shown = result.stdout + result.stderr
        assert not any(byte in shown for byte in (b"\x1b", b"\x07")) and "\x9b".encode() not in shown, args
        assert b"pwned" in shown


# -- 11. small ones ------------------------------------------------------------------------------------------

def test_no_command_prints_the_help_not_an_error():
    result = _run()
    assert result.returncode == 0 and b"Usage:" in result.stdout and result.stderr == b""


@pytest.mark.parametrize("field, words", [("", "not a field name"), ("e\u00b2", "not a field name"),
                                          ("e99", "off the board"), ("9e", "not a field name")])
def test_from_takes_only_a_field_on_the_board(in_tmp, field, words):
    assert_one_line_error(run_cli("diagram", str(SAMPLE), "--moves", "--from", field), "--from", words)


def test_rule_sheet_diagrams_stay_inside_the_templates():
    for reference in ("diagram:../../../etc/passwd", "diagram:/etc/passwd", "diagram:iacta/../../x"):
        with pytest.raises(BoardgenError, match="not a sample name"):
            parse_rules(f"![x]({reference})\n")


# -- the fuzz over every command -----------------------------------------------------------------------------

HOSTILE = st.sampled_from(BAD_NUMBERS + ["0", "-1", "1e-300", "1e300", "", " ", "x" * 300, "../..", "/dev/null",
                                         "out/", "é²", "\x1b[2J", "-o", "--help", "a" * 5000, "\x00", "a\x00b"])


def _command_options():
    """Every command with the options it takes, from click itself."""
    table = {}
    for name, command in _all_commands().items():
        options = [p.opts[0] for p in command.params if isinstance(p, click.Option) and not p.is_flag]
        flags = [p.opts[0] for p in command.params if isinstance(p, click.Option) and p.is_flag]
        table[name] = (options, flags)
    return table


COMMANDS = _command_options()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_options_give_an_answer_never_a_crash(in_tmp, data):
    name = data.draw(st.sampled_from(sorted(COMMANDS)))
    options, flags = COMMANDS[name]
    args = [name]
    if name in ("check", "diagram"):
        args.append(data.draw(st.sampled_from([str(SAMPLE), "sample:alea/05-tower", "nowhere.toml", "", "x\x00.toml"])))
    elif name not in ("list", "palettes"):
        args.append(data.draw(st.sampled_from(["iacta", "alea", "isaac", "chess", ""])))
    for option in data.draw(st.lists(st.sampled_from(options), max_size=3, unique=True)) if options else []:
        args += [option, data.draw(HOSTILE)]
    args += data.draw(st.lists(st.sampled_from(flags), max_size=2, unique=True)) if flags else []
    if "--output" not in args and "-o" not in args and name not in ("check", "list", "palettes"):
        args += ["-o", "fuzz.out"]
    result = run_cli(*args)
    assert result.exit_code in (0, 1, 2), (args, result.output)
    if result.exit_code == 2:
        assert len(result.output.strip().splitlines()) == 1, (args, result.output)
    assert not [p for p in in_tmp.rglob(".bg-*")], "temporary files left"


def test_a_second_writer_finding_the_folder_locked_says_so_in_one_line(in_tmp, monkeypatch):
    """Another boardgen writing into the folder (its lock held here) for longer than a run waits: one line, and
    nothing written; once it has finished, the run writes."""
    folder = in_tmp / "shared"
    folder.mkdir()
    monkeypatch.setattr(writer, "LOCK_WAIT", 0.0)  # the wait is over at once: no test waits on the clock
    with writer.folder_lock(folder, folder / "x"):
        assert_one_line_error(run_cli("board", "iacta", "-o", str(folder / "b.pdf")), "another boardgen")
    assert list(folder.iterdir()) == []
    assert run_cli("board", "iacta", "-o", str(folder / "b.pdf")).exit_code == 0
    assert [p.name for p in folder.iterdir()] == ["b.pdf"]  # and no lock file is left


def test_leftovers_are_known_by_the_lock_not_by_a_process_id(in_tmp, monkeypatch):
    folder = in_tmp / "output"
    folder.mkdir()
    (folder / f".bg-{os.getpid()}-{'ab' * 6}.part").write_bytes(b"an old version's leftover, our own pid")
    (folder / f".bg-{'cd' * 6}.part").write_bytes(b"this version's leftover")

    def no_probing(*args):
        raise AssertionError("a process id was probed")

    monkeypatch.setattr(os, "kill", no_probing)
    assert run_cli("board", "iacta").exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["iacta-board-classic.pdf"]


def _products_with_a_field() -> list[tuple[str, ...]]:
    """Every product that takes --field, for every game it makes, on paper and on the laser: from the
    declarations and the one registry of games (the built-in games and the game files boardgen ships), so a new
    product or game is swept without being listed; a diagram, for each game with a sample position to draw."""
    found = []
    for name in sorted(PRODUCTS):
        declared = product(name)
        names = {option.name for option in declared.options}
        if "field" not in names:
            continue
        for game in GAMES.values():
            if name == "diagram":
                sample = next((s for s in sample_names(game.name) if "invalid" not in s), None)
                if sample is None:
                    continue
                subject = f"sample:{sample}"
            else:
                subject = game.name
            found.append((name, subject))
            if "laser" in names:
                found.append((name, subject, "--laser"))
    return found


@pytest.mark.parametrize("args", _products_with_a_field())
def test_the_smallest_field_works_and_a_smaller_one_is_one_line_naming_it(tmp_path, args):
    SMALLEST_FIELD = FIELD_SIZE.low

    output = ["--to", str(tmp_path / "set")] if args[0] == "giftset" else ["-o", str(tmp_path / "x.svg")]
    smallest = run_cli(*args, "--field", f"{SMALLEST_FIELD:g}", *output)
    if smallest.exit_code != 0:  # a product may refuse the game for a reason of its own (lego for ISAAC)
        assert_one_line_error(smallest)
        game = GAMES.get(args[1])
        if game is not None and game.smallest_field > SMALLEST_FIELD and "--field" in smallest.output:
            # or the field, for its pieces' sake
            assert f"pieces need fields of at least {game.smallest_field:g} mm" in smallest.output
        else:
            assert "--field" not in smallest.output
        return
    for smaller in ("4.9", "1", "0.5", "0", "-3"):
        assert_one_line_error(run_cli(*args, "--field", smaller, *output), "--field", f"from {SMALLEST_FIELD:g}")


# -- odd paths, for every kind of output --------------------------------------------------------------------------

def _path_kinds(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "fifo.svg"
    os.mkfifo(fifo)
    folder = tmp_path / "somefolder"
    folder.mkdir()
    link = tmp_path / "link.svg"
    link.symlink_to(folder)
    return {"pipe": fifo, "device": Path("/dev/null"), "folder": folder, "link": link}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("kind", ["pipe", "device", "folder", "link"])
@pytest.mark.parametrize("args", [("board", "iacta", "--format", "svg"),  # one file
                                  ("pieces", "alea", "--format", "svg"),  # a page per file
                                  ("pieces", "iacta", "--laser")])  # a file per bed and side
def test_an_odd_target_is_refused_and_nothing_is_written_beside_it(tmp_path, kind, args):
    target = _path_kinds(tmp_path)[kind]
    before = set(tmp_path.rglob("*")) | set(Path("/dev").iterdir())
    result = run_cli(*args, "-o", str(target))
    assert_one_line_error(result)
    assert set(tmp_path.rglob("*")) | set(Path("/dev").iterdir()) == before


def test_a_gift_set_into_a_symbolic_link_is_refused_and_the_link_kept(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "set"
    link.symlink_to(real)
    assert_one_line_error(run_cli("giftset", "alea", "--to", str(link)), "symbolic link")
    assert link.is_symlink() and sorted(p.name for p in tmp_path.iterdir()) == ["real", "set"]


def test_a_gift_set_made_again_keeps_its_folder_and_files_modes(tmp_path):
    folder = tmp_path / "set"
    assert run_cli("giftset", "alea", "--to", str(folder)).exit_code == 0
    folder.chmod(0o750)
    (folder / "manifest.json").chmod(0o600)
    assert run_cli("giftset", "alea", "--to", str(folder)).exit_code == 0
    assert stat.S_IMODE(folder.stat().st_mode) == 0o750
    assert stat.S_IMODE((folder / "manifest.json").stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set"]  # nothing left beside it


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renameat2 is Linux's")
def test_sets_are_exchanged_in_one_step_on_linux(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    (old / "a").write_text("old")
    new.mkdir()
    (new / "a").write_text("new")
    assert writer._exchange(new, old)
    assert (old / "a").read_text() == "new" and (new / "a").read_text() == "old"


def test_a_long_name_for_a_set_of_files_is_one_line(tmp_path):
    result = run_cli("pieces", "alea", "--format", "svg", "-o", str(tmp_path / ("p" * 250 + ".svg")))
    assert_one_line_error(result, "names may be at most 255")
    assert len(result.output) < 400 and not list(tmp_path.iterdir())


# -- any terminal -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
@pytest.mark.parametrize("args", [("palettes",), ("list",), ("lego", "iacta"),
                                  ("check", "sample:iacta/02-open-play-4-2")])
def test_a_terminal_that_cannot_show_a_character_gets_it_escaped(encoding, args):
    completed = subprocess.run([sys.executable, "-m", "boardgen", *args], capture_output=True,
                               env={**os.environ, "PYTHONIOENCODING": encoding}, cwd=ROOT)
    assert completed.returncode in (0, 1), completed.stderr
    assert b"Traceback" not in completed.stderr and b"internal error" not in completed.stderr
    completed.stdout.decode(encoding)  # every byte is the terminal's own


@pytest.mark.parametrize("control", ["\u202e", "\u2066", "\x1b]0;x\x07", "\x9b"])
def test_direction_and_control_characters_are_shown_escaped_in_success_and_error_lines(tmp_path, control):
    written = run_cli("board", "iacta", "-o", str(tmp_path / f"a{control}b.svg"))
    assert written.exit_code == 0 and control not in written.output and "\\" in written.output
    refused = run_cli("board", "iacta", "-o", str(tmp_path / "missing" / f"a{control}b.svg"))
    assert_one_line_error(refused)
    assert control not in refused.output


def test_a_huge_argument_gives_a_short_line():
    result = run_cli("check", "sample:iacta/02-open-play-4-2", "--move", "x" * 100_000)
    assert result.exit_code in (1, 2) and len(result.output) < 2_000


def test_workers_are_capped_at_the_tasks_there_are():
    """--workers 1024 for 4 games starts one process, and says so, rather than forking a thousand."""
    completed = subprocess.run([sys.executable, "-m", "boardgen", "simulate", "alea", "--games", "4",
                                "--workers", "1024"], capture_output=True, text=True, cwd=ROOT, timeout=GUARD)
    assert completed.returncode == 0, completed.stderr
    assert "playing on 1 process, not 1024" in completed.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="the test holds the lock with fcntl")
@pytest.mark.parametrize("args, target", [(("board", "iacta"), "b.pdf"), (("pieces", "alea", "--format", "svg"),
                                                                          "p.svg"), (("giftset", "alea"), "set")])
def test_a_second_run_writing_the_same_target_is_refused_not_mixed(tmp_path, args, target):
    """Another boardgen writing the target (here: its lock held, as a run in the middle of writing holds it):
    this run is refused at once in one line, and nothing of it is written."""
    lock = os.open(tmp_path / f".{target}.boardgen.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        where = ["--to" if args[0] == "giftset" else "-o", str(tmp_path / target)]
        result = run_cli(*args, *where)
        assert_one_line_error(result, "another boardgen is writing")
        assert [p.name for p in tmp_path.iterdir()] == [f".{target}.boardgen.lock"]
    finally:
        os.close(lock)


# -- the sweep: every option of every product, from the declarations --------------------------------------------

# Bad values by kind of option: a new option is swept as soon as it is declared.
BAD_BY_KIND = {
    Kind.CHOICE: ["no-such-choice", "\u202e", "x" * 5000],
    Kind.INTEGER: ["-1", "1.5", "99999999999999999999999", "ten"],
    Kind.NUMBER: ["-1e6", "1e6", "ten", ""],
    Kind.TEXT: ["\x1b]0;x\x07", "x" * 100_000, "\x00"],
    Kind.PATH: ["", "no/such/folder/x.pdf", "\x00.pdf"],
    Kind.FOLDER: ["", "no/such/folder/set", "\x00"],
}


def _swept() -> list[tuple[str, str, str]]:
    found = []
    for name in sorted(PRODUCTS):
        for option in product(name).options:
            if option.argument:
                continue
            for value in BAD_BY_KIND.get(option.kind, []):
                found.append((name, option.flag, value))
    return found


@pytest.mark.parametrize("command, flag, value", _swept())
def test_every_option_of_every_product_takes_bad_values_without_an_internal_error(in_tmp, command, flag, value):
    target = {"diagram": [str(SAMPLE)], "check": [str(SAMPLE)], "study": ["iacta-doubles"]}.get(command, ["iacta"])
    result = run_cli(command, *target, flag, value)
    assert result.exit_code in (0, 1, 2), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    if result.exit_code == 2:
        assert_one_line_error(result)
        assert len(result.output) < 2_000 and "\x1b" not in result.output and "\u202e" not in result.output
