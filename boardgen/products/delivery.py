"""From documents to files on disk: the names they get, their bytes, one atomic write for the whole set."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .document import AnyDocument, Output, RenderedFile, render_document
from .writer import DEFAULT_FOLDER, prepare_target, write_files

if TYPE_CHECKING:
    from ..draw.resolve import Look


def destinations(files: Sequence[RenderedFile], requested: Path | None) -> list[Path]:
    """Where each file goes: output/NAME by default; with -o PATH, PATH itself, or PATH-p1, -p2, ... for pages."""
    if requested is None:
        return [DEFAULT_FOLDER / file.name for file in files]
    if len(files) == 1:
        return [requested]
    return [requested.with_name(f"{requested.stem}-p{n}{requested.suffix}") for n in range(1, len(files) + 1)]


def deliver(documents: Sequence[AnyDocument], output: Output, look: Look | None,
            requested: Path | None = None) -> list[Path]:
    """Render every document and write all the files, or none of them; the paths written, in order."""
    files = [file for document in documents for file in render_document(document, output, look)]
    paths = [prepare_target(path) for path in destinations(files, requested)]
    write_files([(path, file.data) for path, file in zip(paths, files, strict=True)])
    return paths
