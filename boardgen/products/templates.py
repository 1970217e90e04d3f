"""A game's texts: its rule sheets and sample positions, in the folder its Game names.

The built-in games' texts sit inside the package (boardgen/templates), in a
checkout, an editable install and an installed wheel alike; a game from
another package keeps its own beside its code.  Either way a folder holds
rules/GAME.LANG.md and positions/GAME/NAME.toml.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import BoardgenError
from ..gamefiles import GAMES, find_game

SAMPLE_PREFIX = "sample:"  # `boardgen check sample:iacta/02-open-play-4-2` reads a packaged sample
# A game or sample name: short enough for any file system (a 300-character one was an OSError, not a message).
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
ANSWERS = "answers.toml"  # beside the samples: what `check` says about each, read by the tests


def texts(game: str) -> Path:
    """The folder of a game's texts; an unknown game has none (an empty folder name that holds nothing)."""
    info = GAMES.get(game)
    return info.texts if info is not None else Path(__file__).resolve().parent / "no-such-game"


def rules_languages(game: str) -> list[str]:
    folder = texts(game) / "rules"
    if not folder.is_dir():
        return []
    found = [entry.name.split(".")[1] for entry in folder.iterdir()
             if entry.name.startswith(f"{game}.") and entry.name.endswith(".md")]
    return sorted(found)


def rules_text(game: str, lang: str) -> str:
    # Looked up in the list of sheets, never by asking the file system about whatever the user typed.
    languages = rules_languages(game)
    if lang not in languages:
        shown = lang if len(lang) <= 20 else lang[:20] + "..."
        raise BoardgenError(f"there is no {shown!r} rule sheet for {game}; languages: {', '.join(languages) or 'none'}")
    return (texts(game) / "rules" / f"{game}.{lang}.md").read_text(encoding="utf-8")


def compiled_outline_text(game: str, lang: str) -> str | None:
    """The outline compiled from a rule text (see products.rule_text), if there is one; after rules_text."""
    entry = texts(game) / "rules" / f"{game}.{lang}.outline.json"
    return entry.read_text(encoding="utf-8") if entry.is_file() else None


def sample_names(game: str) -> list[str]:
    """'iacta/01-start', ... for every sample position of the game."""
    folder = texts(game) / "positions" / game
    if not folder.is_dir():
        return []
    return sorted(f"{game}/{entry.name[:-5]}" for entry in folder.iterdir()
                  if entry.name.endswith(".toml") and entry.name != ANSWERS)


def sample_bytes(name: str) -> bytes:
    """A packaged sample by name ('iacta/02-open-play-4-2', '.toml' optional); never a path outside."""
    parts = name.removesuffix(".toml").lower().split("/")  # sample:IACTA/01-Start too
    if len(parts) != 2 or not all(_NAME.match(part) for part in parts):
        shown = name if len(name) <= 60 else name[:60] + "..."
        raise BoardgenError(f"{shown!r} is not a sample name like iacta/02-open-play-4-2")
    if parts[0] not in GAMES:
        find_game(parts[0])  # BoardgenError: the game is unknown, and the one meant ("did you mean ur?")
    entry = texts(parts[0]) / "positions" / parts[0] / f"{parts[1]}.toml"
    if not entry.is_file() or entry.name == ANSWERS:
        known = ", ".join(n.split("/")[1] for n in sample_names(parts[0])) or "none for that game"
        raise BoardgenError(f"there is no sample {name!r}; samples: {known}")
    return entry.read_bytes()
