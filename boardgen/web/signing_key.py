"""The key that signs a game's state in its link (web/play.py), made once and kept in the server's settings folder,
so a game shared today still opens after the page is started again.

The folder is `serve --state-dir`, else $XDG_STATE_HOME/boardgen, else ~/.local/state/boardgen (as the XDG base
directories say: state that outlives a restart but is no document of the user's).  The key is 32 random bytes,
written as hex in a file only its owner may read (mode 0600) in a folder only its owner may open (0700).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from ..errors import BoardgenError

KEY_FILE = "play-key"
KEY_BYTES = 32


def state_folder(given: Path | None, environment: Mapping[str, str] | None = None) -> Path:
    """The settings folder: `given`, else $XDG_STATE_HOME/boardgen (an absolute path only, as the XDG base
    directories say), else ~/.local/state/boardgen."""
    if given is not None:
        return given
    found = (os.environ if environment is None else environment).get("XDG_STATE_HOME", "")
    if found and Path(found).is_absolute():
        return Path(found) / "boardgen"
    return Path.home() / ".local" / "state" / "boardgen"


def play_key(folder: Path) -> bytes:
    """The key kept in `folder`, made there the first time; BoardgenError saying why when it can be neither read
    nor made."""
    path = folder / KEY_FILE
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    except OSError as error:
        raise _cannot(folder, error) from None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        _make(path)
        return _read(path)
    except OSError as error:
        raise _cannot(folder, error) from None


def _make(path: Path) -> None:
    """Write a new key to `path` whole, unless one is there: written beside it, then linked to its name, so a
    second server starting at the same moment reads the first one's key, never half of one."""
    made = path.with_name(f".{KEY_FILE}-{secrets.token_hex(8)}")
    descriptor = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(secrets.token_bytes(KEY_BYTES).hex() + "\n")
        try:
            os.link(made, path)
        except FileExistsError:
            pass  # another server made it first: theirs is the one kept
    finally:
        made.unlink(missing_ok=True)


def _read(path: Path) -> bytes:
    text = path.read_text(encoding="ascii", errors="replace").strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise BoardgenError(f"{path} is not a key boardgen made (it holds {len(text):,} characters, not "
                            f"{2 * KEY_BYTES} hexadecimal digits): remove it, and a new one is made")
    return key


def _cannot(folder: Path, error: OSError) -> BoardgenError:
    return BoardgenError(f"cannot keep the page's key in {folder}: {error.strerror or error}; give --state-dir a "
                         "folder of your own")
