"""A boardgen command that tells its test where it is and waits there for the test's word: a test sends its
signal when the command is exactly at the moment it means (writing its second page, playing its first games,
importing a module), never after a guessed delay that a slow machine turns into another moment.

    python tests/paused_run.py MARKER GO MOMENT [boardgen arguments ...]

The command writes a line to the file descriptor MARKER for every moment it reaches, `PID LABEL [DETAIL]`:

- `import NAME`  the main thread starts importing module NAME, inside the console script (and its Ctrl-C guard)
- `fork`         the main process starts a worker process
- `game INDEX`   a worker starts a game (only when MOMENT is a game: the games are watched then, else not)
- `handler SIG`  a process sets its handler for signal SIG (the main process does again after a first stop)
- `lock`         the writer opens a folder's lock; the writer's moments follow:
- `stage`        the writer starts writing a file's temporary copy
- `plan`         the writer names its plan of renames (a set of files)
- `rename NAME`  the writer renames a temporary copy to its target NAME

MOMENT is a label (`stage`), or a label and its detail (`import boardgen.cli`), optionally followed by `#N`: at
the N-th (from 0) such moment, and at each one after it, the command waits until the test writes a byte to the
file descriptor GO, or closes it (from then on the command never waits again).  A moment is reported before it
happens: at `rename NAME` the file is not yet renamed.

No code for tests is in boardgen: the moments are Python's own audit events (imports, opening and renaming files,
forks) and two spies put in before the command runs (signal.signal, and match.play_game for games).  PausedRun
is the test's side.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType, TracebackType
from typing import Any

from boardgen.console import run

# Seconds a test waits for a moment or for the command to end before it fails: never reached by a command that
# works, however slow the machine, so never a measure of speed; only so that a broken command fails, not hangs.
GUARD = 180.0


Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None  # what signal.signal takes


# -- the command's side --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Moment:
    pid: int
    label: str
    detail: str = ""

    @staticmethod
    def parse(line: str) -> Moment:
        pid, label, *detail = line.split(" ", 2)
        return Moment(int(pid), label, detail[0] if detail else "")


@dataclass(frozen=True)
class Wanted:
    """A MOMENT: a label, with its detail if given, from its `first` occurrence on."""

    label: str
    detail: str | None
    first: int

    @staticmethod
    def parse(text: str) -> Wanted:
        spec, _, count = text.partition("#")
        label, _, detail = spec.partition(" ")
        return Wanted(label, detail or None, int(count or 0))

    def matches(self, label: str, detail: str) -> bool:
        return label == self.label and (self.detail is None or detail == self.detail)


class _Command:
    """The paused command's state (one per process; a forked worker starts with a copy)."""

    marker: int | None = None  # None once the test no longer listens
    go: int | None = None  # None once the test has let the command go
    wanted = Wanted("none", None, 0)
    seen = 0  # moments matching `wanted` so far, in this process
    main = (0, 0)  # the main process and thread
    importing = False  # whether the console script has begun
    writing = False  # whether the writer has opened a folder's lock


def _reached(label: str, detail: str = "") -> None:
    if _Command.marker is not None:
        try:
            os.write(_Command.marker, f"{os.getpid()} {label} {detail}".rstrip().encode() + b"\n")
        except OSError:
            _Command.marker = None  # the test closed its end: it has heard all it wanted
    if _Command.go is None or not _Command.wanted.matches(label, detail):
        return
    _Command.seen += 1
    if _Command.seen > _Command.wanted.first and os.read(_Command.go, 1) == b"":
        _Command.go = None


def _name(path: object) -> str | None:
    if isinstance(path, str | bytes | os.PathLike):
        return os.path.basename(os.fsdecode(path))
    return None  # a file descriptor


def _heard(event: str, args: tuple[Any, ...]) -> None:
    """Python's audit hook: cheap for every other event, as it runs for each of them."""
    if event == "import":
        if _Command.importing and (os.getpid(), threading.get_ident()) == _Command.main:
            _reached("import", str(args[0]))
    elif event == "os.fork":
        _reached("fork")
    elif event == "open":
        name = _name(args[0])
        if name is None:
            return
        if name == ".boardgen.lock":
            _Command.writing = True
            _reached("lock")
        elif _Command.writing and name.startswith(".bg-") and name.endswith(".part"):
            _reached("stage")
    elif event == "os.rename" and _Command.writing:
        name = _name(args[1]) or ""
        if name.startswith(".bg-") and name.endswith(".plan"):
            _reached("plan")
        elif not name.startswith(".bg-"):
            _reached("rename", name)


def _spy_on_signal_handlers() -> None:
    setting = signal.signal

    def set_handler(signalnum: int | signal.Signals, handler: Handler) -> Handler:
        previous = setting(signalnum, handler)
        _reached("handler", str(int(signalnum)))
        return previous

    signal.signal = set_handler


