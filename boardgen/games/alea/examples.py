"""Random ALEA positions, eight dice a side stacked at most three high, for tests and benchmarks."""

from __future__ import annotations

from ...engine.examples import Chooser

FIELDS = [f"{c}{r}" for c in "abcdefgh" for r in range(1, 9)]


def random_position(choose: Chooser) -> str:
    pieces = choose.shuffled([("w", choose.integer(1, 6)) for _ in range(8)] +
                             [("b", choose.integer(1, 6)) for _ in range(8)])
    stacks: dict[str, str] = {}
    for owner, face in pieces:
        field = choose.choice(FIELDS)
        while stacks.get(field, "").count("w") + stacks.get(field, "").count("b") >= 3:
            field = FIELDS[(FIELDS.index(field) + 1) % len(FIELDS)]
        stacks[field] = stacks.get(field, "") + f"{owner}{face}"
    width = max(len(t) for t in stacks.values()) + 1
    rows = ["".join(stacks.get(f"{c}{r}", ".").ljust(width) for c in "abcdefgh").rstrip() for r in range(8, 0, -1)]
    to_move = choose.choice(["white", "black"])
    return f'game = "alea"\nto_move = "{to_move}"\nboard = """\n' + "\n".join(rows) + '\n"""\n'
