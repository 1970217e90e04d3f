"""Writing IACTA position files the way a user would, for tests."""

from __future__ import annotations

COLUMNS = "abcdefghij"


def board_text(pieces: dict[str, str]) -> str:
    rows = []
    for row in range(10, 0, -1):
        rows.append("  ".join(pieces.get(f"{c}{row}", ".").ljust(2) for c in COLUMNS).rstrip())
    return "\n".join(rows)


def position_text(pieces: dict[str, str], to_move: str = "red", throw=None, **rules) -> str:
    lines = ['game = "iacta"', f'to_move = "{to_move}"']
    if throw is not None:
        lines.append(f"throw = [{throw[0]}, {throw[1]}]")
    lines += ['board = """', board_text(pieces), '"""']
    if rules:
        lines.append("[rules]")
        for key, value in rules.items():
            if isinstance(value, dict):
                inner = ", ".join(f"{k} = {_toml(v)}" for k, v in value.items())
                lines.append(f"{key} = {{ {inner} }}")
            else:
                lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


RED_START = {"a1": "r1", "b1": "r2", "c1": "r3", "a2": "r4", "b2": "r5", "a3": "r6"}
YELLOW_START = {"j1": "y1", "i1": "y2", "h1": "y3", "j2": "y4", "i2": "y5", "j3": "y6"}


def without(pieces: dict[str, str], *fields: str) -> dict[str, str]:
    return {f: p for f, p in pieces.items() if f not in fields}
