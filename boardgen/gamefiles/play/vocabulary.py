"""Every mechanism of [play], every engine's, and the vocabulary table docs/game-files.md shows, made from their
declarations (tools/regenerate.py writes it; tests/test_generated.py fails when it is stale)."""

from __future__ import annotations

from .board.registry import MECHANISMS as BOARD_MECHANISMS
from .declare import Key, Mechanism, Table
from .race_keys import EVALUATION_KEYS, GAME
from .race_keys import MECHANISMS as RACE_MECHANISMS
from .sowing.registry import MECHANISMS as SOWING_MECHANISMS

MECHANISMS: tuple[Mechanism, ...] = (*RACE_MECHANISMS, *BOARD_MECHANISMS, *SOWING_MECHANISMS)
_ENGINES = {"both": "every game", "race": "races (tracks and throws) and hunts on the grid",
            "board": "pieces on fields: placing, moving along lines, capturing",
            "sowing": "sowing seeds round pits (mancala games)"}
_WHERE = {Table.PLAY: "", Table.KIND: " (in `[play.kinds.NAME]`)", Table.EVALUATION: " (in `[play.evaluation]`)"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _row(key: Key) -> str:
    default = f"`{key.default}`" if key.default.startswith(('"', "[", "{")) or key.default in (
        "true", "false") or key.default.isdigit() else key.default
    return (f"| `{key.name}`{_WHERE[key.table]} | {_cell(key.value)} | {_cell(default) or '(not played)'} | "
            f"{_cell(key.sentence)} | `{_cell(key.example)}` |")


def vocabulary_markdown() -> str:
    """The table of every key, mechanism by mechanism, as docs/game-files.md shows it."""
    lines: list[str] = []
    for engine in ("both", "race", "board", "sowing"):
        lines += [f"### Keys for {_ENGINES[engine]}", ""]
        for mechanism in (m for m in MECHANISMS if m.engine == engine):
            lines += [f"**{mechanism.name}**: {mechanism.sentence}", "",
                      "| key | takes | default | what it says | example |", "|---|---|---|---|---|"]
            lines += [_row(key) for key in mechanism.keys]
            if mechanism is RACE_MECHANISMS[-1]:
                lines += [_row(key) for key in EVALUATION_KEYS]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


__all__ = ["GAME", "MECHANISMS", "vocabulary_markdown"]
