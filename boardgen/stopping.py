"""Stopping like a well-behaved Unix program: Ctrl-C, `kill` and a closing terminal, once or twice.

SIGINT (Ctrl-C), SIGTERM (`kill PID`, a service manager) and SIGHUP (a closing
terminal) all raise `Stopped` in the main thread, a KeyboardInterrupt that
knows which signal it was: the simulator stops handing out games, reports
what was played so far and exits 128 + the signal (130, 143, 129).  A second
signal while that happens exits at once, ending the workers first (killed
and waited for), so none plays on after it.  Worker processes ignore the
terminal's Ctrl-C (the main process stops them) and end by themselves when
the main process is gone however it went, so none is left behind.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.synchronize import Event

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


class Stopped(KeyboardInterrupt):
    """A signal asked boardgen to stop."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def status(self) -> int:
        return 128 + self.signum


def exit_status(error: BaseException | None) -> int:
    """The exit status for a stop: 128 + the signal, 130 (Ctrl-C) when it is not known."""
    return error.status if isinstance(error, Stopped) else 128 + signal.SIGINT


class _Delivery:
    """Whether a stop signal is raised where it lands, or noted until the code under way reaches a safe point."""

    immediate = True
    pending = 0  # a signal noted while deliveries were deferred
    received = 0  # the first stop signal, once one has come


def handle_stop_signals() -> None:
    """From now on every stop signal raises Stopped in the main thread (or, while `deferred`, at the next point
    that allows it); the second one exits at once."""
    if threading.current_thread() is not threading.main_thread():
        return  # signal handlers belong to the main thread (a test runner's worker thread, say)

    def second(signum: int, frame: FrameType | None) -> None:
        try:
            # Straight to the descriptor: the interrupted code may be inside a write to sys.stderr itself, and a
            # buffered write from a signal handler would then fail as a reentrant call, saying nothing.
            os.write(sys.stderr.fileno(), b"\nboardgen: stopped\n")
            # The last word: a pool's own thread, seeing its workers killed, would print a traceback after it.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stderr.fileno())
            for end in _AT_SECOND_STOP:
                end()
        finally:
            os._exit(128 + signum)  # at once: no clean-up that could hang (the next run clears any leftovers)

    def first(signum: int, frame: FrameType | None) -> None:
        _Delivery.received = signum
        for number in STOP_SIGNALS:
            signal.signal(number, second)
        if _Delivery.immediate:
            raise Stopped(signum)
        _Delivery.pending = signum

    for number in STOP_SIGNALS:
        signal.signal(number, first)
    if hasattr(signal, "pthread_sigmask"):  # a parent may have left them blocked, and a blocked signal never comes
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


# What must happen before the process exits at a second stop signal: the simulator's pool puts the ending of its
# workers here while it runs (simulate.runner), so only a command that starts workers loads multiprocessing.
_AT_SECOND_STOP: list[Callable[[], None]] = []


@contextmanager
def at_second_stop(end: Callable[[], None]) -> Iterator[None]:
    """Run `end` before exiting on a second stop signal, while this block runs."""
    _AT_SECOND_STOP.append(end)
    try:
        yield
    finally:
        _AT_SECOND_STOP.remove(end)


def stop_received() -> Stopped:
    """The stop a signal asked for, for code whose library caught it (a server that ends its loop on Ctrl-C)."""
    return Stopped(_Delivery.received or signal.SIGINT)


def exit_stopped(status: int) -> None:
    """Exit with a stop's status.  Stop signals are blocked first: Python puts back the default handlers while
    it shuts down, and a second Ctrl-C or kill then would end the process by the signal instead of the status."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    sys.exit(status)


def _raise_pending() -> None:
    signum, _Delivery.pending = _Delivery.pending, 0
    if signum:
        raise Stopped(signum)


@contextmanager
def deferred() -> Iterator[None]:
    """A stop signal that comes while this runs is noted and raised at its end (or at an `interruptible` point
    inside): starting and closing a process pool must not be cut off halfway, or a worker waits on a lock for
    ever."""
    previous, _Delivery.immediate = _Delivery.immediate, False
    try:
        yield
    finally:
        _Delivery.immediate = previous
    if previous:
        _raise_pending()


@contextmanager
def interruptible() -> Iterator[None]:
    """Inside `deferred`: a stretch where a stop signal may be raised where it lands (waiting for results)."""
    previous, _Delivery.immediate = _Delivery.immediate, True
    try:
        _raise_pending()
        yield
    finally:
        _Delivery.immediate = previous


_PARENT_CHECK = 0.2  # seconds between a worker's looks at whether its parent is still there
_stop_event: Event | None = None  # in a worker: the event its main process sets to stop the worker's tasks


def stop_requested() -> bool:
    """In a worker: whether the main process asked its tasks to stop."""
    return _stop_event is not None and bool(_stop_event.is_set())


def worker_started(parent: int, stop: Event) -> None:
    """For a worker process, first thing: leave Ctrl-C to the main process, take the default for the other stop
    signals, hear the main process's request to stop, and end when the main process has gone (killed, or ended
    at a second Ctrl-C)."""
    global _stop_event
    _stop_event = stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in STOP_SIGNALS[1:]:
        signal.signal(number, signal.SIG_DFL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="boardgen-parent-watch", daemon=True).start()
