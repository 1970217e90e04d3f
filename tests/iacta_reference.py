"""IACTA's legal moves written a second time, plainly, from the rules text.

Slow and obvious on purpose: tests compare it with the engine on many
positions, so a mistake would have to be made twice, the same way, to pass.
Positions here are dicts {"e5": ("r", 4)}; moves are notation strings.
"""

from __future__ import annotations

COLUMNS = "abcdefghij"
CORNER = {("r", "start"): (0, 0), ("r", "goal"): (9, 9), ("y", "start"): (9, 0), ("y", "goal"): (0, 9)}


def name(column: int, row: int) -> str:
    return f"{COLUMNS[column]}{row + 1}"


def xy(field: str) -> tuple[int, int]:
    return COLUMNS.index(field[0]), int(field[1:]) - 1


def homeland(owner: str, end: str, size: str) -> set[str]:
    cx, cy = CORNER[(owner, end)]
    reach = 2 if size == "small" else 3
    return {name(c, r) for c in range(10) for r in range(10) if abs(c - cx) + abs(r - cy) <= reach}


def has_won(board: dict, owner: str, sizes: dict) -> bool:
    mine = [f for f, (o, _) in board.items() if o == owner]
    return bool(mine) and all(f in homeland(owner, "goal", sizes[owner]) for f in mine)


def reference_moves(board: dict, to_move: str, throw, sizes: dict, rocade=False, doubles="off") -> set[str]:
    me = to_move[0]
    them = "y" if me == "r" else "r"
    if throw is None or has_won(board, "r", sizes) or has_won(board, "y", sizes):
        return set()
    a, b = throw
    choices = set()  # (distance, face or None to keep)
    if a != b or doubles == "off":
        choices |= {(a, b), (b, a)}
    if a == b and doubles == "throw":
        choices |= {(d, a) for d in range(1, 7)}
    if a == b and doubles == "keep":
        choices |= {(a, a)} | {(d, None) for d in range(1, 7)}
    safe = homeland(them, "start", sizes[them]) | homeland(them, "goal", sizes[them])
    moves = {"pass"}
    for origin, (owner, face) in board.items():
        if owner != me:
            continue
        ox, oy = xy(origin)
        for distance, shown in choices:
            new_face = face if shown is None else shown
            for c in range(10):
                for r in range(10):
                    if abs(c - ox) + abs(r - oy) != distance:
                        continue
                    target = name(c, r)
                    if target not in board:
                        moves.add(f"{origin}-{target}={new_face}")
                    elif board[target][0] == them and new_face + board[target][1] in (6, 7, 8) and target not in safe:
                        for home in homeland(them, "start", sizes[them]):
                            if home not in board or home == origin:
                                moves.add(f"{origin}x{target}={new_face}>{home}")
    if rocade and 2 in throw:
        guarded = set()
        for owner in "ry":
            for end in ("start", "goal"):
                guarded |= homeland(owner, end, sizes[owner])
        loose = [f for f in board if f not in guarded]
        for first in loose:
            for second in loose:
                if first < second and board[first] != board[second]:
                    moves.add(f"{first}<>{second}")
    return moves
