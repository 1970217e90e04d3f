"""Random Pawns positions, for property tests and benchmarks."""

from __future__ import annotations

from boardgen.engine.examples import Chooser

FIELDS = [f"{c}{r}" for c in "abcde" for r in range(1, 6)]


def random_position(choose: Chooser) -> str:
    fields = choose.shuffled(FIELDS)
    red, blue = choose.integer(1, 5), choose.integer(1, 5)
    pieces = {f: "r1" for f in fields[:red]} | {f: "b1" for f in fields[red:red + blue]}
    rows = [" ".join(pieces.get(f"{c}{r}", ".").ljust(2) for c in "abcde").rstrip() for r in range(5, 0, -1)]
    to_move = choose.choice(["red", "blue"])
    return f'game = "pawns"\nto_move = "{to_move}"\nboard = """\n' + "\n".join(rows) + '\n"""\n'
