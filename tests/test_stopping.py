"""Stopping like a well-behaved Unix program: Ctrl-C to the process group, `kill` to the main process, once or
twice, at any moment; the exit status says which signal, what was played is reported as stopped, and no worker
process is left behind.  The real `python -m boardgen` in its own session, signals sent as a terminal and a
service manager send them, each at a moment the command reports and waits at (paused_run.py): its workers in the
middle of their games, a module being imported, its pool starting; never after a delay, and no test times it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from paused_run import GUARD, PausedRun

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP") or not Path("/proc").is_dir(),
                                reason="POSIX signals and /proc (Linux) are needed to watch the processes")


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting for the system to reap it."""
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


_started: list[subprocess.Popen[str]] = []


@pytest.fixture(autouse=True)
def _nothing_left_running():
    """Whatever a test does, its processes (and their workers) are gone after it."""
    yield
    while _started:
        process = _started.pop()
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()


def _start(*args: str) -> subprocess.Popen[str]:
    process = subprocess.Popen([sys.executable, "-m", "boardgen", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    _started.append(process)
    return process


def _playing(run: PausedRun, workers: int = 2) -> set[int]:
    """The worker processes, once each is in the middle of a game: every game waits for the test's word, so they
    are all still playing when the test sends its signal, on any machine."""
    playing: set[int] = set()
    while len(playing) < workers:
        playing.add(run.next("game").pid)
    return playing


def _send(run: PausedRun, sent: int, to_group: bool) -> None:
    (os.killpg if to_group else os.kill)(run.pid, sent)


def _games_reported(out: str) -> int:
    found = re.search(r": ([\d,]+) games, seed", out)
    assert found, out
    return int(found.group(1).replace(",", ""))


@pytest.mark.parametrize("sent, to_group, twice", [
    (signal.SIGINT, True, False),  # Ctrl-C: the terminal signals the whole group
    (signal.SIGINT, True, True),  # Ctrl-C twice: out at once
    (signal.SIGTERM, False, False),  # kill PID, as a service manager does
    (getattr(signal, "SIGHUP", signal.SIGTERM), False, False),  # the terminal closes
    (signal.SIGTERM, False, True),
])
def test_a_signal_stops_simulate_with_its_status_and_leaves_no_process(sent, to_group, twice):
    with PausedRun("game", "simulate", "iacta", "--games", "100000", "--workers", "2") as run:
        workers = _playing(run)
        _send(run, sent, to_group)
        if twice:
            # Once the main process has heard the first (it has put in its handler for a second one): two signals
            # sent together may reach it as one.
            run.next("handler", str(sent), pid=run.pid)
            _send(run, sent, to_group)
        out, err = run.finish()  # the games go on: a stopped run ends them after the one each is playing
    assert run.returncode == 128 + sent, err
    assert "Traceback" not in err and "Error" not in err, err
    assert err.strip().splitlines()[-1].startswith("boardgen: stopped")
    if not twice:
        assert "stopped early" in out  # the games played so far, marked as stopped
        assert _games_reported(out) < 100_000
    # The moment the main process is gone, so are its workers: it waits for them (or, at a second signal, kills
    # them and waits) before it exits.
    assert not [pid for pid in workers if _running(pid)], "a worker was left behind"


def test_a_study_stopped_early_writes_nothing_and_says_so(tmp_path):
    target = tmp_path / "study.pdf"
    with PausedRun("game", "study", "alea-first-player", "--workers", "2", "-o", str(target)) as run:
        _playing(run)
        os.killpg(run.pid, signal.SIGINT)
        _, err = run.finish()
    assert run.returncode == 130 and "Traceback" not in err, err
    assert "no report written" in err.strip().splitlines()[-1]
    assert not target.exists()


_STUDY = ("study", "alea-first-player", "--workers", "2")


@pytest.fixture(scope="module")
def study_imports(tmp_path_factory) -> list[str]:
    """What `boardgen study` imports in its main thread, in order, from the console script's first import to its
    pool's first worker."""
    with PausedRun("fork", *_STUDY, "-o", str(tmp_path_factory.mktemp("study") / "s.pdf")) as run:
        run.reached()
        imported = [moment.detail for moment in run.seen if moment.label == "import"]
    assert len(imported) > 50 and imported[0] == "boardgen.stopping", imported[:5]
    return list(dict.fromkeys(imported))  # an extension module is reported twice


@pytest.mark.parametrize("when", [0.0, 0.25, 0.5, 0.75, 1.0, "fork"],
                         ids=["first-import", "a-quarter-in", "half-way", "three-quarters-in", "last-import",
                              "pool-starting"])
def test_ctrl_c_at_any_moment_is_stopped_never_a_traceback(when, study_imports, tmp_path):
    """From the first import the console script makes (everything before it is Python starting, and `python
    -m`'s own) to the pool's start, where a Ctrl-C waits until the pool is whole."""
    moment = "fork" if when == "fork" else f"import {study_imports[round(when * (len(study_imports) - 1))]}"
    with PausedRun(moment, *_STUDY, "-o", str(tmp_path / "s.pdf")) as run:
        run.reached()
        os.killpg(run.pid, signal.SIGINT)
        _, err = run.finish()
    assert run.returncode == 130, (moment, err)
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("boardgen: stopped"), (moment, err)


def test_a_long_run_says_roughly_how_long_it_will_take_early_on():
    process = _start("simulate", "iacta", "--games", "100000", "--workers", "2")
    # Only a guard: a run that never says it is ended, so the test fails rather than waits for 100,000 games.
    guard = threading.Timer(GUARD, os.killpg, (process.pid, signal.SIGKILL))
    guard.start()
    try:
        line = next((line for line in process.stderr if "note:" in line), "")
    finally:
        guard.cancel()
    os.killpg(process.pid, signal.SIGINT)
    process.communicate(timeout=GUARD)
    assert "more for 100,000 games at this pace" in line and ("minute" in line or "seconds" in line)


# A pool of two workers stuck in their tasks (as a game that takes long), its main process waiting for them: a first
# signal leaves the main process closing the pool (waiting for the tasks), a second must end the workers with it.
_STUCK_POOL = """
import os, sys, threading
from concurrent.futures import wait
from boardgen.simulate.runner import executor_for
from boardgen.stopping import handle_stop_signals

def stuck(number):
    os.write(1, f"worker {os.getpid()}\\n".encode())  # one write: the two workers' lines never interleave
    threading.Event().wait()

if __name__ == "__main__":
    handle_stop_signals()
    with executor_for(2, None) as pool:
        futures = [pool.submit(stuck, n) for n in range(2)]
        try:
            wait(futures)
        except KeyboardInterrupt:
            print("first", flush=True)
            raise
"""


@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM])
def test_a_second_signal_ends_the_workers_before_the_main_process_exits(tmp_path, sent):
    script = tmp_path / "stuck.py"
    script.write_text(_STUCK_POOL, encoding="utf-8")
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True, cwd=Path(__file__).parent.parent)
    _started.append(process)
    workers = [int(process.stdout.readline().split()[1]) for _ in range(2)]  # both tasks under way
    assert all(_running(pid) for pid in workers)
    os.kill(process.pid, sent)
    assert process.stdout.readline().strip() == "first"  # the main process heard it and waits for the pool
    os.kill(process.pid, sent)
    assert process.wait(timeout=GUARD) == 128 + sent
    # The moment the main process is gone, so are its workers: not a fraction of a second later.
    assert not [pid for pid in workers if _running(pid)], "a worker outlived the main process"
    assert process.stderr.read().strip().splitlines()[-1] == "boardgen: stopped"
