"""Writing files whole or not at all, one file or a set of them.

Every file is first written to a temporary file beside its target, flushed
to disk, and only then renamed into place.  For a set (an SVG per page, a
gift set) nothing is renamed until every file is written.  Then a plan
listing the renames is saved, and the renames are made.  If anything fails
while renaming, the files already replaced are put back; if the process is
killed outright (SIGKILL, a power cut), the next boardgen run that writes to
that folder finds the plan and finishes the renames.  Either way the folder
holds the old set or the new one, never a mix.

A gift set is a folder written the same way: its files go into a staging
folder beside the target, which replaces the old set only once it is whole,
in one step where the system can exchange two folders (Linux's renameat2),
else by two renames that the next run puts right if a kill falls between
them.  The folder and its files keep the permissions they had.  A target
that is a folder, a pipe, a device or a symbolic link is refused, for one
file, pages of a file and sets alike: nothing is written beside it.

Only one boardgen writes into a folder at a time: it holds a lock on
`.boardgen.lock` there while it writes (a lock the system releases when a
process dies, however it dies), and a second run waits for it.  So whoever
holds the lock knows that any temporary file in the folder is a leftover of
a killed run, and finishes or removes it; no process is ever probed.
Temporary names are short (`.bg-RANDOM.part`), so a target name of up to 255
bytes works.
"""

from __future__ import annotations

import ctypes
import errno
import glob
import os
import re
import shutil
import signal
import stat
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

from ..errors import BoardgenError
from ..stopping import Stopped

# A file lock the system releases when its process dies, however it dies: each system has its own call.
if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

DEFAULT_FOLDER = Path("output")
MAX_NAME_BYTES = 255  # what Linux, macOS and Windows file systems allow for one name
MAX_PATH_BYTES = 4096
_LEFTOVER = re.compile(r"^\.bg-(?:\d+-)?[0-9a-f]{12}\.(part|old|tmp|plan)$")  # (older versions put a pid in)
LOCK_NAME = ".boardgen.lock"
LOCK_WAIT = 30.0  # seconds to wait for another boardgen writing into the same folder


