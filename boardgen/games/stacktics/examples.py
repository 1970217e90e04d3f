"""Random Stacktics positions: each army a part of its trees, in one-colour stacks, larger pieces below."""

from __future__ import annotations

from ...engine.examples import Chooser

BOARDS = {"4x4": 2, "3x5": 2, "5x5": 3, "6x6": 4, "7x6": 5, "7x7": 5}


def random_position(choose: Chooser) -> str:
    """Half the time each army keeps all its pieces but one of each size at most, as in a game still being
    played; otherwise any part of them, so games that are over come up too.  (With any part alone, five
    positions in six were over or impossible, and the properties about playing on saw too few to check.)"""
    board = choose.choice(sorted(BOARDS))
    size = BOARDS[board]
    columns, rows = (int(n) for n in board.split("x"))
    fields = [(c, r) for c in range(columns) for r in range(rows)]
    stacks: dict[tuple[int, int], list[int]] = {}
    owner: dict[tuple[int, int], str] = {}
    in_play = choose.boolean()
    for letter in "rb":
        least = size - 1 if in_play else 0 if letter == "b" else 1
        pieces = [pips for pips in (3, 2, 1) for _ in range(choose.integer(max(least, 0), size))]
        for pips in pieces:
            mine = [f for f in fields if owner.get(f, letter) == letter]
            field = choose.choice(mine)
            owner[field] = letter
            stacks.setdefault(field, []).append(pips)
    tokens = {f: "".join(f"{owner[f]}{p}" for p in sorted(pips, reverse=True)) for f, pips in stacks.items()}
    width = max(len(t) for t in tokens.values()) + 1
    lines = ["".join(tokens.get((c, r), ".").ljust(width) for c in range(columns)).rstrip()
             for r in reversed(range(rows))]
    pie = choose.boolean()
    lines_rules = f"\n[rules]\npie = {'true' if pie else 'false'}\n" if choose.boolean() else ""
    pie_on = pie if lines_rules else board == "4x4"
    offer = "pie_offer = true\n" if pie_on and choose.boolean() else ""
    to_move = "blue" if offer else choose.choice(["red", "blue"])
    return (f'game = "stacktics"\nsize = {size}\nto_move = "{to_move}"\n{offer}board = """\n' + "\n".join(lines)
            + '\n"""\n' + lines_rules)
