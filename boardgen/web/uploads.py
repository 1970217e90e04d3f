"""Files people give the page (a game file, a position), kept in the server's temporary folder under names
nobody can guess, each visitor's apart: one visitor never sees, nor makes the page forget, another's.

A visitor is a browser, known by the page's signed session cookie.  Each keeps at most `per_visitor` uploads, its
own oldest let go first; all together at most `kept`, so a flood of cookie-less visitors cannot fill the disk.
When the page is full, room is made only from visitors who have not used their uploads for `idle_seconds`, the
longest idle first; if nobody has been away that long, the visitor's own oldest goes, and a visitor who has none
is told to try again later.  No visitor's upload ever makes room for another's while they are using it.
"""

from __future__ import annotations

import re
import secrets
import shutil
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from flask import session

from ..errors import BoardgenError

PREFIX = "up-"
_TOKEN = re.compile(r"up-[0-9a-f]{16}")
_NAMED = re.compile(r"(?<![\w-])up-[0-9a-f]{16}(?![0-9a-f])")
VISITOR = "visitor"  # its key in the session
GONE = ("that upload is not here (any more): the page keeps the files you give it only while it runs, and only "
        "for the browser that gave them; give it again")


class UploadRefused(BoardgenError):
    """The page cannot keep a file just now (it is full, or its disk is): said in words, as 503."""


def session_visitor() -> str:
    """The visitor this request comes from: an id made once and kept in its session (a signed cookie)."""
    if VISITOR not in session:
        session[VISITOR] = secrets.token_hex(16)
    visitor: str = session[VISITOR]
    return visitor


@dataclass
class _Visitor:
    uploads: OrderedDict[str, Path] = field(default_factory=OrderedDict)  # token -> file, oldest first
    used: float = 0.0  # the clock when last saved or read


class Uploads:
    """Every visitor's uploads, in `folder`: at most `per_visitor` each, `kept` in all (see the module's text).
    `visitor` names the visitor asking (the session's, on the page); `clock` is monotonic seconds."""

    def __init__(self, folder: Path, kept: int = 500, per_visitor: int = 50, idle_seconds: float = 3600.0,
                 visitor: Callable[[], str] = session_visitor, clock: Callable[[], float] = time.monotonic) -> None:
        self.folder = folder
        self.kept = kept
        self.per_visitor = per_visitor
        self.idle_seconds = idle_seconds
        self._visitor = visitor
        self._clock = clock
        self._visitors: OrderedDict[str, _Visitor] = OrderedDict()  # the least recently active first
        self._count = 0
        self._lock = threading.Lock()

    def save(self, name: str, data: bytes) -> str:
        """Keep `data` as a file called `name` (a game file's name matters: its short name and its rule texts
        beside it come from it) for the visitor asking; the token that finds it again.  UploadRefused when the
        page cannot keep it."""
        asking = self._visitor()
        token = PREFIX + secrets.token_hex(8)
        with self._lock:
            own = self._visitors.get(asking) or _Visitor()
            if len(own.uploads) >= self.per_visitor:
                self._let_go(own)
            elif self._count >= self.kept and not self._room_from_the_idle(asking):
                if not own.uploads:
                    raise UploadRefused(f"the page holds as many files as it can just now ({self.kept:,}, given by "
                                        "other visitors who are using them): try again in an hour")
                self._let_go(own)
            path = self._write(token, name, data)
            own.uploads[token] = path
            own.used = self._clock()
            self._visitors[asking] = own
            self._visitors.move_to_end(asking)
            self._count += 1
        return token

    def path(self, token: str) -> Path:
        """The file of the asking visitor's upload `token`; BoardgenError when it is not theirs, or gone."""
        asking = self._visitor()
        with self._lock:
            own = self._visitors.get(asking)
            found = own.uploads.get(token) if own is not None and _TOKEN.fullmatch(token) else None
            if own is not None and found is not None:
                own.used = self._clock()
                self._visitors.move_to_end(asking)
                if not found.is_file():  # removed under the page (a cleaner of /tmp): said as gone
                    del own.uploads[token]
                    self._count -= 1
                    found = None
                    if not own.uploads:
                        del self._visitors[asking]
        if found is None:
            raise BoardgenError(GONE)
        return found

    def read(self, token: str) -> bytes:
        """The bytes of the asking visitor's upload `token`; BoardgenError when it is not theirs, or gone."""
        try:
            return self.path(token).read_bytes()
        except OSError:  # removed under the page between finding and reading it
            raise BoardgenError(GONE) from None

    def name(self, token: str) -> str:
        """What the page calls an upload: its file's name without .toml (your game's own), or "" when gone."""
        try:
            return self.path(token.split("#")[0]).stem
        except BoardgenError:
            return ""

    def _write(self, token: str, name: str, data: bytes) -> Path:
        # The folder is made again if it has gone (a cleaner of /tmp, on a computer left on all week).
        folder = self.folder / token
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            folder.mkdir()
            path = folder / name
            path.write_bytes(data)
        except OSError as error:
            shutil.rmtree(folder, ignore_errors=True)
            raise UploadRefused(f"the page cannot keep that file just now ({error.strerror or error}): tell whoever "
                                "runs it") from None
        return path

    def _let_go(self, owner: _Visitor) -> None:
        """Forget `owner`'s oldest upload and delete its folder."""
        _, old = owner.uploads.popitem(last=False)
        self._count -= 1
        shutil.rmtree(old.parent, ignore_errors=True)

    def _room_from_the_idle(self, asking: str) -> bool:
        """Let go of the oldest upload of the visitor idle longest, if idle for `idle_seconds`; whether it did."""
        now = self._clock()
        for visitor, held in self._visitors.items():  # the least recently active first
            if now - held.used < self.idle_seconds:
                return False
            if visitor != asking and held.uploads:
                self._let_go(held)
                if not held.uploads:
                    del self._visitors[visitor]
                return True
        return False


def not_text(data: bytes) -> str:
    """Why a file given to the page cannot be read as the text it should be ("" when it can)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "that file is not text (a picture or a program, perhaps): give a file you can read in a text editor"
    if "\0" in text:
        return "that file holds a character no text file has (NUL): give a file you can read in a text editor"
    return ""


def named_uploads(text: str) -> list[str]:
    """The upload tokens `text` (an address, its query) names."""
    return _NAMED.findall(text)


def is_upload(text: str) -> bool:
    return text.startswith(PREFIX)