def prepare_target(path: Path) -> Path:
    """Make sure `path` can be written; only our own default folder is created."""
    encoded = os.fsencode(path)
    if len(encoded) > MAX_PATH_BYTES:
        raise BoardgenError(f"the output path is {len(encoded)} bytes long; paths may be at most {MAX_PATH_BYTES}")
    name_bytes = len(os.fsencode(path.name))
    if name_bytes > MAX_NAME_BYTES:
        raise BoardgenError(f"the file name is {name_bytes} bytes long; names may be at most {MAX_NAME_BYTES}")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise BoardgenError(f"cannot write {path}: {_reason(error)}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise BoardgenError(f"{path} is a folder; give a file name such as {path / 'board.pdf'}")
        if stat.S_ISLNK(info.st_mode):
            raise BoardgenError(f"{path} is a symbolic link; give the path of the file itself")
        if not stat.S_ISREG(info.st_mode):
            raise BoardgenError(f"{path} is not an ordinary file (a device, pipe or socket); "
                                "boardgen replaces only ordinary files")
    folder = path.parent
    if not folder.exists():
        if folder == DEFAULT_FOLDER:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise BoardgenError(f"cannot create the folder {folder}: {_reason(error)}; "
                                    "use -o to write somewhere else") from None
        else:
            raise BoardgenError(f"folder {folder} does not exist; create it first or choose another -o path")
    if not folder.is_dir():
        raise BoardgenError(f"cannot write {path}: {folder} is not a folder")
    _accepts_files(folder, path)
    return path


def _accepts_files(folder: Path, path: Path) -> None:
    """Refuse, before any work, a folder that takes no new file (/proc, a read-only disk, no permission): a study
    would otherwise play all its games first.  A leftover's name, so a run killed here leaves nothing lasting."""
    probe = folder / f".bg-{os.urandom(6).hex()}.part"
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileNotFoundError:  # the folder is there but makes no new files, as /proc and /sys do
        raise BoardgenError(f"cannot write {path}: the folder {folder} does not accept new files") from None
    except OSError as error:
        raise BoardgenError(f"cannot write {path}: {_reason(error)}") from None
    try:
        probe.unlink()
    except OSError:
        pass  # another boardgen tidying the folder took it first


_STAGING_BYTES = len(".") + len(".bg-") + 12 + len(".new")  # what a folder's staging name adds to its name


def check_folder_name(folder: Path) -> None:
    """A folder `write_folder` can write, by the length of its path and name (its staging folder's name, beside
    it, is its name and 21 bytes), in words rather than the system's error part way through."""
    encoded = os.fsencode(folder)
    if len(encoded) > MAX_PATH_BYTES:
        raise BoardgenError(f"the folder's path is {len(encoded)} bytes long; paths may be at most {MAX_PATH_BYTES}")
    name_bytes = len(os.fsencode(folder.name))
    if name_bytes > MAX_NAME_BYTES - _STAGING_BYTES:
        raise BoardgenError(f"the folder name is {name_bytes} bytes long; folder names may be at most "
                            f"{MAX_NAME_BYTES - _STAGING_BYTES}")


def write_files(files: Sequence[tuple[Path, bytes]], target: Path | None = None) -> None:
    """Every file, or none of them: the old files stay as they were if anything fails.  `target` is what the
    user asked for (-o PATH, for a set of PATH-p1, PATH-p2, ...), locked while it is written."""
    folders = sorted({path.parent for path, _ in files})
    with ExitStack() as locks:
        if files:
            locks.enter_context(target_lock(target or files[0][0]))
        for folder in folders:  # in one order, so two runs writing into the same folders cannot wait on each other
            locks.enter_context(folder_lock(folder, files[0][0]))
            _remove_leftovers(folder)
        with _termination_deferred():
            _write_files(files)


def write_folder(folder: Path, files: Sequence[tuple[str, bytes]]) -> list[Path]:
    """A folder of files, whole or not at all: staged beside `folder`, then put in its place.

    An earlier folder in the same place stays as it was until the new one is complete; then it is
    replaced whole, so none of its files is left among the new.  The caller decides whether the old
    folder may be replaced; its parent must exist.
    """
    check_folder_name(folder)
    parent = folder.parent
    with target_lock(folder), folder_lock(parent, folder):
        _tidy_folders(parent, folder.name)
        staging = parent / f".{folder.name}.bg-{os.urandom(6).hex()}.new"
        aside = parent / f".{folder.name}.bg-{os.urandom(6).hex()}.old"
        moved_aside = False
        try:
            with _termination_deferred():
                staging.mkdir()
                _keep_modes(folder, staging, [name for name, _ in files])
                _write_files([(staging / name, data) for name, data in files])
                _stop_if_asked()
                if folder.exists() and _exchange(staging, folder):
                    staging, aside, moved_aside = aside, staging, True  # the old set now has the staging name
                else:
                    if folder.exists():  # two renames: a run killed between them is put right by the next
                        os.rename(folder, aside)
                        moved_aside = True
                    os.rename(staging, folder)
        except BaseException as error:
            shutil.rmtree(staging, ignore_errors=True)
            if moved_aside and not folder.exists():
                os.rename(aside, folder)  # the old set goes back where it was
            if isinstance(error, OSError):
                raise BoardgenError(f"cannot write {folder}: {_reason(error)}") from None
            if isinstance(error, BoardgenError):
                raise BoardgenError(str(error).replace(str(staging), str(folder))) from None
            raise
        if moved_aside:
            shutil.rmtree(aside, ignore_errors=True)
    return [folder / name for name, _ in files]


def _keep_modes(folder: Path, staging: Path, names: Sequence[str]) -> None:
    """A set made again keeps the permissions its folder and files had (new files get the usual ones)."""
    try:
        os.chmod(staging, stat.S_IMODE(os.stat(folder).st_mode))
    except FileNotFoundError:
        return
    for name in names:
        try:
            mode = stat.S_IMODE(os.stat(folder / name).st_mode)
        except OSError:
            continue
        # An empty file of that mode: _stage writes the new content with the target's mode, which is this one.
        os.close(os.open(staging / name, os.O_WRONLY | os.O_CREAT, mode))
        os.chmod(staging / name, mode)


def _exchange(new: Path, old: Path) -> bool:
    """Swap two folders in one step where the system can (Linux's renameat2 with RENAME_EXCHANGE): there is no
    moment with no set in place.  False where it cannot; the caller then renames twice."""
    if not sys.platform.startswith("linux"):
        return False
    # ctypes because the standard library has no call that exchanges two paths (os.rename and os.replace take no
    # flags); the function is the C library's own, already loaded in this process, so CDLL(None) finds it.
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except AttributeError:
        return False  # a C library too old to have it
    at_fdcwd, rename_exchange = -100, 2  # AT_FDCWD and RENAME_EXCHANGE from <fcntl.h> and <linux/fs.h>
    result = renameat2(at_fdcwd, os.fsencode(new), at_fdcwd, os.fsencode(old), rename_exchange)
    return bool(result == 0)


@contextmanager
def target_lock(target: Path) -> Iterator[None]:
    """A lock beside the target (`.NAME.boardgen.lock`) for as long as it is written: a second boardgen writing
    the same target at the same time is refused at once, rather than writing its set over the first's."""
    path = target.parent / f".{target.name[:200]}.boardgen.lock"  # a long target's lock name stays a name
    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield  # the folder lock and its message deal with a folder that takes no new files
        return
    try:
        locked = _lock(handle, time.monotonic())
        if locked is False:
            raise BoardgenError(f"another boardgen is writing {target} right now; try again when it has finished")
        try:
            yield
        finally:
            try:
                os.unlink(path)  # only by the run that holds it
            except OSError:
                pass
    finally:
        os.close(handle)


@contextmanager
def folder_lock(folder: Path, target: Path) -> Iterator[None]:
    """Hold `folder`'s lock while writing into it, waiting up to LOCK_WAIT seconds for another boardgen.

    The lock file is removed again when done; a run that finds it gone or replaced after locking it
    (another run removed it meanwhile) locks the new one instead.
    """
    path = folder / LOCK_NAME
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except FileNotFoundError:  # the folder is there but makes no new files, as /proc and /sys do
            raise BoardgenError(f"cannot write {target}: the folder {folder} does not accept new files") from None
        except OSError as error:
            raise BoardgenError(f"cannot write {target}: {_reason(error)}") from None
        try:
            locked = _lock(handle, deadline)
            if locked is None:  # a file system without locks: write without one, as before
                break
            if not locked:
                raise BoardgenError(f"another boardgen has been writing into {folder} for {LOCK_WAIT:g} s; "
                                    "try again when it has finished")
            if _same_file(handle, path):
                break
        except BaseException:
            os.close(handle)
            raise
        os.close(handle)  # locked a lock file that another run had just removed: lock the current one
    try:
        yield
    finally:
        try:
            os.unlink(path)  # before unlocking, so that a run waiting on this file sees it go and starts again
        except OSError:
            pass  # Windows keeps a file that is open; the next run locks the same file
        os.close(handle)


def _lock(handle: int, deadline: float) -> bool | None:
    """True once locked, False if still held by another process at `deadline`, None if locks are unsupported."""
    while True:
        try:
            if sys.platform == "win32":
                msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
            else:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except (BlockingIOError, PermissionError):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)
        except OSError as error:
            if error.errno in (errno.EACCES, errno.EAGAIN, errno.EDEADLK):  # held (Windows says it these ways)
                if time.monotonic() >= deadline:
                    return False
                time.sleep(0.05)
                continue
            return None


