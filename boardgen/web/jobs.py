"""Long work (gift sets, simulations, studies) in a queue: a few at a time, the rest waiting their turn, each
with its progress, cancellable, its result kept for a while."""

from __future__ import annotations

import itertools
import queue
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import BoardgenError


class Cancelled(Exception):
    """Raised inside a job's work, from its progress report, once someone has cancelled it."""


class TimeUp(Exception):
    """Raised inside a job's work, from its progress report, once it has run longer than the page allows."""


@dataclass
class Job:
    id: str
    title: str
    total: int  # steps, for the progress bar
    done: int = 0
    label: str = ""  # what is being done now
    state: str = "waiting"  # waiting, running, done, failed, cancelled
    result: Any = None
    error: str = ""
    number: int = 0  # in the order jobs were asked for, for the place in the queue
    started: float = 0.0
    finished: float = 0.0
    seconds: float = 600.0  # the longest it may run
    cancel_asked: threading.Event = field(default_factory=threading.Event)
    # Set when it starts running, and when it ends (done, failed or cancelled): what a waiter waits on.
    began: threading.Event = field(default_factory=threading.Event)
    ended: threading.Event = field(default_factory=threading.Event)

    def report(self, done: int, label: str = "") -> None:
        """The work's progress; raises Cancelled when the job is to stop, TimeUp when it has run too long."""
        if self.cancel_asked.is_set():
            raise Cancelled()
        if time.monotonic() - self.started > self.seconds:
            raise TimeUp()
        self.done, self.label = min(done, self.total), label or self.label


Work = Callable[[Job], Any]


class JobQueue:
    def __init__(self, running: int = 1, kept: int = 100, waiting: int = 20) -> None:
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._queue: queue.Queue[tuple[Job, Work]] = queue.Queue()
        self._numbers = itertools.count(1)
        self.kept, self.waiting, self.running = kept, waiting, running
        self._workers = 0  # threads serving the queue: started with work, ended when it runs out

    def submit(self, title: str, total: int, work: Work, seconds: float = 600.0) -> Job:
        with self._lock:
            if sum(job.state == "waiting" for job in self._jobs.values()) >= self.waiting:
                raise BoardgenError(f"{self.waiting} pieces of work are already waiting: try again in a minute")
            job = Job(secrets.token_hex(8), title, max(total, 1), number=next(self._numbers), seconds=seconds)
            self._jobs[job.id] = job
            while len(self._jobs) > self.kept:
                oldest = next(iter(self._jobs.values()))
                if oldest.state in ("waiting", "running"):
                    break
                self._jobs.popitem(last=False)
        self._queue.put((job, work))
        with self._lock:
            if self._workers < self.running:
                self._workers += 1
                threading.Thread(target=self._serve, daemon=True, name="boardgen-job").start()
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def place(self, job: Job) -> int:
        """How many jobs wait before this one (0 once it runs)."""
        with self._lock:
            return sum(other.state == "waiting" and other.number < job.number for other in self._jobs.values()) \
                if job.state == "waiting" else 0

    def ahead(self, job: Job) -> tuple[int, int]:
        """(jobs running now, jobs waiting before this one), for a waiting job; (0, 0) once it runs."""
        with self._lock:
            if job.state != "waiting":
                return 0, 0
            running = sum(other.state == "running" for other in self._jobs.values())
            waiting = sum(other.state == "waiting" and other.number < job.number for other in self._jobs.values())
            return running, waiting

    def cancel(self, job: Job) -> None:
        job.cancel_asked.set()
        if job.state == "waiting":
            job.state = "cancelled"
            job.ended.set()

    def _serve(self) -> None:
        while True:
            with self._lock:
                try:
                    job, work = self._queue.get_nowait()
                except queue.Empty:
                    self._workers -= 1
                    return
            if job.cancel_asked.is_set():
                job.state = "cancelled"
                job.ended.set()
                continue
            job.state, job.started = "running", time.monotonic()
            job.began.set()
            try:
                job.result = work(job)
                job.done, job.state = job.total, "done"
            except Cancelled:
                job.state = "cancelled"
            except TimeUp:
                job.state, job.error = "failed", (f"it ran longer than the page allows ({job.seconds / 60:g} minutes): "
                                                  "ask for fewer games, or use the command line")
            except BoardgenError as error:
                job.state, job.error = "failed", str(error)
            except Exception as error:  # a bug: said on the page, the server goes on
                job.state, job.error = "failed", f"internal error: {type(error).__name__}: {error} (a bug in boardgen)"
            job.finished = time.monotonic()
            job.ended.set()
