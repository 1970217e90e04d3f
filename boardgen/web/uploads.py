"""Files people give the page (a game file, a position), kept in the server's temporary folder under names
nobody can guess, so one user never sees another's and a request never names a file on the server."""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from pathlib import Path

from ..errors import BoardgenError

PREFIX = "up-"
_TOKEN = re.compile(r"up-[0-9a-f]{16}")


class Uploads:
    """At most `kept` uploads, the oldest forgotten (and deleted) first."""

    def __init__(self, folder: Path, kept: int = 500) -> None:
        self.folder = folder
        self.kept = kept
        self._paths: OrderedDict[str, Path] = OrderedDict()
        self._lock = threading.Lock()

    def save(self, name: str, data: bytes) -> str:
        """Keep `data` as a file called `name` (a game file's name matters: its short name and its rule texts
        beside it come from it); the token that finds it again."""
        token = PREFIX + secrets.token_hex(8)
        folder = self.folder / token
        folder.mkdir()
        path = folder / name
        path.write_bytes(data)
        with self._lock:
            self._paths[token] = path
            while len(self._paths) > self.kept:
                _, old = self._paths.popitem(last=False)
                for file in old.parent.iterdir():
                    file.unlink()
                old.parent.rmdir()
        return token

    def path(self, token: str) -> Path:
        with self._lock:
            found = self._paths.get(token) if _TOKEN.fullmatch(token) else None
        if found is None:
            raise BoardgenError("that upload is not here (any more): the page keeps the files you give it only "
                                "while it runs; give it again")
        return found


    def name(self, token: str) -> str:
        """What the page calls an upload: its file's name without .toml (your game's own), or "" when gone."""
        try:
            return self.path(token.split("#")[0]).stem
        except BoardgenError:
            return ""


def not_text(data: bytes) -> str:
    """Why a file given to the page cannot be read as the text it should be ("" when it can)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "that file is not text (a picture or a program, perhaps): give a file you can read in a text editor"
    if "\0" in text:
        return "that file holds a character no text file has (NUL): give a file you can read in a text editor"
    return ""


def is_upload(text: str) -> bool:
    return text.startswith(PREFIX)