def _same_file(handle: int, path: Path) -> bool:
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(handle)
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)


_HELD = (signal.SIGINT, signal.SIGTERM)


def _stop_if_asked() -> None:
    """At the last moment the old files can still be kept (the new ones written aside, nothing renamed yet): a
    Ctrl-C or `kill` that came while they were written stops the command here, so a stopped command leaves the
    files as they were rather than writing the new ones and then saying it stopped.  The held signal is still
    delivered when _termination_deferred lets it through, which stops the command as any stop does."""
    try:
        pending = signal.sigpending()
    except (AttributeError, OSError):  # not POSIX: nothing was held back
        return
    for signum in _HELD:
        if signum in pending:
            raise Stopped(signum)


@contextmanager
def _termination_deferred() -> Iterator[None]:
    """Hold back Ctrl-C and `kill` while files are written and renamed (a fraction of a second).

    A signal that arrives while the new files are written aside stops the command before the first rename, the
    old files as they were (_stop_if_asked); one that arrives while they are put in place takes effect right
    after, with the set whole.  Either way no temporary file is left.  Only SIGKILL cannot wait; the plan
    covers that.
    """
    held = set(_HELD)
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, ValueError, OSError):  # not POSIX, or not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _write_files(files: Sequence[tuple[Path, bytes]]) -> None:
    temporaries: list[Path] = []
    replaced: list[tuple[Path, Path | None]] = []  # (target, its old content saved aside, or None if it was new)
    current = files[0][0] if files else Path(".")  # the file being written, for the message if it fails
    try:
        staged = []
        for current, data in files:
            staged.append((current, _stage(current, data, temporaries)))
        plan = _save_plan(staged, temporaries) if len(staged) > 1 else None
        if plan is None:
            _stop_if_asked()  # a lone file: its rename is the point of no return
        try:
            for current, temporary in staged:
                backup = _keep_aside(current) if plan is not None else None
                if backup is not None:
                    temporaries.append(backup)
                os.replace(temporary, current)
                replaced.append((current, backup))
        except BaseException:
            _restore(replaced)
            raise
        if plan is not None:  # a set: make its renames durable before the plan goes
            for folder in {path.parent for path, _ in files}:
                _sync_folder(folder)
    except OSError as error:
        raise BoardgenError(f"cannot write {current}: {_reason(error)}") from None
    finally:
        for temporary in temporaries:
            try:
                temporary.unlink()
            except OSError:
                pass


