"""From documents to files on disk: the names they get, their bytes, one atomic write for the whole set."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import BoardgenError
from ..terminal import shortened
from .document import RenderedFile
from .writer import DEFAULT_FOLDER, MAX_NAME_BYTES, prepare_target, write_files

if TYPE_CHECKING:
    pass


def destinations(files: Sequence[RenderedFile], requested: Path | None) -> list[Path]:
    """Where each file goes: output/NAME by default; with -o PATH, PATH itself for one file, or PATH with each
    file's suffix for several (PATH-p1, -p2, ... for pages; PATH-tokens-1, -tokens-backs-1, ... for laser beds)."""
    if requested is None:
        return [DEFAULT_FOLDER / file.name for file in files]
    if len(files) == 1:
        return [requested]
    return [requested.with_name(f"{requested.stem}{file.suffix or f'-p{n}'}{requested.suffix}")
            for n, file in enumerate(files, start=1)]


def deliver_files(files: Sequence[RenderedFile], requested: Path | None = None) -> list[Path]:
    """Write rendered files, all or none; the paths written, in order.

    With -o PATH for several files, PATH itself is checked as a single file's would be (a folder, a pipe, a
    device or a symbolic link is refused, not written beside), and the names made from it must fit too.
    """
    targets = destinations(files, requested)
    if requested is not None and len(files) > 1:
        prepare_target(requested)
        longest = max(targets, key=lambda path: len(os.fsencode(path.name)))
        if len(os.fsencode(longest.name)) > MAX_NAME_BYTES:
            raise BoardgenError(f"-o {shortened(requested.name, 40)}: its files would be named like "
                                f"{longest.name[-24:]!r}, "
                                f"{len(os.fsencode(longest.name))} bytes; names may be at most {MAX_NAME_BYTES}: "
                                "give a shorter name")
    paths = [prepare_target(path) for path in targets]
    write_files([(path, file.data) for path, file in zip(paths, files, strict=True)], requested)
    return paths