def _watch_games() -> None:
    # Imported here, before the command runs, only when games are watched: the other moments are about what the
    # command itself imports.  The workers are forked from the main process, so they play the watched game; where
    # they would start afresh, the test fails at once, saying why, rather than wait for a game it never hears of.
    if multiprocessing.get_start_method() != "fork":
        raise SystemExit(f"paused_run: games are watched in forked workers, and this Python starts its workers by "
                         f"{multiprocessing.get_start_method()}")
    from boardgen.simulate import match

    playing: Callable[..., Any] = match.play_game

    def play_game(*args: Any, **kwargs: Any) -> Any:
        _reached("game", str(args[1]) if len(args) > 1 else "")
        return playing(*args, **kwargs)

    match.play_game = play_game


def main() -> None:
    marker, go, wanted, *arguments = sys.argv[1:]
    _Command.marker, _Command.go, _Command.wanted = int(marker), int(go), Wanted.parse(wanted)
    _Command.main = (os.getpid(), threading.get_ident())
    if _Command.wanted.label == "game":
        _watch_games()
    _spy_on_signal_handlers()
    sys.addaudithook(_heard)
    sys.argv = ["boardgen", *arguments]
    _Command.importing = True
    run()


# -- the test's side -----------------------------------------------------------------------------------------

class PausedRun:
    """`boardgen ARGUMENTS` in a session of its own, waiting at `moment` (see above) until the test lets it go.

    Every moment it reports is kept in `seen`; the test waits for one with `next` or `reached`, sends its
    signal, and ends the run with `finish`, which lets it go on and returns what it said.  Leaving the `with`
    block kills whatever is left of the run (its workers too).
    """

    def __init__(self, moment: str, *arguments: str, cwd: os.PathLike[str] | str | None = None) -> None:
        self.wanted = Wanted.parse(moment)
        marker_out, marker_in = os.pipe()
        go_out, self._go = os.pipe()
        try:
            self.process = subprocess.Popen([sys.executable, __file__, str(marker_in), str(go_out), moment,
                                             *arguments], pass_fds=(marker_in, go_out), stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, text=True, start_new_session=True, cwd=cwd)
        finally:
            os.close(marker_in)
            os.close(go_out)
        self.seen: list[Moment] = []
        self._heard: queue.Queue[Moment | None] = queue.Queue()
        # A thread reads the moments as they come, so the command never waits on a full pipe while the test waits
        # for something else (its output, its end).
        self._reader = threading.Thread(target=self._read, args=(marker_out,), daemon=True)
        self._reader.start()
        self._ended = False

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    def _read(self, marker: int) -> None:
        with os.fdopen(marker, "r", encoding="utf-8") as lines:
            for line in lines:
                self._heard.put(Moment.parse(line.rstrip("\n")))
        self._heard.put(None)

    def next(self, label: str, detail: str | None = None, pid: int | None = None) -> Moment:
        """The next moment with this label (and detail, and process), once the command reports it."""
        wanted = Wanted(label, detail, 0)
        while True:
            try:
                moment = self._heard.get(timeout=GUARD)
            except queue.Empty:
                raise AssertionError(f"the command never reached {label} {detail or ''}; it said {self.seen[-5:]}") \
                    from None
            if moment is None:
                self._ended = True
                raise AssertionError(f"the command ended before {label} {detail or ''}: {self.finish()[1][-2000:]}")
            self.seen.append(moment)
            if wanted.matches(moment.label, moment.detail) and pid in (None, moment.pid):
                return moment

    def reached(self) -> Moment:
        """The moment the command waits at (the first, if it waits at several): reported, not yet happened."""
        for _ in range(self.wanted.first + 1):
            moment = self.next(self.wanted.label, self.wanted.detail)
        return moment

    def go(self) -> None:
        """Lets the command on from one wait."""
        os.write(self._go, b".")

    def let_go(self) -> None:
        """Lets the command on to its end without waiting again."""
        if self._go >= 0:
            os.close(self._go)
            self._go = -1

    def finish(self) -> tuple[str, str]:
        """Lets the command go on, waits for it to end and returns what it printed (stdout, stderr); every moment
        it reported is then in `seen`."""
        self.let_go()
        out, err = self.process.communicate(timeout=GUARD)
        while not self._ended:
            try:
                moment = self._heard.get(timeout=GUARD)
            except queue.Empty:
                break  # a process of the command's own, still running, holds the pipe: the test looks at it
            if moment is None:
                self._ended = True
            else:
                self.seen.append(moment)
        return out, err

    def __enter__(self) -> PausedRun:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.let_go()
        if self.process.returncode is None:  # not yet reaped, so its process group is still the run's own
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()

if __name__ == "__main__":
    main()