def _stage(path: Path, data: bytes, temporaries: list[Path]) -> Path:
    """Write `data` to a new temporary file beside `path`, with the mode the target has or would get."""
    mode = _mode_for(path)
    while True:
        temporary = path.parent / f".bg-{os.urandom(6).hex()}.part"
        try:
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:
            continue
        except FileNotFoundError:
            # The folder is there (prepare_target checked) but makes no new files, as /proc and /sys do.
            raise OSError(errno.EACCES, f"the folder {path.parent} does not accept new files") from None
    temporaries.append(temporary)
    with os.fdopen(handle, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.chmod(temporary, mode)
    return temporary


def _mode_for(path: Path) -> int:
    """The target's own permissions if it exists; otherwise what any new file gets (0666 less the umask)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _save_plan(staged: list[tuple[Path, Path]], temporaries: list[Path]) -> Path:
    """Save which temporary file becomes which target, so a run killed half-way can be finished later.

    The plan is the paths, each ended by a NUL byte, the one character no path holds: temporary, target,
    temporary, target, ...
    """
    folder = staged[0][0].parent
    plan = _stage(folder / ".plan", b"".join(os.fsencode(path.resolve()) + b"\0" for target, temporary in staged
                                             for path in (temporary, target)), temporaries)
    named = folder / f".bg-{os.urandom(6).hex()}.plan"
    _stop_if_asked()  # naming the plan commits the set: the last moment a stop keeps the old one
    os.replace(plan, named)
    temporaries.append(named)
    _sync_folder(folder)
    return named


def _finish_plan(plan: Path) -> None:
    """Finish the renames of a run that was killed: every file was written before the plan was saved."""
    try:
        paths = plan.read_bytes().split(b"\0")
        if len(paths) % 2 == 1 and not paths.pop():  # whole: ended by a NUL, a temporary for every target
            for temporary, target in zip(paths[::2], paths[1::2], strict=True):
                if os.path.exists(temporary):
                    os.replace(temporary, target)
    except OSError:
        pass  # a plan that cannot be read was never complete: the files it names stay as they are
    _sync_folder(plan.parent)


def _keep_aside(path: Path) -> Path | None:
    """A second name for the target's old content, so a set can be put back; None if there is none."""
    if not path.exists():
        return None
    backup = path.parent / f".bg-{os.urandom(6).hex()}.old"
    try:
        os.link(path, backup)  # the target keeps its name meanwhile
    except OSError:
        os.replace(path, backup)  # file systems without hard links
    return backup


def _restore(replaced: list[tuple[Path, Path | None]]) -> None:
    for path, backup in reversed(replaced):
        try:
            if backup is None:
                path.unlink()
            else:
                os.replace(backup, path)
        except OSError:
            pass


def _sync_folder(folder: Path) -> None:
    """Make the renames themselves durable (where the platform allows opening a folder)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _remove_leftovers(folder: Path) -> None:
    """Temporary files of runs that were killed before they could clean up (called with the folder locked)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    stale = [name for name in names if _LEFTOVER.match(name)]
    for name in sorted(stale, key=lambda n: not n.endswith(".plan")):  # finish plans before removing their files
        if name.endswith(".plan"):
            _finish_plan(folder / name)
        try:
            os.unlink(folder / name)
        except OSError:
            pass


def _tidy_folders(parent: Path, name: str) -> None:
    """What a killed run left beside a folder it was writing (called with `parent` locked): its half-made new
    folder goes; an old folder it had moved aside goes back if nothing took its place."""
    pattern = re.compile(rf"\.{re.escape(name)}\.bg-(?:\d+|[0-9a-f]{{12}})\.(new|old)")
    target = parent / name
    for entry in sorted(parent.glob(f".{glob.escape(name)}.bg-*")):
        match = pattern.fullmatch(entry.name)
        if match is None:
            continue
        if match.group(1) == "old" and not target.exists():
            os.rename(entry, target)
        elif entry.is_symlink() or not entry.is_dir():
            entry.unlink()
        else:
            shutil.rmtree(entry, ignore_errors=True)


def _reason(error: OSError) -> str:
    if error.errno == errno.ENAMETOOLONG:
        return "the name is too long for this file system"
    return error.strerror or str(error)
