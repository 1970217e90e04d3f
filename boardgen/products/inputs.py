"""What the commands read: a position file, or a packaged sample named `sample:GAME/NAME`.

Only small regular files are read: a position is a few hundred bytes, so
anything over MAX_POSITION_BYTES, a folder, a device such as /dev/zero or a
pipe that might never end is refused before a byte is read.
"""

import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

from ..engine.position_file import MAX_POSITION_BYTES
from ..errors import BoardgenError
from .templates import SAMPLE_PREFIX, sample_bytes


@dataclass(frozen=True)
class Source:
    label: str  # how messages name it: the path as given, or sample:iacta/01-start
    data: bytes
    stem: str  # for default output names
    folder: Path | None = None  # where a game file the position names is looked for; None: nowhere (a sample)


def read_source(argument: str) -> Source:
    if argument.startswith(SAMPLE_PREFIX):
        name = argument[len(SAMPLE_PREFIX):]
        return Source(argument, sample_bytes(name), name.rsplit("/", 1)[-1].removesuffix(".toml"))
    if argument == "-":
        return _standard_input()
    if not argument:
        raise BoardgenError("no file given; name a position file such as position.toml")
    if "\0" in argument:
        raise BoardgenError("the file name contains a NUL character, which no file name may hold")
    try:
        info = os.stat(argument)
    except FileNotFoundError:
        raise BoardgenError(f"{argument} does not exist") from None
    except OSError as error:
        raise BoardgenError(f"cannot read {argument}: {error.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise BoardgenError(f"{argument} is a folder, not a position file")
    if not stat.S_ISREG(info.st_mode):
        raise BoardgenError(f"{argument} is not an ordinary file (a device, pipe or socket); "
                            "give a position file")
    if info.st_size > MAX_POSITION_BYTES:
        raise BoardgenError(f"{argument} is {info.st_size:,} bytes; a position file is at most "
                            f"{MAX_POSITION_BYTES:,} bytes (a real one is a few hundred)")
    try:
        with open(argument, "rb") as file:
            data = file.read(MAX_POSITION_BYTES + 1)
    except OSError as error:
        raise BoardgenError(f"cannot read {argument}: {error.strerror}") from None
    if len(data) > MAX_POSITION_BYTES:
        raise BoardgenError(f"{argument} grew past {MAX_POSITION_BYTES:,} bytes while being read")
    stem = os.path.splitext(os.path.basename(argument))[0] or "position"
    return Source(argument, data, stem, Path(argument).parent)


def _standard_input() -> Source:
    """`-`: the position piped in, as `boardgen check game.toml --move b1-b3 | boardgen check -` does."""
    data = sys.stdin.buffer.read(MAX_POSITION_BYTES + 1)
    if len(data) > MAX_POSITION_BYTES:
        raise BoardgenError(f"the standard input holds over {MAX_POSITION_BYTES:,} bytes; a position file is at "
                            "most that (a real one is a few hundred)")
    return Source("standard input", data, "position", Path.cwd())
