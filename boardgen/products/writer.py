"""Writing files whole or not at all, one file or a set of them.

Every file is first written to a temporary file beside its target, flushed
to disk, and only then renamed into place.  For a set (a PDF per page, a
gift set) nothing is renamed until every file is written, and a failure
while renaming puts back the files already replaced: the folder then holds
the old set or the new one, never a mix.

Temporary names are short (`.bg-PID-RANDOM.part`), so a target name of up to
255 bytes works, and unique, so a leftover from a killed run never blocks
the next one; leftovers whose process is gone are removed on the next write
to the same folder.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path

from ..errors import BoardgenError

DEFAULT_FOLDER = Path("output")
MAX_NAME_BYTES = 255  # what Linux, macOS and Windows file systems allow for one name
MAX_PATH_BYTES = 4096
_LEFTOVER = re.compile(r"^\.bg-(\d+)-[0-9a-f]{12}\.(part|old|tmp)$")


def target_path(text: str) -> Path:
    """A user's -o value as a file path, or BoardgenError saying why it cannot be one."""
    if not text:
        raise BoardgenError("the output path is empty; give a file name such as board.pdf")
    if text.endswith(("/", os.sep)):
        raise BoardgenError(f"{text} ends with '/', so it names a folder; give a file name such as "
                            f"{text}board.pdf")
    return Path(text)


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
    return path


def write_atomically(path: Path, data: bytes) -> None:
    """One file, whole or not at all."""
    write_files([(path, data)])


def write_files(files: Sequence[tuple[Path, bytes]]) -> None:
    """Every file, or none of them: the old files stay as they were if anything fails."""
    temporaries: list[Path] = []
    backups: list[tuple[Path, Path | None]] = []  # (target, its old content saved aside, or None if it was new)
    current = files[0][0] if files else Path(".")  # the file being written, for the message if it fails
    try:
        for folder in {path.parent for path, _ in files}:
            _remove_leftovers(folder)
        staged = []
        for current, data in files:
            staged.append((current, _stage(current, data, temporaries)))
        try:
            for current, temporary in staged:
                path = current
                backup = _keep_aside(path) if len(staged) > 1 else None
                if backup is not None:
                    temporaries.append(backup)
                os.replace(temporary, path)
                backups.append((path, backup))
        except BaseException:
            _restore(backups)
            raise
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
        temporary = path.parent / f".bg-{os.getpid()}-{os.urandom(6).hex()}.part"
        try:
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:
            continue
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


def _keep_aside(path: Path) -> Path | None:
    """A second name for the target's old content, so a set can be put back; None if there is none."""
    if not path.exists():
        return None
    backup = path.parent / f".bg-{os.getpid()}-{os.urandom(6).hex()}.old"
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
    """Temporary files of runs that were killed before they could clean up."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = _LEFTOVER.match(name)
        if match and not _running(int(match.group(1))):
            try:
                os.unlink(folder / name)
            except OSError:
                pass


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or we cannot tell: leave its files alone
    return True


def _reason(error: OSError) -> str:
    if error.errno == errno.ENAMETOOLONG:
        return "the name is too long for this file system"
    return error.strerror or str(error)
