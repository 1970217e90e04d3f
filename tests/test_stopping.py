"""Stopping like a well-behaved Unix program: Ctrl-C to the process group, `kill` to the main process, once or
twice, at any moment; the exit status says which signal, what was played is reported as stopped, and no worker
process is left behind.  The real `python -m boardgen` in its own session, signals sent as a terminal and a
service manager send them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP") or not Path("/proc").is_dir(),
                                reason="POSIX signals and /proc (Linux) are needed to watch the processes")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError, IndexError):
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


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


def _interpreter_start() -> float:
    """How long this machine takes to start Python itself (a Ctrl-C before then is Python's, not boardgen's)."""
    begun = time.monotonic()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.monotonic() - begun


def _workers_of(process: subprocess.Popen[str], count: int) -> list[int]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        workers = _children(process.pid)
        if len(workers) >= count:
            time.sleep(0.3)  # playing
            return workers
        time.sleep(0.05)
    raise AssertionError("the workers never started")


@pytest.mark.parametrize("sent, to_group, twice", [
    (signal.SIGINT, True, False),  # Ctrl-C: the terminal signals the whole group
    (signal.SIGINT, True, True),  # Ctrl-C twice: out at once
    (signal.SIGTERM, False, False),  # kill PID, as a service manager does
    (getattr(signal, "SIGHUP", signal.SIGTERM), False, False),  # the terminal closes
    (signal.SIGTERM, False, True),
])
def test_a_signal_stops_simulate_with_its_status_and_leaves_no_process(sent, to_group, twice):
    process = _start("simulate", "iacta", "--games", "100000", "--workers", "2")
    workers = _workers_of(process, 2)
    for _ in range(2 if twice else 1):
        if to_group:
            os.killpg(process.pid, sent)
        else:
            os.kill(process.pid, sent)
        time.sleep(0.05)
    started = time.monotonic()
    out, err = process.communicate(timeout=10)
    assert time.monotonic() - started < 2.0  # stopped within a second or so, not after the games
    assert process.returncode == 128 + sent
    assert "Traceback" not in err and "Error" not in err, err
    assert err.strip().splitlines()[-1].startswith("boardgen: stopped")
    if not twice:
        assert "stopped early" in out  # the games played so far, marked as stopped
    deadline = time.monotonic() + 3
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _running(pid)], "a worker was left behind"


def test_a_study_stopped_early_writes_nothing_and_says_so(tmp_path):
    target = tmp_path / "study.pdf"
    process = _start("study", "alea-first-player", "--workers", "2", "-o", str(target))
    _workers_of(process, 2)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=10)
    assert process.returncode == 130 and "Traceback" not in err
    assert "no report written" in err.strip().splitlines()[-1]
    assert not target.exists()


@pytest.mark.parametrize("delay", [0.02, 0.06, 0.15, 0.4])
def test_ctrl_c_at_any_moment_is_stopped_never_a_traceback(delay, tmp_path):
    """From the first imports (once the interpreter itself has started) to the games."""
    start = 1.5 * _interpreter_start()
    process = _start("study", "alea-first-player", "--workers", "2", "-o", str(tmp_path / "s.pdf"))
    time.sleep(start + delay)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=20)
    assert process.returncode == 130, err
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("boardgen: stopped")


def test_a_long_run_says_roughly_how_long_it_will_take_early_on():
    process = _start("simulate", "iacta", "--games", "100000", "--workers", "2")
    deadline = time.monotonic() + 30
    line = ""
    while time.monotonic() < deadline and "note:" not in line:
        line = process.stderr.readline()
    os.killpg(process.pid, signal.SIGINT)
    process.communicate(timeout=10)
    assert "more for 100,000 games at this pace" in line and ("minute" in line or "seconds" in line)


# A pool of two workers stuck in their tasks (as a game that takes long), its main process waiting for them: a first
# signal leaves the main process closing the pool (waiting for the tasks), a second must end the workers with it.
_STUCK_POOL = """
import os, sys, threading
from concurrent.futures import wait
from boardgen.simulate.runner import executor_for
from boardgen.stopping import handle_stop_signals

def stuck(number):
    print("worker", os.getpid(), flush=True)
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
    assert process.wait(timeout=30) == 128 + sent
    # The moment the main process is gone, so are its workers: not a fraction of a second later.
    assert not [pid for pid in workers if _running(pid)], "a worker outlived the main process"
    assert process.stderr.read().strip().splitlines()[-1] == "boardgen: stopped"
