"""Writing files safely: check the folder first, write whole files or nothing."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import BoardgenError

DEFAULT_FOLDER = Path("output")


def prepare_target(path: Path) -> Path:
    """Make sure `path` can be written; only our own default folder is created."""
    if path.is_dir():
        raise BoardgenError(f"{path} is a folder; give a file name such as {path / 'board.pdf'}")
    folder = path.parent
    if not folder.exists():
        if folder == DEFAULT_FOLDER:
            folder.mkdir(parents=True, exist_ok=True)
        else:
            raise BoardgenError(f"folder {folder} does not exist; create it first or choose another -o path")
    if not folder.is_dir():
        raise BoardgenError(f"cannot write {path}: {folder} is not a folder")
    return path


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside the target, then rename it into place.

    A run that fails half-way leaves the old file (or no file), never half a PDF.
    """
    # Named by process id and opened exclusively: no clash with a parallel run,
    # and no need to import tempfile (and random) on every start.
    temporary = path.parent / f".{path.name}.{os.getpid()}.part"
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except OSError as error:
        raise BoardgenError(f"cannot write to folder {path.parent}: {error.strerror}") from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise BoardgenError(f"cannot write {path}: {error.strerror}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
